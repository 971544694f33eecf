// The one table of the service's routes: path, parameters and their limits, cost, cache and
// charge rules, documented statuses, and the body shapes. The client's validation, the sandbox's
// router and /openapi.json are all built from it, so a limit is written here and nowhere else.
import type { Platform, PlatformName } from './platforms.js';
import { findPlatform, PLATFORMS } from './platforms.js';

export type RouteName = 'profile' | 'posts' | 'post' | 'transcript' | 'nichos' | 'trends' | 'movers';

/** An integer parameter: out of range or not an integer is refused (400), never clamped. */
export interface IntegerParam {
  name: string;
  type: 'integer';
  min: number;
  /** Absent where the service sets no bound of its own (trends' limit, a hint). */
  max?: number;
  /** The service's default when the parameter is not sent; absent when it has none. */
  default?: number;
  description: string;
}

interface StringParam {
  name: string;
  type: 'string';
  required: boolean;
  /** What the service checks the value against, where the spec gives a rule. */
  pattern?: RegExp;
  format?: 'date-time' | 'uri';
  /** The rule in words, for help, refusals and the OpenAPI document. */
  description: string;
}

export type QueryParam = IntegerParam | StringParam;

/** Bodies, by their schema id in src/domain/schemas.ts (and /openapi.json's components). */
type BodyShape = 'ProfileEnvelope' | 'PostsEnvelope' | 'TranscriptEnvelope' | 'Coverage' | 'TrendsBody' | 'MoversBody';
type ErrorShape = 'ProfileEnvelope' | 'PostsEnvelope' | 'TranscriptEnvelope' | 'ApiError';

export interface Route {
  name: RouteName;
  method: 'GET';
  /** Path template: {platform} is a platform's lowercase name, {niche} a niche id. */
  path: string;
  /** The platforms serving a {platform} route, with each one's query parameters. */
  platforms?: Partial<Record<PlatformName, (platform: Platform) => QueryParam[]>>;
  /** Query parameters of a route without {platform}. */
  query?: QueryParam[];
  /** Whether the route needs the key (every one but coverage). */
  auth: boolean;
  /** Credits a call is charged at most. */
  cost: number;
  /** When the cost is charged. */
  charge: 'on-result' | 'even-empty' | 'on-movement' | 'free';
  /** Seconds a result is served from the cache (a hit is free), keyed by these parameters; none: not cached. */
  cache?: { seconds: number; key: string[] };
  /** Statuses the route answers besides 200. */
  errors: number[];
  /** The code of a 503 when the endpoint is switched off or a dependency is down. */
  unavailable: 'indisponivel' | 'endpoint_indisponivel';
  ok: BodyShape;
  error: ErrorShape;
  summary: string;
}

/** Trends: the hard caps the database enforces on one answer. */
export const TRENDS_POINTS_CAP = 5000;
export const TRENDS_MAX_SPAN_DAYS = 90;
/** Trends' default interval: from = now minus this, to = now. */
export const TRENDS_DEFAULT_SPAN_DAYS = 7;

/** An AT Protocol post URI: at://<did-or-handle>/app.bsky.feed.post/<rkey>. */
export const AT_POST_URI = /^at:\/\/([^/\s]+)\/app\.bsky\.feed\.post\/([A-Za-z0-9._~:-]{1,512})$/;
/** A tiktok video URL, with the user in group 1. */
export const TIKTOK_VIDEO_URL =
  /^https?:\/\/(?:www\.|m\.)?tiktok\.com\/@([A-Za-z0-9._]{1,24})\/video\/(\d{1,32})\/?(?:[?#].*)?$/i;

const handle = (platform: Platform): StringParam => ({
  name: 'handle',
  type: 'string',
  required: true,
  pattern: platform.handlePattern,
  description: platform.handleRule,
});

const postsLimit = (min: number, max: number, fallback: number) => (platform: Platform) =>
  [
    handle(platform),
    {
      name: 'limit',
      type: 'integer',
      min,
      max,
      default: fallback,
      description: 'Posts to return; out of range is refused.',
    },
  ] satisfies QueryParam[];

const ENVELOPE_ERRORS = [400, 401, 402, 404, 405, 451, 503];
const ARCHIVE_ERRORS = [405, 502, 503];

export const ROUTES: readonly Route[] = [
  {
    name: 'profile',
    method: 'GET',
    path: '/api/v1/{platform}/profile',
    platforms: Object.fromEntries(PLATFORMS.map((p) => [p.name, (platform: Platform) => [handle(platform)]])),
    auth: true,
    cost: 1,
    charge: 'on-result',
    cache: { seconds: 3600, key: ['handle'] },
    errors: ENVELOPE_ERRORS,
    unavailable: 'indisponivel',
    ok: 'ProfileEnvelope',
    error: 'ProfileEnvelope',
    summary: 'Public profile. 1 credit; cached one hour, a hit is free.',
  },
  {
    name: 'posts',
    method: 'GET',
    path: '/api/v1/{platform}/posts',
    platforms: {
      bluesky: postsLimit(1, 100, 25),
      mastodon: postsLimit(1, 40, 20),
      // Threads takes no limit: it returns the posts that come on the page.
      threads: (platform) => [handle(platform)],
    },
    auth: true,
    cost: 1,
    charge: 'on-result',
    // On bluesky each distinct limit has its own cache line.
    cache: { seconds: 3600, key: ['handle', 'limit'] },
    errors: ENVELOPE_ERRORS,
    unavailable: 'indisponivel',
    ok: 'PostsEnvelope',
    error: 'PostsEnvelope',
    summary: 'Recent posts written by the account. 1 credit.',
  },
  {
    name: 'post',
    method: 'GET',
    path: '/api/v1/{platform}/post',
    platforms: {
      bluesky: () => [
        {
          name: 'uri',
          type: 'string',
          required: true,
          pattern: AT_POST_URI,
          description: 'at://<did-or-handle>/app.bsky.feed.post/<rkey>',
        },
      ],
    },
    auth: true,
    cost: 1,
    charge: 'on-result',
    errors: [...ENVELOPE_ERRORS, 502],
    unavailable: 'indisponivel',
    ok: 'PostsEnvelope',
    error: 'PostsEnvelope',
    summary: 'One post by AT Protocol URI, with its four counters. 1 credit; nothing when not found.',
  },
  {
    name: 'transcript',
    method: 'GET',
    path: '/api/v1/{platform}/post/transcript',
    platforms: {
      tiktok: () => [
        {
          name: 'url',
          type: 'string',
          required: true,
          pattern: TIKTOK_VIDEO_URL,
          format: 'uri',
          description: 'The video URL: https://www.tiktok.com/@<user>/video/<id>.',
        },
      ],
    },
    auth: true,
    cost: 1,
    charge: 'even-empty',
    errors: [...ENVELOPE_ERRORS, 502],
    unavailable: 'indisponivel',
    ok: 'TranscriptEnvelope',
    error: 'TranscriptEnvelope',
    summary: 'Caption track of a short video. 1 credit, charged even when items is empty.',
  },
  {
    name: 'nichos',
    method: 'GET',
    path: '/api/v1/nichos',
    query: [],
    auth: false,
    cost: 0,
    charge: 'free',
    errors: ARCHIVE_ERRORS,
    unavailable: 'indisponivel',
    ok: 'Coverage',
    error: 'ApiError',
    summary: 'Archive coverage. Free, keyless.',
  },
  {
    name: 'trends',
    method: 'GET',
    path: '/api/v1/trends/{niche}',
    query: [
      {
        name: 'from',
        type: 'string',
        required: false,
        format: 'date-time',
        description: `Default ${TRENDS_DEFAULT_SPAN_DAYS} days before now.`,
      },
      { name: 'to', type: 'string', required: false, format: 'date-time', description: 'Default now.' },
      {
        name: 'limit',
        type: 'integer',
        min: 1,
        description: `Hint only; never raises the ${TRENDS_POINTS_CAP}-point cap.`,
      },
    ],
    auth: true,
    cost: 1,
    charge: 'even-empty',
    errors: [400, 401, 402, 429, ...ARCHIVE_ERRORS],
    unavailable: 'indisponivel',
    ok: 'TrendsBody',
    error: 'ApiError',
    summary: 'History per item. 1 credit, charged even when nothing is found.',
  },
  {
    name: 'movers',
    method: 'GET',
    path: '/api/v1/movers/{niche}',
    query: [
      { name: 'hours', type: 'integer', min: 1, max: 720, default: 24, description: 'How far back to compare.' },
      { name: 'limit', type: 'integer', min: 1, max: 100, default: 20, description: 'Top N by points gained.' },
    ],
    auth: true,
    cost: 10,
    charge: 'on-movement',
    errors: [400, 401, 402, ...ARCHIVE_ERRORS],
    unavailable: 'endpoint_indisponivel',
    ok: 'MoversBody',
    error: 'ApiError',
    summary:
      'Items that gained points between the newest window and the one closest to hours ago. 10 credits, only when movement is found.',
  },
];

const BY_NAME = new Map<RouteName, Route>(ROUTES.map((r) => [r.name, r]));

export function route(name: RouteName): Route {
  const found = BY_NAME.get(name);
  if (found === undefined) throw new Error(`no route ${name}`);
  return found;
}

/** The platforms that serve a {platform} route, in the platform table's order. */
export function routePlatforms(name: RouteName): Platform[] {
  const served = route(name).platforms ?? {};
  return PLATFORMS.filter((p) => served[p.name] !== undefined);
}

/** The query parameters of a route (on a platform, for a {platform} route). */
export function queryParams(r: Route, platform?: Platform): QueryParam[] {
  if (r.platforms === undefined) return r.query ?? [];
  const params = platform === undefined ? undefined : r.platforms[platform.name];
  return params === undefined ? [] : params(platform as Platform);
}

/** An integer parameter of a route, by name; undefined when the route (on that platform) takes none. */
export function integerParam(r: Route, name: string, platform?: Platform): IntegerParam | undefined {
  const param = queryParams(r, platform).find((p) => p.name === name);
  return param?.type === 'integer' ? param : undefined;
}

export type DefaultedParam = IntegerParam & { default: number; max: number };

/** An integer parameter with a range and a default (movers' hours and limit): a table error otherwise. */
export function defaultedParam(r: Route, name: string, platform?: Platform): DefaultedParam {
  const param = integerParam(r, name, platform);
  if (param?.default === undefined || param.max === undefined) {
    throw new Error(`route ${r.name} has no bounded ${name} with a default`);
  }
  return param as DefaultedParam;
}

/**
 * The cache line of a call to a cached route (undefined: the route is not cached): the route, the
 * platform, and the values of the parameters its cache rule names, an absent one as empty.
 */
export function cacheKey(
  r: Route,
  platform: Platform | undefined,
  values: Record<string, string | number | undefined>,
): string | undefined {
  if (r.cache === undefined) return undefined;
  return [r.name, platform?.name ?? '', ...r.cache.key.map((name) => values[name] ?? '')].join('|');
}

/** The `endpoint` an envelope route names in its body: its path after the platform ("post/transcript"). */
export function envelopeEndpoint(r: Route): string {
  return r.path.split('/{platform}/')[1] ?? r.name;
}

/**
 * Each route's path cut around its {platform} or {niche} (null: it has neither), made at its first
 * use: a batch fills in the same template for every input.
 */
const templates = new WeakMap<Route, readonly [string, string] | null>();

/** A concrete path of a route: the template with its platform or niche filled in. */
export function routePath(r: Route, value = ''): string {
  let template = templates.get(r);
  if (template === undefined) {
    const slot = /\{(?:platform|niche)\}/.exec(r.path);
    template = slot === null ? null : [r.path.slice(0, slot.index), r.path.slice(slot.index + slot[0].length)];
    templates.set(r, template);
  }
  return template === null ? r.path : `${template[0]}${encodeURIComponent(value)}${template[1]}`;
}

/** One concrete path per platform for {platform} routes; the template itself otherwise. */
export function routeInstances(r: Route): Array<{ path: string; platform?: Platform }> {
  if (r.platforms === undefined) return [{ path: r.path }];
  return routePlatforms(r.name).map((platform) => ({ path: routePath(r, platform.name), platform }));
}

export interface RouteMatch {
  route: Route;
  platform?: Platform;
  /** The {niche} segment, decoded. */
  niche?: string;
}

/** The route a request path names (trailing slashes ignored), or undefined. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  let parts: string[];
  try {
    parts = pathname
      .replace(/\/+$/, '')
      .split('/')
      .slice(1)
      .map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
  for (const r of ROUTES) {
    const template = r.path.split('/').slice(1);
    if (template.length !== parts.length) continue;
    const match: RouteMatch = { route: r };
    const fits = template.every((segment, i) => {
      const part = parts[i] ?? '';
      if (segment === '{niche}') {
        match.niche = part;
        return part !== '';
      }
      if (segment === '{platform}') {
        const platform = findPlatform(part);
        match.platform = platform;
        return platform !== undefined && platform.name === part && r.platforms?.[platform.name] !== undefined;
      }
      return segment === part;
    });
    if (fits) return match;
  }
  return undefined;
}
