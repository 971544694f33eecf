// The store never costs a paid answer, as spawned runs against the sandbox show: a store that
// cannot be written (a read-only folder, a full disk, locked past its wait, damaged, of a newer
// schema) leaves the answer printed and the exit status the call's, with one warning that says
// what was not stored and why; ten overlapping cron runs (`track run`) lose no row and fail no
// command; SIGKILL mid-batch leaves a store that opens with every answer committed before the
// kill; node:sqlite's ExperimentalWarning never shows (the suite runs on each supported Node
// line: process.execPath is that line).
//
// The full disk is a file size limit (ulimit -f: the store listens for SIGXFSZ, so a write past it
// fails with EFBIG, as one on a full disk fails with ENOSPC): it needs no root and no tmpfs, so it works
// in CI as anywhere. (The read-only folder is made under /tmp itself, as state.test.ts's is: the
// suite's temp root is root's own, 0700, which nobody cannot enter.)
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from './helpers/cli.js';
import { gateTo } from './helpers/gate.js';
import { type TestSandbox, testSandbox } from './helpers/sandbox.js';
import { runShell, SOCIAL_SHELL, spawnSocial, startSocial } from './helpers/spawn-cli.js';
import { sqliteShell as sql } from './helpers/sqlite-shell.js';

let sandbox: TestSandbox;
const dirs: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(import.meta.dirname, '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
  sandbox = await testSandbox();
});
afterAll(async () => {
  await sandbox.close();
  for (const dir of dirs) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A folder of its own that another user (the read-only case runs as nobody when root) can use. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'social-store-faults-'));
  chmodSync(dir, 0o777);
  dirs.push(dir);
  return dir;
}

/** The environment of a run writing the store at `store`. */
function envFor(store: string, extra: Record<string, string> = {}, root = tempDir()): Record<string, string> {
  const config = join(root, 'config');
  mkdirSync(config, { mode: 0o777 });
  chmodSync(config, 0o777);
  return { ...sandboxEnv(sandbox.url, 'sbx_demo', config), SOCIAL_STORE: store, ...extra };
}

/** The warnings a run printed about local state, one line each. */
function storeWarnings(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('warning:') && line.includes('local store'));
}

const PROFILE = ['profile', 'github', 'octocat', '--json'];

/** The answer came whole, and the run ended as the call did. */
function answered(run: { status: number | null; stdout: string }): void {
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { author: { handle: 'octocat' } } });
}

describe('a store that cannot be written costs nothing of the answer', () => {
  it('a read-only folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-store-read-only-'));
    chmodSync(dir, 0o777);
    dirs.push(dir);
    const folder = join(dir, 'read-only');
    mkdirSync(folder);
    chmodSync(folder, 0o555);
    const env = envFor(join(folder, 'store.db'), { HOME: '/nonexistent' }, dir);
    // Root writes anywhere: the run is made as nobody then, as state.test.ts does.
    const root = process.getuid?.() === 0;
    const prefix = root ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : undefined;
    const run = await startSocial(PROFILE, env, { prefix }).done;
    answered(run);
    const warnings = storeWarnings(run.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(join(folder, 'store.db'));
    expect(warnings[0]).toMatch(/cannot be (opened|written)/);
  });

  it('a full disk (a file size limit the store passes)', async () => {
    const store = join(tempDir(), 'store.db');
    const env = envFor(store);
    answered(await spawnSocial(PROFILE, env));
    const before = sql(store, 'SELECT count(*) FROM fetches');
    // trends' answer is far larger than what the limit leaves the write-ahead log.
    // No code cache written either: the limit is for the store to meet.
    const run = await runShell(
      `ulimit -f 8; exec ${SOCIAL_SHELL} trends tech --from 2026-11-18 --to 2026-11-21T12:00Z --json`,
      { ...env, SOCIAL_CACHE_DIR: 'off' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ niche: 'tech' });
    const warnings = storeWarnings(run.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${store} could not be written: the disk is full, or a size limit was reached (`);
    expect(sql(store, 'SELECT count(*) FROM fetches')).toBe(before);
    expect(sql(store, 'PRAGMA integrity_check')).toBe('ok');
  });

  it('locked by another process past its wait', async () => {
    const store = join(tempDir(), 'store.db');
    const env = envFor(store, { SOCIAL_STORE_BUSY_MS: '300' });
    answered(await spawnSocial(PROFILE, env));
    const holder = spawn('sqlite3', [store], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      await holding(holder, "BEGIN EXCLUSIVE;\nINSERT INTO watchlist VALUES ('github', 'held', 'x');\n.print held\n");
      const run = await spawnSocial(PROFILE, env);
      answered(run);
      const warnings = storeWarnings(run.stderr);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('locked');
    } finally {
      holder.stdin?.end('ROLLBACK;\n');
      await new Promise((resolve) => holder.on('close', resolve));
    }
    // Once the lock is gone, the next run stores again.
    answered(await spawnSocial(PROFILE, env));
    expect(sql(store, 'SELECT count(*) FROM fetches')).toBe('2');
  });

  it('a damaged file', async () => {
    const store = join(tempDir(), 'store.db');
    writeFileSync(store, 'not a database at all, though long enough to have a header. '.repeat(100));
    const run = await spawnSocial(PROFILE, envFor(store));
    answered(run);
    const warnings = storeWarnings(run.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/damaged/);
    const check = await spawnSocial(['store', 'check'], envFor(store));
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(store);
    // --offline: the store it would answer from cannot be read, and its error says so and why,
    // with no closing warning of an answer not stored (there is none).
    const offline = await spawnSocial([...PROFILE, '--offline'], envFor(store));
    expect([offline.status, offline.stdout]).toEqual([13, '']);
    expect(offline.stderr).toContain(
      `--offline: the local store cannot be read, so nothing answers GET /api/v1/github/profile?handle=octocat: ${store} damaged`,
    );
    expect(storeWarnings(offline.stderr)).toEqual([]);
  });

  it('a store of a newer schema, never written to', async () => {
    const store = join(tempDir(), 'store.db');
    const env = envFor(store);
    answered(await spawnSocial(PROFILE, env));
    sql(store, 'PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = 99;');
    const bytes = readFileSync(store);
    const run = await spawnSocial(PROFILE, env);
    answered(run);
    const warnings = storeWarnings(run.stderr);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('newer social');
    expect(readFileSync(store).equals(bytes)).toBe(true);
    expect(sql(store, 'SELECT count(*) FROM fetches')).toBe('1');
  });
});

describe('many runs, and a killed one', () => {
  it('ten overlapping cron runs (`track run`, one store, one config) lose no row and fail no command', async () => {
    const root = tempDir();
    const store = join(root, 'store.db');
    const handles = ['octocat', 'lenafischer', 'mariam-okafor', 'quiet-committer', 'first-steps-2026'];
    // The answers wait at a gate until every run has sent its first two: then all ten are under
    // way together, the store open in each, and their answers come at once to be written.
    const gate = await gateTo(sandbox.url, (path) => path.startsWith('/api/v1/github/profile'));
    try {
      const env = { ...envFor(store, {}, root), SOCIAL_BASE_URL: gate.url };
      const added = await spawnSocial(['track', 'add', 'github', ...handles], env);
      expect(added.status, added.stderr).toBe(0);
      const running = Array.from({ length: 10 }, () =>
        startSocial(['track', 'run', '--concurrency', '2', '-o', 'ndjson'], env),
      );
      await gate.waitForArrivals(10 * 2);
      gate.open();
      const runs = await Promise.all(running.map((run) => run.done));
      for (const run of runs) {
        expect(run.status, run.stderr).toBe(0);
        expect(storeWarnings(run.stderr)).toEqual([]);
        const records = run.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        expect(records.map((record) => [record.input, record.exit])).toEqual(
          [...handles].sort().map((handle) => [`github ${handle}`, 0]),
        );
      }
      // Every answer of every run kept: a fetch and a snapshot each, ten of each account, each run's own.
      expect(sql(store, 'SELECT count(*) FROM fetches')).toBe('50');
      expect(sql(store, 'SELECT count(*) FROM profiles')).toBe('50');
      expect(sql(store, 'SELECT handle, count(*) FROM profiles GROUP BY handle ORDER BY handle')).toBe(
        [...handles]
          .sort()
          .map((handle) => `${handle}|10`)
          .join('\n'),
      );
      expect(
        sql(store, 'SELECT count(DISTINCT run_id), count(DISTINCT pid) FROM fetches JOIN runs ON runs.id = run_id'),
      ).toBe('10|10');
      expect(sql(store, 'SELECT count(*) FROM watchlist')).toBe('5');
      // The store opens, and checks whole, after them.
      expect(sql(store, 'PRAGMA integrity_check')).toBe('ok');
      const check = await spawnSocial(['store', 'check', '--json'], env);
      expect([check.status, JSON.parse(check.stdout).ok]).toEqual([0, true]);
    } finally {
      await gate.close();
    }
  });

  it('SIGKILL mid-batch leaves a store that opens, with every answer committed before the kill', async () => {
    const store = join(tempDir(), 'store.db');
    const env = envFor(store);
    const lines = Array.from({ length: 5000 }, (_, i) => ['octocat', 'lenafischer', 'mariam-okafor'][i % 3]).join('\n');
    const running = startSocial(['profile', 'github', '-', '--concurrency', '4', '-o', 'ndjson'], env, {
      stdin: lines,
    });
    // Until its first answer is stored, the file may not be there, or not yet hold its tables.
    const count = () => {
      try {
        return Number(sql(store, 'SELECT count(*) FROM fetches'));
      } catch {
        return 0;
      }
    };
    const stored = await poll(count, 20);
    running.child.kill('SIGKILL');
    const killed = await running.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(sql(store, 'PRAGMA integrity_check')).toBe('ok');
    // What was committed before the kill is there, and the store takes the next run's answers.
    expect(Number(sql(store, 'SELECT count(*) FROM fetches'))).toBeGreaterThanOrEqual(stored);
    const check = await spawnSocial(['store', 'check', '--json'], env);
    expect([check.status, JSON.parse(check.stdout).ok]).toEqual([0, true]);
    answered(await spawnSocial(PROFILE, env));
  });
});

describe('node:sqlite', () => {
  it('prints no ExperimentalWarning on this Node line, and other warnings still show', async () => {
    const store = join(tempDir(), 'store.db');
    const run = await spawnSocial(PROFILE, envFor(store));
    answered(run);
    expect(run.stderr).not.toContain('ExperimentalWarning');
    expect(sql(store, 'SELECT count(*) FROM fetches')).toBe('1');
  });
});

/** Waits for `process` to print `marker` after `script` (written to its stdin, which stays open). */
function holding(process: ChildProcess, script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    process.stdout?.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      if (out.includes('held')) resolve();
    });
    process.on('error', reject);
    process.stdin?.write(script);
  });
}

/** Polls `read` until it reaches `least`, then gives its value. */
async function poll(read: () => number, least: number): Promise<number> {
  for (;;) {
    const value = read();
    if (value >= least) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
