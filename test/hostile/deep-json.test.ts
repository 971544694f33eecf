// A body nested 100,000 deep (JSON.parse reads it; V8's JSON.stringify overflows the stack on it)
// is written in every format, and the exit status stays the one the answer calls for.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from './harness.js';
import { httpServer, serviceEnv, social } from './harness.js';

beforeAll(() => {
  if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
});

describe('100,000-deep JSON', () => {
  const DEPTH = 100_000;
  const deep = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  const body = `{"success":true,"data":{"deep":${deep}},"credits_used":1}`;
  // A profile as documented, but for a display field (bio) and an unknown one that hold the depth.
  const profile = `{"success":true,"platform":"github","endpoint":"profile","data":{"author":{"id":"1","handle":"deepbio","name":"D","bio":${deep},"avatar_url":null,"followers":1,"following":2,"posts_count":3,"verified":null,"is_private":false,"external_url":null,"url":"https://github.com/deepbio","extra":${deep}},"items":[],"has_more":false,"next_cursor":null},"error":null,"credits_used":1,"cached":false,"request_id":"req_1","credits_remaining":99}`;
  let server: Loopback;
  beforeAll(async () => {
    server = await httpServer((req, res) => {
      const failing = req.url?.includes('unavailable');
      res.writeHead(failing ? 503 : 200, { 'content-type': 'application/json' });
      if (failing) res.end(`{"success":false,"error":{"type":"indisponivel","details":${deep}}}`);
      else res.end(req.url?.includes('deepbio') ? profile : body);
    });
  });
  afterAll(() => server.close());

  it('json writes it whole (compact: indenting it would be quadratic in its depth)', async () => {
    const run = await social(['api', 'github/profile', '-o', 'json'], serviceEnv(server.url));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.startsWith('{"success":true,"data":{"deep":[[[')).toBe(true);
    expect(run.stdoutBytes).toBe(body.length + 1);
  });

  it('ndjson, table and csv write it, exit 0', async () => {
    for (const format of ['ndjson', 'table', 'csv']) {
      const run = await social(['api', 'github/profile', '-o', format], serviceEnv(server.url));
      expect(run.status, `${format}: ${run.stderr}`).toBe(0);
      expect(run.stderr).not.toMatch(/stack/);
    }
  }, 60_000);

  it('a profile with a deep display field is shown in every format (exit 0), and refused by --strict (11)', async () => {
    for (const format of ['json', 'ndjson', 'table', 'csv']) {
      const run = await social(['profile', 'github', 'deepbio', '-o', format], serviceEnv(server.url));
      expect(run.status, `${format}: ${run.stderr}`).toBe(0);
      expect(run.stderr).toMatch(/bio as a list/);
    }
    const strict = await social(['profile', 'github', 'deepbio', '--strict'], serviceEnv(server.url));
    expect(strict.status, strict.stderr).toBe(11);
  }, 90_000);

  it('a profile of the wrong shape is exit 11, and a 503 carrying it exit 9, its body on stdout', async () => {
    const profile = await social(['profile', 'github', 'octocat', '-o', 'json'], serviceEnv(server.url));
    expect(profile.status, profile.stderr).toBe(11);
    expect(profile.stderr).toMatch(/response not understood/);
    expect(profile.stdoutBytes).toBe(body.length + 1);
    const down = await social(
      ['api', 'github/profile', '-f', 'handle=unavailable', '--retries', '0'],
      serviceEnv(server.url),
    );
    expect(down.status, down.stderr).toBe(9);
    expect(down.stdout.startsWith('{"success":false')).toBe(true);
  });
});
