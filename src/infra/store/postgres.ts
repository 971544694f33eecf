// The store on PostgreSQL (SOCIAL_STORE=postgres://..., or `social config set store URL`): the same
// tables as SQLite's, written by the same statements (statements.ts) on a connection of the
// PostgreSQL store (infra/postgres/pg-store.ts: node-postgres's pool, loaded only for such a URL;
// migrations once under an advisory lock; a server that went away waited for). What differs from
// sqlite.ts is named here: placeholders numbered, values read back as SQLite gives them (times
// as ISO 8601 text, counts as numbers), a body bound as its bytes, the statements of a write sent
// together (pipelined), a write token that makes a write cut by a restart safe to run again, SQL run read-only in a read-only transaction, export through a
// cursor, and the check (PostgreSQL checks its own pages: what is checked is the schema).
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { CustomTypesConfig, PoolClient, QueryArrayConfig, QueryConfig, QueryResultRow } from 'pg';
import { SaidError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said } from '../../messages/use-errors.js';
import { errorCode } from '../postgres/pg-failures.js';
import { PG_SCHEMA_VERSION, readVersion } from '../postgres/pg-schema.js';
import type { PostgresOptions, PostgresStore } from '../postgres/pg-store.js';
import { maskedUrl } from '../postgres/store-url.js';
import type { AccountActivity, RecentSnapshots, SearchHit, SearchQuery, Snapshots } from './analyst.js';
import { PostgresAnalyst } from './analyst-postgres.js';
import { STORE_TABLES } from './schema.js';
import {
  ANY_AGE,
  analystSteps,
  FETCH_COLUMNS,
  FIND_ANSWER,
  fetchValues,
  INSERT_RUN,
  PRUNE_STEPS,
  runValues,
  type SqlValue,
  type Step,
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

/** Each table's key, the order `store export` streams it in (SQLite's rowid order is its key's). */
const TABLE_KEYS: Record<(typeof STORE_TABLES)[number], string> = {
  runs: 'id',
  fetches: 'id',
  bodies: 'fetch_id',
  profiles: 'fetch_id',
  posts: 'post_rowid',
  post_metrics: 'fetch_id, platform, post_id',
  transcripts: 'fetch_id',
  trend_items: 'niche, external_id',
  trend_points: 'niche, external_id, "window"',
  movers_runs: 'fetch_id',
  movers_items: 'fetch_id, rank',
  watchlist: 'platform, handle',
};

const INSERT_BODY = 'INSERT INTO bodies (fetch_id, body) VALUES (?, ?)';

/** A value bound on PostgreSQL: a body's bytes too (boundBody). */
type PgValue = SqlValue | Buffer;
type PgStep = Omit<Step, 'values'> & { values: PgValue[] };

/** An answer queued for the next write. */
interface QueuedAnswer {
  record: FetchRecord;
  body: Buffer | string | undefined;
  /** The fetch row's write_token. */
  token: string;
}

/** One recordFetches call: its answers, all written in one transaction or none. */
interface QueuedCall {
  answers: QueuedAnswer[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows fetched from export's cursor at a time. */
const EXPORT_ROWS = 500;
/** Rows export is handed at a time, as the SQLite store hands them. */
const BATCH_ROWS = 100;

const PG_INSERT_FETCH = `INSERT INTO fetches (${FETCH_COLUMNS.join(', ')}, write_token)
  VALUES (${FETCH_COLUMNS.map(() => '?').join(', ')}, ?) ON CONFLICT (write_token) DO NOTHING RETURNING id, write_token`;

/**
 * A statement's rows in batches of BATCH_ROWS, made as each row comes, not node-postgres's result
 * array of all of them (a query with a 'row' listener and no callback keeps none): through that
 * array, made as the statement is sent, V8 kept each FETCH's rows through its young-generation
 * sweeps and grew the heap for them, a million rows exported peaking at 214 to 226 MB on Node 24.
 */
function fetchedInBatches(
  client: PoolClient,
  Query: typeof import('pg').Query,
  config: QueryArrayConfig,
): Promise<{ batches: RowBatch[]; count: number }> {
  return new Promise((resolve, reject) => {
    const batches: RowBatch[] = [];
    let columns: string[] | undefined;
    let rows: unknown[][] = [];
    let count = 0;
    const query = new Query<unknown[]>(config);
    query.on('row', (row, result) => {
      columns ??= (result?.fields ?? []).map((field) => field.name);
      rows.push(row);
      count += 1;
      if (rows.length === BATCH_ROWS) {
        batches.push({ columns, rows });
        rows = [];
      }
    });
    query.on('error', reject);
    query.on('end', () => {
      if (rows.length > 0) batches.push({ columns: columns ?? [], rows });
      resolve({ batches, count });
    });
    client.query(query);
  });
}

export async function openPostgresStore(
  url: string,
  options: OpenOptions & Pick<PostgresOptions, 'env'>,
): Promise<PostgresLocalStore> {
  const [{ PostgresStore }, { pg }] = await Promise.all([import('../postgres/pg-store.js'), import('../vendor/pg.js')]);
  const readOnly = options.readOnly === true;
  // A reader leaves the schema as it is: a store nothing was written to yet is said to be missing.
  const connection = await PostgresStore.open(url, { env: options.env, migrate: !readOnly });
  try {
    const version = readOnly ? await readVersion(connection) : PG_SCHEMA_VERSION;
    if (readOnly && version < PG_SCHEMA_VERSION && !(await hasStoreTables(connection))) {
      throw new StoreError('not_found', said('errors.store.reason.noneThere', { url: maskedUrl(url) }));
    }
    return new PostgresLocalStore(connection, maskedUrl(url), version, sqliteLikeTypes(pg.types), true);
  } catch (error) {
    await connection.close();
    throw error;
  }
}

/**
 * The store's tables over a connection the caller opened and closes (a session's, which its
 * budget and ledger use too: one pool a process, one count of the statements that waited).
 */
export async function postgresStoreOn(connection: PostgresStore, location: string): Promise<PostgresLocalStore> {
  const { pg } = await import('../vendor/pg.js');
  return new PostgresLocalStore(connection, location, PG_SCHEMA_VERSION, sqliteLikeTypes(pg.types), false);
}

async function hasStoreTables(connection: PostgresStore): Promise<boolean> {
  const rows = await connection.query<{ found: boolean }>("SELECT to_regclass('fetches') IS NOT NULL AS found");
  return rows[0]?.found === true;
}

/**
 * Values as SQLite hands them back, so every command prints the same from either engine: bigint,
 * numeric and sums as numbers (text when too large to be exact), timestamptz as ISO 8601 text in UTC
 * (the text SQLite's columns hold), date and timestamp as PostgreSQL writes them.
 */
function sqliteLikeTypes(types: typeof import('pg').types): CustomTypesConfig {
  const INT8 = 20;
  const NUMERIC = 1700;
  const TIMESTAMPTZ = 1184;
  const TIMESTAMP = 1114;
  const DATE = 1082;
  const timestamptz = types.getTypeParser(TIMESTAMPTZ, 'text') as (raw: string) => Date | number;
  const number = (raw: string): number | string => {
    const value = Number(raw);
    return Number.isFinite(value) && (Number.isSafeInteger(value) || raw.includes('.')) ? value : raw;
  };
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (format === undefined || format === 'text') {
        if (oid === INT8 || oid === NUMERIC) return number;
        if (oid === TIMESTAMPTZ)
          return (raw: string) => {
            const at = timestamptz(raw);
            return at instanceof Date && !Number.isNaN(at.getTime()) ? at.toISOString() : raw;
          };
        if (oid === TIMESTAMP || oid === DATE) return (raw: string) => raw;
      }
      return types.getTypeParser(oid, format as 'text');
    }) as CustomTypesConfig['getTypeParser'],
  };
}

/** `?` placeholders as PostgreSQL's $1, $2...: the statements carry no ? of their own. */
const numbered = new Map<string, { text: string; name: string }>();

function pgStatement(sql: string): { text: string; name: string } {
  let statement = numbered.get(sql);
  if (statement === undefined) {
    let n = 0;
    // Named: each connection prepares it once and runs it again by name.
    statement = { text: sql.replace(/\?/g, () => `$${++n}`), name: `social_store_${numbered.size + 1}` };
    numbered.set(sql, statement);
  }
  return statement;
}

/** PostgreSQL's text cannot hold U+0000: stored as U+FFFD (docs/store.md says so). */
function bound(values: readonly unknown[]): unknown[] {
  return values.map((value) =>
    typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value,
  );
}

/**
 * A body as bound: a copy of its bytes, sent as the text they are (no decode into a JavaScript
 * string and no encode back), when they are UTF-8 without U+0000, as the service's answers are;
 * else as text, what is not UTF-8 read as U+FFFD and U+0000 stored as U+FFFD (bound()).
 */
function boundBody(bytes: Uint8Array): Buffer | string {
  const copy = Buffer.from(bytes);
  return isUtf8(copy) && copy.indexOf(0) === -1 ? copy : copy.toString('utf8');
}

/** The most rows one statement inserts (PostgreSQL binds at most 65,535 values a statement). */
const ROWS_A_STATEMENT = 500;

/**
 * An answer's steps as few statements as a server a network away wants: the rows of one statement
 * inserted together, in the order each statement first comes (no step refers to a row of a later
 * one). An upsert takes a key once a statement, so a key given twice keeps its last row, as
 * SQLite's statement by statement leaves it.
 */
function manyRows(steps: readonly PgStep[]): Array<{ sql: string; rows: PgValue[][] }> {
  const bySql = new Map<string, Map<string | number, PgValue[]>>();
  for (const [at, step] of steps.entries()) {
    let rows = bySql.get(step.sql);
    if (rows === undefined) {
      rows = new Map();
      bySql.set(step.sql, rows);
    }
    // A key met again keeps its first place (the row's id is given where it first comes).
    rows.set(step.key ?? at, step.values);
  }
  const statements: Array<{ sql: string; rows: PgValue[][] }> = [];
  for (const [sql, keyed] of bySql) {
    const rows = [...keyed.values()];
    for (let start = 0; start < rows.length; start += ROWS_A_STATEMENT)
      statements.push({ sql, rows: rows.slice(start, start + ROWS_A_STATEMENT) });
  }
  return statements;
}

/**
 * A statement's numbered text with its one VALUES tuple given `count` times, numbered on: built
 * for each write, not kept (a count is rarely met twice, and a text of hundreds of rows is large).
 */
function valuesRepeated(text: string, count: number): string {
  return text.replace(/VALUES \((\$\d+(?:, \$\d+)*)\)/, (_all, tuple: string) => {
    const width = tuple.split(',').length;
    const tuples: string[] = [];
    for (let row = 0; row < count; row += 1) {
      let values = `$${row * width + 1}`;
      for (let column = 2; column <= width; column += 1) values += `, $${row * width + column}`;
      tuples.push(`(${values})`);
    }
    return `VALUES ${tuples.join(', ')}`;
  });
}

export class PostgresLocalStore implements Store {
  readonly engine = 'postgres' as const;
  /** This process's row in `runs`, made with its first write. */
  private runId: Promise<number> | undefined;
  private analystQueries: PostgresAnalyst | undefined;

  constructor(
    private readonly connection: PostgresStore,
    readonly location: string,
    private readonly version: number,
    private readonly types: CustomTypesConfig,
    /** Whether closing the store ends its connection (false: the one who opened it does). */
    private readonly owned: boolean,
  ) {}

  /**
   * One of the store's statements on `client`, or on a pooled connection (waited for when the
   * server went away). One row's statement is prepared by name, each connection once; one of
   * `rows` rows (its values given row after row) is numbered for its count and sent unnamed.
   */
  private async run<Row extends QueryResultRow>(
    sql: string,
    values: readonly unknown[],
    client?: PoolClient,
    rows = 1,
  ): Promise<Row[]> {
    const { text, name } = pgStatement(sql);
    const config =
      rows === 1
        ? { text, name, values: bound(values), types: this.types }
        : { text: valuesRepeated(text, rows), values: bound(values), types: this.types };
    if (client !== undefined) return (await client.query<Row>(config)).rows;
    return await this.connection.query<Row>(config);
  }

  /**
   * Queues the answers of one call, written in one transaction (all of them or none) with the
   * calls queued while a write is under way (a group commit): a batch whose answers come faster
   * than the server takes them writes them in fewer, larger transactions, on one connection at a
   * time, rather than queueing a transaction each. What waits here is bounded by the caller
   * (the batch counts it against its memory: runtime/local-store.ts).
   */
  recordFetches(records: readonly FetchRecord[]): Promise<void> {
    // Copied now: the client frees the body's bytes once this returns.
    const answers = records.map((record) => ({
      record,
      body: record.body === undefined ? undefined : boundBody(record.body),
      token: `${this.tokens}${++this.written}`,
    }));
    return new Promise((resolve, reject) => {
      this.queued.push({ answers, resolve, reject });
      this.writer ??= this.writeQueued();
    });
  }

  /** What this store's write tokens start with: its own, so a token is never another process's. */
  private readonly tokens = `${randomUUID()}:`;
  private written = 0;
  private queued: QueuedCall[] = [];
  private writer: Promise<void> | undefined;

  private async writeQueued(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const calls = this.queued;
        this.queued = [];
        try {
          await this.writeGroup(calls.flatMap((call) => call.answers));
          for (const call of calls) call.resolve();
        } catch (error) {
          for (const call of calls) call.reject(error);
        }
      }
    } finally {
      this.writer = undefined;
    }
  }

  private async writeGroup(group: readonly QueuedAnswer[]): Promise<void> {
    this.runId ??= this.run<{ id: number }>(INSERT_RUN, runValues(group[0]!.record)).then((rows) =>
      Number(rows[0]!.id),
    );
    const runId = await this.runId.catch((error: unknown) => {
      this.runId = undefined;
      throw error;
    });
    // The statements of each step are sent together (the connection pipelines them): the fetch
    // rows, then, with their ids, every other row; a round trip each, not one a statement.
    await this.connection.transaction(async (client) => {
      const fetches = group.map(({ record, token }) => [...fetchValues(record, runId), token]);
      const chunks: PgValue[][][] = [];
      for (let start = 0; start < fetches.length; start += ROWS_A_STATEMENT)
        chunks.push(fetches.slice(start, start + ROWS_A_STATEMENT));
      const inserted = await Promise.all(
        chunks.map((chunk) =>
          this.run<{ id: number; write_token: string }>(PG_INSERT_FETCH, chunk.flat(), client, chunk.length),
        ),
      );
      const written = new Map<string, number>();
      for (const rows of inserted) for (const row of rows) written.set(row.write_token, Number(row.id));
      // An answer whose token found its row was committed before the connection was cut: not again.
      const steps: PgStep[] = [];
      for (const { record, body, token } of group) {
        const fetchId = written.get(token);
        if (fetchId === undefined) continue;
        if (body !== undefined) steps.push({ sql: INSERT_BODY, values: [fetchId, body] });
        steps.push(...analystSteps(fetchId, record));
      }
      await Promise.all(manyRows(steps).map(({ sql, rows }) => this.run(sql, rows.flat(), client, rows.length)));
    });
  }

  async findAnswer(query: AnswerQuery): Promise<StoredAnswer | undefined> {
    const [row] = await this.run<{ id: number; fetched_at: string; status: number; body: string }>(FIND_ANSWER, [
      query.service,
      query.request,
      query.method,
      (query.since ?? ANY_AGE).toISOString(),
    ]);
    if (row === undefined) return undefined;
    return { id: Number(row.id), fetchedAt: new Date(row.fetched_at), status: Number(row.status), body: row.body };
  }

  async info(): Promise<StoreInfo> {
    const present = new Set(
      (
        await this.run<{ name: string }>(
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',
          [],
        )
      ).map((row) => row.name),
    );
    const names = STORE_TABLES.filter((table) => present.has(table));
    const tables = [];
    for (const table of names) tables.push({ table, rows: await this.count(table) });
    const [span] = present.has('fetches')
      ? await this.run<{ oldest: string | null; newest: string | null }>(
          'SELECT min(fetched_at) AS oldest, max(fetched_at) AS newest FROM fetches',
          [],
        )
      : [];
    // What the tables take on disk, their indexes and TOAST included.
    const [size] = await this.run<{ bytes: number | null }>(
      `SELECT sum(pg_total_relation_size(c.oid)) AS bytes FROM pg_class c
       WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace AND c.relname = ANY (?)`,
      [names],
    );
    return {
      location: this.location,
      engine: 'postgres',
      bytes: size?.bytes ?? 0,
      schemaVersion: this.version,
      supportedVersion: PG_SCHEMA_VERSION,
      tables,
      oldestFetch: span?.oldest == null ? null : new Date(span.oldest),
      newestFetch: span?.newest == null ? null : new Date(span.newest),
    };
  }

  private async count(table: string, client?: PoolClient): Promise<number> {
    return Number((await this.run<{ n: number }>(`SELECT count(*) AS n FROM ${table}`, [], client))[0]!.n);
  }

  /**
   * A query of the user's, in a read-only transaction that is rolled back: one statement (the
   * extended protocol takes no second one), refused by the server if it writes.
   */
  async *query(sql: string): AsyncIterable<StoreRow> {
    const client = await this.connection.connection();
    let rows: StoreRow[];
    try {
      await client.query('BEGIN TRANSACTION READ ONLY');
      // queryMode is node-postgres's (8.12 on), not yet in its types.
      const statement = { text: sql, queryMode: 'extended', types: this.types } as QueryConfig;
      rows = (await client.query(statement)).rows;
    } catch (error) {
      throw queryError(error);
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
    yield* rows;
  }

  /** A table's rows in its key order, through a cursor: a table of any size in the same memory. */
  async *rows(table: string): AsyncIterable<RowBatch> {
    if (!(table in TABLE_KEYS)) throw new StoreError('not_found', said('errors.store.reason.noTable', { table }));
    const client = await this.connection.connection();
    try {
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(
        `DECLARE social_export NO SCROLL CURSOR FOR SELECT * FROM ${table} ORDER BY ${TABLE_KEYS[table as keyof typeof TABLE_KEYS]}`,
      );
      const { pg } = await import('../vendor/pg.js');
      for (;;) {
        const { batches, count } = await fetchedInBatches(client, pg.Query, {
          text: `FETCH ${EXPORT_ROWS} FROM social_export`,
          types: this.types,
          rowMode: 'array',
        });
        yield* batches;
        if (count < EXPORT_ROWS) break;
      }
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
  }

  async tables(): Promise<string[]> {
    return [...STORE_TABLES];
  }

  async prune(before: Date): Promise<PruneResult> {
    const cutoff = before.toISOString();
    return await this.connection.transaction(async (client) => {
      const counts = async () => {
        const rows: number[] = [];
        for (const table of STORE_TABLES) rows.push(await this.count(table, client));
        return rows;
      };
      const start = await counts();
      for (const sql of PRUNE_STEPS) await this.run(sql, [cutoff], client);
      const end = await counts();
      return { deleted: STORE_TABLES.map((table, at) => ({ table, rows: start[at]! - end[at]! })) };
    });
  }

  /**
   * What can be checked from a client: the schema is one this social knows, every table of the
   * store is there, no index was left invalid (a build that failed), and, where the database has
   * the amcheck extension, every B-tree index of the store agrees with its table. PostgreSQL
   * checks its own pages as it reads them (data_checksums, when the cluster was made with them).
   */
  async check(): Promise<Array<string | Said>> {
    const problems: Array<string | Said> = [];
    if (this.version > PG_SCHEMA_VERSION)
      problems.push(
        said('errors.store.check.newerSchema', { version: String(this.version), supported: String(PG_SCHEMA_VERSION) }),
      );
    const present = new Set(
      (
        await this.run<{ name: string }>(
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()',
          [],
        )
      ).map((row) => row.name),
    );
    for (const table of STORE_TABLES)
      if (!present.has(table)) problems.push(said('errors.store.check.noTable', { table }));
    const indexes = await this.run<{ index: string; valid: boolean; btree: boolean }>(
      `SELECT ic.relname AS index, i.indisvalid AND i.indisready AS valid, am.amname = 'btree' AS btree
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_am am ON am.oid = ic.relam
       WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY (?) ORDER BY ic.relname`,
      [STORE_TABLES],
    );
    for (const { index, valid } of indexes)
      if (!valid) problems.push(said('errors.store.check.invalidIndex', { index }));
    const [amcheck] = await this.run<{ found: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'amcheck') AS found",
      [],
    );
    if (amcheck?.found === true) {
      for (const { index, valid, btree } of indexes) {
        if (!valid || !btree) continue;
        try {
          await this.run('SELECT bt_index_check(?::regclass)', [index]);
        } catch (error) {
          problems.push(said('errors.store.check.index', { index, problem: (error as Error).message }));
        }
      }
    }
    return problems;
  }

  async watch(platform: string, handle: string, at: Date): Promise<boolean> {
    return (await this.changed(WATCH, [platform, handle, at.toISOString()])) > 0;
  }

  async unwatch(platform: string, handle: string): Promise<boolean> {
    return (await this.changed(UNWATCH, [platform, handle])) > 0;
  }

  /** The rows a statement changed. */
  private async changed(sql: string, values: SqlValue[]): Promise<number> {
    const { text, name } = pgStatement(sql);
    return await this.connection.transaction(
      async (client) => (await client.query({ text, name, values: bound(values) })).rowCount ?? 0,
    );
  }

  async watchlist(): Promise<WatchedAccount[]> {
    const rows = await this.run<{ platform: string; handle: string; added_at: string }>(WATCHLIST, []);
    return rows.map((row) => ({ platform: row.platform, handle: row.handle, addedAt: new Date(row.added_at) }));
  }

  async storedHandle(platform: string, handle: string): Promise<string | undefined> {
    return await this.analyst.storedHandle(platform, handle);
  }

  async snapshots(platform: string, handle: string): Promise<Snapshots> {
    return await this.analyst.snapshots(platform, handle);
  }

  async recentSnapshots(platform: string, handle: string, newest: number): Promise<RecentSnapshots> {
    return await this.analyst.recentSnapshots(platform, handle, newest);
  }

  async activity(since: Date): Promise<AccountActivity[]> {
    return await this.analyst.activity(since);
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    return await this.analyst.search(query);
  }

  /** The analyst's questions (analyst-postgres.ts), on this store's connections. */
  private get analyst(): PostgresAnalyst {
    this.analystQueries ??= new PostgresAnalyst(<Row>(sql: string, values: readonly unknown[]) =>
      this.run(sql, values).then((rows) => rows as Row[]),
    );
    return this.analystQueries;
  }

  async close(): Promise<void> {
    if (this.owned) await this.connection.close();
  }
}

/** A query's failure: its own message (a syntax error, a write refused by the read-only transaction). */
function queryError(error: unknown): Error {
  // 25006: read_only_sql_transaction.
  if (errorCode(error) === '25006') return new SaidError(said('errors.store.reason.queryReadOnly'));
  // 42601 (syntax_error) is also what the extended protocol answers to a second statement.
  if (errorCode(error) === '42601' && /multiple commands/.test((error as Error).message))
    return new SaidError(said('errors.store.reason.oneStatement'));
  return new Error((error as Error).message ?? String(error));
}
