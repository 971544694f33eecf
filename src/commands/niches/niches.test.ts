// niches in-process against the real sandbox over HTTP, through a counting proxy: coverage as
// json, table and csv, and the local cache it refreshes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { useCountedSandbox } from '../../../test/helpers/counting-proxy.js';
import { CoverageSchema } from '../../domain/schemas.js';

const counted = useCountedSandbox();

describe('niches', () => {
  it('needs no key, prints coverage untouched as json, and refreshes the local cache', async () => {
    const { SOCIAL_API_KEY: _key, ...keyless } = counted.env;
    const run = await runCli(['niches'], { env: keyless });
    expect(run.status).toBe(0);
    const body = CoverageSchema.parse(JSON.parse(run.stdout));
    expect(body).toEqual((await counted.sandbox.get('/api/v1/nichos', null)).body);
    expect(counted.proxy.paths).toEqual(['/api/v1/nichos']);
    const cache = JSON.parse(readFileSync(join(counted.env.SOCIAL_CONFIG_DIR!, 'coverage-cache.json'), 'utf8'));
    expect(cache.entries[counted.proxy.url].base_url).toBe(counted.proxy.url);
    expect(cache.entries[counted.proxy.url].fetched_at).toBe('2026-11-21T12:00:00.000Z');
  });

  it('marks gaps and never-recorded niches in the table', async () => {
    const run = await runCli(['niches'], { env: { ...counted.env, NO_COLOR: '1' }, tty: true });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/tech\s+Technology\s+24\/24\s+just now/);
    expect(run.stdout).toMatch(/business\s+Business\s+\d+\/24 gaps\s+1h ago/);
    expect(run.stdout).toMatch(/science\s+Science\s+\d+\/24 gaps/);
    expect(run.stdout).toMatch(/startups\s+Startups\s+0\/24\s+never recorded/);
  });

  it('writes csv with the raw fields', async () => {
    const run = await runCli(['niches', '-o', 'csv'], { env: counted.env });
    const lines = run.stdout.trim().split('\r\n');
    expect(lines[0]).toBe('id,label,windows_24h,last_window');
    expect(lines).toContain('startups,Startups,0,');
  });
});
