// Shared by the bench modules: spawning timed processes (each with a time limit, all killed at the
// end or on error), temp dirs, statistics, and peak RSS of a child.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = join(root, 'bin', 'social.js');
export const fixtures = join(root, 'bench', 'fixtures');
export const NOW = '2026-11-21T12:00:00Z';

// ---------------------------------------------------------------------------------------------
// Statistics

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
export const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

// ---------------------------------------------------------------------------------------------
// Everything this run leaves behind: children and temp dirs, cleaned up whatever happens.

const children = new Set();
const tempDirs = new Set();

export function tempDir(prefix = 'social-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/**
 * Kills a child and everything it started: each child leads a process group of its own
 * (detached), so a wrapper like /usr/bin/time takes the node under it along.
 */
export function killTree(child, signal = 'SIGKILL') {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Counts `child` among the processes killed at the end (for children spawned elsewhere). */
export function track(child) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export function killAll() {
  for (const child of children) killTree(child);
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    killAll();
    process.exit(128 + constants.signals[signal]);
  });
}

// The CLI's code cache for this bench run alone, warmed by the warm-up rounds: the user's cache
// folder may be shared with other checkouts and builds, whose runs would evict ours to keep it small.
let cacheDir;

/** The environment every child gets: ours less any SOCIAL_* setting of the person running it. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('SOCIAL_')) env[k] = v;
  cacheDir ??= tempDir('social-bench-cache-');
  return { ...env, SOCIAL_CACHE_DIR: cacheDir, ...extra };
}

/**
 * Runs a command to its end; resolves { ms, code, stdout } (stdout only when captured). Wall time
 * from just before spawn to the child's close. Rejects on a time-out (the child is killed) or an
 * exit status not in `okCodes`, with the end of stderr. stdout/stderr: 'ignore' (/dev/null),
 * 'pipe' (captured here) or a file descriptor.
 */
export function run(
  cmd,
  args,
  { env = cleanEnv(), stdout = 'ignore', stderr = 'pipe', timeoutMs = 30_000, okCodes = [0], report = false } = {},
) {
  return new Promise((resolve, reject) => {
    const captured = stdout === 'pipe';
    const started = performance.now();
    const child = spawn(cmd, args, {
      env,
      cwd: root,
      detached: true,
      // report: a fourth stream (fd 3) that the child writes a report of its own on (measured()).
      stdio: ['ignore', stdout, stderr === 'pipe' ? 'pipe' : stderr, ...(report ? ['pipe'] : [])],
    });
    children.add(child);
    let out = '';
    let err = '';
    let reported = '';
    if (captured) child.stdout.on('data', (d) => (out += d));
    if (stderr === 'pipe') child.stderr.on('data', (d) => (err += d));
    if (report) child.stdio[3].on('data', (d) => (reported += d));
    const timer = setTimeout(() => {
      killTree(child);
      reject(new Error(`${[cmd, ...args].join(' ')}: no end after ${timeoutMs} ms, killed`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      reject(error);
    });
    child.on('close', (code, signal) => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      children.delete(child);
      if (!okCodes.includes(code)) {
        reject(new Error(`${[cmd, ...args].join(' ')}: exit ${code ?? signal}${err ? `\n${err.slice(-2000)}` : ''}`));
      } else {
        resolve({ ms, code, stdout: captured ? out : undefined, stderr: err || undefined, report: reported });
      }
    });
  });
}

/**
 * Runs `commands` (name -> () => Promise<{ms}>) `runs` times each, interleaved (the order rotates
 * each round) so machine noise hits all alike, after `warmup` untimed rounds. Resolves each
 * command's results, round by round: results[name][i] is round i's, for pairing (pairRatio).
 */
export async function rounds(commands, { runs, warmup = 1 }) {
  const names = Object.keys(commands);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < warmup + runs; round += 1) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) {
      const result = await commands[name](round < warmup);
      if (round >= warmup) results[name].push(result);
    }
  }
  return results;
}

/** As rounds(), keeping only each run's wall time: times[name] is the list of ms. */
export async function interleaved(commands, options) {
  const results = await rounds(commands, options);
  return Object.fromEntries(Object.entries(results).map(([name, list]) => [name, list.map((r) => r.ms)]));
}

/**
 * `ours` against `base` from rounds() of measured() runs: medians of each one's CPU and wall time,
 * and the medians of the ratios taken pair by pair (the same round), which a machine that is busier
 * in one round than in another moves less than a ratio of medians.
 */
export function pairRatio(results, ours, base) {
  const pairs = (key) => results[ours].map((r, i) => r[key] / results[base][i][key]);
  const of = (name, key) => median(results[name].map((r) => r[key]));
  return {
    oursCpuMs: of(ours, 'cpuMs'),
    oursMs: of(ours, 'ms'),
    baseCpuMs: of(base, 'cpuMs'),
    baseMs: of(base, 'ms'),
    cpu: median(pairs('cpuMs')),
    wall: median(pairs('ms')),
  };
}

// A command under bash, which reports on fd 3 the command's wall time (EPOCHREALTIME just before
// and after it, so bash's own start is not in it), its status, and `times`: the CPU time (user and
// sys) the kernel accounted to the command and everything it waited for, a pipeline's every part.
const MEASURE =
  's=$EPOCHREALTIME; eval "$BENCH_COMMAND"; c=$?; e=$EPOCHREALTIME; { echo "$s $e $c"; times; } >&3; exit $c';

/** Quotes a word for bash. */
export const shellQuote = (word) => (/^[\w./:=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

/**
 * Runs `command` (argv, or a shell line such as a pipeline) as run() does and resolves { ms, cpuMs,
 * code, stdout }: wall and CPU time (user + sys, from the kernel) of the command alone.
 */
export async function measured(command, options = {}) {
  const line = typeof command === 'string' ? command : command.map(shellQuote).join(' ');
  const env = { ...(options.env ?? cleanEnv()), BENCH_COMMAND: line };
  const result = await run('bash', ['-c', MEASURE], { ...options, env, report: true });
  const [clock, , children] = result.report.trim().split('\n');
  const [start, end] = clock.split(' ').map(Number);
  const [user, sys] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { ...result, ms: (end - start) * 1000, cpuMs: (user + sys) * 1000 };
}

// ---------------------------------------------------------------------------------------------
// Peak RSS of a child: GNU time's %M where it is installed, else a preloaded module that writes
// process.resourceUsage().maxRSS on exit. Both in KiB.

const GNU_TIME = '/usr/bin/time';
export const rssMethod = existsSync(GNU_TIME) ? '/usr/bin/time -f %M' : 'process.resourceUsage().maxRSS at exit';

/** [cmd, args, readPeakKiB] running `node nodeArgs` with its peak RSS recorded. */
export function withPeakRss(nodeArgs, dir) {
  const file = join(dir, `rss-${Math.random().toString(36).slice(2)}.txt`);
  const read = () => {
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    rmSync(file, { force: true });
    return Number.parseInt(lines[lines.length - 1], 10); // GNU time adds "Command exited with…" first
  };
  if (rssMethod.startsWith('/usr/bin/time'))
    return { cmd: GNU_TIME, args: ['-f', '%M', '-o', file, process.execPath, ...nodeArgs], read, env: {} };
  return {
    cmd: process.execPath,
    args: ['--import', join(fixtures, 'maxrss.mjs'), ...nodeArgs],
    read,
    env: { BENCH_MAXRSS_FILE: file },
  };
}

// ---------------------------------------------------------------------------------------------
// The sandbox in a process of its own, as `social sandbox` runs it.

/** Spawns `social sandbox --port 0` and resolves { url, stop } once it printed its base URL. */
export function spawnSandbox({ configDir, timeoutMs = 15_000 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--now', NOW], {
      cwd: root,
      env: cleanEnv({ SOCIAL_CONFIG_DIR: configDir }),
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.add(child);
    const exited = new Promise((done) => child.on('exit', done));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        killTree(child, 'SIGTERM');
        const timer = setTimeout(() => killTree(child), 3000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    };
    let out = '';
    const timer = setTimeout(() => {
      killTree(child);
      reject(new Error(`sandbox printed no URL within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(line)) {
          killTree(child);
          reject(new Error(`sandbox printed ${JSON.stringify(line)}, not a loopback URL`));
        } else resolve({ url: line, pid: child.pid, stop });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('\n')) reject(new Error(`sandbox exited (${code}) before printing its URL`));
    });
  });
}

/** GET over node:http, resolving { status, text }; loopback only. */
export async function httpGet(url, headers = {}) {
  const { request } = await import('node:http');
  const u = new URL(url);
  if (u.hostname !== '127.0.0.1') throw new Error(`refusing a non-loopback URL: ${url}`);
  return new Promise((resolve, reject) => {
    const req = request(u, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${url}: timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Imports a module of the build by its source path under src/ (like 'sandbox/server'): from
 * dist/ as tsc lays it out, or from dist/internal/ where a bundled build exposes it to benches.
 * With `optional`, resolves undefined when the build has neither.
 */
export async function distModule(rel, { optional = false } = {}) {
  const path = distPath(rel, { optional });
  return path === undefined ? undefined : import(path);
}

/** The file distModule imports (see there). */
export function distPath(rel, { optional = false } = {}) {
  for (const candidate of [`dist/${rel}.js`, `dist/internal/${rel}.js`]) {
    if (existsSync(join(root, candidate))) return join(root, candidate);
  }
  if (optional) return undefined;
  throw new Error(`the build has no ${rel} (looked in dist/ and dist/internal/): run npm run build`);
}
