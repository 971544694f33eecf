// The analyst's questions on SQLite: an account's snapshots (index profiles_account), the watched
// accounts' snapshots around a date and their posts' metrics, and full-text search (FTS5, bm25)
// over stored posts and transcripts. Read-only: these run on a store opened for reading.
import type { AccountActivity, SearchHit, SearchQuery, Snapshot, StoredMetrics } from './analyst.js';
import { bestHits, MATCH_END, MATCH_START } from './analyst.js';
import type { StatementSync } from './node-sqlite.js';

const SNAPSHOT = 'fetched_at, source, followers, following, posts_count';
/** A snapshot as the JSON of snapshots() carries it: its fetch id first, then SNAPSHOT's columns. */
type SnapshotCells = [number, string, string, number | null, number | null, number | null];

const byTime = (a: SnapshotCells, b: SnapshotCells): number => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] - b[0]);

/**
 * The newest metrics of an account's posts fetched since a date, newest first within each post.
 * CROSS JOIN keeps the account's posts the outer loop (SQLite's way of fixing a join's order): left
 * to choose, the planner read every stored metric of the platform for each account.
 */
export const ACCOUNT_METRICS = `SELECT m.post_id, m.fetched_at, m.likes, m.replies, m.reposts, m.quotes, m.author_followers
  FROM posts p CROSS JOIN post_metrics m ON m.platform = p.platform AND m.post_id = p.id
  WHERE p.platform = ? AND p.handle = ? AND m.fetched_at > ?
  ORDER BY m.post_id, m.fetched_at DESC`;

export class SqliteAnalyst {
  /** The store's prepared statements, each SQL text prepared once for both (sqlite.ts). */
  constructor(private readonly statement: (sql: string) => StatementSync) {}

  snapshots(platform: string, handle: string): Snapshot[] {
    // The rows as one JSON text, parsed at once: node:sqlite makes each row's object a property at
    // a time, which over an account's 100,000 snapshots cost three times the query itself.
    const { rows } = this.statement(
      `SELECT json_group_array(json_array(fetch_id, ${SNAPSHOT})) AS rows FROM (
         SELECT fetch_id, ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ? ORDER BY fetched_at, fetch_id)`,
    ).get(platform, handle) as { rows: string };
    const cells = JSON.parse(rows) as SnapshotCells[];
    // SQLite aggregates the rows in the subquery's order (its index's), which SQL does not promise.
    if (!cells.every((cell, i) => i === 0 || byTime(cells[i - 1]!, cell) <= 0)) cells.sort(byTime);
    return cells.map(([, fetched_at, source, followers, following, posts_count]) => ({
      fetched_at,
      source,
      followers,
      following,
      posts_count,
    }));
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
