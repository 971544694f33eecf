// The store on SQLite, through node:sqlite's DatabaseSync (built into Node: no native addon, so the
// single executable keeps it). WAL, so readers never wait for the writer and an answer committed
// survives a kill; a busy timeout, so overlapping cron runs wait for each other's short write
// transactions instead of failing; the answers handed over together (a turn of the event loop's)
// in one transaction; upserts keyed by the service's ids (posts, trends items and their points);
// forward migrations (schema.ts). Loaded by import() only when a command needs the store.
import { mkdirSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { SaidError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said } from '../../messages/use-errors.js';
import type { AccountActivity, RecentSnapshots, SearchHit, SearchQuery, Snapshots } from './analyst.js';
import { SqliteAnalyst } from './analyst-sqlite.js';
import { type DatabaseSync, loadSqlite, type StatementSync } from './node-sqlite.js';
import { MIGRATIONS, SCHEMA_VERSION, STORE_TABLES } from './schema.js';
import {
  ANY_AGE,
  analystSteps,
  FETCH_COLUMNS,
  FIND_ANSWER,
  fetchValues,
  INSERT_RUN,
  PRUNE_STEPS,
  runValues,
  UNWATCH,
  WATCH,
  WATCHLIST,
} from './statements.js';
import {
  type AnswerQuery,
  type FetchRecord,
  type OpenOptions,
  type PruneResult,
  type RowBatch,
  type Store,
  type StoredAnswer,
  StoreError,
  type StoreInfo,
  type StoreRow,
  type WatchedAccount,
} from './store.js';

/** Rows a batch of `rows()` holds: a promise a batch, not a row, and little held at once. */
const EXPORT_BATCH = 100;

/** How long a write waits for another process's transaction, unless said (SOCIAL_STORE_BUSY_MS). */
const DEFAULT_BUSY_MS = 5000;

export async function openSqliteStore(path: string, options: OpenOptions = {}): Promise<SqliteStore> {
  const { DatabaseSync } = await loadSqlite();
  keepFileSizeSignal();
  const readOnly = options.readOnly === true;
  let db: DatabaseSync;
  try {
    // SQLite opens a folder read-only and fails at its first read (a disk I/O error, said as a
    // full disk), and a folder is no store with nothing in it yet: said as what it is.
    if (statOf(path)?.isDirectory() === true)
      throw new StoreError('cannot_open', said('errors.store.reason.folder', { path }));
    if (readOnly) {
      if (statOf(path)?.isFile() !== true)
        throw new StoreError('not_found', said('errors.store.reason.none', { path }));
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
        said('errors.store.reason.newerSchema', { path, version: String(version), writes: String(SCHEMA_VERSION) }),
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

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
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
      throw new StoreError('newer_schema', said('errors.store.reason.movedOn', { path, version: String(version) }));
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

/** An error of node:sqlite or of the file system as a StoreError naming the file. */
function storeError(error: unknown, path: string): StoreError {
  if (error instanceof StoreError) return error;
  const { errcode, code, message } = error as { errcode?: number; code?: string; message?: string };
  let kind: StoreError['code'] | undefined = typeof errcode === 'number' ? SQLITE_CODES[errcode & 0xff] : undefined;
  if (kind === undefined && (code === 'EACCES' || code === 'EROFS' || code === 'EPERM')) kind = 'read_only';
  if (kind === undefined && (code === 'ENOSPC' || code === 'EFBIG')) kind = 'full';
  if (kind === undefined)
    return new StoreError(
      'cannot_open',
      said('errors.store.reason.cannotOpen', { path, message: message ?? String(error) }),
    );
  const why = said(`errors.store.reason.${kind}`);
  return new StoreError(kind, said('errors.store.reason.explained', { path, why, detail: message ?? code ?? '' }));
}

const iso = (date: Date): string => date.toISOString();

// The new row's id read as the statement's lastInsertRowid: RETURNING would make a row object an answer.
const SQLITE_INSERT_FETCH = `INSERT INTO fetches (${FETCH_COLUMNS.join(', ')})
  VALUES (${FETCH_COLUMNS.map(() => '?').join(', ')})`;

const INSERT_BODY = 'INSERT INTO bodies (fetch_id, body) VALUES (?, CAST(? AS TEXT))';

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

  async recordFetches(records: readonly FetchRecord[]): Promise<void> {
    this.transaction(() => {
      for (const record of records) this.insertFetch(record);
    });
  }

  private insertFetch(record: FetchRecord): void {
    this.runId ??= Number((this.statement(INSERT_RUN).get(...runValues(record)) as { id: number }).id);
    const at = record.at.toISOString();
    const fetchId = Number(this.run(SQLITE_INSERT_FETCH, ...fetchValues(record, this.runId, at)).lastInsertRowid);
    // The bytes bound as they came (no copy into a JavaScript string), kept as the text they are.
    if (record.body !== undefined) this.run(INSERT_BODY, fetchId, record.body);
    for (const step of analystSteps(fetchId, record, at)) this.run(step.sql, ...step.values);
  }

  private count(table: string): number {
    return Number((this.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  }

  async findAnswer(query: AnswerQuery): Promise<StoredAnswer | undefined> {
    let row: { id: number; fetched_at: string; status: number; body: string } | undefined;
    try {
      row = this.statement(FIND_ANSWER).get(query.service, query.request, query.method, iso(query.since ?? ANY_AGE)) as
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
      const statement = this.db.prepare(sql);
      // SQLite compiles the text's first statement alone, and a second would go unrun without a
      // word: refused, as PostgreSQL's extended protocol refuses it.
      if (statementAfter(this.db, sql.slice(statement.sourceSQL.length)))
        throw new SaidError(said('errors.store.reason.oneStatement'));
      rows = statement.iterate();
    } catch (error) {
      throw error instanceof SaidError ? error : queryError(error);
    }
    try {
      for (const row of rows) yield row as StoreRow;
    } catch (error) {
      throw queryError(error);
    }
  }

  async *rows(table: string): AsyncIterable<RowBatch> {
    if (!(STORE_TABLES as readonly string[]).includes(table))
      throw new StoreError('not_found', said('errors.store.reason.noTable', { table }));
    const statement = this.db.prepare(`SELECT * FROM ${table}`);
    // Each row an array where node:sqlite gives one (Node 24, and 22 from 22.16); before that an
    // object, whose values are in the columns' order.
    const { setReturnArrays, columns: named } = statement;
    const arrays = setReturnArrays !== undefined && named !== undefined;
    if (arrays) statement.setReturnArrays?.(true);
    let columns = arrays ? statement.columns?.().map((column) => column.name) : undefined;
    let batch: Array<readonly unknown[]> = [];
    try {
      for (const row of statement.iterate()) {
        if (arrays) batch.push(row as unknown[]);
        else {
          columns ??= Object.keys(row as StoreRow);
          batch.push(Object.values(row as StoreRow));
        }
        if (batch.length === EXPORT_BATCH) {
          yield { columns: columns ?? [], rows: batch };
          batch = [];
        }
      }
    } catch (error) {
      throw queryError(error);
    }
    if (batch.length > 0) yield { columns: columns ?? [], rows: batch };
  }

  async tables(): Promise<string[]> {
    return [...STORE_TABLES];
  }

  async prune(before: Date): Promise<PruneResult> {
    const cutoff = iso(before);
    const counts = () => STORE_TABLES.map((table) => this.count(table));
    return this.transaction(() => {
      const start = counts();
      for (const sql of PRUNE_STEPS) this.db.prepare(sql).run(cutoff);
      const end = counts();
      return {
        deleted: STORE_TABLES.map((table, at) => ({ table, rows: start[at]! - end[at]! })),
      };
    });
  }

  async check(): Promise<Array<string | Said>> {
    try {
      const rows = this.db.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check: string }>;
      const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
      return problems;
    } catch (error) {
      return [(error as Error).message];
    }
  }

  async watch(platform: string, handle: string, at: Date): Promise<boolean> {
    return this.transaction(() => Number(this.run(WATCH, platform, handle, iso(at)).changes) > 0);
  }

  async unwatch(platform: string, handle: string): Promise<boolean> {
    return this.transaction(() => Number(this.run(UNWATCH, platform, handle).changes) > 0);
  }

  async watchlist(): Promise<WatchedAccount[]> {
    const rows = this.statement(WATCHLIST).all() as Array<{
      platform: string;
      handle: string;
      added_at: string;
    }>;
    return rows.map((row) => ({ platform: row.platform, handle: row.handle, addedAt: new Date(row.added_at) }));
  }

  async storedHandle(platform: string, handle: string): Promise<string | undefined> {
    return this.analyst.storedHandle(platform, handle);
  }

  async snapshots(platform: string, handle: string): Promise<Snapshots> {
    return this.analyst.snapshots(platform, handle);
  }

  async recentSnapshots(platform: string, handle: string, newest: number): Promise<RecentSnapshots> {
    return this.analyst.recentSnapshots(platform, handle, newest);
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
/** Whether `rest` (the text after a statement) holds another: more than blanks and comments. */
function statementAfter(db: DatabaseSync, rest: string): boolean {
  if (rest.trim() === '') return false;
  try {
    return db.prepare(rest).sourceSQL.trim() !== '';
  } catch (error) {
    // A text of blanks and comments: Node 24 and 26 refuse to prepare it, Node 22 makes a
    // statement already finalized, whose text it refuses to give. Any other failure is SQLite's
    // own, compiling a statement that is there.
    const { code } = error as NodeJS.ErrnoException;
    return code !== 'ERR_INVALID_ARG_VALUE' && code !== 'ERR_INVALID_STATE';
  }
}

function queryError(error: unknown): Error {
  const { errcode, message } = error as { errcode?: number; message?: string };
  if (errcode !== undefined && (errcode & 0xff) === 8) return new SaidError(said('errors.store.reason.queryReadOnly'));
  return new Error(message ?? String(error));
}
