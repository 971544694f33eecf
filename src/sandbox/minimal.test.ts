// `social sandbox --minimal`: every answer carries exactly what the spec requires, and the CLI
// still works against it.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../test/helpers/cli.js';
import type { TestSandbox } from '../../test/helpers/sandbox.js';
import { testSandbox } from '../../test/helpers/sandbox.js';
import { accounts, videos } from './social-data.js';

const POSTS_ENVELOPE = ['success', 'platform', 'endpoint', 'data', 'error', 'credits_used', 'cached', 'request_id'];
const PROFILE_ENVELOPE = [...POSTS_ENVELOPE, 'credits_remaining'];
const TRENDS = [
  'niche',
  'from',
  'to',
  'points',
  'truncated',
  'credits_charged',
  'paid_from',
  'free_used',
  'free_total',
  'credits_balance',
  'items',
];
const MOVERS = ['niche', 'total', 'interval_min', 'credits_charged', 'credits_balance', 'items'];
const keys = (body: object) => Object.keys(body).sort();
const sorted = (fields: string[]) => [...fields].sort();

let sandbox: TestSandbox;
const dirs: string[] = [];
beforeAll(async () => {
  sandbox = await testSandbox({ minimal: true });
});
afterAll(async () => {
  await sandbox.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('--minimal answers', () => {
  const post = accounts('bluesky')[0]?.posts[0]?.id ?? '';
  const video = videos()[0]?.url ?? '';
  it.each([
    ['/api/v1/bluesky/posts?handle=jay.bsky.team', POSTS_ENVELOPE],
    ['/api/v1/mastodon/posts?handle=Gargron@mastodon.social', POSTS_ENVELOPE],
    ['/api/v1/threads/posts?handle=zuck', POSTS_ENVELOPE],
    [`/api/v1/bluesky/post?uri=${encodeURIComponent(post)}`, POSTS_ENVELOPE],
    [`/api/v1/tiktok/post/transcript?url=${encodeURIComponent(video)}`, POSTS_ENVELOPE],
    ['/api/v1/github/profile?handle=octocat', PROFILE_ENVELOPE],
    ['/api/v1/trends/tech', TRENDS],
    ['/api/v1/movers/tech', MOVERS],
  ])('%s: exactly the required fields, no optional header', async (path, fields) => {
    const { status, headers, body } = await sandbox.get(path);
    expect(status).toBe(200);
    expect(keys(body)).toEqual(sorted(fields));
    const documented = path.startsWith('/api/v1/trends/') ? ['x-ratelimit-limit', 'x-ratelimit-remaining'] : [];
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-request-id'])
      if (!documented.includes(name)) expect(headers.get(name), name).toBeNull();
  });

  // Spec, trends: "Response headers on 200: X-RateLimit-Limit (integer), X-RateLimit-Remaining (integer)."
  it.each(['tech', 'startups', 'nosuchniche'])(
    'trends 200 on %s keeps X-RateLimit-Limit and -Remaining',
    async (niche) => {
      const { status, headers } = await sandbox.get(`/api/v1/trends/${niche}`);
      expect(status).toBe(200);
      expect(headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    },
  );

  it('a 405 keeps Allow (HTTP requires it), in the shape of the route', async () => {
    const profile = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_demo', { method: 'POST' });
    expect(profile.status).toBe(405);
    expect(profile.headers.get('allow')).toBe('GET');
    expect(keys(profile.body)).toEqual(sorted(PROFILE_ENVELOPE));
  });

  it('movers carries note only on an empty, uncharged result', async () => {
    const { body } = await sandbox.get('/api/v1/movers/nosuchniche');
    expect(keys(body)).toEqual(sorted([...MOVERS, 'note']));
    expect(body.credits_charged).toBe(0);
  });

  it('errors: envelope details null and no credit fields on posts; ApiError code and message only', async () => {
    const posts = await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team&limit=101');
    expect(posts.status).toBe(400);
    expect(keys(posts.body)).toEqual(sorted(POSTS_ENVELOPE));
    expect(posts.body.error).toEqual({ type: 'parametro_invalido', message: expect.any(String), details: null });
    const profile = await sandbox.get('/api/v1/github/profile?handle=notfound');
    expect(keys(profile.body)).toEqual(sorted(PROFILE_ENVELOPE));
    const movers = await sandbox.get('/api/v1/movers/tech?hours=0');
    expect(keys(movers.body)).toEqual(['error', 'message']);
    const capped = await sandbox.get('/api/v1/movers/tech', 'sbx_capped');
    expect(keys(capped.body)).toEqual(['error', 'message']);
    const quota = await sandbox.get('/api/v1/trends/tech', 'sbx_quota');
    expect(quota.status).toBe(429);
    expect(keys(quota.body)).toEqual(sorted(['error', 'message', 'limit', 'renews_at']));
  });

  it("keeps the one documented header: WWW-Authenticate on movers' 401", async () => {
    const movers = await sandbox.get('/api/v1/movers/tech', null);
    expect(movers.status).toBe(401);
    expect(movers.headers.get('www-authenticate')).toBe('Bearer');
    const profile = await sandbox.get('/api/v1/github/profile?handle=octocat', null);
    expect(profile.headers.get('www-authenticate')).toBeNull();
  });
});

describe('the CLI against --minimal', () => {
  it.each([
    [['posts', 'bluesky', 'jay.bsky.team', '--limit', '2']],
    [['profile', 'github', 'octocat']],
    [['trends', 'tech', '--from', '6h']],
    [['movers', 'tech']],
  ])('%j works, json and table', async (argv) => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
    const json = await runCli([...argv, '--json'], { env });
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toBeTypeOf('object');
    const table = await runCli(argv, { env });
    expect(table.status, table.stderr).toBe(0);
  });
});
