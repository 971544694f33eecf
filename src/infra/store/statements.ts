// The store's writes and plain reads as SQL both engines run (SQLite and PostgreSQL take the same
// INSERT ... ON CONFLICT, RETURNING and quoted identifiers), written with `?` placeholders: SQLite
// binds them as they are, the PostgreSQL store numbers them ($1, $2...). What differs between the
// engines stays in each implementation and is named there: how a body's bytes are bound, the
// full-text index (FTS5 triggers, a GIN index), the types of the columns (schema.ts, pg-schema.ts).
// Plain data and pure functions: importing this loads no driver.
import packageJson from '../../../package.json' with { type: 'json' };
import { AUTHOR_COLUMNS, analystRows } from './rows.js';
import type { FetchRecord } from './store.js';

export type SqlValue = string | number | null;

/** One statement of a write and the values it binds. */
export interface Step {
  sql: string;
  values: SqlValue[];
  /** The row's key where the statement is an upsert: the same key given twice keeps the last. */
  key?: string;
}

export const INSERT_RUN =
  'INSERT INTO runs (started_at, command, social_version, pid) VALUES (?, ?, ?, ?) RETURNING id';

/** The values of INSERT_RUN for this process, its first answer stored at `at`. */
export function runValues(record: FetchRecord): SqlValue[] {
  return [record.at.toISOString(), record.command, packageJson.version, process.pid];
}

/** The fetch log's columns a write fills, in the order fetchValues gives them. */
export const FETCH_COLUMNS = [
  'run_id',
  'fetched_at',
  'service',
  'key_fingerprint',
  'command',
  'method',
  'route',
  'params',
  'request',
  'status',
  'ok',
  'error_code',
  'error_message',
  'credits',
  'uncertain',
  'cached',
  'request_id',
] as const;

/** The fetch log row of a record (flags as 1 and 0, as both engines store them); `at` its time as stored. */
export function fetchValues(record: FetchRecord, runId: number, at = record.at.toISOString()): SqlValue[] {
  const parsed = record.parsed as { cached?: unknown } | undefined;
  const cached = typeof parsed?.cached === 'boolean' ? (parsed.cached ? 1 : 0) : null;
  return [
    runId,
    at,
    record.service,
    record.key,
    record.command,
    record.method,
    record.route,
    JSON.stringify(record.params),
    record.request,
    record.status ?? null,
    record.ok ? 1 : 0,
    record.errorCode ?? null,
    record.errorMessage ?? null,
    record.credits,
    record.uncertain ? 1 : 0,
    cached,
    record.requestId ?? null,
  ];
}

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

const INSERT_PROFILE = `INSERT INTO profiles (fetch_id, source, platform, handle, fetched_at, ${AUTHOR_COLUMNS.join(', ')})
  VALUES (${placeholders(5 + AUTHOR_COLUMNS.length)})`;

// A post fetched again is updated in place, from the latest fetch only (two runs may commit out of
// the order they fetched in).
const UPSERT_POST = `INSERT INTO posts (platform, id, handle, url, text, text_html, published_at, thumbnail_url,
    first_fetched_at, last_fetched_at, last_fetch_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (platform, id) DO UPDATE SET
    handle = excluded.handle, url = excluded.url, text = excluded.text, text_html = excluded.text_html,
    published_at = excluded.published_at, thumbnail_url = excluded.thumbnail_url,
    last_fetched_at = excluded.last_fetched_at, last_fetch_id = excluded.last_fetch_id
  WHERE excluded.last_fetched_at >= posts.last_fetched_at`;

// One answer listing a post twice keeps its last metrics.
const UPSERT_METRICS = `INSERT INTO post_metrics (fetch_id, platform, post_id, fetched_at, likes, replies, reposts, quotes, author_followers)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (fetch_id, platform, post_id) DO UPDATE SET
    fetched_at = excluded.fetched_at, likes = excluded.likes, replies = excluded.replies, reposts = excluded.reposts,
    quotes = excluded.quotes, author_followers = excluded.author_followers`;

const INSERT_TRANSCRIPT =
  'INSERT INTO transcripts (fetch_id, platform, url, fetched_at, items, text) VALUES (?, ?, ?, ?, ?, ?)';

const UPSERT_TREND_ITEM = `INSERT INTO trend_items (niche, external_id, title, url, platform, entered_at, left_at, best_position, movement,
    last_fetch_id, last_fetched_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (niche, external_id) DO UPDATE SET
    title = excluded.title, url = excluded.url, platform = excluded.platform, entered_at = excluded.entered_at,
    left_at = excluded.left_at, best_position = excluded.best_position, movement = excluded.movement,
    last_fetch_id = excluded.last_fetch_id, last_fetched_at = excluded.last_fetched_at
  WHERE excluded.last_fetched_at >= trend_items.last_fetched_at`;

// "window" quoted: a keyword PostgreSQL reserves.
const UPSERT_TREND_POINT = `INSERT INTO trend_points (niche, external_id, "window", position, points, comments, fetch_id, fetched_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (niche, external_id, "window") DO UPDATE SET
    position = excluded.position, points = excluded.points, comments = excluded.comments,
    fetch_id = excluded.fetch_id, fetched_at = excluded.fetched_at
  WHERE excluded.fetched_at >= trend_points.fetched_at`;

const INSERT_MOVERS_RUN = `INSERT INTO movers_runs (fetch_id, niche, fetched_at, hours, item_limit, total, interval_min, credits_charged, note)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const INSERT_MOVERS_ITEM = `INSERT INTO movers_items (fetch_id, rank, external_id, title, url, points, points_gained, comments, position)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const NO_STEPS: readonly Step[] = [];

/** The analyst rows of a successful answer as statements, after its fetch row (`fetchId`), fetched at `at`. */
export function analystSteps(fetchId: number, record: FetchRecord, at = record.at.toISOString()): readonly Step[] {
  if (!record.ok || record.parsed === undefined) return NO_STEPS;
  const rows = analystRows(record.route, record.params, record.parsed);
  const steps: Step[] = [];
  if (rows.profile !== undefined) {
    const { source, platform, handle, author } = rows.profile;
    steps.push({ sql: INSERT_PROFILE, values: ([fetchId, source, platform, handle, at] as SqlValue[]).concat(author) });
  }
  for (const post of rows.posts) {
    const key = `${post.platform}\u0000${post.id}`;
    steps.push({
      sql: UPSERT_POST,
      key,
      values: [
        post.platform,
        post.id,
        post.handle,
        post.url,
        post.text,
        post.textHtml,
        post.publishedAt,
        post.thumbnailUrl,
        at,
        at,
        fetchId,
      ],
    });
    steps.push({
      sql: UPSERT_METRICS,
      key: `${fetchId}\u0000${key}`,
      values: [
        fetchId,
        post.platform,
        post.id,
        at,
        post.likes,
        post.replies,
        post.reposts,
        post.quotes,
        rows.authorFollowers,
      ],
    });
  }
  if (rows.transcript !== undefined) {
    const { platform, url, items, text } = rows.transcript;
    steps.push({ sql: INSERT_TRANSCRIPT, values: [fetchId, platform, url, at, items, text] });
  }
  for (const item of rows.trends?.items ?? []) {
    const niche = rows.trends!.niche;
    steps.push({
      sql: UPSERT_TREND_ITEM,
      key: `${niche}\u0000${item.externalId}`,
      values: [
        niche,
        item.externalId,
        item.title,
        item.url,
        item.platform,
        item.enteredAt,
        item.leftAt,
        item.bestPosition,
        item.movement,
        fetchId,
        at,
      ],
    });
    for (const point of item.points)
      steps.push({
        sql: UPSERT_TREND_POINT,
        key: `${niche}\u0000${item.externalId}\u0000${point.window}`,
        values: [niche, item.externalId, point.window, point.position, point.points, point.comments, fetchId, at],
      });
  }
  if (rows.movers !== undefined) {
    const run = rows.movers;
    steps.push({
      sql: INSERT_MOVERS_RUN,
      values: [fetchId, run.niche, at, run.hours, run.limit, run.total, run.intervalMin, run.creditsCharged, run.note],
    });
    for (const item of run.items)
      steps.push({
        sql: INSERT_MOVERS_ITEM,
        values: [
          fetchId,
          item.rank,
          item.externalId,
          item.title,
          item.url,
          item.points,
          item.pointsGained,
          item.comments,
          item.position,
        ],
      });
  }
  return steps;
}

/** The newest stored success of a request, not older than the second time bound. */
export const FIND_ANSWER = `SELECT f.id, f.fetched_at, f.status, b.body FROM fetches f JOIN bodies b ON b.fetch_id = f.id
  WHERE f.service = ? AND f.request = ? AND f.method = ? AND f.ok = 1 AND f.fetched_at > ?
  ORDER BY f.fetched_at DESC, f.id DESC LIMIT 1`;

/** The time bound of FIND_ANSWER when any age will do (both engines order times as instants). */
export const ANY_AGE = new Date(0);

/** Deletes of `store prune`, each binding the cutoff once: fetches take their rows with them (ON DELETE CASCADE). */
export const PRUNE_STEPS = [
  'DELETE FROM fetches WHERE fetched_at < ?',
  'DELETE FROM posts WHERE last_fetched_at < ?',
  'DELETE FROM trend_points WHERE fetched_at < ?',
  'DELETE FROM trend_items WHERE last_fetched_at < ?',
  'DELETE FROM runs WHERE started_at < ? AND NOT EXISTS (SELECT 1 FROM fetches WHERE run_id = runs.id)',
] as const;

export const WATCH = 'INSERT INTO watchlist (platform, handle, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING';
export const UNWATCH = 'DELETE FROM watchlist WHERE platform = ? AND handle = ?';
export const WATCHLIST = 'SELECT platform, handle, added_at FROM watchlist ORDER BY platform, handle';
