// The PostgreSQL store gone in the middle of a batch and back (pg_ctl stop, then start, on a real
// server the test starts): every input reported once, none sent twice, the shared budget's calls
// all settled once the server is back, and the summary says the store went away.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFaults } from '../src/sandbox/faults.js';
import type { Sandbox } from '../src/sandbox/server.js';
import { startSandbox } from '../src/sandbox/server.js';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from './helpers/postgres.js';
import { caseVariants, FIXED_NOW } from './helpers/sandbox.js';
import { spawnSocial, startSocial } from './helpers/spawn-cli.js';

const pg = usePostgres();
let sandbox: Sandbox;
/** Each input's requests, by the handle asked for. */
const asked = new Map<string, number>();
let served = 0;
/** What the sandbox charged, summed over every request it served. */
let charged = 0;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    now: () => FIXED_NOW,
    // Every answer 30 ms late: the batch is still under way when the server restarts.
    faults: parseFaults('latency=1@30'),
    onServed: (request) => {
      served += 1;
      charged += request.credits;
      const handle = new URL(request.path, 'http://x').searchParams.get('handle');
      if (handle !== null) asked.set(handle, (asked.get(handle) ?? 0) + 1);
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
});

/** Listens on `port` and cuts each connection at once: a server that is away, as a client finds it. */
async function cutEveryConnection(port: number): Promise<{ readonly tries: number; close(): Promise<void> }> {
  let tries = 0;
  const server = createServer((socket) => {
    tries += 1;
    socket.destroy();
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    get tries() {
      return tries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A batch of `count` inputs (case variants of `handles`) on one budget, started, and its inputs. */
function startBatch(handles: readonly string[], budget: string, env: Record<string, string>, count = 200) {
  const inputs = caseVariants(handles, count);
  const list = join(tempConfigDir(), 'inputs.txt');
  writeFileSync(list, `${inputs.join('\n')}\n`);
  const args = ['--file', list, '--concurrency', '4', '--max-credits', '1000', '--budget', budget, '-o', 'ndjson'];
  return { inputs, batch: startSocial(['profile', 'github', ...args], env) };
}

interface BatchRecord {
  input: string;
  exit: number;
  error: { kind: string; code: string } | null;
}

function records(stdout: string): BatchRecord[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as BatchRecord);
}

describe.skipIf(!HAS_POSTGRES)('the PostgreSQL store restarted during a batch', () => {
  it('loses no answer, sends no input twice, and says the store went away', async () => {
    const database = await pg.current.database();
    const store = pg.current.url(database);
    const { inputs, batch } = startBatch(['octocat', 'lenafischer'], 'restart', {
      ...sandboxEnv(sandbox.url, 'sbx_demo', tempConfigDir()),
      SOCIAL_STORE: store,
    });
    await expect.poll(() => served, { timeout: 30_000, interval: 20 }).toBeGreaterThan(40);
    const before = served;
    // The server stopped mid-batch, its port taken by a listener that cuts every connection,
    // until the run has tried to reach the store while it was away; then started again.
    pg.current.stop();
    const cut = await cutEveryConnection(pg.current.port);
    await expect.poll(() => cut.tries, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    await cut.close();
    pg.current.start();
    const run = await batch.done;
    // The restart came mid-batch: answers came before it and after it.
    expect(before).toBeLessThan(200);
    const answered = records(run.stdout);
    // Every input once, in order, each answered.
    expect(answered.map((r) => r.input)).toEqual(inputs);
    expect(answered.every((r) => r.exit === 0)).toBe(true);
    // No input sent twice.
    expect([...asked.values()].every((count) => count === 1)).toBe(true);
    expect(asked.size).toBe(200);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('200 inputs: 200 ok');
    expect(run.stderr).toMatch(
      /the PostgreSQL store \S+ went away during the run; (1 statement|\d+ statements) waited for it/,
    );
    // Every call settled once the server was back, each once: no chunk left open, nothing held.
    const shown = pg.current.sql(
      database,
      "SELECT sum(calls), count(*) FILTER (WHERE state = 'open'), sum(held) FROM budget_chunks",
    );
    expect(shown).toBe('200|0|0');
    expect(
      pg.current.sql(
        database,
        'SELECT p.settled = (SELECT sum(charged + uncertain) FROM budget_chunks), p.reserved FROM budget_periods p',
      ),
    ).toBe('t|0');
    // Every answer in the local store on the same server, written once: none lost to the restart.
    expect(
      pg.current.sql(database, 'SELECT count(*), count(DISTINCT request) FROM fetches WHERE ok = 1'),
      run.stderr,
    ).toBe('200|200');
    console.log(
      `restart: ${before} of 200 answered before pg_ctl stop, ${cut.tries} connection(s) cut while it was away; ${run.stderr.trim().split('\n').slice(-2).join(' / ')}`,
    );
  }, 120_000);

  it('gone for good: what was paid for is printed, the rest held back, and its chunks expire uncertain', async () => {
    const database = await pg.current.database();
    const store = pg.current.url(database);
    const env = {
      ...sandboxEnv(sandbox.url, 'sbx_demo', tempConfigDir()),
      SOCIAL_STORE: store,
      SOCIAL_STORE_WAIT_MS: '1000',
      SOCIAL_BUDGET_EXPIRY_MS: '3000',
    };
    const servedBefore = served;
    const chargedBefore = charged;
    // More inputs than the run can answer on what it holds while settlements cannot be written.
    const { inputs, batch } = startBatch(['quiet-committer', 'mariam-okafor'], 'gone', env, 600);
    await expect.poll(() => served - servedBefore, { timeout: 30_000, interval: 20 }).toBeGreaterThan(40);
    // The run stopped while the server goes: what it holds by then runs out once settlements cannot
    // be written, long before the list does, however fast the machine.
    batch.child.kill('SIGSTOP');
    pg.current.stop();
    batch.child.kill('SIGCONT');
    let run: Awaited<typeof batch.done>;
    try {
      run = await batch.done;
    } finally {
      pg.current.start();
    }
    const answered = records(run.stdout);
    // Every input once, in order: answered while the chunk the run held lasted, then held back.
    expect(answered.map((r) => r.input)).toEqual(inputs);
    const done = answered.filter((r) => r.exit === 0);
    const held = answered.filter((r) => r.exit === 12);
    expect(done.length).toBeGreaterThan(40);
    expect(held.length).toBeGreaterThan(0);
    expect(done.length + held.length).toBe(inputs.length);
    expect(held.every((r) => r.error?.kind === 'budget' && r.error.code === 'not_sent')).toBe(true);
    expect(run.status, run.stderr).toBe(12);
    expect(run.stderr).toMatch(
      /stopped: the shared budget gone could not be enforced \(the PostgreSQL store \S+ cannot be reached .*\): \d+ inputs held back .*resume with --skip \d+ once the store is back/,
    );
    expect(run.stderr).toMatch(/(1 budget settlement|\d+ budget settlements) could not be written/);
    // Nothing sent twice, nothing sent that was held back.
    expect(served - servedBefore).toBe(done.length);
    // (A hyphen has no case: some variants repeat in the list, and each repeat is an input of its own.)
    const listed = new Map<string, number>();
    for (const input of inputs) listed.set(input, (listed.get(input) ?? 0) + 1);
    for (const [input, times] of listed) expect(asked.get(input) ?? 0).toBeLessThanOrEqual(times);
    // Back, the store still counts what the run held; past the expiry, as uncertain charges, and
    // never less than what the service charged.
    const show = async () =>
      JSON.parse((await spawnSocial(['budget', 'show', 'gone', '-o', 'json'], env)).stdout) as {
        reserved: number;
        uncertain: number;
        possibly_charged: number;
      };
    await expect.poll(async () => (await show()).reserved, { timeout: 20_000, interval: 500 }).toBe(0);
    const shown = await show();
    expect(shown.uncertain).toBeGreaterThan(0);
    expect(shown.possibly_charged).toBeGreaterThanOrEqual(charged - chargedBefore);
    console.log(
      `store gone: ${done.length} answered, ${held.length} held back, exit ${run.status}; after the expiry possibly charged ${shown.possibly_charged} (${shown.uncertain} uncertain), service charged ${charged - chargedBefore}`,
    );
  }, 120_000);
});
