// `social sandbox` tells each request it serves on stderr (method, path, status, credits), never
// the key, and nothing of the kind with --quiet. In-process: the sandbox serves until stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers/context.js';
import { until } from '../../../test/helpers/gate.js';
import { main } from '../../main.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function serve(flags: string[], requests: Array<[string, string | null]>) {
  const dir = mkdtempSync(join(tmpdir(), 'social-sandbox-log-'));
  dirs.push(dir);
  const { ctx, stdout, stderr, controller } = testContext({ env: { SOCIAL_CONFIG_DIR: dir } });
  const done = main([...flags, 'sandbox', '--port', '0', '--now', '2026-11-21T12:00:00Z'], ctx);
  await until(() => stdout().includes('http://'), 'the sandbox to listen');
  const url = stdout().trim();
  for (const [path, key] of requests) {
    const response = await fetch(`${url}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    await response.arrayBuffer();
  }
  const stop = async () => {
    controller.abort();
    return await done;
  };
  return { stderr, stop };
}

const REQUESTS: Array<[string, string | null]> = [
  ['/api/v1/github/profile?handle=octocat', 'sbx_demo'],
  ['/api/v1/github/profile?handle=octocat', 'sbx_demo'],
  ['/api/v1/movers/tech?hours=6', 'sbx_demo'],
  ['/api/v1/nope', 'sbx_demo'],
  ['/api/v1/github/profile?handle=octocat', null],
];

describe('social sandbox logs the requests it serves', () => {
  it('one line each: method, path, status, credits charged; never the key', async () => {
    const { stderr, stop } = await serve([], REQUESTS);
    await until(
      () =>
        stderr()
          .split('\n')
          .filter((l) => l.startsWith('GET ')).length === 5,
      'five request lines',
    );
    const lines = stderr()
      .split('\n')
      .filter((l) => l.startsWith('GET '));
    expect(lines).toEqual([
      'GET /api/v1/github/profile?handle=octocat 200 1 credit',
      'GET /api/v1/github/profile?handle=octocat 200 0 credits',
      'GET /api/v1/movers/tech?hours=6 200 10 credits',
      'GET /api/v1/nope 404 0 credits',
      'GET /api/v1/github/profile?handle=octocat 401 0 credits',
    ]);
    for (const line of lines) expect(line).not.toContain('sbx_');
    expect(await stop()).toBe(0);
  });

  it('--quiet: nothing on stderr, neither request lines nor the banner', async () => {
    const { stderr, stop } = await serve(['--quiet'], REQUESTS.slice(0, 2));
    expect(await stop()).toBe(0);
    expect(stderr()).toBe('');
  });
});
