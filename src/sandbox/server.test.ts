// The sandbox over real HTTP: routes, both error shapes, the ledger's charge rules, the cache,
// the monthly reset, and schema validation of every response.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestSandbox } from '../../test/helpers/sandbox.js';
import { testSandbox } from '../../test/helpers/sandbox.js';
import { PLATFORMS } from '../domain/platforms.js';
import {
  ApiErrorSchema,
  CoverageSchema,
  MoversBodySchema,
  PostsEnvelopeSchema,
  ProfileEnvelopeSchema,
  TranscriptEnvelopeSchema,
  TrendsBodySchema,
} from '../domain/schemas.js';
import { parseFaults } from './faults.js';
import { reservedHandles, videos } from './social-data.js';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await testSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

const balance = async (key = 'sbx_demo') => {
  // The movers probe on a niche coverage does not list is free and reports the balance.
  const { body } = await sandbox.get('/api/v1/movers/__probe__', key);
  return body.credits_balance as number;
};

describe('profile', () => {
  it('answers every platform with the example handle, charging 1 credit, then 0 from the cache', async () => {
    for (const platform of PLATFORMS) {
      const path = `/api/v1/${platform.name}/profile?handle=${encodeURIComponent(platform.example)}`;
      const first = await sandbox.get(path);
      expect(first.status, platform.name).toBe(200);
      const envelope = ProfileEnvelopeSchema.parse(first.body);
      expect(envelope).toMatchObject({
        success: true,
        platform: platform.name,
        endpoint: 'profile',
        error: null,
        credits_used: 1,
        cached: false,
      });
      expect(Object.keys(envelope.data!.author)).toHaveLength(12);
      const second = ProfileEnvelopeSchema.parse((await sandbox.get(path)).body);
      expect(second).toMatchObject({ credits_used: 0, cached: true });
      expect(second.data).toEqual(envelope.data);
      expect(second.request_id).not.toBe(envelope.request_id);
    }
  });

  it('carries every credit field, computed from the ledger', async () => {
    const { body } = await sandbox.get('/api/v1/github/profile?handle=octocat');
    expect(body).toMatchObject({
      credits_remaining: 100 - 1 + 5000,
      credits_purchased_remaining: 5000,
      free_credits_remaining: 99,
      free_credits_total: 100,
      free_credits_reset_at: '2026-12-01T00:00:00.000Z',
    });
  });

  it('refuses a handle that does not match, or none, with 400 and no charge', async () => {
    const before = await balance();
    for (const path of [
      '/api/v1/github/profile?handle=-bad-',
      '/api/v1/github/profile',
      '/api/v1/mastodon/profile?handle=Gargron',
      '/api/v1/bluesky/profile?handle=a/b.c',
    ]) {
      const { status, body } = await sandbox.get(path);
      expect(status, path).toBe(400);
      expect(ProfileEnvelopeSchema.parse(body)).toMatchObject({
        success: false,
        data: null,
        credits_used: 0,
        error: { type: 'parametro_invalido' },
      });
    }
    expect(await balance()).toBe(before);
  });

  it('answers notfound, blocked and unavailable with 404, 451 and 503 on every platform, uncharged', async () => {
    const before = await balance();
    for (const platform of PLATFORMS) {
      const handles = reservedHandles(platform.name);
      for (const [kind, status, type] of [
        ['notfound', 404, 'nao_encontrado'],
        ['blocked', 451, 'bloqueado'],
        ['unavailable', 503, 'indisponivel'],
      ] as const) {
        const res = await sandbox.get(`/api/v1/${platform.name}/profile?handle=${encodeURIComponent(handles[kind])}`);
        expect(res.status, `${platform.name} ${kind}`).toBe(status);
        const envelope = ProfileEnvelopeSchema.parse(res.body);
        expect(envelope).toMatchObject({ success: false, data: null, credits_used: 0, cached: false, error: { type } });
        expect(envelope).toHaveProperty('error.details');
      }
    }
    expect(await balance()).toBe(before);
  });

  it('answers 401 chave_invalida for a missing, unknown or inactive key, with nulls for what it cannot read', async () => {
    for (const key of [null, 'nope', 'sbx_inactive']) {
      const res = await sandbox.get('/api/v1/github/profile?handle=octocat', key);
      expect(res.status).toBe(401);
      const envelope = ProfileEnvelopeSchema.parse(res.body);
      expect(envelope).toMatchObject({
        success: false,
        error: { type: 'chave_invalida' },
        credits_remaining: null,
        free_credits_total: null,
      });
    }
  });

  it('answers 402 sem_creditos and teto_estourado with their details', async () => {
    const empty = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_empty');
    expect(empty.status).toBe(402);
    expect(empty.body.error).toMatchObject({ type: 'sem_creditos', details: { credits_balance: 0, needed: 1 } });
    const capped = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped');
    expect(capped.status).toBe(402);
    expect(capped.body.error).toMatchObject({ type: 'teto_estourado', details: { spent_this_month: 50, cap: 50 } });
  });

  it('serves a cache hit even to a key with empty wallets, for free', async () => {
    await sandbox.get('/api/v1/github/profile?handle=octocat');
    const hit = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_empty');
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({ cached: true, credits_used: 0, credits_remaining: 0 });
  });

  it('expires the cache after one hour', async () => {
    await sandbox.get('/api/v1/github/profile?handle=octocat');
    sandbox.clock.now = new Date(sandbox.clock.now.getTime() + 59 * 60_000);
    expect((await sandbox.get('/api/v1/github/profile?handle=octocat')).body.cached).toBe(true);
    sandbox.clock.now = new Date(sandbox.clock.now.getTime() + 2 * 60_000);
    expect((await sandbox.get('/api/v1/github/profile?handle=octocat')).body).toMatchObject({
      cached: false,
      credits_used: 1,
    });
  });

  it('ignores undeclared parameters', async () => {
    const res = await sandbox.get('/api/v1/github/profile?handle=octocat&limit=abc&foo=bar');
    expect(res.status).toBe(200);
  });
});

describe('posts', () => {
  it('serves bluesky, mastodon and threads only', async () => {
    expect((await sandbox.get('/api/v1/github/posts?handle=octocat')).status).toBe(404);
    for (const name of ['bluesky', 'mastodon', 'threads']) {
      const platform = PLATFORMS.find((p) => p.name === name)!;
      const res = await sandbox.get(`/api/v1/${name}/posts?handle=${encodeURIComponent(platform.example)}`);
      expect(res.status, name).toBe(200);
      const envelope = PostsEnvelopeSchema.parse(res.body);
      expect(envelope.data).toMatchObject({ has_more: false, next_cursor: null });
    }
  });

  it('applies limit defaults and refuses out-of-range limits, never clamping', async () => {
    const cases: Array<[string, string, number]> = [
      ['bluesky', 'limit=0', 400],
      ['bluesky', 'limit=101', 400],
      ['bluesky', 'limit=2.5', 400],
      ['bluesky', 'limit=05', 400],
      ['bluesky', 'limit=100', 200],
      ['mastodon', 'limit=41', 400],
      ['mastodon', 'limit=40', 200],
      // threads takes no limit: an undeclared parameter is ignored.
      ['threads', 'limit=9999', 200],
    ];
    for (const [name, query, status] of cases) {
      const platform = PLATFORMS.find((p) => p.name === name)!;
      const res = await sandbox.get(`/api/v1/${name}/posts?handle=${encodeURIComponent(platform.example)}&${query}`);
      expect(res.status, `${name} ${query}`).toBe(status);
      if (status === 400) expect(res.body).toMatchObject({ error: { type: 'parametro_invalido' }, credits_used: 0 });
    }
    const many = PostsEnvelopeSchema.parse((await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team')).body);
    expect(many.data!.items.length).toBeLessThanOrEqual(25);
  });

  it('caches posts per route and parameters: a profile call and a posts call are two fetches; bluesky per limit', async () => {
    const profile = await sandbox.get('/api/v1/bluesky/profile?handle=jay.bsky.team');
    const posts = await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team');
    expect(profile.body.cached).toBe(false);
    expect(posts.body.cached).toBe(false);
    expect((await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team')).body.cached).toBe(true);
    expect((await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team&limit=5')).body).toMatchObject({
      cached: false,
      credits_used: 1,
    });
    expect((await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team&limit=5')).body.cached).toBe(true);
  });

  it('keeps the spec rules of posts: quotes null on threads, text_html only on mastodon', async () => {
    const threads = PostsEnvelopeSchema.parse((await sandbox.get('/api/v1/threads/posts?handle=zuck')).body);
    for (const item of threads.data!.items) {
      expect(item.metrics.quotes).toBeNull();
      expect(item.text_html).toBeNull();
    }
    const mastodon = PostsEnvelopeSchema.parse(
      (await sandbox.get('/api/v1/mastodon/posts?handle=Gargron@mastodon.social')).body,
    );
    expect(mastodon.data!.items.some((item) => item.text_html !== null)).toBe(true);
  });
});

describe('post and transcript', () => {
  it('finds a bluesky post by at:// URI, items of one, charged 1', async () => {
    const posts = PostsEnvelopeSchema.parse(
      (await sandbox.get('/api/v1/bluesky/posts?handle=jay.bsky.team&limit=1')).body,
    );
    const uri = posts.data!.items[0]!.id;
    const res = await sandbox.get(`/api/v1/bluesky/post?uri=${encodeURIComponent(uri)}`);
    expect(res.status).toBe(200);
    const envelope = PostsEnvelopeSchema.parse(res.body);
    expect(envelope.data!.items).toHaveLength(1);
    expect(envelope.data!.items[0]!.id).toBe(uri);
    expect(envelope.credits_used).toBe(1);
  });

  it('refuses a malformed URI with 400 and answers an unknown post with 404, uncharged', async () => {
    const before = await balance();
    expect((await sandbox.get('/api/v1/bluesky/post?uri=https://example.com')).status).toBe(400);
    expect(
      (await sandbox.get('/api/v1/bluesky/post?uri=at://jay.bsky.team/app.bsky.feed.post/zzzzzzzzzzzzz')).status,
    ).toBe(404);
    expect(await balance()).toBe(before);
  });

  it('charges a transcript even when its items are empty', async () => {
    const silent = videos().find((v) => v.segments.length === 0)!;
    const spoken = videos().find((v) => v.segments.length > 0)!;
    const before = await balance();
    const empty = await sandbox.get(`/api/v1/tiktok/post/transcript?url=${encodeURIComponent(silent.url)}`);
    expect(empty.status).toBe(200);
    expect(TranscriptEnvelopeSchema.parse(empty.body)).toMatchObject({ credits_used: 1, data: { items: [] } });
    const full = TranscriptEnvelopeSchema.parse(
      (await sandbox.get(`/api/v1/tiktok/post/transcript?url=${encodeURIComponent(spoken.url)}`)).body,
    );
    expect(full.data!.items.length).toBeGreaterThan(0);
    expect(await balance()).toBe(before - 2);
    expect((await sandbox.get('/api/v1/tiktok/post/transcript?url=https://example.com/x')).status).toBe(400);
  });
});

describe('archive routes', () => {
  it('serves coverage without a key and for free', async () => {
    const before = await balance();
    const res = await sandbox.get('/api/v1/nichos?anything=1', null);
    expect(res.status).toBe(200);
    const coverage = CoverageSchema.parse(res.body);
    const byId = new Map(coverage.niches.map((n) => [n.id, n]));
    expect(byId.get('tech')?.windows_24h).toBe(24);
    expect(coverage.niches.some((n) => n.last_window !== null && n.windows_24h < 24)).toBe(true);
    expect(coverage.niches.some((n) => n.last_window === null)).toBe(true);
    expect(await balance()).toBe(before);
  });

  it('charges trends 1 credit, even for an unknown niche, with rate-limit headers', async () => {
    const before = await balance();
    const res = await sandbox.get('/api/v1/trends/tech');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('999');
    const body = TrendsBodySchema.parse(res.body);
    expect(body).toMatchObject({ niche: 'tech', credits_charged: 1, paid_from: 'free', free_used: 1, free_total: 100 });
    expect(body.items.length).toBeGreaterThan(0);
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(7 * 24 * 3600_000);
    const unknown = TrendsBodySchema.parse((await sandbox.get('/api/v1/trends/tehc')).body);
    expect(unknown).toMatchObject({ items: [], points: 0, credits_charged: 1 });
    expect(await balance()).toBe(before - 2);
  });

  it('caps trends at 90 days and 5000 points, with truncated', async () => {
    const body = TrendsBodySchema.parse(
      (await sandbox.get('/api/v1/trends/tech?from=2026-06-01T00:00:00Z&to=2026-11-21T00:00:00Z')).body,
    );
    expect(body.truncated).toBe(true);
    expect(body.points).toBeLessThanOrEqual(5000);
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBeLessThanOrEqual(90 * 24 * 3600_000);
  });

  it('refuses a malformed interval with 400 intervalo_invalido', async () => {
    for (const query of ['from=yesterday', 'from=2026-11-20T00:00:00Z&to=2026-11-19T00:00:00Z', 'to=2026-13-45']) {
      const res = await sandbox.get(`/api/v1/trends/tech?${query}`);
      expect(res.status, query).toBe(400);
      expect(ApiErrorSchema.parse(res.body).error).toBe('intervalo_invalido');
    }
  });

  it('answers trends 401 chave_ausente without a key and chave_invalida with a bad one', async () => {
    const none = await sandbox.get('/api/v1/trends/tech', null);
    expect(none.status).toBe(401);
    expect(ApiErrorSchema.parse(none.body).error).toBe('chave_ausente');
    expect((await sandbox.get('/api/v1/trends/tech', 'sbx_inactive')).body.error).toBe('chave_invalida');
  });

  it('answers trends 429 with limit and renews_at when the monthly quota is spent', async () => {
    const res = await sandbox.get('/api/v1/trends/tech', 'sbx_quota');
    expect(res.status).toBe(429);
    expect(ApiErrorSchema.parse(res.body)).toMatchObject({ limit: 100, renews_at: '2026-12-01' });
  });

  it('charges movers 10 only when movement is found', async () => {
    const before = await balance();
    const res = await sandbox.get('/api/v1/movers/tech?hours=6&limit=5');
    const body = MoversBodySchema.parse(res.body);
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThanOrEqual(5);
    expect(body.credits_charged).toBe(10);
    expect(body.credits_balance).toBe(before - 10);
    const gains = body.items.map((m) => m.points_gained);
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
    const empty = MoversBodySchema.parse((await sandbox.get('/api/v1/movers/startups')).body);
    expect(empty).toMatchObject({ total: 0, interval_min: null, credits_charged: 0, items: [] });
    expect(empty.note).toBeTruthy();
    expect(await balance()).toBe(before - 10);
  });

  it('refuses out-of-range and malformed movers parameters before reading, uncharged', async () => {
    const before = await balance();
    const malformed = [
      'hours=05',
      'hours=%2B5',
      'hours=+5',
      'hours=%205',
      'hours=5%20',
      'hours=-0',
      'limit=007',
      'hours=',
    ];
    for (const query of ['hours=0', 'hours=721', 'hours=1.5', 'limit=0', 'limit=101', 'limit=x', ...malformed]) {
      const res = await sandbox.get(`/api/v1/movers/tech?${query}`);
      expect(res.status, query).toBe(400);
      expect(ApiErrorSchema.parse(res.body).error).toBe('parametro_invalido');
    }
    expect(await balance()).toBe(before);
  });

  it('answers movers 401 with WWW-Authenticate: Bearer, and 402 for empty wallets when movement exists', async () => {
    const res = await sandbox.get('/api/v1/movers/tech', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const empty = await sandbox.get('/api/v1/movers/tech', 'sbx_empty');
    expect(empty.status).toBe(402);
    expect(ApiErrorSchema.parse(empty.body)).toMatchObject({ error: 'sem_creditos', credits_balance: 0, needed: 10 });
    const capped = await sandbox.get('/api/v1/movers/tech', 'sbx_capped');
    expect(ApiErrorSchema.parse(capped.body)).toMatchObject({ error: 'teto_estourado', spent_this_month: 50, cap: 50 });
  });
});

describe('ledger', () => {
  it('spends the free allowance before purchased credits', async () => {
    for (let i = 0; i < 9; i += 1) await sandbox.get('/api/v1/movers/tech?hours=1');
    // 90 of 100 free spent; the next movers call takes 10 free, the one after 10 purchased.
    await sandbox.get('/api/v1/movers/tech?hours=2');
    let envelope = (await sandbox.get('/api/v1/github/profile?handle=octocat')).body;
    expect(envelope).toMatchObject({ free_credits_remaining: 0, credits_purchased_remaining: 4999 });
    const trends = TrendsBodySchema.parse((await sandbox.get('/api/v1/trends/tech')).body);
    expect(trends.paid_from).toBe('balance');
    envelope = (await sandbox.get('/api/v1/instagram/profile?handle=natgeo')).body;
    expect(envelope.credits_purchased_remaining).toBeLessThan(4999);
  });

  it('resets the free allowance, ceiling and quota at 00:00 UTC on the 1st', async () => {
    sandbox.clock.now = new Date('2026-11-30T23:59:59Z');
    expect((await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped')).status).toBe(402);
    expect((await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_empty')).status).toBe(402);
    expect((await sandbox.get('/api/v1/trends/tech', 'sbx_quota')).status).toBe(429);
    sandbox.clock.now = new Date('2026-12-01T00:00:00Z');
    const capped = await sandbox.get('/api/v1/github/profile?handle=octocat', 'sbx_capped');
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({
      free_credits_remaining: 99,
      free_credits_reset_at: '2027-01-01T00:00:00.000Z',
    });
    expect((await sandbox.get('/api/v1/instagram/profile?handle=natgeo', 'sbx_empty')).body).toMatchObject({
      success: true,
      free_credits_remaining: 99,
    });
    expect((await sandbox.get('/api/v1/trends/tech', 'sbx_quota')).status).toBe(200);
  });

  it('keeps ledger and cache across restarts with --state, written atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-state-'));
    const statePath = join(dir, 'state.json');
    const first = await testSandbox({ statePath });
    await first.get('/api/v1/github/profile?handle=octocat');
    await first.close();
    expect(JSON.parse(readFileSync(statePath, 'utf8')).version).toBe(1);
    const second = await testSandbox({ statePath });
    const again = await second.get('/api/v1/github/profile?handle=octocat');
    expect(again.body).toMatchObject({ cached: true, free_credits_remaining: 99 });
    await second.close();
  });
});

describe('HTTP surface', () => {
  it('serves GET only: 405 metodo_invalido with Allow (an archive route: ApiError)', async () => {
    const res = await sandbox.get('/api/v1/movers/tech', 'sbx_demo', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(ApiErrorSchema.parse(res.body).error).toBe('metodo_invalido');
  });

  it('answers an unknown route with 404 in the ApiError shape', async () => {
    const res = await sandbox.get('/api/v1/github/videos?handle=octocat');
    expect(res.status).toBe(404);
    ApiErrorSchema.parse(res.body);
  });

  it('switches a route off with off=<route>: 503 endpoint_indisponivel on movers, and gone from openapi', async () => {
    const off = await testSandbox({ faults: parseFaults('off=movers') });
    const res = await off.get('/api/v1/movers/tech');
    expect(res.status).toBe(503);
    expect(ApiErrorSchema.parse(res.body).error).toBe('endpoint_indisponivel');
    const doc = (await off.get('/openapi.json')).body;
    expect(Object.keys(doc.paths)).not.toContain('/api/v1/movers/{niche}');
    await off.close();
  });

  it('injects 503 and 502 before handling: nothing charged', async () => {
    const faulty = await testSandbox({ faults: parseFaults('503=0.5,502=0.5') });
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i += 1) statuses.add((await faulty.get('/api/v1/github/profile?handle=octocat')).status);
    expect(statuses.has(503)).toBe(true);
    expect(statuses.has(502)).toBe(true);
    const account = faulty.core.ledger.activeAccount('sbx_demo')!;
    // Only the requests that got through were charged, and only the first of them (cache after).
    expect(account.freeUsed).toBeLessThanOrEqual(1);
    await faulty.close();
  });

  it('injects malformed and truncated bodies after the charge', async () => {
    const faulty = await testSandbox({ faults: parseFaults('malformed=1') });
    const res = await faulty.get('/api/v1/github/profile?handle=octocat');
    expect(typeof res.body).toBe('string');
    expect(faulty.core.ledger.activeAccount('sbx_demo')!.freeUsed).toBe(1);
    await faulty.close();
    const cut = await testSandbox({ faults: parseFaults('truncated=1') });
    await expect(cut.get('/api/v1/github/profile?handle=octocat')).rejects.toThrow();
    await cut.close();
  });
});
