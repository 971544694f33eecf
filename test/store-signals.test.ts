// Nothing printed is lost from the store on any signal: a batch's answers are held a moment and
// written together (src/runtime/local-store.ts), so each way a run can end must write what is held.
// Ctrl-C, SIGTERM and SIGHUP end the run through its close; a second Ctrl-C leaves at once, and a
// reader that went away (`| head`) ends it from the output's failure, both through the process's
// exit. Each run is spawned against the sandbox, ended while answers are coming, and the store
// then holds at least every answer it printed, and passes SQLite's integrity check.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from './helpers/cli.js';
import { type TestSandbox, testSandbox } from './helpers/sandbox.js';
import { runShell, SOCIAL_SHELL, startSocial } from './helpers/spawn-cli.js';
import { sqliteShell as sql } from './helpers/sqlite-shell.js';

let sandbox: TestSandbox;
const dirs: string[] = [];

beforeAll(async () => {
  sandbox = await testSandbox();
});
afterAll(async () => {
  await sandbox.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function storeEnv(): { env: Record<string, string>; store: string } {
  const dir = mkdtempSync(join(tmpdir(), 'social-store-signals-'));
  dirs.push(dir);
  return { env: sandboxEnv(sandbox.url, 'sbx_demo', dir), store: join(dir, 'store.db') };
}

const INPUTS = `${Array.from({ length: 5000 }, (_, i) => ['octocat', 'lenafischer', 'mariam-okafor'][i % 3]).join('\n')}\n`;
const BATCH = ['profile', 'github', '-', '--concurrency', '4', '-o', 'ndjson'];

/** The whole lines of a batch's ndjson output. */
const printed = (stdout: string): number => stdout.split('\n').filter((line) => line.startsWith('{')).length;

/** The signal is sent but not yet taken by the process (Linux's /proc: its pending signal masks). */
function pending(pid: number, signal: NodeJS.Signals): boolean {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return false;
  }
  const bit = 1n << BigInt(constants.signals[signal] - 1);
  return [...status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)].some(
    (mask) => (BigInt(`0x${mask[1]}`) & bit) !== 0n,
  );
}

async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the store on a signal', () => {
  const endings: Array<[string, NodeJS.Signals[], number]> = [
    ['Ctrl-C', ['SIGINT'], 130],
    ['SIGTERM', ['SIGTERM'], 130],
    ['SIGHUP', ['SIGHUP'], 129],
    ['a second Ctrl-C (leaving at once)', ['SIGINT', 'SIGINT'], 130],
  ];
  for (const [ending, signals, status] of endings) {
    it(`${ending} mid-batch: every answer printed is stored`, async () => {
      const { env, store } = storeEnv();
      const running = startSocial(BATCH, env, { stdin: INPUTS });
      await until(() => printed(running.stdout()) >= 20);
      for (const signal of signals) {
        running.child.kill(signal);
        // Two signals sent at once can reach the process as one: the next waits for it to take this one.
        await until(() => !pending(running.child.pid!, signal));
      }
      const run = await running.done;
      expect(run.status, run.stderr).toBe(status);
      const lines = printed(run.stdout);
      expect(lines).toBeLessThan(5000);
      expect(Number(sql(store, 'SELECT count(*) FROM fetches'))).toBeGreaterThanOrEqual(lines);
      expect(sql(store, 'PRAGMA integrity_check')).toBe('ok');
    });
  }

  it('a reader that went away (| head): the answers it read are stored', async () => {
    const { env, store } = storeEnv();
    const run = await runShell(`${SOCIAL_SHELL} ${BATCH.join(' ')} | head -n 3`, env, { stdin: INPUTS });
    expect(printed(run.stdout)).toBe(3);
    expect(Number(sql(store, 'SELECT count(*) FROM fetches'))).toBeGreaterThanOrEqual(3);
    expect(sql(store, 'PRAGMA integrity_check')).toBe('ok');
  });
});
