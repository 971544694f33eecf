// One budget for many machines, against a real PostgreSQL server the test starts itself
// (helpers/postgres.ts) and one sandbox every process talks to over loopback: shards racing on
// one budget never possibly charge past it, and every input is reported once, done or held back.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/sandbox/server.js';
import { startSandbox } from '../src/sandbox/server.js';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from './helpers/postgres.js';
import { caseVariants, FIXED_NOW } from './helpers/sandbox.js';
import { type SpawnedRun, spawnSocial } from './helpers/spawn-cli.js';

const pg = usePostgres();
let sandbox: Sandbox;
/** What the answers said they charged, summed over every request the sandbox served. */
let answered = 0;
let served = 0;

/** What the sandbox's ledger charged so far, summed over its charges by request id. */
function ledgerCharged(): number {
  let total = 0;
  for (const credits of sandbox.core.ledger.chargesByRequest.values()) total += credits;
  return total;
}

beforeAll(async () => {
  // Each look at the clock an hour and a bit later than the one before: no answer is a cache hit,
  // so every call of the race is charged its full credit.
  let ticks = 0;
  sandbox = await startSandbox({
    port: 0,
    now: () => new Date(FIXED_NOW.getTime() + ticks++ * 3_600_001),
    onServed: (request) => {
      answered += request.credits;
      served += 1;
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
});

interface BatchRecord {
  input: string;
  exit: number;
  error: { kind: string; code: string | null; message: string } | null;
}

function records(run: SpawnedRun): BatchRecord[] {
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as BatchRecord);
}

/** A run pointed at the shared sandbox and the store, as machine `machine`, in a config dir of its own. */
function env(store: string, machine: string): Record<string, string> {
  return { ...sandboxEnv(sandbox.url, 'sbx_demo', tempConfigDir()), SOCIAL_STORE: store, SOCIAL_MACHINE: machine };
}

describe.skipIf(!HAS_POSTGRES)('a budget shared on PostgreSQL', () => {
  it('8 shards racing on one budget of 50 possibly charge at most 50, and report every input once', async () => {
    const database = await pg.current.database();
    const store = pg.current.url(database);
    const handles = caseVariants(['octocat', 'lenafischer', 'quiet-committer'], 120);
    const list = join(tempConfigDir(), 'handles.txt');
    writeFileSync(list, `${handles.join('\n')}\n`);
    const before = { ledger: ledgerCharged(), answered };
    const shards = 8;
    const runs = await Promise.all(
      Array.from({ length: shards }, (_, k) =>
        spawnSocial(
          [
            'profile',
            'github',
            '--file',
            list,
            '--shard',
            `${k + 1}/${shards}`,
            '--concurrency',
            '4',
            '--max-credits',
            '50',
            '--budget',
            'race',
            '-o',
            'ndjson',
          ],
          env(store, `shard-${k + 1}`),
        ),
      ),
    );
    const all = runs.flatMap(records);
    for (const run of runs) expect([0, 12], run.stderr).toContain(run.status);
    // Every input once, across the shards: done, or held back by the shared budget.
    expect(all.map((r) => r.input).sort()).toEqual([...handles].sort());
    const done = all.filter((r) => r.exit === 0);
    const held = all.filter((r) => r.exit === 12);
    expect(held.every((r) => r.error?.kind === 'budget' && r.error.code === 'not_sent')).toBe(true);
    expect(done.length + held.length).toBe(handles.length);
    const shown = JSON.parse(
      (await spawnSocial(['budget', 'show', 'race', '-o', 'json'], env(store, 'reader'))).stdout,
    ) as {
      credits: number;
      charged: number;
      uncertain: number;
      reserved: number;
      machines: Array<{ machine: string; charged: number; uncertain: number; reserved: number }>;
    };
    // What the budget counts as possibly charged, shard by shard (each its own machine) and summed:
    // charged, uncertain, and still reserved, never past 50.
    expect(shown.machines.map((m) => m.machine).every((m) => /^shard-[1-8]$/.test(m))).toBe(true);
    expect(shown.machines.length).toBeGreaterThan(1);
    const possibly = shown.machines.reduce((sum, m) => sum + m.charged + m.uncertain + m.reserved, 0);
    expect(possibly).toBeLessThanOrEqual(50);
    expect(possibly).toBe(shown.charged + shown.uncertain + shown.reserved);
    // What the sandbox's ledger charged: what the budget shows charged, never past 50, never none;
    // the answers said the same, and no input the budget could cover was held back.
    const ledger = ledgerCharged() - before.ledger;
    expect(ledger).toBeGreaterThan(0);
    expect(ledger).toBeLessThanOrEqual(50);
    expect(shown.charged).toBe(ledger);
    expect(answered - before.answered).toBe(ledger);
    expect(done.length).toBe(ledger);
    expect(shown).toMatchObject({ credits: 50, charged: 50, uncertain: 0, reserved: 0 });
    // Eight processes started together on an empty database: the schema was made once.
    expect(pg.current.sql(database, 'SELECT count(*), max(version) FROM social_schema')).toMatch(/^1\|\d+$/);
    // The figures docs/performance.md quotes (the race's line in the suite's log).
    console.log(
      `race: ${shards} shards, budget 50, possibly charged ${possibly} (charged ${shown.charged}, ` +
        `uncertain ${shown.uncertain}, reserved ${shown.reserved}), sandbox ledger charged ${ledger}, ` +
        `inputs ${handles.length} reported ${all.length} (${done.length} done, ${held.length} held back), ` +
        `${served} requests served`,
    );
  }, 120_000);

  it('a batch the shared budget refused resumes with --skip at the first input refused, never past it', async () => {
    const database = await pg.current.database();
    const store = pg.current.url(database);
    const set = await spawnSocial(['budget', 'set', 'three', '3'], env(store, 'admin'));
    expect(set.status, set.stderr).toBe(0);
    const handles = ['octocat', 'lenafischer', 'quiet-committer', 'mariam-okafor', 'torvalds'];
    const run = await spawnSocial(
      ['profile', 'github', ...handles, '--concurrency', '1', '--budget', 'three', '-o', 'ndjson'],
      env(store, 'one'),
    );
    expect(run.status, run.stderr).toBe(12);
    expect(records(run).map((r) => r.exit)).toEqual([0, 0, 0, 12, 12]);
    // The fourth was sent to the client, which the budget refused: not done, so --skip 3 resumes at it.
    expect(run.stderr).toContain('3 inputs: 3 ok, 0 failed, 2 not sent (budget)');
    expect(run.stderr).toContain(
      'stopped at the shared budget three: 2 inputs held back (mariam-okafor, torvalds), not sent; resume with --skip 3 and a new budget',
    );
  }, 60_000);
});
