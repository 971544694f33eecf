// `social api`: raw GETs with auth, retries, exit statuses and formats; paths only, never URLs.
import { describe, expect, it } from 'vitest';
import { parseApiOptions } from '../src/commands/api.js';
import { runCli, sandboxEnv } from './helpers/cli.js';
import { useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();

describe('social api', () => {
  it('parses paths and fields', () => {
    expect(parseApiOptions('github/profile', ['handle=octocat'])).toEqual({
      path: '/api/v1/github/profile',
      query: { handle: 'octocat' },
    });
    expect(parseApiOptions('/api/v1/movers/tech?hours=6', ['limit=5'])).toEqual({
      path: '/api/v1/movers/tech',
      query: { hours: '6', limit: '5' },
    });
    expect(() => parseApiOptions('https://evil.example/api/v1/x', [])).toThrow(/not a URL/);
    expect(() => parseApiOptions('//evil.example/x', [])).toThrow(/not a URL/);
    expect(() => parseApiOptions('github/../../x', [])).toThrow(/\.\./);
    expect(() => parseApiOptions('github/profile', ['handle'])).toThrow(/key=value/);
  });

  it('GETs a route with the key and prints the body as it came', async () => {
    const run = await runCli(['api', 'github/profile', '-f', 'handle=octocat'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { author: { handle: 'octocat' } } });
  });

  it('maps errors to exit statuses and keeps the error body on stdout', async () => {
    const missing = await runCli(['api', 'github/videos', '-f', 'handle=octocat'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(missing.status).toBe(7);
    const bad = await runCli(['api', 'movers/tech', '-f', 'hours=0'], { env: sandboxEnv(sandbox.current.url) });
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout).error).toBe('parametro_invalido');
    const key = await runCli(['api', 'trends/tech'], { env: sandboxEnv(sandbox.current.url, 'sbx_inactive') });
    expect(key.status).toBe(3);
  });

  it('calls coverage without a key, and renders lists as tables and csv', async () => {
    const run = await runCli(['api', 'nichos', '-o', 'csv'], {
      env: { ...sandboxEnv(sandbox.current.url), SOCIAL_API_KEY: '' },
    });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\r\n')[0]).toBe('id,label,windows_24h,last_window');
    const table = await runCli(['api', 'nichos', '-o', 'table'], { env: sandboxEnv(sandbox.current.url) });
    expect(table.stdout).toMatch(/tech/);
  });

  it('--dry-run knows the price of known routes and says when it does not', async () => {
    const known = JSON.parse(
      (await runCli(['api', 'movers/tech', '--dry-run', '--json'], { env: sandboxEnv(sandbox.current.url) })).stdout,
    );
    expect(known.max_credits).toBe(10);
    const unknown = JSON.parse(
      (await runCli(['api', 'youtube/channel', '--dry-run', '--json'], { env: sandboxEnv(sandbox.current.url) }))
        .stdout,
    );
    expect(unknown.max_credits).toBeNull();
  });
});
