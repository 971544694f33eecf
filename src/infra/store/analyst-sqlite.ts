// The analyst's questions on SQLite: an account's snapshots (index profiles_account), the watched
// accounts' snapshots around a date and their posts' metrics, and full-text search (FTS5, bm25)
// over stored posts and transcripts. Read-only: these run on a store opened for reading.
import type {
  AccountActivity,
  RecentSnapshots,
  SearchHit,
  SearchQuery,
  Snapshot,
  Snapshots,
  StoredMetrics,
} from './analyst.js';
import { bestHits, columnsOf, MATCH_END, MATCH_START } from './analyst.js';
import type { StatementSync } from './node-sqlite.js';

const SNAPSHOT = 'fetched_at, source, followers, following, posts_count';

/** An account's snapshots as one JSON object of columns, the fetch ids too (for their order). */
const SNAPSHOT_COLUMNS = `SELECT json_object(${['fetch_id', ...SNAPSHOT.split(', ')]
  .map((column) => `'${column}', json_group_array(${column})`)
  .join(', ')}) AS columns
  FROM (SELECT fetch_id, ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ? ORDER BY fetched_at, fetch_id)`;

type SnapshotColumns = Snapshots & { fetch_id: number[] };

const ACCOUNT = 'platform = ? AND handle = ?';

/** The newest snapshots of an account, newest first (a terminal's history). */
const RECENT = `SELECT fetch_id, ${SNAPSHOT} FROM profiles WHERE ${ACCOUNT} ORDER BY fetched_at DESC, fetch_id DESC LIMIT ?`;

/** The newest snapshot with a follower count before a given one (by time, then by fetch). */
const BEFORE = `SELECT fetched_at, followers FROM profiles
  WHERE ${ACCOUNT} AND followers IS NOT NULL AND (fetched_at, fetch_id) < (?, ?)
  ORDER BY fetched_at DESC, fetch_id DESC LIMIT 1`;

/** Every follower count of an account, oldest first, as one JSON text (see inOrder). */
const FOLLOWERS = `SELECT json_group_array(followers) AS followers
  FROM (SELECT followers FROM profiles WHERE ${ACCOUNT} ORDER BY fetched_at, fetch_id)`;

const FIRST = `SELECT fetched_at FROM profiles WHERE ${ACCOUNT} ORDER BY fetched_at, fetch_id LIMIT 1`;

const NEWEST_HANDLE = `SELECT handle FROM profiles WHERE ${ACCOUNT} ORDER BY fetched_at DESC, fetch_id DESC LIMIT 1`;

/** The i-th snapshot against the j-th, as a sort compares them: by time, then by fetch. */
const before = (s: SnapshotColumns, i: number, j: number): number => {
  const a = s.fetched_at[i] as string;
  const b = s.fetched_at[j] as string;
  return a < b ? -1 : a > b ? 1 : (s.fetch_id[i] as number) - (s.fetch_id[j] as number);
};

/**
 * The columns in the snapshots' order. SQLite aggregates the rows in the subquery's order (its
 * index's), which SQL does not promise: checked, and sorted where it is not. (An aggregate's own
 * ORDER BY promises it, at a sort of every column: four times the query.)
 */
function inOrder(s: SnapshotColumns): Snapshots {
  const { fetch_id: _, ...columns } = s;
  const n = s.fetched_at.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = before(s, i - 1, i) <= 0;
  if (sorted) return columns;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => before(s, i, j));
  const each = <T>(column: T[]): T[] => order.map((i) => column[i] as T);
  return {
    fetched_at: each(s.fetched_at),
    source: each(s.source),
    followers: each(s.followers),
    following: each(s.following),
    posts_count: each(s.posts_count),
  };
}

/**
 * The newest metrics of an account's posts fetched since a date, newest first within each post.
 * CROSS JOIN keeps the account's posts the outer loop (SQLite's way of fixing a join's order): left
 * to choose, the planner read every stored metric of the platform for each account.
 * @internal Exported for its test.
 */
export const ACCOUNT_METRICS = `SELECT m.post_id, m.fetched_at, m.likes, m.replies, m.reposts, m.quotes, m.author_followers
  FROM posts p CROSS JOIN post_metrics m ON m.platform = p.platform AND m.post_id = p.id
  WHERE p.platform = ? AND p.handle = ? AND m.fetched_at > ?
  ORDER BY m.post_id, m.fetched_at DESC`;

export class SqliteAnalyst {
  /** The store's prepared statements, each SQL text prepared once for both (sqlite.ts). */
  constructor(private readonly statement: (sql: string) => StatementSync) {}

  storedHandle(platform: string, handle: string): string | undefined {
    return (this.statement(NEWEST_HANDLE).get(platform, handle) as { handle: string } | undefined)?.handle;
  }

  snapshots(platform: string, handle: string): Snapshots {
    // The columns as one JSON text, parsed at once: node:sqlite makes each row's object a property
    // at a time, which over an account's 100,000 snapshots cost three times the query itself.
    const { columns } = this.statement(SNAPSHOT_COLUMNS).get(platform, handle) as { columns: string };
    return inOrder(JSON.parse(columns) as SnapshotColumns);
  }

  recentSnapshots(platform: string, handle: string, newest: number): RecentSnapshots {
    const rows = (
      this.statement(RECENT).all(platform, handle, newest) as Array<Snapshot & { fetch_id: number }>
    ).reverse();
    const recent = columnsOf(rows);
    const oldest = rows[0];
    const before =
      oldest === undefined
        ? undefined
        : (this.statement(BEFORE).get(platform, handle, oldest.fetched_at, oldest.fetch_id) as
            | RecentSnapshots['before']
            | undefined);
    const { followers } = this.statement(FOLLOWERS).get(platform, handle) as { followers: string };
    const counts = JSON.parse(followers) as Array<number | null>;
    // SQLite aggregates the rows in the subquery's order, which SQL does not promise: the newest
    // counts, read in a promised order, must end them, else every snapshot is read in order.
    const tail = counts.slice(counts.length - rows.length);
    if (counts.length < rows.length || tail.some((count, i) => count !== recent.followers[i])) {
      const all = this.snapshots(platform, handle);
      return { followers: all.followers, first: all.fetched_at[0], recent, before };
    }
    const first = (this.statement(FIRST).get(platform, handle) as { fetched_at: string } | undefined)?.fetched_at;
    return { followers: counts, first, recent, before };
  }

  activity(since: Date): AccountActivity[] {
    const at = since.toISOString();
    const watched = this.statement(
      'SELECT platform, handle, added_at FROM watchlist ORDER BY platform, handle',
    ).all() as Array<{
      platform: string;
      handle: string;
      added_at: string;
    }>;
    const before = this.statement(
      `SELECT ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ? AND fetched_at <= ? AND followers IS NOT NULL
       ORDER BY fetched_at DESC LIMIT 1`,
    );
    const after = this.statement(
      `SELECT ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ? AND fetched_at > ? AND followers IS NOT NULL
       ORDER BY fetched_at LIMIT 1`,
    );
    const newest = this.statement(
      `SELECT ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ? AND followers IS NOT NULL
       ORDER BY fetched_at DESC LIMIT 1`,
    );
    const count = this.statement(
      `SELECT count(*) AS n FROM profiles WHERE platform = ? AND handle = ? AND fetched_at > ? AND followers IS NOT NULL`,
    );
    const metrics = this.statement(ACCOUNT_METRICS);
    return watched.map(({ platform, handle, added_at }) => {
      const from = (before.get(platform, handle, at) ?? after.get(platform, handle, at) ?? null) as Snapshot | null;
      const latest: StoredMetrics[] = [];
      for (const row of metrics.iterate(platform, handle, at) as Iterable<StoredMetrics>)
        if (latest.at(-1)?.post_id !== row.post_id) latest.push(row);
      return {
        platform,
        handle,
        added_at,
        from,
        to: (newest.get(platform, handle) ?? null) as Snapshot | null,
        snapshots: Number((count.get(platform, handle, at) as { n: number }).n),
        metrics: latest,
      };
    });
  }

  search(query: SearchQuery): SearchHit[] {
    const match = ftsQuery(query.words);
    if (match === '') return [];
    const posts = this.statement(
      `SELECT 'post' AS kind, p.platform, p.handle, p.id, p.url, p.published_at, p.last_fetched_at AS fetched_at,
         snippet(posts_fts, 0, '${MATCH_START}', '${MATCH_END}', '…', 24) AS snippet, bm25(posts_fts) AS score
       FROM posts_fts JOIN posts p ON p.post_rowid = posts_fts.rowid
       WHERE posts_fts MATCH ? ORDER BY score LIMIT ?`,
    ).all(match, query.limit) as SearchHit[];
    const transcripts = this.statement(
      `SELECT 'transcript' AS kind, t.platform, NULL AS handle, t.url AS id, t.url, NULL AS published_at, t.fetched_at,
         snippet(transcripts_fts, 0, '${MATCH_START}', '${MATCH_END}', '…', 24) AS snippet, bm25(transcripts_fts) AS score
       FROM transcripts_fts JOIN transcripts t ON t.fetch_id = transcripts_fts.rowid
       WHERE transcripts_fts MATCH ? ORDER BY score LIMIT ?`,
    ).all(match, query.limit) as SearchHit[];
    return bestHits(posts, transcripts, query.limit);
  }
}

/**
 * The words as an FTS5 query: each a quoted string (so nothing in them is FTS syntax), all of
 * them required; a word ending in * matches as a prefix.
 * @internal Exported for its test.
 */
export function ftsQuery(words: readonly string[]): string {
  return words
    .map((word) => {
      const prefix = word.endsWith('*');
      const bare = (prefix ? word.replace(/\*+$/, '') : word).replaceAll('"', '""');
      return bare === '' ? '' : `"${bare}"${prefix ? '*' : ''}`;
    })
    .filter((term) => term !== '')
    .join(' ');
}
