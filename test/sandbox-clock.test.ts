// --sandbox-now (and SOCIAL_SANDBOX_NOW) fix the clock of a --sandbox run: the in-process
// sandbox's and the run's own, so its counts are those of that hour; refused without --sandbox.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './helpers/cli.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const dir = tempConfigDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const followers = async (args: string[], env: Record<string, string> = {}) => {
  const run = await runCli([...args, 'profile', 'github', 'octocat', '--jq', '.data.author.followers'], {
    env: { SOCIAL_CONFIG_DIR: dir, ...env },
  });
  expect([run.status, run.stderr]).toEqual([0, '']);
  return Number(run.stdout);
};

describe('the sandbox clock of a --sandbox run', () => {
  it('answers the counts of the hour it is fixed at, by flag or environment', async () => {
    expect(await followers(['--sandbox', '--sandbox-now', '2026-11-21T12:00Z'])).toBe(21873);
    const week = await followers(['--sandbox', '--sandbox-now', '2026-11-28T12:00Z']);
    expect(week).toBeGreaterThan(21873);
    expect(await followers(['--sandbox'], { SOCIAL_SANDBOX_NOW: '2026-11-28T12:30Z' })).toBe(week);
    // The flag wins over the environment.
    expect(
      await followers(['--sandbox', '--sandbox-now', '2026-11-21'], { SOCIAL_SANDBOX_NOW: '2026-11-28T12:00Z' }),
    ).not.toBe(week);
  });

  it('is the now that relative ages count back from: trends --from, credits --since, store prune --older-than', async () => {
    // The machine's clock elsewhere: a run at another instant than the sandbox's.
    const at = {
      env: { SOCIAL_CONFIG_DIR: dir, SOCIAL_SANDBOX_NOW: '2026-11-21T12:00Z' },
      now: new Date('2026-12-03T09:00Z'),
    };
    const trends = await runCli(['--sandbox', 'trends', 'tech', '--from', '36h', '--dry-run', '-o', 'json'], at);
    expect([trends.status, trends.stderr]).toEqual([0, '']);
    const url = new URL(JSON.parse(trends.stdout).requests[0].url);
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([
      '2026-11-20T00:00:00.000Z',
      '2026-11-21T12:00:00.000Z',
    ]);
    const credits = await runCli(['--sandbox', 'credits', '--since', '2d', '-o', 'json'], at);
    expect(JSON.parse(credits.stdout).spent.since).toBe('2026-11-19T12:00:00.000Z');
    const prune = await runCli(['--sandbox', 'store', 'prune', '--older-than', '5d', '-o', 'json'], at);
    expect([prune.status, JSON.parse(prune.stdout).before]).toEqual([0, '2026-11-16T12:00:00.000Z']);
  });

  it('is refused without --sandbox, and when it is not a time (exit 2, nothing on stdout)', async () => {
    const alone = await spawnSocial(['--sandbox-now', '2026-11-21T12:00Z', 'profile', 'github', 'octocat'], {
      SOCIAL_CONFIG_DIR: dir,
    });
    expect([alone.status, alone.stdout]).toEqual([2, '']);
    expect(alone.stderr).toContain('--sandbox-now sets the clock of the in-process sandbox');
    const bad = await runCli(['--sandbox', '--sandbox-now', 'tuesday', 'profile', 'github', 'octocat'], {
      env: { SOCIAL_CONFIG_DIR: dir },
    });
    expect([bad.status, bad.stdout]).toEqual([2, '']);
    expect(bad.stderr).toContain('--sandbox-now "tuesday" is not a time');
  });
});
