// Niche resolution, which trends and movers share, in-process against the real sandbox over HTTP
// through a counting proxy: a typo refused with the nearest niche, the coverage cache, and what
// --dry-run checks and sends (nothing).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, withConfigDir } from '../../../test/helpers/cli.js';
import { paid, useCountedSandbox } from '../../../test/helpers/counting-proxy.js';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import { TrendsBodySchema } from '../../domain/schemas.js';
import { parseFaults } from '../../sandbox/faults.js';

const counted = useCountedSandbox();

describe('niche resolution', () => {
  it('refuses a typo with the nearest niche: exit 2, only the free coverage sent, nothing charged', async () => {
    const before = counted.wallets();
    for (const command of ['trends', 'movers']) {
      const run = await runCli([command, 'tehc'], { env: counted.env });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/unknown niche "tehc"/);
      expect(run.stderr).toMatch(/Did you mean tech\?/);
    }
    expect(counted.wallets()).toEqual(before);
    expect(paid(counted.proxy.paths)).toEqual([]);
  });

  it('asks coverage once and then uses the local cache', async () => {
    await runCli(['trends', 'tech', '--limit', '20'], { env: counted.env });
    await runCli(['movers', 'tech', '--limit', '1'], { env: counted.env });
    expect(counted.proxy.paths.filter((p) => p === '/api/v1/nichos')).toHaveLength(1);
    expect(paid(counted.proxy.paths)).toHaveLength(2);
  });

  it('asks again once the cache is older than 5 minutes', async () => {
    await runCli(['niches'], { env: counted.env });
    const later = new Date('2026-11-21T12:06:00Z');
    await runCli(['movers', 'tehc'], { env: counted.env, now: later });
    expect(counted.proxy.paths.filter((p) => p === '/api/v1/nichos')).toHaveLength(2);
  });

  it('goes on with a warning when coverage cannot be read', async () => {
    const broken = await testSandbox({ faults: parseFaults('off=nichos') });
    try {
      const run = await runCli(['trends', 'tech'], { env: sandboxEnv(broken.url) });
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(/warning: coverage could not be read: .*niche "tech" not checked, going on/);
      expect(TrendsBodySchema.parse(JSON.parse(run.stdout)).niche).toBe('tech');
      expect(broken.core.ledger.activeAccount('sbx_demo')!.freeUsed).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('--dry-run', () => {
  it('sends nothing, not even coverage, and prints the URL and the most it could cost', async () => {
    const before = counted.wallets();
    const trends = await runCli(['trends', 'tech', '--from', '36h', '--dry-run'], { env: counted.env });
    expect(trends.status).toBe(0);
    const plan = JSON.parse(trends.stdout);
    expect(plan).toMatchObject({ dry_run: true, max_credits: 1 });
    expect(plan.requests[0].url).toBe(
      `${counted.proxy.url}/api/v1/trends/tech?from=2026-11-20T00%3A00%3A00.000Z&to=2026-11-21T12%3A00%3A00.000Z`,
    );
    expect(plan.requests[0].max_credits).toBe(1);
    expect(trends.stderr).toMatch(/warning: .*--dry-run sends nothing.*niche "tech" not checked/);

    const movers = await runCli(['movers', 'tech', '--hours', '6', '--dry-run', '-o', 'table'], { env: counted.env });
    expect(movers.status).toBe(0);
    expect(movers.stdout).toContain('at most 10 credits');
    expect(movers.stdout).toContain(`${counted.proxy.url}/api/v1/movers/tech?hours=6&limit=20`);

    expect(counted.proxy.paths).toEqual([]);
    expect(counted.wallets()).toEqual(before);
  });

  it('--sandbox: checks the niche against the in-process sandbox, writing no cache and sending nothing paid', async () => {
    await withConfigDir(async (dir) => {
      const env = { SOCIAL_CONFIG_DIR: dir };
      const typo = await runCli(['--sandbox', 'trends', 'tehc', '--dry-run'], { env });
      expect(typo.status).toBe(2);
      expect(typo.stderr).toMatch(/unknown niche "tehc".*\n.*Did you mean tech\?/);
      const ok = await runCli(['--sandbox', 'movers', 'tech', '--dry-run'], { env });
      expect(ok.status, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ dry_run: true, max_credits: 10 });
      expect(ok.stderr).toBe('');
      // Coverage shows startups was never recorded: the guard's reasoning, as a warning.
      const empty = await runCli(['--sandbox', 'trends', 'startups', '--dry-run'], { env });
      expect(empty.status).toBe(0);
      expect(empty.stderr).toMatch(/warning: without --force it would not be sent: niche startups has no window/);
      expect(existsSync(join(dir, 'coverage-cache.json'))).toBe(false);
    });
  });

  it('still refuses a typo when a fresh coverage cache knows the niches, sending nothing', async () => {
    await runCli(['niches'], { env: counted.env });
    counted.proxy.paths.length = 0;
    const run = await runCli(['trends', 'tehc', '--dry-run'], { env: counted.env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Did you mean tech\?/);
    const ok = await runCli(['movers', 'tech', '--dry-run'], { env: counted.env });
    expect(ok.status).toBe(0);
    expect(ok.stderr).toBe('');
    expect(counted.proxy.paths).toEqual([]);
  });
});
