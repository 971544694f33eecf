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
