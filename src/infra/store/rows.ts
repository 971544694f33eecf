// The analyst rows of an answer: what the store's tables hold beside the body, read from the body
// as a tolerant reader reads display fields (a field missing or of another type is stored as null,
// never guessed). Plain data, the same for every engine; each implementation inserts it.

import { findPlatform } from '../../domain/platforms.js';

/** Which route a path is, and its platform or niche. */
type RouteOf =
  | { kind: 'profile' | 'posts' | 'post' | 'transcript'; platform: string }
  | { kind: 'trends' | 'movers'; niche: string }
  | { kind: 'other' };

const ENVELOPE_ROUTE = /^\/api\/v1\/([a-z]+)\/(profile|posts|post|post\/transcript)$/;
const ARCHIVE_ROUTE = /^\/api\/v1\/(trends|movers)\/([^/]+)$/;

/**
 * The envelope routes seen this run, each read once: a batch stores thousands of answers of one
 * route. Only a route on a platform of the table is kept, so however long a session runs (social
 * mcp) the map holds no more than the routes there are; an archive route, one answer a call and
 * its niche any text, and any other path are read each time.
 */
const ENVELOPE_ROUTES = new Map<string, RouteOf>();

function routeOf(route: string): RouteOf {
  const seen = ENVELOPE_ROUTES.get(route);
  if (seen !== undefined) return seen;
  const where = readRoute(route);
  if ('platform' in where && findPlatform(where.platform) !== undefined) ENVELOPE_ROUTES.set(route, where);
  return where;
}

function readRoute(route: string): RouteOf {
  const social = ENVELOPE_ROUTE.exec(route);
  if (social !== null) {
    const kind = social[2] === 'post/transcript' ? 'transcript' : (social[2] as 'profile' | 'posts' | 'post');
    return { kind, platform: social[1]! };
  }
  const archive = ARCHIVE_ROUTE.exec(route);
  if (archive !== null) {
    let niche: string;
    try {
      niche = decodeURIComponent(archive[2]!);
    } catch {
      niche = archive[2]!;
    }
    return { kind: archive[1] as 'trends' | 'movers', niche };
  }
  return { kind: 'other' };
}

type Value = string | number | null;

interface ProfileRow {
  source: 'profile' | 'posts' | 'post';
  platform: string;
  handle: string;
  /** The twelve Author fields, in AUTHOR_COLUMNS order. */
  author: Value[];
}

type Kind = 'text' | 'integer' | 'bool';

/** The Author fields, in the profiles table's column order, and how each is read. */
const AUTHOR_TABLE: ReadonlyArray<readonly [string, Kind]> = [
  ['id', 'text'],
  ['handle', 'text'],
  ['name', 'text'],
  ['bio', 'text'],
  ['avatar_url', 'text'],
  ['followers', 'integer'],
  ['following', 'integer'],
  ['posts_count', 'integer'],
  ['verified', 'bool'],
  ['is_private', 'bool'],
  ['external_url', 'text'],
  ['url', 'text'],
];

// The table's two columns apart, for authorValues' plain loop over an answer's author.
const AUTHOR_FIELDS: readonly string[] = AUTHOR_TABLE.map(([field]) => field);
const AUTHOR_KINDS: readonly Kind[] = AUTHOR_TABLE.map(([, kind]) => kind);

/** The Author fields as the profiles table names them: handle is author_handle there (handle is the input's). */
export const AUTHOR_COLUMNS: readonly string[] = AUTHOR_FIELDS.map((field) =>
  field === 'handle' ? 'author_handle' : field,
);

interface PostRow {
  platform: string;
  id: string;
  handle: string | null;
  url: Value;
  text: Value;
  textHtml: Value;
  publishedAt: Value;
  thumbnailUrl: Value;
  likes: Value;
  replies: Value;
  reposts: Value;
  quotes: Value;
}

interface TrendItemRow {
  externalId: string;
  title: Value;
  url: Value;
  platform: Value;
  enteredAt: Value;
  leftAt: Value;
  bestPosition: Value;
  movement: Value;
  points: Array<{ window: string; position: Value; points: Value; comments: Value }>;
}

interface MoverRow {
  rank: number;
  externalId: string;
  title: Value;
  url: Value;
  points: Value;
  pointsGained: Value;
  comments: Value;
  position: Value;
}

export interface AnalystRows {
  profile?: ProfileRow;
  /** The author's followers in the same answer, beside each post's metrics (engagement rate). */
  authorFollowers: Value;
  posts: PostRow[];
  transcript?: { platform: string; url: string; items: number; text: string };
  trends?: { niche: string; items: TrendItemRow[] };
  movers?: {
    niche: string;
    hours: Value;
    limit: Value;
    total: Value;
    intervalMin: Value;
    creditsCharged: Value;
    note: Value;
    items: MoverRow[];
  };
}

const NONE: AnalystRows = { authorFollowers: null, posts: [] };

/** The rows a successful answer of `route` brings; none for a failure or a route not modelled. */
export function analystRows(route: string, params: Record<string, string | number>, body: unknown): AnalystRows {
  const where = routeOf(route);
  if (!isObject(body) || where.kind === 'other') return NONE;
  if ('niche' in where) {
    if (where.kind === 'trends') return { ...NONE, trends: { niche: where.niche, items: trendItems(body.items) } };
    return { ...NONE, movers: moversRun(where.niche, params, body) };
  }
  const data = isObject(body.data) ? body.data : undefined;
  if (data === undefined) return NONE;
  const platform = where.platform;
  if (where.kind === 'transcript') {
    const items = Array.isArray(data.items) ? data.items : [];
    const url = typeof params.url === 'string' ? params.url : '';
    return { ...NONE, transcript: { platform, url, items: items.length, text: transcriptText(items) } };
  }
  const author = isObject(data.author) ? data.author : undefined;
  const requested = typeof params.handle === 'string' ? params.handle : undefined;
  const handle = requested ?? text(author?.handle);
  const profile =
    author !== undefined && handle !== null
      ? { source: where.kind, platform, handle, author: authorValues(author) }
      : undefined;
  const authorFollowers = integer(author?.followers);
  if (where.kind === 'profile') return { profile, authorFollowers: null, posts: [] };
  const posts: PostRow[] = [];
  for (const item of Array.isArray(data.items) ? data.items : []) {
    if (!isObject(item) || typeof item.id !== 'string') continue;
    const metrics = isObject(item.metrics) ? item.metrics : {};
    posts.push({
      platform,
      id: item.id,
      handle: handle ?? null,
      url: text(item.url),
      text: text(item.text),
      textHtml: text(item.text_html),
      publishedAt: text(item.published_at),
      thumbnailUrl: text(item.thumbnail_url),
      likes: integer(metrics.likes),
      replies: integer(metrics.replies),
      reposts: integer(metrics.reposts),
      quotes: integer(metrics.quotes),
    });
  }
  return { profile, authorFollowers, posts };
}

function trendItems(items: unknown): TrendItemRow[] {
  const rows: TrendItemRow[] = [];
  for (const item of Array.isArray(items) ? items : []) {
    if (!isObject(item) || typeof item.external_id !== 'string') continue;
    const points: TrendItemRow['points'] = [];
    for (const point of Array.isArray(item.series) ? item.series : []) {
      if (!isObject(point) || typeof point.window !== 'string') continue;
      points.push({
        window: point.window,
        position: integer(point.position),
        points: integer(point.points),
        comments: integer(point.comments),
      });
    }
    rows.push({
      externalId: item.external_id,
      title: text(item.title),
      url: text(item.url),
      platform: text(item.platform),
      enteredAt: text(item.entered_at),
      leftAt: text(item.left_at),
      bestPosition: integer(item.best_position),
      movement: integer(item.movement),
      points,
    });
  }
  return rows;
}

function moversRun(
  niche: string,
  params: Record<string, string | number>,
  body: Record<string, unknown>,
): AnalystRows['movers'] {
  const items: MoverRow[] = [];
  for (const item of Array.isArray(body.items) ? body.items : []) {
    if (!isObject(item) || typeof item.external_id !== 'string') continue;
    items.push({
      rank: items.length + 1,
      externalId: item.external_id,
      title: text(item.title),
      url: text(item.url),
      points: integer(item.points),
      pointsGained: integer(item.points_gained),
      comments: integer(item.comments),
      position: integer(item.position),
    });
  }
  return {
    niche,
    hours: integer(Number(params.hours ?? 24)),
    limit: integer(Number(params.limit ?? 20)),
    total: integer(body.total),
    intervalMin: integer(body.interval_min),
    creditsCharged: integer(body.credits_charged),
    note: text(body.note),
    items,
  };
}

/**
 * A transcript's text: its items' `text` (the element shape is not in the spec: a string item is
 * taken as it is, an object's `text` or `caption` field, anything else left out), a line each.
 */
function transcriptText(items: readonly unknown[]): string {
  const lines: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') lines.push(item);
    else if (isObject(item)) {
      const line = typeof item.text === 'string' ? item.text : item.caption;
      if (typeof line === 'string') lines.push(line);
    }
  }
  return lines.join('\n');
}

/** An author's fields in AUTHOR_COLUMNS order (a plain loop: a batch reads one an answer). */
function authorValues(author: Record<string, unknown>): Value[] {
  const values: Value[] = new Array(AUTHOR_FIELDS.length);
  for (let at = 0; at < AUTHOR_FIELDS.length; at += 1) values[at] = read(author[AUTHOR_FIELDS[at]!], AUTHOR_KINDS[at]!);
  return values;
}

function read(value: unknown, kind: Kind): Value {
  if (kind === 'text') return text(value);
  if (kind === 'integer') return integer(value);
  return typeof value === 'boolean' ? (value ? 1 : 0) : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const integer = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
