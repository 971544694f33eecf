// A monthly spending ceiling: no free call tells it, so `credits` remembers the one a teto_estourado
// answer revealed (per key and service, with the date) and, while it is reached, says paid calls
// are refused until the 1st and exits 5 as they would, even with a balance left. Against a small
// loopback server of answers written from the spec's text, and against the sandbox's capped key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useReplayServer } from '../../../test/conformance/server.js';
import { runCli, sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { profileEnvelope } from '../../../test/helpers/envelopes.js';
import { FIXED_NOW, useSandbox } from '../../../test/helpers/sandbox.js';
import { PROBE_NICHE } from '../../commands/shared/movers-request.js';
import { writeJsonFile } from '../../domain/state-file.js';
import { CeilingMemory, ceilingPath } from './ceiling.js';
import { acquireLock } from './lock.js';

const replay = useReplayServer();
const sandbox = useSandbox();

const json = (body: unknown) => ({ status: 200, text: JSON.stringify(body) });
// Spec, Errors: "402 teto_estourado: key has a monthly ceiling and reached it; body may carry
// spent_this_month and cap"; in the envelope, error details sit in error.details.
const refusedEnvelope = {
  success: false,
  platform: 'github',
  endpoint: 'profile',
  data: null,
  error: { type: 'teto_estourado', message: 'ceiling', details: { spent_this_month: 50, cap: 50 } },
  credits_used: 0,
  credits_remaining: 550,
  cached: false,
  request_id: 'req_cap',
};

function serveCoverageAndProbe(balance: number): void {
  const { server } = replay;
  server.set('/api/v1/nichos', json({ niches: [{ id: 'tech', label: 'Tech', windows_24h: 24, last_window: null }] }));
  server.set(
    `/api/v1/movers/${PROBE_NICHE}`,
    json({
      niche: PROBE_NICHE,
      total: 0,
      interval_min: null,
      credits_charged: 0,
      credits_balance: balance,
      note: 'No movement.',
      items: [],
    }),
  );
}

const env = (dir: string) => ({
  SOCIAL_CONFIG_DIR: dir,
  SOCIAL_BASE_URL: replay.server.url,
  SOCIAL_API_KEY: 'test_key_0123456789',
});

/** A fresh config dir where movers was refused by a ceiling of 100 with 95 spent: not reached. */
async function refusedBelowCeiling(): Promise<string> {
  serveCoverageAndProbe(300);
  const dir = replay.configDir();
  replay.server.set('/api/v1/movers/tech', {
    status: 402,
    text: JSON.stringify({ error: 'teto_estourado', message: 'ceiling', http: 402, spent_this_month: 95, cap: 100 }),
  });
  expect((await runCli(['movers', 'tech'], { env: env(dir), now: FIXED_NOW })).status).toBe(5);
  return dir;
}

describe('credits and a monthly ceiling (loopback server)', () => {
  it('a refused call reveals the ceiling: credits shows it reached, says until when, exits 5 with 550 left', async () => {
    serveCoverageAndProbe(550);
    const dir = replay.configDir();
    const before = await runCli(['credits', '--json'], { env: env(dir), now: FIXED_NOW });
    expect(before.status).toBe(0);
    expect(JSON.parse(before.stdout).ceiling).toBeNull();

    replay.server.set('/api/v1/github/profile', { status: 402, text: JSON.stringify(refusedEnvelope) });
    const refused = await runCli(['profile', 'github', 'octocat'], { env: env(dir), now: FIXED_NOW });
    expect(refused.status).toBe(5);
    const saved = JSON.parse(readFileSync(join(dir, 'ceilings.json'), 'utf8'));
    expect(JSON.stringify(saved)).not.toContain('test_key_0123456789');

    const after = await runCli(['credits', '--json'], { env: env(dir), now: FIXED_NOW });
    expect(after.status).toBe(5);
    const report = JSON.parse(after.stdout);
    expect(report.balance).toBe(550);
    expect(report.ceiling).toEqual({
      cap: 50,
      spent_this_month: 50,
      reached: true,
      seen_at: FIXED_NOW.toISOString(),
      resumes_at: '2026-12-01T00:00:00.000Z',
    });
    expect(after.stdout).not.toContain(PROBE_NICHE);
    expect(after.stderr).toContain(
      'warning: the monthly spending ceiling of this key (50 credits) is reached: paid calls are refused until 2026-12-01 (00:00 UTC), though 550 credits are left',
    );
    const table = await runCli(['credits', '-o', 'table'], { env: env(dir), now: FIXED_NOW });
    expect(table.status).toBe(5);
    expect(table.stdout).toMatch(
      /ceiling +50 credits a month, 50 spent \(as of 2026-11-21 12:00 UTC\) · reached, paid calls refused until 2026-12-01/,
    );

    // Another key, or next month: nothing known.
    const other = await runCli(['credits', '--json'], {
      env: { ...env(dir), SOCIAL_API_KEY: 'other_key_0123456789' },
      now: FIXED_NOW,
    });
    expect(JSON.parse(other.stdout).ceiling).toBeNull();
    const december = await runCli(['credits', '--json'], { env: env(dir), now: new Date('2026-12-01T00:00:01Z') });
    expect(december.status).toBe(0);
    expect(JSON.parse(december.stdout).ceiling).toBeNull();

    // A call charged since shows the ceiling was raised: forgotten.
    replay.server.set('/api/v1/github/profile', json(profileEnvelope()));
    expect((await runCli(['profile', 'github', 'octocat'], { env: env(dir), now: FIXED_NOW })).status).toBe(0);
    const raised = await runCli(['credits', '--json'], { env: env(dir), now: FIXED_NOW });
    expect(raised.status).toBe(0);
    expect(JSON.parse(raised.stdout).ceiling).toBeNull();
  });

  it('an archive refusal for a call that would pass the ceiling: remembered, not reached, exit 0', async () => {
    const dir = await refusedBelowCeiling();
    const run = await runCli(['credits', '--json'], { env: env(dir), now: FIXED_NOW });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).ceiling).toMatchObject({ cap: 100, spent_this_month: 95, reached: false });
  });
});

describe('the ceiling memory when runs overlap', () => {
  const reached = { cap: 50, spent_this_month: 50, reached: true, seen_at: FIXED_NOW.toISOString() };

  it('two writers at once while a third run holds the file: all three ceilings are kept', async () => {
    const dir = replay.configDir();
    const path = ceilingPath(dir);
    const failures: unknown[] = [];
    const memory = (key: string) =>
      new CeilingMemory(dir, { service: 'https://svc', key }, (error) => failures.push(error), {});
    // Another run is between reading the file (empty) and writing it back with its own ceiling.
    const release = await acquireLock(path, 1_000);
    const [a, b] = [memory('aaaa'), memory('bbbb')];
    a.refused(refusedEnvelope, FIXED_NOW);
    b.refused({ error: 'teto_estourado', spent_this_month: 50, cap: 50 }, FIXED_NOW);
    writeJsonFile(path, { version: 1, ceilings: { 'cccc https://svc': reached } });
    await release();
    await Promise.all([a.settled(), b.settled()]);
    expect(failures).toEqual([]);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.ceilings).toEqual({
      'aaaa https://svc': reached,
      'bbbb https://svc': reached,
      'cccc https://svc': reached,
    });
  });

  it('a paid answer while another run holds the file past the wait: shown, exit 0, a warning', async () => {
    // A ceiling with room left: every charged call counts towards it, so writes the file.
    const dir = await refusedBelowCeiling();
    replay.server.set('/api/v1/github/profile', json(profileEnvelope()));
    const release = await acquireLock(ceilingPath(dir), 1_000);
    try {
      const run = await runCli(['profile', 'github', 'octocat', '--json'], {
        env: { ...env(dir), SOCIAL_LOCK_WAIT_MS: '50' },
        now: FIXED_NOW,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ success: true });
      expect(run.stderr).toMatch(
        /warning: local state not saved, the result above stands: ceiling memory \(another social run holds .*ceilings\.json\.lock/,
      );
    } finally {
      await release();
    }
    const after = await runCli(['credits', '--json'], { env: env(dir), now: FIXED_NOW });
    expect(JSON.parse(after.stdout).ceiling).toMatchObject({ cap: 100, spent_this_month: 95 });
  });
});

describe('credits and the sandbox capped key', () => {
  it('sbx_capped: a paid call exits 5, then credits exits 5 and shows the ceiling, balance 550', async () => {
    const dir = tempConfigDir();
    const capped = sandboxEnv(sandbox.current.url, 'sbx_capped', dir);
    const call = await runCli(['profile', 'github', 'lenafischer'], { env: capped, now: FIXED_NOW });
    expect(call.status).toBe(5);
    const run = await runCli(['credits', '--json'], { env: capped, now: FIXED_NOW });
    expect(run.status).toBe(5);
    expect(JSON.parse(run.stdout)).toMatchObject({
      balance: 550,
      ceiling: { cap: 50, spent_this_month: 50, reached: true },
    });
  });
});
