// What an analyst asks of the store (history, track report, search), as plain data: the types every
// implementation answers with. The figures computed from them (gains per day, engagement rates)
// are the domain's (src/domain/growth.ts), not the store's: the store hands back what it holds.

/** The counts of one profile snapshot (what `history` shows of the twelve Author fields). */
export interface Snapshot {
  /** When it was fetched, ISO 8601. */
  fetched_at: string;
  /** The route it came with: profile, posts or post (a posts answer carries its author too). */
  source: string;
  followers: number | null;
  following: number | null;
  posts_count: number | null;
}

/**
 * An account's snapshots as columns, oldest first: the i-th of each array is the i-th snapshot.
 * Read as columns, not a record a snapshot: `history` of 100,000 snapshots reads each value once.
 */
export interface Snapshots {
  fetched_at: string[];
  source: string[];
  followers: Array<number | null>;
  following: Array<number | null>;
  posts_count: Array<number | null>;
}

/** Snapshots as rows (a query's), made columns. */
export function columnsOf(rows: readonly Snapshot[]): Snapshots {
  return {
    fetched_at: rows.map((row) => row.fetched_at),
    source: rows.map((row) => row.source),
    followers: rows.map((row) => row.followers),
    following: rows.map((row) => row.following),
    posts_count: rows.map((row) => row.posts_count),
  };
}

/**
 * What a terminal shows of an account's history, read without the rest: the newest snapshots, and
 * every follower count for the heading (how many, the sparkline, the change). An account fetched
 * every five minutes for a year is 100,000 snapshots, of which a terminal shows 1,000.
 */
export interface RecentSnapshots {
  /** Every snapshot's follower count, oldest first. */
  followers: Array<number | null>;
  /** When the oldest snapshot was fetched; undefined when there is none. */
  first: string | undefined;
  /** The newest snapshots asked for, oldest first. */
  recent: Snapshots;
  /**
   * The newest snapshot with a follower count older than all of `recent`: what the oldest of
   * them gained on. Undefined when there is none.
   */
  before: { fetched_at: string; followers: number } | undefined;
}

/** A post's metrics as stored from one fetch, with its author's followers in the same answer. */
export interface StoredMetrics {
  post_id: string;
  fetched_at: string;
  likes: number | null;
  replies: number | null;
  reposts: number | null;
  quotes: number | null;
  author_followers: number | null;
}

/** One watched account as `track report` reads it: its snapshots around --since, its posts' metrics. */
export interface AccountActivity {
  platform: string;
  handle: string;
  added_at: string;
  /** The snapshot growth is counted from: the newest at or before `since`, else the oldest after it. */
  from: Snapshot | null;
  /** The newest snapshot. */
  to: Snapshot | null;
  /** Snapshots with a follower count since `since`. */
  snapshots: number;
  /** The newest stored metrics of each of its posts fetched since `since`. */
  metrics: StoredMetrics[];
}

export interface SearchQuery {
  /** The words to find (each a whole word, or a prefix when it ends in *); all of them must match. */
  words: string[];
  limit: number;
}

/** Where a match marks the words it found, in its text: the matched parts between these. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

export interface SearchHit {
  kind: 'post' | 'transcript';
  platform: string;
  /** The post's author's handle, or null (a transcript names its video's URL). */
  handle: string | null;
  /** The post's id, or the transcript's video URL. */
  id: string;
  url: string | null;
  published_at: string | null;
  fetched_at: string;
  /** The text around the matches, the matched words between MATCH_START and MATCH_END. */
  snippet: string;
  /** The engine's relevance, lower is better (SQLite: bm25; PostgreSQL: ts_rank_cd negated), for ranking posts and transcripts together. */
  score: number;
}

/**
 * The best `limit` of an engine's post and transcript matches (each list best first, scored alike):
 * a video whose transcript was fetched twice is one match, its newest transcript.
 */
export function bestHits(posts: SearchHit[], transcripts: SearchHit[], limit: number): SearchHit[] {
  const seen = new Set<string>();
  const newestFirst = [...transcripts].sort((a, b) => b.fetched_at.localeCompare(a.fetched_at));
  const videos = newestFirst.filter((hit) => !seen.has(hit.id) && seen.add(hit.id));
  return [...posts, ...videos].sort((a, b) => a.score - b.score).slice(0, limit);
}
