// trends and the local store, as a user runs it (spawned bin/social.js against the sandbox): an
// answer is found again by the question as asked, an end left open (no --to) or given as an age
// (--from 20d) said as that, not as the instant the clock made of it, so --max-age, --offline and
// --dry-run take it on a second run; a question asked differently (another from, niche, an
// explicit to) is never answered by it.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { type TestSandbox, testSandbox } from '../../../test/helpers/sandbox.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const FROM_STORE = /^from the local store \(fetched \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\), not sent: nothing charged$/m;

// The sandbox's archive ends at its clock: at the real one here, as a spawned run's clock is.
let sandbox: TestSandbox;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await testSandbox({ now: new Date() });
});
afterAll(() => sandbox.close());
beforeEach(() => {
  dir = tempConfigDir();
  env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
  return () => rmSync(dir, { recursive: true, force: true });
});

/** Trends requests the service has answered (and charged) for the demo key. */
function trendsSent(): number {
  return sandbox.core.ledger.activeAccount('sbx_demo')!.trendsUsed;
}

/** A day this many days before today, as a user types it (2026-11-26). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

describe('trends with an end relative to now, asked again', () => {
  it('--from DATE without --to: the second run within --max-age is the stored answer, as --offline and --dry-run say', async () => {
    const from = daysAgo(10);
    const first = await spawnSocial(['trends', 'tech', '--from', from, '--json'], env);
    expect(first.status).toBe(0);
    const sent = trendsSent();
    // The same question however it is spelled: --to now is the end left open, the date an instant.
    for (const args of [
      ['--from', from],
      ['--from', from, '--to', 'now'],
      ['--from', `${from}T00:00:00Z`],
    ]) {
      const again = await spawnSocial(['trends', 'tech', ...args, '--max-age', '1h', '--json'], env);
      expect([args, again.status, again.stdout]).toEqual([args, 0, first.stdout]);
      expect(again.stderr).toMatch(FROM_STORE);
      const offline = await spawnSocial(['trends', 'tech', ...args, '--offline', '--json'], env);
      expect([args, offline.status, offline.stdout]).toEqual([args, 0, first.stdout]);
      const plan = JSON.parse(
        (await spawnSocial(['trends', 'tech', ...args, '--max-age', '1h', '--dry-run', '--json'], env)).stdout,
      );
      expect(plan).toMatchObject({ requests: [{ max_credits: 0, from_store: expect.any(String) }], max_credits: 0 });
    }
    expect(trendsSent()).toBe(sent);
    // The store files it under the question as asked; the query as sent is kept beside it.
    const rows = await spawnSocial(
      ['store', 'sql', "SELECT request, params FROM fetches WHERE route = '/api/v1/trends/tech'", '--json'],
      env,
    );
    const [row] = JSON.parse(rows.stdout) as Array<{ request: string; params: string }>;
    expect(row!.request).toBe(`/api/v1/trends/tech?from=${from}T00%3A00%3A00.000Z&to=now`);
    expect(JSON.parse(row!.params).to).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('an age (--from 20d) is asked as that: 20d and 480h are one question, 21d another', async () => {
    await spawnSocial(['trends', 'tech', '--from', '20d', '--json'], env);
    const sent = trendsSent();
    for (const from of ['20d', '480h']) {
      const again = await spawnSocial(['trends', 'tech', '--from', from, '--max-age', '1h', '--json'], env);
      expect([from, again.status, again.stderr]).toEqual([from, 0, expect.stringMatching(FROM_STORE)]);
    }
    expect(trendsSent()).toBe(sent);
    const other = await spawnSocial(['trends', 'tech', '--from', '21d', '--max-age', '1h', '--json'], env);
    expect(other.status).toBe(0);
    expect(other.stderr).not.toContain('local store');
    expect(trendsSent()).toBe(sent + 1);
  });

  it('never answers another question with it: another from, another niche, an explicit --to', async () => {
    const from = daysAgo(10);
    await spawnSocial(['trends', 'tech', '--from', from, '--json'], env);
    const to = new Date(Date.now() - DAY_MS).toISOString();
    const others = [
      ['tech', '--from', daysAgo(9)],
      ['science', '--from', from],
      ['tech', '--from', from, '--to', to],
    ];
    for (const args of others) {
      const sent = trendsSent();
      const plan = await spawnSocial(['trends', ...args, '--max-age', '1h', '--dry-run', '--json'], env);
      expect([args, JSON.parse(plan.stdout).requests[0].from_store]).toEqual([args, null]);
      const run = await spawnSocial(['trends', ...args, '--max-age', '1h', '--json'], env);
      expect([args, run.status, run.stderr.includes('local store')]).toEqual([args, 0, false]);
      expect(trendsSent()).toBe(sent + 1);
    }
    // --offline finds nothing for a question not asked before, and names it as it was looked up.
    const unasked = daysAgo(8);
    const none = await spawnSocial(['trends', 'tech', '--from', unasked, '--offline', '--json'], env);
    expect(none.status).toBe(13);
    expect(none.stderr).toContain(
      `nothing in the local store answers GET /api/v1/trends/tech?from=${unasked}T00%3A00%3A00.000Z&to=now`,
    );
  });
});
