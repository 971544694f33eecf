// The one way tests spawn the CLI: bin/social.js as a user runs it. Its environment is PATH, the
// test run's TMPDIR and a home of its own below it (test/global-setup.ts removes both), then what
// the test gives; so a spawned run leaves nothing in the system's temp dir or a real home.
// SOCIAL_TEST_BIN=./social-linux-x64 runs the same tests against the single executable (npm run
// build:exe) instead: SOCIAL is the command either way, SOCIAL_SHELL the same for a shell line.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sandboxEnv } from './cli.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'social.js');

export const SOCIAL: readonly [string, ...string[]] = process.env.SOCIAL_TEST_BIN
  ? [resolve(process.env.SOCIAL_TEST_BIN)]
  : [process.execPath, BIN];

export const SOCIAL_SHELL = SOCIAL.map((part) => JSON.stringify(part)).join(' ');

/** SOCIAL with `args` after it, as spawn() takes them. */
function socialCommand(args: readonly string[]): [string, string[]] {
  const [command, ...first] = SOCIAL;
  return [command, [...first, ...args]];
}

/**
 * The environment of a spawned CLI, or of a shell that runs it: PATH, TMPDIR and HOME inside the
 * test run's temporary folder, then `env` (which may name others).
 */
export function cliEnv(env: Record<string, string> = {}): Record<string, string> {
  const home = join(tmpdir(), 'home');
  mkdirSync(home, { recursive: true });
  return { PATH: process.env.PATH ?? '', TMPDIR: tmpdir(), HOME: home, ...env };
}

export interface SpawnedRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  /** stdout, or its first `keep` characters (see StartOptions). */
  stdout: string;
  stdoutBytes: number;
  /** The last 64 characters of stdout. */
  stdoutTail: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  /** What it wrote so far. */
  stdout(): string;
  stderr(): string;
  done: Promise<SpawnedRun>;
}

export interface StartOptions {
  /** Written to stdin, which is then closed (empty unless given); or stdin on this descriptor (a file). */
  stdin?: string | number;
  /** Runs the CLI under this command line (like setpriv ... to run it as another user). */
  prefix?: readonly string[];
  /** Keeps only the first `keep` characters of stdout and stderr: a large answer is counted, not kept. */
  keep?: number;
  /** stdout on this descriptor (a file), or on /dev/null ('ignore'), instead of a pipe. */
  stdout?: number | 'ignore';
}

/** Starts the CLI: for tests that signal it, read its output as it comes, or hold it open. */
export function startSocial(
  args: readonly string[],
  env: Record<string, string>,
  options: StartOptions = {},
): RunningCli {
  const [command, argv] = socialCommand(args);
  return launch([...(options.prefix ?? []), command, ...argv], env, options);
}

function launch(commandLine: readonly string[], env: Record<string, string>, options: StartOptions = {}): RunningCli {
  const { stdin = '', keep = Number.POSITIVE_INFINITY } = options;
  const [file, ...rest] = commandLine;
  const child = spawn(file!, rest, {
    env: cliEnv(env),
    stdio: [typeof stdin === 'number' ? stdin : 'pipe', options.stdout ?? 'pipe', 'pipe'],
  });
  let stdout = '';
  let stdoutBytes = 0;
  let stdoutTail = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    stdoutBytes += Buffer.byteLength(text);
    if (stdout.length < keep) stdout += text.slice(0, keep - stdout.length);
    stdoutTail = (stdoutTail + text.slice(-64)).slice(-64);
  });
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    if (stderr.length < keep) stderr += text.slice(0, keep - stderr.length);
  });
  const done = new Promise<SpawnedRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stdoutBytes, stdoutTail, stderr }));
  });
  // A run that never reads its stdin (--version) may be gone before this write reaches the pipe:
  // not the test's failure. Any other error still is.
  child.stdin?.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') throw error;
  });
  if (typeof stdin === 'string') child.stdin?.end(stdin);
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}

/** Runs a shell line (that names the CLI as SOCIAL_SHELL) to its end: for pipes and redirections. */
export function runShell(
  script: string,
  env: Record<string, string>,
  options: StartOptions & { shell?: string } = {},
): Promise<SpawnedRun> {
  return launch([options.shell ?? 'sh', '-c', script], env, options).done;
}

/** Runs the CLI to its end: its status and both outputs. */
export function spawnSocial(args: string[], env: Record<string, string>, stdin = ''): Promise<SpawnedRun> {
  return startSocial(args, env, { stdin }).done;
}

export interface TracedRun<Report> {
  code: number | null;
  stdout: string;
  report: Report;
}

/**
 * bin/social.js run with a preload that watches it: what it required, which built-in modules it
 * loaded, what WebAssembly it compiled. `hook` is CommonJS that runs before the CLI and defines
 * `report()`; what report() returns at the process's exit comes back as `report`. The run is a
 * user's pointed at the given sandbox, in a config dir and home of its own, removed after.
 */
export async function tracedRun<Report>(
  args: string[],
  sandboxUrl: string,
  hook: string,
  options: Pick<StartOptions, 'stdout' | 'stdin'> = {},
): Promise<TracedRun<Report>> {
  const dir = mkdtempSync(join(tmpdir(), 'social-traced-'));
  try {
    const hookFile = join(dir, 'hook.cjs');
    const out = join(dir, 'report.json');
    writeFileSync(
      hookFile,
      `${hook}\nprocess.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(report())));\n`,
    );
    const env = { HOME: dir, ...sandboxEnv(sandboxUrl, 'sbx_demo', dir), NODE_OPTIONS: `--require ${hookFile}` };
    const run = await launch([process.execPath, BIN, ...args], env, options).done;
    return { code: run.status, stdout: run.stdout, report: JSON.parse(readFileSync(out, 'utf8')) as Report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A hook whose report() is every file the process required (require.cache). */
export const REQUIRED_FILES = 'function report() { return Object.keys(require.cache); }';
