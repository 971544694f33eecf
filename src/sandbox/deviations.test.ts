// Where the sandbox once read the spec its own way: the trends interval when only `to` is given, a
// ceiling refused before it is reached, what /openapi.json says the service must send, the error
// shape of a 405 on an envelope route, and the 90-day cap on a niche with no data. Each test quotes
// the spec's text it is written from.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../../test/helpers/sandbox.js';
import { FIXED_NOW, testSandbox } from '../../test/helpers/sandbox.js';
import { parseTrendsOptions } from '../commands/trends/index.js';
import { trendsRequest } from '../commands/trends/run.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(FIXED_NOW.getTime() - ms).toISOString();

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await testSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

const balance = async () => (await sandbox.get('/api/v1/movers/nosuchniche')).body.credits_balance as number;

describe('trends with only `to`', () => {
  it('takes from = now minus 7 days, as the spec says, not `to` minus 7 days', async () => {
    const { status, body } = await sandbox.get(`/api/v1/trends/tech?to=${ago(DAY_MS)}`);
    expect(status).toBe(200);
    expect(body.from).toBe(ago(7 * DAY_MS));
    expect(body.to).toBe(ago(DAY_MS));
  });

  it('a `to` older than 7 days then names no interval: 400, nothing charged', async () => {
    const before = await balance();
    const { status, body } = await sandbox.get(`/api/v1/trends/tech?to=${ago(8 * DAY_MS)}`);
    expect(status).toBe(400);
    expect(body.error).toBe('intervalo_invalido');
    expect(await balance()).toBe(before);
  });

  it('the CLI never meets that: with only --to it sends from = --to minus 7 days', () => {
    const request = trendsRequest(parseTrendsOptions('tech', { to: '10d' }, FIXED_NOW));
    expect(request.query).toMatchObject({ from: ago(17 * DAY_MS), to: ago(10 * DAY_MS) });
  });
});

describe('a spending ceiling', () => {
  it('reached: "is reached"', async () => {
    const { status, body } = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped');
    expect(status).toBe(402);
    expect(body.error.type).toBe('teto_estourado');
    expect(body.error.message).toMatch(/is reached/);
  });

  it('not reached, but the call would pass it (movers, 10 credits): "would pass"', async () => {
    const account = sandbox.core.ledger.activeAccount('sbx_capped');
    if (account === undefined) throw new Error('no sbx_capped key');
    account.spentThisMonth = (account.cap ?? 0) - 5;
    const movers = await sandbox.get('/api/v1/movers/tech', 'sbx_capped');
    expect(movers.status).toBe(402);
    expect(movers.body).toMatchObject({ error: 'teto_estourado', spent_this_month: 45, cap: 50 });
    expect(movers.body.message).toMatch(/would pass/);
    account.spentThisMonth = account.cap ?? 0;
    const profile = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped');
    expect(profile.body.error.message).not.toMatch(/would pass/);
    // One credit under the ceiling, a 1-credit call still passes.
    account.spentThisMonth = (account.cap ?? 0) - 1;
    expect((await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped')).status).toBe(200);
  });
});

describe('/openapi.json states the spec', () => {
  it('credits_remaining is required on ProfileEnvelope (not on PostsEnvelope); movers charges 0 or 10', async () => {
    const { body } = await sandbox.get('/openapi.json', null);
    const schemas = body.components.schemas;
    expect(schemas.ProfileEnvelope.required).toContain('credits_remaining');
    expect(schemas.PostsEnvelope.required ?? []).not.toContain('credits_remaining');
    expect(schemas.MoversBody.properties.credits_charged.enum).toEqual([0, 10]);
  });

  it('lists 502 on the archive routes', async () => {
    const { body } = await sandbox.get('/openapi.json', null);
    for (const path of ['/api/v1/nichos', '/api/v1/trends/{niche}', '/api/v1/movers/{niche}'])
      expect(Object.keys(body.paths[path].get.responses), path).toContain('502');
  });
});

describe('a 405 answers in the error shape of its route', () => {
  // Spec, Errors: "Profile, posts, single-post and transcript routes answer errors in the envelope
  // (success false, data null, error object with type, message, details). Archive routes answer
  // errors with the ApiError body." Single post and transcript list 405 among their statuses.
  const post = encodeURIComponent('at://jay.bsky.team/app.bsky.feed.post/3lbq2kk5hzc2x');
  const video = encodeURIComponent('https://www.tiktok.com/@chef.tomas/video/7709487796665882014');
  it.each([
    ['/api/v1/github/profile?handle=octocat', 'github', 'profile'],
    ['/api/v1/bluesky/posts?handle=jay.bsky.team', 'bluesky', 'posts'],
    [`/api/v1/bluesky/post?uri=${post}`, 'bluesky', 'post'],
    [`/api/v1/tiktok/post/transcript?url=${video}`, 'tiktok', 'post/transcript'],
  ])('%s: the envelope, success false, data null, error {type, message, details}', async (path, platform) => {
    const before = await balance();
    const { status, body } = await sandbox.get(path, 'sbx_demo', { method: 'POST' });
    expect(status).toBe(405);
    expect(body).toMatchObject({ success: false, platform, data: null, credits_used: 0, cached: false });
    expect(typeof body.endpoint).toBe('string');
    expect(typeof body.request_id).toBe('string');
    expect(Object.keys(body.error).sort()).toEqual(['details', 'message', 'type']);
    expect(typeof body.error.type).toBe('string');
    expect(await balance()).toBe(before);
  });

  it.each(['/api/v1/nichos', '/api/v1/trends/tech', '/api/v1/movers/tech'])('%s: ApiError', async (path) => {
    const { status, body } = await sandbox.get(path, 'sbx_demo', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(body).not.toHaveProperty('success');
  });
});

describe('the 90-day cap on a niche with no data', () => {
  // Spec, trends: "Caps: 5000 series points and a 90-day span. When a cap is hit, truncated is true
  // and the series is incomplete." and "Unknown niche: status 200, items empty, points 0".
  it.each(['nosuchniche', 'startups', 'tech'])(
    '%s over 120 days: cut to 90 days ending at to, truncated true',
    async (niche) => {
      const { status, body } = await sandbox.get(`/api/v1/trends/${niche}?from=${ago(120 * DAY_MS)}&to=${ago(0)}`);
      expect(status).toBe(200);
      expect(body.truncated).toBe(true);
      expect(body.to).toBe(ago(0));
      expect(body.from).toBe(ago(90 * DAY_MS));
    },
  );

  it('an unknown niche within 90 days is not truncated: points 0, items empty', async () => {
    const { body } = await sandbox.get(`/api/v1/trends/nosuchniche?from=${ago(30 * DAY_MS)}`);
    expect(body).toMatchObject({ truncated: false, points: 0, items: [] });
  });
});
