// The PostgreSQL store's connection: node-postgres's pool, loaded by import() only when the
// store's URL says postgres. The password comes from the URL, else PGPASSWORD, else ~/.pgpass
// (PGPASSFILE), and is never printed. What goes wrong is said as a SocialError with an exit
// status of the contract's table: a server that cannot be reached is a network failure (10), a
// password refused or missing is authentication (3), a database that does not exist is usage (2),
// a schema from a newer social is usage (2) too.
//
// A server that goes away while a run is under way (restarted, failed over) is waited for: a
// statement that failed on a lost connection is sent again on a new one, until the server is back
// or SOCIAL_STORE_WAIT_MS has passed. Only statements that are safe to run twice come here (each
// write carries its own token and skips a row already written), and none of them is a paid call:
// a paid call is never resent. A serialisation failure or a deadlock is retried the same way,
// inside the database.
import type { Client, Pool, PoolClient, QueryConfig, QueryResultRow } from 'pg';
import { CONFLICT_CODES, errorCode, isTransient, storeError } from './pg-failures.js';
import { migrate } from './pg-schema.js';
import { serverName } from './store-url.js';

/** How long a statement waits for a server that went away, by default. */
const DEFAULT_WAIT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;

export interface PostgresOptions {
  /** The run's environment (the context's: the local store's opener reaches this without it). */
  env: Record<string, string | undefined>;
  /** The most connections this process opens at once. */
  connections?: number;
  /** False: the schema is left as it is (a reader's open: `store sql`, `history`...). */
  migrate?: boolean;
}

/** Milliseconds a statement waits for a server that went away: SOCIAL_STORE_WAIT_MS, default 30 s. */
function storeWaitMs(env: PostgresOptions['env']): number {
  const raw = env.SOCIAL_STORE_WAIT_MS;
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_WAIT_MS;
}

/**
 * node-postgres's client, ending its socket when it fails to connect. The driver leaves the socket
 * open after a failure on its own side (no password to give a server that asks for one): the run
 * would then wait, its error said, until the server hangs up (authentication_timeout, a minute).
 */
function closingClient(base: typeof Client): typeof Client {
  return class ClosingClient extends base {
    override connect(): Promise<Client>;
    override connect(callback: (error: Error | null) => void): void;
    override connect(callback?: (error: Error | null) => void): Promise<Client> | undefined {
      if (callback === undefined) return super.connect();
      super.connect((error: Error | null) => {
        if (error) this.connection.stream.destroy();
        callback(error);
      });
      return undefined;
    }
  };
}

export class PostgresStore {
  /** Statements that failed on a lost connection and were run again once the server was back. */
  waited = 0;
  private closed = false;
  private readonly releases: Array<() => Promise<void>> = [];
  private readonly listened = new WeakSet<PoolClient>();

  private constructor(
    readonly pool: Pool,
    readonly name: string,
    private readonly waitMs: number,
  ) {}

  /** Connects, checks the schema and brings it up to date (once, under an advisory lock). */
  static async open(url: string, options: PostgresOptions): Promise<PostgresStore> {
    const { pg, parseIntoClientConfig, pgpass } = await import('../vendor/pg.js');
    const { env } = options;
    const { password: inUrl, ...config } = parseIntoClientConfig(url);
    const pool = new pg.Pool({
      ...config,
      Client: closingClient(pg.Client),
      max: options.connections ?? 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'social',
      // Statements given to a connection together are sent together, each answered in its turn
      // (a write's rows of every table: one round trip, not one a statement).
      pipeline: true,
      // The URL's password, else PGPASSWORD, else ~/.pgpass (PGPASSFILE), from this run's
      // environment: read here rather than by the driver, whose own ~/.pgpass lookup reads the
      // process's and prints a deprecation warning.
      // No password anywhere is undefined: the driver then says the server asked for one.
      password: async () => {
        if (typeof inUrl === 'string' && inUrl !== '') return inUrl;
        if (env.PGPASSWORD !== undefined) return env.PGPASSWORD;
        return (await new Promise<string | undefined>((resolve) => pgpass(config, resolve))) as string;
      },
    });
    // An idle connection cut by the server (a restart) is an event, not a crash: the pool drops it.
    pool.on('error', () => {});
    const store = new PostgresStore(pool, serverName(url), storeWaitMs(env));
    try {
      await store.run(async (client) => {
        await client.query('SELECT 1');
      }, false);
      if (options.migrate !== false) await migrate(store);
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return store;
  }

  /** One statement's rows (safe to run again: see the module's comment). */
  async query<Row extends QueryResultRow>(text: string | QueryConfig, values: readonly unknown[] = []): Promise<Row[]> {
    return await this.run(
      async (client) =>
        (typeof text === 'string' ? await client.query<Row>(text, values as unknown[]) : await client.query<Row>(text))
          .rows,
    );
  }

  /** `work` inside BEGIN ... COMMIT on one connection; run again on a conflict or a lost connection. */
  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return await this.run(async (client) => {
      await client.query('BEGIN');
      try {
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  /** A connection of its own, held until `release` (a session-level advisory lock lives on it). */
  async connection(): Promise<PoolClient> {
    return await this.run(async (client) => client, true, false);
  }

  /**
   * `work` on a pooled connection; on a lost connection or a conflict, waited for and run again
   * (when `wait`) until storeWaitMs has passed. A failure is said as a SocialError naming the server.
   */
  private async run<T>(work: (client: PoolClient) => Promise<T>, wait = true, release = true): Promise<T> {
    const started = Date.now();
    let pause = 50;
    for (;;) {
      let client: PoolClient | undefined;
      try {
        client = await this.pool.connect();
        // A connection cut while checked out (a restart between two statements) is an event the
        // next statement hears as its failure, not a crash: the pool only listens to idle ones.
        if (!this.listened.has(client)) {
          client.on('error', () => {});
          this.listened.add(client);
        }
        const result = await work(client);
        if (release) client.release();
        return result;
      } catch (error) {
        // A connection that failed is not given back to the pool for another statement.
        client?.release(error instanceof Error ? error : true);
        const code = errorCode(error);
        const retry = CONFLICT_CODES.has(code) || (wait && isTransient(error));
        if (!retry || this.closed || Date.now() - started + pause > this.waitMs) throw storeError(error, this.name);
        if (!CONFLICT_CODES.has(code)) this.waited += 1;
        await new Promise((resolve) => setTimeout(resolve, pause));
        pause = Math.min(pause * 2, 1000);
      }
    }
  }

  /** Runs `release` as the store closes, before its connections end (a connection held for a lock). */
  beforeClose(release: () => Promise<void>): void {
    this.releases.push(release);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const release of this.releases) await release().catch(() => {});
    await this.pool.end().catch(() => {});
  }
}
