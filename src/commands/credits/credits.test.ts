// `social credits` against the real sandbox: the balance probe spends nothing, and the local ledger
// of this machine is summarised by day and command.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { testSandbox, useSandbox } from '../../../test/helpers/sandbox.js';
import { keyFingerprint } from '../../infra/state/spend-ledger.js';
import { parseFaults } from '../../sandbox/faults.js';
import type { CreditsReport } from './run.js';
import { summariseSpend } from './run.js';

const sandbox = useSandbox();

function account() {
  const a = sandbox.current.core.ledger.activeAccount('sbx_demo')!;
  return { freeUsed: a.freeUsed, purchased: a.purchased, spent: a.spentThisMonth };
}

describe('credits', () => {
  it('reads the balance without spending anything', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const before = account();
    const run = await runCli(['credits'], { env });
    expect(run.status).toBe(0);
    expect(account()).toEqual(before);
    const report = JSON.parse(run.stdout) as CreditsReport;
    expect(report.balance).toBe(
      sandbox.current.core.ledger.balance(sandbox.current.core.ledger.activeAccount('sbx_demo')!),
    );
    expect(report.probe_charged).toBe(0);
    // No internal name reaches the output.
    expect(run.stdout).not.toMatch(/probe__|__credits/);
    expect(report.ceiling).toBeNull();
    expect(report.balance_read_at).toBe('2026-11-21T12:00:00.000Z');
    expect(report.last_breakdown).toBeNull();
    expect(report.spent).toMatchObject({
      since: '2026-10-22T12:00:00.000Z',
      recorded: true,
      credits: 0,
      calls: 0,
      by_day: [],
    });
  });

  it('summarises what this machine spent, by day and command, and keeps the last breakdown', async () => {
    const env = sandboxEnv(sandbox.current.url);
    expect((await runCli(['profile', 'github', 'octocat'], { env })).status).toBe(0);
    expect((await runCli(['trends', 'tech', '--from', '1d'], { env })).status).toBe(0);
    // An old record, outside --since; and records of another key and of another service.
    const old = { at: '2026-09-01T10:00:00.000Z', command: 'movers', path: '/api/v1/movers/tech', credits: 10 };
    const mine = { service: sandbox.current.url, key: keyFingerprint('sbx_demo') };
    appendFileSync(
      join(env.SOCIAL_CONFIG_DIR!, 'spend.jsonl'),
      [
        { ...old, ...mine, cached: false },
        { ...old, ...mine, key: keyFingerprint('sbx_other'), cached: false },
        { ...old, ...mine, service: 'https://api.example.com', cached: false },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    const run = await runCli(['credits', '--since', '7d'], { env });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as CreditsReport;
    const profile = report.spent.by_day.find((r) => r.command === 'profile');
    const trends = report.spent.by_day.find((r) => r.command === 'trends');
    expect(profile).toMatchObject({ day: '2026-11-21', calls: 1 });
    expect(profile!.credits + profile!.cached).toBe(1);
    expect(trends).toEqual({ day: '2026-11-21', command: 'trends', calls: 1, cached: 0, credits: 1, uncertain: 0 });
    expect(report.spent.by_day.some((r) => r.command === 'movers')).toBe(false);
    expect(report.spent.since).toBe('2026-11-14T12:00:00.000Z');
    expect(report.last_breakdown).toMatchObject({
      free_credits_total: 100,
      free_credits_reset_at: '2026-12-01T00:00:00.000Z',
    });
    expect(report.last_breakdown!.credits_purchased_remaining).toEqual(expect.any(Number));

    const all = await runCli(['credits', '--since', '2026-09-01'], { env });
    expect((JSON.parse(all.stdout) as CreditsReport).spent.by_day.find((r) => r.command === 'movers')).toMatchObject({
      day: '2026-09-01',
      credits: 10,
    });

    const table = await runCli(['credits', '--since', '7d'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(table.stdout).toMatch(/balance\s+[\d,]+ credits/);
    expect(table.stdout).toMatch(/free left\s+\d+ of 100/);
    expect(table.stdout).toMatch(/free resets\s+in 9d/);
    // An age counts from now, to the minute: the heading says the instant, not only its day.
    expect(table.stdout).toMatch(
      /Spent from this machine since 2026-11-14 12:00 UTC \(--since 7d\): \d+ credits in \d+ calls/,
    );
    const byDate = await runCli(['credits', '--since', '2026-11-14'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(byDate.stdout).toMatch(/Spent from this machine since 2026-11-14 \(--since 2026-11-14\)/);
    const lastMinute = await runCli(['credits', '--since', '1m'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(lastMinute.stdout).toMatch(/since 2026-11-21 11:59 UTC \(--since 1m\): \d+ credits in \d+ calls/);
    expect(table.stdout).toMatch(/2026-11-21\s+trends\s+1\s+0\s+1/);

    const csv = await runCli(['credits', '-o', 'csv'], { env });
    expect(csv.stdout.split('\r\n')[0]).toBe('day,command,calls,cached,credits');
  });

  it("against a service whose clock is behind the run's, says the free allowance's next reset by the run's clock", async () => {
    const env = sandboxEnv(sandbox.current.url);
    // The sandbox's clock is 2026-11-21: its breakdowns name the reset of 2026-12-01.
    const later = new Date('2026-12-03T12:00:00Z');
    expect((await runCli(['profile', 'github', 'octocat'], { env, now: later })).status).toBe(0);
    const run = await runCli(['credits'], { env, now: later });
    const report = JSON.parse(run.stdout) as CreditsReport;
    expect(report.last_breakdown?.free_credits_reset_at).toBe('2026-12-01T00:00:00.000Z');
    expect(report.burn_rate?.free_resets_at).toBe('2027-01-01T00:00:00.000Z');
    const table = await runCli(['credits'], { env: { ...env, NO_COLOR: '1' }, tty: true, now: later });
    expect(table.stdout).toMatch(/free resets\s+in 28d/);
    expect(table.stdout).not.toMatch(/ago|2026-12-01/);
  });

  it('adds the burn rate of the whole ledger: the pace over 7 and 30 days, the days left at each', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const mine = {
      service: sandbox.current.url,
      key: keyFingerprint('sbx_demo'),
      cached: false,
      path: '/api/v1/trends/tech',
    };
    const day = (n: number) => new Date(Date.parse('2026-11-21T12:00:00Z') - n * 86_400_000).toISOString();
    appendFileSync(
      join(env.SOCIAL_CONFIG_DIR!, 'spend.jsonl'),
      [
        { ...mine, at: day(40), command: 'trends', credits: 5 },
        { ...mine, at: day(20), command: 'movers', credits: 60 },
        { ...mine, at: day(2), command: 'movers', credits: 70 },
        // Another key's spending is not this one's pace.
        { ...mine, key: keyFingerprint('sbx_other'), at: day(1), command: 'movers', credits: 500 },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    );
    const run = await runCli(['credits', '--since', '1d'], { env });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as CreditsReport;
    const balance = report.balance!;
    expect(report.burn_rate).toMatchObject({ balance, free_resets_at: '2026-12-01T00:00:00.000Z' });
    expect(report.burn_rate!.windows.map((w) => [w.days, w.credits, w.per_day, w.days_left])).toEqual([
      [7, 70, 10, Math.round((balance / 10) * 10) / 10],
      [30, 130, 4.33, Math.round((balance / (130 / 30)) * 10) / 10],
    ]);
    const table = await runCli(['credits'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    const text = table.stdout.replace(/\n {13}/g, ' ');
    expect(text).toMatch(
      /7-day pace\s+10 a day \(70 credits\) · lasts [\d.]+ days, to \d{4}-\d{2}-\d{2}, after the free reset on 2026-12-01/,
    );
    expect(table.stdout).toMatch(/30-day pace\s+4\.33 a day \(130 credits\)/);
  });

  it('refuses a bad --since before sending anything', async () => {
    const env = sandboxEnv(sandbox.current.url);
    for (const since of ['soon', '-3d', '2030-01-01']) {
      const run = await runCli(['credits', '--since', since], { env });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
    }
  });

  it('needs a key', async () => {
    const { SOCIAL_API_KEY: _key, ...env } = sandboxEnv(sandbox.current.url);
    const run = await runCli(['credits'], { env });
    expect(run.status).toBe(3);
  });

  it('does not probe when coverage cannot be read: balance unknown, local part still shown, exit 9', async () => {
    const broken = await testSandbox({ faults: parseFaults('off=nichos') });
    try {
      const before = broken.core.ledger.activeAccount('sbx_demo')!.freeUsed;
      const run = await runCli(['credits'], { env: sandboxEnv(broken.url) });
      expect(run.status).toBe(9);
      const report = JSON.parse(run.stdout) as CreditsReport;
      expect(report.balance).toBeNull();
      expect(report.probe_charged).toBeNull();
      expect(run.stderr).toMatch(/warning: coverage could not be read.*the balance was not probed/);
      expect(broken.core.ledger.activeAccount('sbx_demo')!.freeUsed).toBe(before);
    } finally {
      await broken.close();
    }
  });

  it('reports the movers route switched off as unavailable, with the local part', async () => {
    const broken = await testSandbox({ faults: parseFaults('off=movers') });
    try {
      const run = await runCli(['credits'], { env: sandboxEnv(broken.url) });
      expect(run.status).toBe(9);
      expect(JSON.parse(run.stdout).balance).toBeNull();
      expect(run.stderr).toMatch(/warning: the balance could not be read: .*endpoint_indisponivel/);
    } finally {
      await broken.close();
    }
  });
});

describe('summariseSpend', () => {
  it('sums by UTC day and command, newest day first, skipping records before since', () => {
    const rows = summariseSpend(
      [
        { at: '2026-11-20T23:59:00.000Z', command: 'trends', path: '/x', credits: 1, cached: false },
        { at: '2026-11-21T00:01:00.000Z', command: 'trends', path: '/x', credits: 1, cached: false },
        { at: '2026-11-21T08:00:00.000Z', command: 'trends', path: '/x', credits: 1, cached: false },
        { at: '2026-11-21T09:00:00.000Z', command: 'profile', path: '/y', credits: 0, cached: true },
        { at: '2026-11-01T09:00:00.000Z', command: 'movers', path: '/z', credits: 10, cached: false },
      ],
      new Date('2026-11-10T00:00:00Z'),
    );
    expect(rows).toEqual([
      { day: '2026-11-21', command: 'profile', calls: 1, cached: 1, credits: 0, uncertain: 0 },
      { day: '2026-11-21', command: 'trends', calls: 2, cached: 0, credits: 2, uncertain: 0 },
      { day: '2026-11-20', command: 'trends', calls: 1, cached: 0, credits: 1, uncertain: 0 },
    ]);
  });
});

describe('credits under --sandbox', () => {
  it('reads the in-process sandbox balance and says sandbox runs are not recorded', async () => {
    const dir = sandboxEnv(sandbox.current.url).SOCIAL_CONFIG_DIR!;
    mkdirSync(dir, { recursive: true });
    const run = await runCli(['--sandbox', 'credits', '-o', 'table'], { env: { SOCIAL_CONFIG_DIR: dir } });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/balance\s+[\d,]+ credits/);
    expect(run.stdout).toContain('--sandbox runs are not recorded');
    expect(run.stdout).not.toContain('pace');
    const json = await runCli(['--sandbox', 'credits'], { env: { SOCIAL_CONFIG_DIR: dir } });
    expect(JSON.parse(json.stdout).burn_rate).toBeNull();
  });
});
