// The route table (src/domain/routes.ts) drives the sandbox's router, /openapi.json and the
// client's validation: each of them is held to the table here, both ways.
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, useSandbox } from '../../test/helpers/sandbox.js';
import { parseMoversOptions } from '../commands/movers/index.js';
import { parsePostsOptions } from '../commands/posts/index.js';
import { parseTrendsOptions } from '../commands/trends/index.js';
import { PLATFORMS } from './platforms.js';
import type { IntegerParam } from './routes.js';
import {
  integerParam,
  matchRoute,
  queryParams,
  ROUTES,
  route,
  routeInstances,
  routePlatforms,
  TRENDS_POINTS_CAP,
} from './routes.js';

const sandbox = useSandbox();

/** Every concrete path of the table, a niche filled in, with parameters that make its call valid. */
const CALLS = ROUTES.flatMap((r) =>
  routeInstances(r).map(({ path, platform }) => {
    const query: Record<string, string> = {
      post: 'uri=at://jay.bsky.team/app.bsky.feed.post/3lbq2kk5hzc2x',
      transcript: 'url=https://www.tiktok.com/@khaby.lame/video/1',
    };
    const handle = platform ? `handle=${encodeURIComponent(platform.example)}` : '';
    return `${path.replace('{niche}', 'tech')}?${query[r.name] ?? handle}`;
  }),
);

describe('the route table', () => {
  it('has the spec routes, each with a {platform} route on at least one platform', () => {
    expect(ROUTES.map((r) => r.name).sort()).toEqual(
      ['movers', 'nichos', 'post', 'posts', 'profile', 'transcript', 'trends'].sort(),
    );
    expect(routePlatforms('profile')).toEqual([...PLATFORMS]);
    expect(routePlatforms('posts').map((p) => p.name)).toEqual(['bluesky', 'mastodon', 'threads']);
    expect(routePlatforms('post').map((p) => p.name)).toEqual(['bluesky']);
    expect(routePlatforms('transcript').map((p) => p.name)).toEqual(['tiktok']);
  });

  it('matches each of its paths, and nothing else', () => {
    for (const call of CALLS) expect(matchRoute(call.split('?')[0] ?? ''), call).toBeDefined();
    for (const path of [
      '/api/v1/github/posts',
      '/api/v1/Github/profile',
      '/api/v1/trends',
      '/api/v1/trends/',
      '/api/v2/nichos',
    ])
      expect(matchRoute(path), path).toBeUndefined();
  });

  it('every route it lists is served by the sandbox (never "No route")', async () => {
    for (const call of CALLS) {
      const { status, body } = await sandbox.current.get(call);
      expect(JSON.stringify(body), call).not.toMatch(/No route/);
      expect([200, 404], call).toContain(status);
    }
  });

  it('the sandbox serves no path under /api/v1 that it does not list', async () => {
    for (const path of [
      '/api/v1/github/posts',
      '/api/v1/mastodon/post',
      '/api/v1/bluesky/post/transcript',
      '/api/v1/x',
    ]) {
      const { status, body } = await sandbox.current.get(path);
      expect(status, path).toBe(404);
      expect(body.message, path).toMatch(/No route/);
    }
  });

  it('/openapi.json lists exactly the table, with its methods, limits and statuses', async () => {
    const { body } = await sandbox.current.get('/openapi.json', null);
    const listed = Object.keys(body.paths).sort();
    expect(listed).toEqual(ROUTES.flatMap((r) => routeInstances(r).map(({ path }) => path)).sort());
    for (const r of ROUTES) {
      for (const { path, platform } of routeInstances(r)) {
        const operation = body.paths[path];
        expect(Object.keys(operation), path).toEqual([r.method.toLowerCase()]);
        const get = operation.get;
        expect(Object.keys(get.responses).sort(), path).toEqual(['200', ...r.errors.map(String)].sort());
        for (const param of queryParams(r, platform)) {
          const listedParam = get.parameters.find((p: { name: string }) => p.name === param.name);
          expect(listedParam, `${path} ${param.name}`).toBeDefined();
          if (param.type === 'integer') {
            expect(listedParam.schema.minimum).toBe(param.min);
            expect(listedParam.schema.maximum).toBe(param.max);
            expect(listedParam.schema.default).toBe(param.default);
          }
        }
        expect(get.parameters.filter((p: { in: string }) => p.in === 'query')).toHaveLength(
          queryParams(r, platform).length,
        );
      }
    }
  });
});

/** Each integer limit of the table, where it applies. */
const LIMITS: Array<{ label: string; param: IntegerParam; path: string; query: string }> = [
  ...routePlatforms('posts').flatMap((platform) => {
    const param = integerParam(route('posts'), 'limit', platform);
    const handle = platform.example;
    return param
      ? [
          {
            label: `posts ${platform.name} limit`,
            param,
            path: `/api/v1/${platform.name}/posts`,
            query: `handle=${encodeURIComponent(handle)}&`,
          },
        ]
      : [];
  }),
  ...(['hours', 'limit'] as const).map((name) => ({
    label: `movers ${name}`,
    param: integerParam(route('movers'), name)!,
    path: '/api/v1/movers/tech',
    query: '',
  })),
];

describe('limits: the sandbox and the client both refuse what the table refuses', () => {
  it.each(LIMITS)(
    '$label: the sandbox takes min and max, refuses min-1 and max+1 (400, nothing charged)',
    async ({ param, path, query }) => {
      const max = param.max!;
      for (const value of [param.min, max]) {
        const { status } = await sandbox.current.get(`${path}?${query}${param.name}=${value}`);
        expect(status, `${param.name}=${value}`).toBe(200);
      }
      for (const value of [param.min - 1, max + 1]) {
        const { status, body } = await sandbox.current.get(`${path}?${query}${param.name}=${value}`);
        expect(status, `${param.name}=${value}`).toBe(400);
        expect(JSON.stringify(body)).toMatch(/parametro_invalido/);
      }
    },
  );

  it('posts --limit: each platform at the table limits; threads takes none', () => {
    for (const platform of routePlatforms('posts')) {
      const param = integerParam(route('posts'), 'limit', platform);
      const parse = (limit: string) => parsePostsOptions(platform.name, platform.example, { limit }, false);
      if (param === undefined) {
        expect(() => parse('5')).toThrow(/take no --limit/);
        continue;
      }
      expect(parse(String(param.max)).limit).toBe(param.max);
      expect(() => parse(String(param.max! + 1))).toThrow(/refused, not clamped/);
      expect(() => parse(String(param.min - 1))).toThrow(/refused, not clamped/);
    }
  });

  it('movers --hours and --limit: the table limits and defaults', () => {
    for (const name of ['hours', 'limit'] as const) {
      const param = integerParam(route('movers'), name)!;
      expect(parseMoversOptions('tech', {})[name]).toBe(param.default);
      expect(parseMoversOptions('tech', { [name]: String(param.max) })[name]).toBe(param.max);
      expect(() => parseMoversOptions('tech', { [name]: String(param.max! + 1) })).toThrow(/refused, not clamped/);
      expect(() => parseMoversOptions('tech', { [name]: String(param.min - 1) })).toThrow(/refused, not clamped/);
    }
  });

  it('trends --limit: from the table minimum up to the point cap (a larger hint could not raise it)', () => {
    const param = integerParam(route('trends'), 'limit')!;
    expect(parseTrendsOptions('tech', { limit: String(TRENDS_POINTS_CAP) }, FIXED_NOW).limit).toBe(TRENDS_POINTS_CAP);
    expect(() => parseTrendsOptions('tech', { limit: String(TRENDS_POINTS_CAP + 1) }, FIXED_NOW)).toThrow(/refused/);
    expect(() => parseTrendsOptions('tech', { limit: String(param.min - 1) }, FIXED_NOW)).toThrow(/refused/);
  });
});
