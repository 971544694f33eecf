// The analyst's questions on PostgreSQL: the same answers as analyst-sqlite.ts, asked as few
// statements as a server a network away wants (the watched accounts' snapshots in one, their
// posts' newest metrics in another, where SQLite asks per account), and full-text search over
// GIN indexes of tsvector (PostgreSQL's own FTS; ranking and excerpts differ from FTS5's as
// docs/store.md says). Statements use `?` placeholders, numbered by the store (postgres.ts).
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

type Read = <Row>(sql: string, values: readonly unknown[]) => Promise<Row[]>;

const SNAPSHOT = 'fetched_at, source, followers, following, posts_count';

/** The one snapshot of a watched account `w` that `where` and `order` pick, as JSON. */
const snapshotOf = (where: string, order: string): string =>
  `(SELECT row_to_json(s) FROM (SELECT ${SNAPSHOT} FROM profiles p
     WHERE p.platform = w.platform AND p.handle = w.handle AND p.followers IS NOT NULL ${where}
     ORDER BY p.fetched_at ${order} LIMIT 1) s)`;

const ACTIVITY = `SELECT w.platform, w.handle, w.added_at,
    coalesce(${snapshotOf('AND p.fetched_at <= ?', 'DESC')}, ${snapshotOf('AND p.fetched_at > ?', '')}) AS "from",
    ${snapshotOf('', 'DESC')} AS "to",
    (SELECT count(*) FROM profiles p WHERE p.platform = w.platform AND p.handle = w.handle
       AND p.fetched_at > ? AND p.followers IS NOT NULL) AS snapshots
  FROM watchlist w ORDER BY w.platform, w.handle`;

const LATEST_METRICS = `SELECT DISTINCT ON (w.platform, w.handle, m.post_id) w.platform, w.handle,
    m.post_id, m.fetched_at, m.likes, m.replies, m.reposts, m.quotes, m.author_followers
  FROM watchlist w JOIN posts p ON p.platform = w.platform AND p.handle = w.handle
  JOIN post_metrics m ON m.platform = p.platform AND m.post_id = p.id
  WHERE m.fetched_at > ?
  ORDER BY w.platform, w.handle, m.post_id, m.fetched_at DESC`;

/** The text search configuration of the store's indexes (pg-schema.ts): case and accents ignored. */
const CONFIG = "'social_text'";

/** ts_headline's excerpt: about as long as FTS5's snippet of 24 tokens, matches between the marks. */
const HEADLINE = `'StartSel="${MATCH_START}", StopSel="${MATCH_END}", MaxWords=24, MinWords=12, ShortWord=0, MaxFragments=1'`;

type SnapshotJson = Omit<Snapshot, 'fetched_at'> & { fetched_at: string };

/** row_to_json writes a timestamptz its own way: back to the ISO 8601 text SQLite keeps. */
const snapshot = (json: SnapshotJson | null): Snapshot | null =>
  json === null ? null : { ...json, fetched_at: new Date(json.fetched_at).toISOString() };

export class PostgresAnalyst {
  constructor(private readonly read: Read) {}

  async storedHandle(platform: string, handle: string): Promise<string | undefined> {
    const [newest] = await this.read<{ handle: string }>(
      `SELECT handle FROM profiles WHERE platform = ? AND handle = ? ORDER BY fetched_at DESC, fetch_id DESC LIMIT 1`,
      [platform, handle],
    );
    return newest?.handle;
  }

  async snapshots(platform: string, handle: string): Promise<Snapshots> {
    // Rows, made columns here: an aggregate's array would come back without the store's types
    // (timestamptz as ISO text, counts as numbers), which node-postgres applies to columns.
    const rows = await this.read<Snapshot>(
      `SELECT ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ? ORDER BY fetched_at, fetch_id`,
      [platform, handle],
    );
    return columnsOf(rows);
  }

  async recentSnapshots(platform: string, handle: string, newest: number): Promise<RecentSnapshots> {
    const rows = (
      await this.read<Snapshot & { fetch_id: number }>(
        `SELECT fetch_id, ${SNAPSHOT} FROM profiles WHERE platform = ? AND handle = ?
         ORDER BY fetched_at DESC, fetch_id DESC LIMIT ?`,
        [platform, handle, newest],
      )
    ).reverse();
    const oldest = rows[0];
    // json_agg's array comes back parsed (node-postgres reads json), its counts as numbers.
    const [[all], [before]] = await Promise.all([
      this.read<{ followers: Array<number | null>; first: string | null }>(
        `SELECT coalesce(json_agg(followers ORDER BY fetched_at, fetch_id), '[]'::json) AS followers,
           min(fetched_at) AS first
         FROM profiles WHERE platform = ? AND handle = ?`,
        [platform, handle],
      ),
      oldest === undefined
        ? Promise.resolve([])
        : this.read<{ fetched_at: string; followers: number }>(
            `SELECT fetched_at, followers FROM profiles
             WHERE platform = ? AND handle = ? AND followers IS NOT NULL AND (fetched_at, fetch_id) < (?, ?)
             ORDER BY fetched_at DESC, fetch_id DESC LIMIT 1`,
            [platform, handle, oldest.fetched_at, oldest.fetch_id],
          ),
    ]);
    return {
      followers: all?.followers ?? [],
      first: all?.first ?? undefined,
      recent: columnsOf(rows),
      before,
    };
  }

  async activity(since: Date): Promise<AccountActivity[]> {
    const at = since.toISOString();
    const [accounts, metrics] = await Promise.all([
      this.read<{
        platform: string;
        handle: string;
        added_at: string;
        from: SnapshotJson | null;
        to: SnapshotJson | null;
        snapshots: number;
      }>(ACTIVITY, [at, at, at]),
      this.read<StoredMetrics & { platform: string; handle: string }>(LATEST_METRICS, [at]),
    ]);
    const byAccount = new Map<string, StoredMetrics[]>();
    for (const { platform, handle, ...row } of metrics) {
      const key = `${platform}\u0000${handle}`;
      const list = byAccount.get(key);
      if (list === undefined) byAccount.set(key, [row]);
      else list.push(row);
    }
    return accounts.map((account) => ({
      platform: account.platform,
      handle: account.handle,
      added_at: account.added_at,
      from: snapshot(account.from),
      to: snapshot(account.to),
      snapshots: Number(account.snapshots),
      metrics: byAccount.get(`${account.platform}\u0000${account.handle}`) ?? [],
    }));
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const terms = tsQuery(query.words);
    if (terms === undefined) return [];
    const posts = `WITH q AS (SELECT ${terms.sql} AS q)
      SELECT 'post' AS kind, p.platform, p.handle, p.id, p.url, p.published_at, p.last_fetched_at AS fetched_at,
        ts_headline(${CONFIG}, coalesce(p.text, ''), q.q, ${HEADLINE}) AS snippet, p.score
      FROM (SELECT posts.*, -ts_rank_cd(to_tsvector(${CONFIG}, coalesce(text, '')), q.q) AS score FROM posts, q
            WHERE to_tsvector(${CONFIG}, coalesce(text, '')) @@ q.q ORDER BY score, post_rowid LIMIT ?) p, q
      ORDER BY p.score, p.post_rowid`;
    const transcripts = `WITH q AS (SELECT ${terms.sql} AS q)
      SELECT 'transcript' AS kind, t.platform, NULL AS handle, t.url AS id, t.url, NULL AS published_at, t.fetched_at,
        ts_headline(${CONFIG}, t.text, q.q, ${HEADLINE}) AS snippet, t.score
      FROM (SELECT transcripts.*, -ts_rank_cd(to_tsvector(${CONFIG}, text), q.q) AS score FROM transcripts, q
            WHERE to_tsvector(${CONFIG}, text) @@ q.q ORDER BY score, fetch_id LIMIT ?) t, q
      ORDER BY t.score, t.fetch_id`;
    const values = [...terms.values, query.limit];
    const [postHits, transcriptHits] = await Promise.all([
      this.read<SearchHit>(posts, values),
      this.read<SearchHit>(transcripts, values),
    ]);
    return bestHits(postHits, transcriptHits, query.limit);
  }
}

/**
 * The words as a tsquery, all of them required: each word a phrase of the words it holds (so
 * nothing in it is tsquery syntax), a word ending in * a prefix. Undefined when no word is left.
 */
function tsQuery(words: readonly string[]): { sql: string; values: string[] } | undefined {
  const parts: string[] = [];
  const values: string[] = [];
  for (const word of words) {
    const prefix = word.endsWith('*');
    const bare = prefix ? word.replace(/\*+$/, '') : word;
    if (bare === '') continue;
    if (prefix) {
      // A quoted lexeme: quotes doubled, backslashes escaped, as tsquery's own syntax reads them.
      values.push(`'${bare.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`);
      parts.push(`to_tsquery(${CONFIG}, ?)`);
    } else {
      values.push(bare);
      parts.push(`phraseto_tsquery(${CONFIG}, ?)`);
    }
  }
  return parts.length === 0 ? undefined : { sql: parts.join(' && '), values };
}
