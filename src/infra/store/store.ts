// The local store's interface: what every implementation gives (SQLite through node:sqlite in
// sqlite.ts; PostgreSQL over node-postgres). Every method returns a promise, so an implementation
// over a network driver fits it; the SQLite one does its work synchronously and resolves at once.
// This module is types and plain data only: importing it loads no driver.
import { SaidError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import type { AccountActivity, RecentSnapshots, SearchHit, SearchQuery, Snapshots } from './analyst.js';

/** One call the client made, as the store keeps it: the fetch log row, its body, its analyst rows. */
export interface FetchRecord {
  /** When the answer came (or the call ended without one). */
  at: Date;
  /** The service's origin (https://api.example.com), or "sandbox". */
  service: string;
  /** keyFingerprint(key) (src/infra/state/spend-ledger.ts), never the key; null for keyless calls. */
  key: string | null;
  /** The command that made it ("profile", "track"...). */
  command: string;
  method: string;
  /** The route's path under the base URL, like /api/v1/github/profile. */
  route: string;
  /** The query as sent, by name (undefined values left out). */
  params: Record<string, string | number>;
  /**
   * The path and query as asked (the route plus its query string, as sent but for a time left
   * relative to now: RequestSpec.asked): what --max-age and --offline look up.
   */
  request: string;
  /** The HTTP status; undefined when no answer came (a timeout, a reset). */
  status?: number;
  /** The call succeeded: its body is an answer a command reads. */
  ok: boolean;
  /** The body's bytes as received (the key masked, if the service echoed it): stored as its UTF-8 text. */
  body?: Uint8Array;
  /** The parsed body (what the analyst rows are read from); undefined when it was not JSON. */
  parsed?: unknown;
  /** The service's error code, or the client's (timeout, too_large...) when the call failed. */
  errorCode?: string;
  errorMessage?: string;
  /** Credits the call counts as charged, as the client decided it (interpret.ts). */
  credits: number;
  /** It may or may not have been charged: counted at the route's full price. */
  uncertain: boolean;
  requestId?: string;
}

/** An answer held in the store, to print instead of sending (--max-age, --offline). */
export interface StoredAnswer {
  /** The fetch log's id of it. */
  id: number;
  fetchedAt: Date;
  status: number;
  /** The body exactly as it was received. */
  body: string;
}

/** Which stored answer a request would take: the newest success of it, not older than `since`. */
export interface AnswerQuery {
  service: string;
  method: string;
  request: string;
  /** Undefined: any age (--offline without --max-age). */
  since?: Date;
}

interface TableCount {
  table: string;
  rows: number;
}

export interface StoreInfo {
  /** The file (or the database URL, its password masked). */
  location: string;
  engine: 'sqlite' | 'postgres';
  /** Bytes on disk (the file and its write-ahead log); null where not known. */
  bytes: number | null;
  schemaVersion: number;
  /** The schema version this social writes. */
  supportedVersion: number;
  tables: TableCount[];
  oldestFetch: Date | null;
  newestFetch: Date | null;
}

export interface WatchedAccount {
  platform: string;
  handle: string;
  addedAt: Date;
}

export interface PruneResult {
  /** Rows deleted, by table (the watchlist is never pruned). */
  deleted: TableCount[];
}

/** A row of a query's answer, column name to value. */
export type StoreRow = Record<string, unknown>;

/**
 * Rows of a table as they come, a batch at a time, each row its values in `columns`' order: no
 * object a row and no promise a row, which over an export of a million rows were most of its
 * memory.
 */
export interface RowBatch {
  columns: readonly string[];
  rows: ReadonlyArray<readonly unknown[]>;
}

export interface Store {
  readonly engine: 'sqlite' | 'postgres';
  /** The file, or the URL with its password masked: what messages name. */
  readonly location: string;
  /**
   * Writes calls: each one's fetch log row, its body and the analyst rows read from it (profile
   * snapshot, posts and their metrics, transcript, trends items and points, movers run and items,
   * full-text rows), all of them in one transaction: all of it or none. The session hands it the
   * answers of one turn of the event loop together (a group commit: src/runtime/local-store.ts).
   * The bodies' bytes are the caller's and may be freed once this returns: an implementation that
   * writes them later (a network driver) copies them first.
   */
  recordFetches(records: readonly FetchRecord[]): Promise<void>;
  /** The newest stored success of a request, or undefined. */
  findAnswer(query: AnswerQuery): Promise<StoredAnswer | undefined>;
  info(): Promise<StoreInfo>;
  /** Rows of a read-only query, as they come (the connection refuses any write). */
  query(sql: string): AsyncIterable<StoreRow>;
  /** Every row of a table, streamed in its key order (`store export`), a batch at a time. */
  rows(table: string): AsyncIterable<RowBatch>;
  /** The tables `store export` takes. */
  tables(): Promise<string[]>;
  /** Deletes what was fetched before `before`, but the watchlist. */
  prune(before: Date): Promise<PruneResult>;
  /**
   * The engine's integrity check: the problems it names, none when the store is sound. A problem
   * the database itself words (SQLite's integrity_check, amcheck) is its text; one social finds
   * is said from the catalogue.
   */
  check(): Promise<Array<string | Said>>;
  /** The watchlist of `track`: true when the account was not watched yet. */
  watch(platform: string, handle: string, at: Date): Promise<boolean>;
  /** True when the account was watched. */
  unwatch(platform: string, handle: string): Promise<boolean>;
  watchlist(): Promise<WatchedAccount[]>;
  /**
   * The account's handle as its newest snapshot stored it; undefined when none is held. Handles
   * match without regard to case, so `history github OCTOCAT` reads octocat's snapshots and
   * names the account as the store does.
   */
  storedHandle(platform: string, handle: string): Promise<string | undefined>;
  /** The profile snapshots of one account, oldest first (`history`). */
  snapshots(platform: string, handle: string): Promise<Snapshots>;
  /** The newest `newest` snapshots of one account and every follower count of it (`history` at a terminal). */
  recentSnapshots(platform: string, handle: string, newest: number): Promise<RecentSnapshots>;
  /** Each watched account's snapshots around `since`, and its posts' newest metrics since (`track report`). */
  activity(since: Date): Promise<AccountActivity[]>;
  /** Full-text matches over stored posts and transcripts, best first (`search`). */
  search(query: SearchQuery): Promise<SearchHit[]>;
  close(): Promise<void>;
}

/** How a store is opened: `readOnly` for `store sql`, `store export` and `store check`. */
export interface OpenOptions {
  readOnly?: boolean;
  /** How long a write waits for another process's lock, in ms. */
  busyTimeoutMs?: number;
}

/**
 * Why a store cannot be used, said plainly: `code` is stable (newer_schema, corrupt, locked,
 * read_only, full, cannot_open), the message names the file.
 */
export class StoreError extends SaidError {
  constructor(
    readonly code: 'newer_schema' | 'corrupt' | 'locked' | 'read_only' | 'full' | 'cannot_open' | 'not_found',
    message: Said,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
