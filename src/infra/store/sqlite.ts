// The store on SQLite, through node:sqlite's DatabaseSync (built into Node: no native addon, so the
// single executable keeps it). WAL, so readers never wait for the writer and an answer committed
// survives a kill; a busy timeout, so overlapping cron runs wait for each other's short write
// transactions instead of failing; one transaction per answer; upserts keyed by the service's
// ids (posts, trends items and their points); forward migrations (schema.ts). Loaded by import()
// only when a command needs the store.
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import packageJson from '../../../package.json' with { type: 'json' };
import type { AccountActivity, SearchHit, SearchQuery, Snapshot } from './analyst.js';
import { SqliteAnalyst } from './analyst-sqlite.js';
import { type DatabaseSync, loadSqlite, type StatementSync } from './node-sqlite.js';
import { AUTHOR_COLUMNS, analystRows } from './rows.js';
import { MIGRATIONS, SCHEMA_VERSION, STORE_TABLES } from './schema.js';
import {
  type AnswerQuery,
  type FetchRecord,
  type OpenOptions,
  type PruneResult,
  type Store,
  type StoredAnswer,
  StoreError,
  type StoreInfo,
  type StoreRow,
  type WatchedAccount,
} from './store.js';

/** How long a write waits for another process's transaction, unless said (SOCIAL_STORE_BUSY_MS). */
const DEFAULT_BUSY_MS = 5000;

export async function openSqliteStore(path: string, options: OpenOptions = {}): Promise<SqliteStore> {
  const { DatabaseSync } = await loadSqlite();
  keepFileSizeSignal();
  const readOnly = options.readOnly === true;
  let db: DatabaseSync;
  try {
    if (readOnly) {
      if (!exists(path)) throw new StoreError('not_found', `no store at ${path}: nothing has been stored yet`);
    } else mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    db = new DatabaseSync(path, readOnly ? { readOnly: true } : {});
  } catch (error) {
    throw storeError(error, path);
  }
  try {
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? DEFAULT_BUSY_MS))}`);
    const version = userVersion(db);
    if (readOnly) {
      db.exec('PRAGMA query_only = ON');
      return new SqliteStore(db, path, version);
    }
    if (version > SCHEMA_VERSION) {
      throw new StoreError(
        'newer_schema',
        `${path} has schema version ${version}, made by a newer social (this one writes version ${SCHEMA_VERSION}): not written to`,
      );
    }
    db.exec('PRAGMA journal_mode = WAL');
    // In WAL, NORMAL syncs at checkpoints, not at every commit: a commit is in the file (and
    // survives the process being killed) as soon as it returns; only a power cut can lose the last.
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    if (version < SCHEMA_VERSION) migrate(db, path);
    return new SqliteStore(db, path, SCHEMA_VERSION);
  } catch (error) {
    db.close();
    throw storeError(error, path);
  }
}

let fileSizeSignalKept = false;

/**
 * A write past the process's file size limit (ulimit -f, systemd's LimitFSIZE) raises SIGXFSZ,
 * whose default ends the process: the answer being stored would never be printed. Listened for
 * (and nothing done), the write fails with EFBIG instead, as one on a full disk fails with ENOSPC,
 * and the store says it was not written. Only once the store is opened: other runs keep the default.
 */
function keepFileSizeSignal(): void {
  if (fileSizeSignalKept || process.platform === 'win32') return;
  fileSizeSignalKept = true;
  process.on('SIGXFSZ', () => {});
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/**
 * Runs the steps from the store's version to this social's, each with the version it sets, under
 * one write lock: processes starting together migrate once, the others finding it done.
 */
function migrate(db: DatabaseSync, path: string): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    const version = userVersion(db);
    if (version > SCHEMA_VERSION) {
      throw new StoreError('newer_schema', `${path} was moved to schema version ${version} by a newer social`);
    }
    for (let step = version; step < SCHEMA_VERSION; step += 1) {
      db.exec(MIGRATIONS[step]!);
      db.exec(`PRAGMA user_version = ${step + 1}`);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** SQLite's primary result codes that say what is wrong with the store. */
const SQLITE_CODES: Record<number, StoreError['code']> = {
  5: 'locked', // SQLITE_BUSY
  6: 'locked', // SQLITE_LOCKED
  8: 'read_only', // SQLITE_READONLY
  10: 'full', // SQLITE_IOERR: a write the system refused (no space, a file size limit)
  11: 'corrupt', // SQLITE_CORRUPT
  13: 'full', // SQLITE_FULL
  14: 'cannot_open', // SQLITE_CANTOPEN
  26: 'corrupt', // SQLITE_NOTADB
};

const EXPLAINED: Record<StoreError['code'], string> = {
  locked: 'locked by another process past the busy timeout',
  read_only: 'cannot be written (read-only)',
  full: 'the disk refused the write (full, or over a size limit)',
  corrupt: 'damaged: not a SQLite database, or corrupt (`social store check` names the problem)',
  cannot_open: 'cannot be opened (its folder missing or not writable)',
  newer_schema: 'made by a newer social',
  not_found: 'not found',
};

/** An error of node:sqlite or of the file system as a StoreError naming the file. */
function storeError(error: unknown, path: string): StoreError {
  if (error instanceof StoreError) return error;
  const { errcode, code, message } = error as { errcode?: number; code?: string; message?: string };
  let kind: StoreError['code'] | undefined = typeof errcode === 'number' ? SQLITE_CODES[errcode & 0xff] : undefined;
  if (kind === undefined && (code === 'EACCES' || code === 'EROFS' || code === 'EPERM')) kind = 'read_only';
  if (kind === undefined && (code === 'ENOSPC' || code === 'EFBIG')) kind = 'full';
  if (kind === undefined) return new StoreError('cannot_open', `${path}: ${message ?? String(error)}`);
  return new StoreError(kind, `${path} ${EXPLAINED[kind]} (${message ?? code})`);
}

const iso = (date: Date): string => date.toISOString();

export class SqliteStore implements Store {
  readonly engine = 'sqlite' as const;
  private readonly statements = new Map<string, StatementSync>();
  /** This process's row in `runs`, made with its first write. */
  private runId: number | undefined;
  private closed = false;
  private analystQueries: SqliteAnalyst | undefined;

  constructor(
    private readonly db: DatabaseSync,
    readonly location: string,
    private readonly version: number,
  ) {}

  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private run(
    sql: string,
    ...values: Array<string | number | null | Uint8Array>
  ): { lastInsertRowid: number | bigint; changes: number | bigint } {
    return this.statement(sql).run(...values);
  }

  /** Work in one write transaction: all of it or none. */
  private transaction<T>(work: () => T): T {
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw storeError(error, this.location);
    }
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      try {
        this.db.exec('ROLLBACK');
      } catch {
        // Already rolled back by SQLite (a full disk, an I/O error): nothing more to undo.
      }
      throw storeError(error, this.location);
    }
  }

  async recordFetch(record: FetchRecord): Promise<void> {
    this.transaction(() => this.insertFetch(record));
  }

  private insertFetch(record: FetchRecord): void {
    const at = iso(record.at);
    this.runId ??= Number(
      this.run(
        'INSERT INTO runs (started_at, command, social_version, pid) VALUES (?, ?, ?, ?)',
        at,
        record.command,
        packageJson.version,
        process.pid,
      ).lastInsertRowid,
    );
    const parsed = record.parsed as { cached?: unknown } | undefined;
    const cached = typeof parsed?.cached === 'boolean' ? (parsed.cached ? 1 : 0) : null;
    const fetchId = Number(
      this.run(
        `INSERT INTO fetches (run_id, fetched_at, service, key_fingerprint, command, method, route, params, request,
           status, ok, error_code, error_message, credits, uncertain, cached, request_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        this.runId,
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
      ).lastInsertRowid,
    );
    // The bytes bound as they came (no copy into a JavaScript string), kept as the text they are.
    if (record.body !== undefined)
      this.run('INSERT INTO bodies (fetch_id, body) VALUES (?, CAST(? AS TEXT))', fetchId, record.body);
    if (record.ok && record.parsed !== undefined) this.insertRows(fetchId, at, record);
  }

  private insertRows(fetchId: number, at: string, record: FetchRecord): void {
    const rows = analystRows(record.route, record.params, record.parsed);
    if (rows.profile !== undefined) {
      const { source, platform, handle, author } = rows.profile;
      this.run(
        `INSERT INTO profiles (fetch_id, source, platform, handle, fetched_at, ${AUTHOR_COLUMNS.join(', ')})
         VALUES (?, ?, ?, ?, ?, ${AUTHOR_COLUMNS.map(() => '?').join(', ')})`,
        fetchId,
        source,
        platform,
        handle,
        at,
        ...author,
      );
    }
    for (const post of rows.posts) {
      this.run(
        `INSERT INTO posts (platform, id, handle, url, text, text_html, published_at, thumbnail_url,
           first_fetched_at, last_fetched_at, last_fetch_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (platform, id) DO UPDATE SET
           handle = excluded.handle, url = excluded.url, text = excluded.text, text_html = excluded.text_html,
           published_at = excluded.published_at, thumbnail_url = excluded.thumbnail_url,
           last_fetched_at = excluded.last_fetched_at, last_fetch_id = excluded.last_fetch_id
         WHERE excluded.last_fetched_at >= posts.last_fetched_at`,
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
      );
      this.run(
        `INSERT OR REPLACE INTO post_metrics (fetch_id, platform, post_id, fetched_at, likes, replies, reposts, quotes, author_followers)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        fetchId,
        post.platform,
        post.id,
        at,
        post.likes,
        post.replies,
        post.reposts,
        post.quotes,
        rows.authorFollowers,
      );
    }
    if (rows.transcript !== undefined) {
      const { platform, url, items, text } = rows.transcript;
      this.run(
        'INSERT INTO transcripts (fetch_id, platform, url, fetched_at, items, text) VALUES (?, ?, ?, ?, ?, ?)',
        fetchId,
        platform,
        url,
        at,
        items,
        text,
      );
    }
    if (rows.trends !== undefined) {
      const { niche } = rows.trends;
      for (const item of rows.trends.items) {
        this.run(
          `INSERT INTO trend_items (niche, external_id, title, url, platform, entered_at, left_at, best_position, movement,
             last_fetch_id, last_fetched_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (niche, external_id) DO UPDATE SET
             title = excluded.title, url = excluded.url, platform = excluded.platform, entered_at = excluded.entered_at,
             left_at = excluded.left_at, best_position = excluded.best_position, movement = excluded.movement,
             last_fetch_id = excluded.last_fetch_id, last_fetched_at = excluded.last_fetched_at
           WHERE excluded.last_fetched_at >= trend_items.last_fetched_at`,
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
        );
        for (const point of item.points) {
          this.run(
            `INSERT INTO trend_points (niche, external_id, window, position, points, comments, fetch_id, fetched_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (niche, external_id, window) DO UPDATE SET
               position = excluded.position, points = excluded.points, comments = excluded.comments,
               fetch_id = excluded.fetch_id, fetched_at = excluded.fetched_at
             WHERE excluded.fetched_at >= trend_points.fetched_at`,
            niche,
            item.externalId,
            point.window,
            point.position,
            point.points,
            point.comments,
            fetchId,
            at,
          );
        }
      }
    }
    if (rows.movers !== undefined) {
      const run = rows.movers;
      this.run(
        `INSERT INTO movers_runs (fetch_id, niche, fetched_at, hours, item_limit, total, interval_min, credits_charged, note)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        fetchId,
        run.niche,
        at,
        run.hours,
        run.limit,
        run.total,
        run.intervalMin,
        run.creditsCharged,
        run.note,
      );
      for (const item of run.items) {
        this.run(
          `INSERT INTO movers_items (fetch_id, rank, external_id, title, url, points, points_gained, comments, position)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          fetchId,
          item.rank,
          item.externalId,
          item.title,
          item.url,
          item.points,
          item.pointsGained,
          item.comments,
          item.position,
        );
      }
    }
  }

  private count(table: string): number {
    return Number((this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  }

  async findAnswer(query: AnswerQuery): Promise<StoredAnswer | undefined> {
    let row: { id: number; fetched_at: string; status: number; body: string } | undefined;
    try {
      row = this.statement(
        `SELECT f.id, f.fetched_at, f.status, b.body FROM fetches f JOIN bodies b ON b.fetch_id = f.id
         WHERE f.service = ? AND f.request = ? AND f.method = ? AND f.ok = 1 AND f.fetched_at > ?
         ORDER BY f.fetched_at DESC, f.id DESC LIMIT 1`,
      ).get(query.service, query.request, query.method, query.since === undefined ? '' : iso(query.since)) as
        | typeof row
        | undefined;
    } catch (error) {
      throw storeError(error, this.location);
    }
    if (row === undefined) return undefined;
    return { id: Number(row.id), fetchedAt: new Date(row.fetched_at), status: Number(row.status), body: row.body };
  }

  async info(): Promise<StoreInfo> {
    // The tables there are: a store of another schema version may hold other ones.
    const present = new Set(
      (this.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>).map(
        (row) => row.name,
      ),
    );
    const tables = STORE_TABLES.filter((table) => present.has(table)).map((table) => ({
      table,
      rows: this.count(table),
    }));
    const span = present.has('fetches')
      ? (this.db.prepare('SELECT min(fetched_at) AS oldest, max(fetched_at) AS newest FROM fetches').get() as {
          oldest: string | null;
          newest: string | null;
        })
      : { oldest: null, newest: null };
    let bytes = 0;
    for (const suffix of ['', '-wal']) {
      try {
        bytes += statSync(`${this.location}${suffix}`).size;
      } catch {
        // No write-ahead log (checkpointed and removed): the file alone.
      }
    }
    return {
      location: this.location,
      engine: 'sqlite',
      bytes,
      schemaVersion: this.version,
      supportedVersion: SCHEMA_VERSION,
      tables,
      oldestFetch: span.oldest === null ? null : new Date(span.oldest),
      newestFetch: span.newest === null ? null : new Date(span.newest),
    };
  }

  async *query(sql: string): AsyncIterable<StoreRow> {
    let rows: Iterable<unknown>;
    try {
      rows = this.db.prepare(sql).iterate();
    } catch (error) {
      throw queryError(error);
    }
    try {
      for (const row of rows) yield row as StoreRow;
    } catch (error) {
      throw queryError(error);
    }
  }

  rows(table: string): AsyncIterable<StoreRow> {
    if (!(STORE_TABLES as readonly string[]).includes(table)) throw new StoreError('not_found', `no table ${table}`);
    return this.query(`SELECT * FROM ${table}`);
  }

  async tables(): Promise<string[]> {
    return [...STORE_TABLES];
  }

  async prune(before: Date): Promise<PruneResult> {
    const cutoff = iso(before);
    const counts = () => STORE_TABLES.map((table) => this.count(table));
    return this.transaction(() => {
      const start = counts();
      this.db.prepare('DELETE FROM fetches WHERE fetched_at < ?').run(cutoff);
      this.db.prepare('DELETE FROM posts WHERE last_fetched_at < ?').run(cutoff);
      this.db.prepare('DELETE FROM trend_points WHERE fetched_at < ?').run(cutoff);
      this.db.prepare('DELETE FROM trend_items WHERE last_fetched_at < ?').run(cutoff);
      this.db
        .prepare('DELETE FROM runs WHERE started_at < ? AND NOT EXISTS (SELECT 1 FROM fetches WHERE run_id = runs.id)')
        .run(cutoff);
      const end = counts();
      return {
        deleted: STORE_TABLES.map((table, at) => ({ table, rows: start[at]! - end[at]! })),
      };
    });
  }

  async check(): Promise<string[]> {
    try {
      const rows = this.db.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check: string }>;
      const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
      return problems;
    } catch (error) {
      return [(error as Error).message];
    }
  }

  async watch(platform: string, handle: string, at: Date): Promise<boolean> {
    return this.transaction(
      () =>
        Number(
          this.run(
            'INSERT OR IGNORE INTO watchlist (platform, handle, added_at) VALUES (?, ?, ?)',
            platform,
            handle,
            iso(at),
          ).changes,
        ) > 0,
    );
  }

  async unwatch(platform: string, handle: string): Promise<boolean> {
    return this.transaction(
      () => Number(this.run('DELETE FROM watchlist WHERE platform = ? AND handle = ?', platform, handle).changes) > 0,
    );
  }

  async watchlist(): Promise<WatchedAccount[]> {
    const rows = this.db
      .prepare('SELECT platform, handle, added_at FROM watchlist ORDER BY platform, handle')
      .all() as Array<{
      platform: string;
      handle: string;
      added_at: string;
    }>;
    return rows.map((row) => ({ platform: row.platform, handle: row.handle, addedAt: new Date(row.added_at) }));
  }

  async snapshots(platform: string, handle: string): Promise<Snapshot[]> {
    return this.analyst.snapshots(platform, handle);
  }

  async activity(since: Date): Promise<AccountActivity[]> {
    return this.analyst.activity(since);
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    return this.analyst.search(query);
  }

  /** The analyst's questions (analyst-sqlite.ts), on this store's connection. */
  private get analyst(): SqliteAnalyst {
    this.analystQueries ??= new SqliteAnalyst((sql) => this.statement(sql));
    return this.analystQueries;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.statements.clear();
    this.db.close();
  }
}

/** A query's failure: its own message (a syntax error, a write refused by the read-only store). */
function queryError(error: unknown): Error {
  const { errcode, message } = error as { errcode?: number; message?: string };
  if (errcode !== undefined && (errcode & 0xff) === 8)
    return new Error('the store is opened read-only here: only queries that read');
  return new Error(message ?? String(error));
}
