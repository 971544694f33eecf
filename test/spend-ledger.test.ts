// The spend ledger writes the records of one turn together: all of them, whole lines in order,
// when the client is about to send (write()), and by the end of the turn when nothing is sent.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SpendLedger } from '../src/infra/state/spend-ledger.js';
import { runCli, sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function ledgerIn(): { ledger: SpendLedger; lines: () => string[] } {
  const dir = tempConfigDir();
  dirs.push(dir);
  const ledger = new SpendLedger(dir, { service: 'http://127.0.0.1:1', key: 'abcd1234' }, (error) => {
    throw error;
  });
  const lines = () => {
    try {
      return readFileSync(join(dir, 'spend.jsonl'), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  return { ledger, lines };
}

const at = new Date('2026-11-21T12:00:00Z');

describe('the spend ledger', () => {
  it("writes the turn's records at once, in order, when asked before a request is sent", () => {
    const { ledger, lines } = ledgerIn();
    for (const credits of [1, 2, 3]) ledger.record({ command: 'profile', path: '/p', credits, at });
    ledger.write();
    expect(lines().map((line) => JSON.parse(line).credits)).toEqual([1, 2, 3]);
    ledger.close();
  });

  it('writes them by the end of the turn when nothing is sent, and at close', async () => {
    const { ledger, lines } = ledgerIn();
    ledger.record({ command: 'profile', path: '/p', credits: 1, at });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines()).toHaveLength(1);
    ledger.recordUncertain({ command: 'profile', path: '/p', credits: 1, at, reason: 'reset' });
    ledger.close();
    expect(lines().map((line) => JSON.parse(line).uncertain ?? false)).toEqual([false, true]);
  });

  it('a batch has each answered call on disk before the next request is written to its socket', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const lines = () => {
      try {
        return readFileSync(join(dir, 'spend.jsonl'), 'utf8').split('\n').filter(Boolean).length;
      } catch {
        return 0;
      }
    };
    // undici publishes this as it writes a request's head to the socket: the ledger is read then.
    const onDisk: number[] = [];
    const sent = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      if (request.path.includes('/profile')) onDisk.push(lines());
    };
    subscribe('undici:client:sendHeaders', sent);
    try {
      const handles = ['octocat', 'lenafischer', 'octocat', 'lenafischer'];
      const run = await runCli(['profile', 'github', ...handles, '--concurrency', '1', '-o', 'ndjson'], {
        env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      });
      expect(run.status, run.stderr).toBe(0);
    } finally {
      unsubscribe('undici:client:sendHeaders', sent);
    }
    expect(onDisk).toEqual([0, 1, 2, 3]);
    expect(lines()).toBe(4);
  });
});
