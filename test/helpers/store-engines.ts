// The local store's engines, for tests that run the same commands against each: SQLite (a file in
// the run's config dir) and PostgreSQL (a database of its own on a server the test file starts,
// helpers/postgres.ts; left out, with the skip line of test/global-setup.ts, where this machine
// has no PostgreSQL binaries). Each gives a user's environment pointed at a fresh, empty store,
// and a way to run SQL on it as an analyst's own tool would (sqlite3, psql).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PG_SCHEMA_VERSION } from '../../src/infra/postgres/pg-schema.js';
import { maskedUrl } from '../../src/infra/postgres/store-url.js';
import { SCHEMA_VERSION } from '../../src/infra/store/schema.js';
import { sandboxEnv, tempConfigDir } from './cli.js';
import { HAS_POSTGRES, usePostgres } from './postgres.js';
import { type TestSandbox, testSandbox } from './sandbox.js';

export interface StoreEngine {
  name: 'sqlite' | 'postgres';
  /** The schema version this social writes on it. */
  schemaVersion: number;
  /** `env` (a user's, with its SOCIAL_CONFIG_DIR) pointed at a new store of this engine. */
  fresh(env: Record<string, string>): Promise<Record<string, string>>;
  /** Where `store info` says the store of `env` is (a URL with its password masked). */
  location(env: Record<string, string>): string;
  /** One statement on the store of `env`, through the engine's own shell: its rows as `a|b` lines. */
  sql(env: Record<string, string>, statement: string): string;
  /** A query's rows on the store of `env`, as objects (times left as each engine writes them in JSON). */
  rows(env: Record<string, string>, query: string): Array<Record<string, unknown>>;
}

const sqlite: StoreEngine = {
  name: 'sqlite',
  schemaVersion: SCHEMA_VERSION,
  fresh: async (env) => env,
  location: (env) => join(env.SOCIAL_CONFIG_DIR!, 'store.db'),
  sql: (env, statement) =>
    execFileSync('sqlite3', [join(env.SOCIAL_CONFIG_DIR!, 'store.db'), statement])
      .toString()
      .trim(),
  rows: (env, query) => {
    const out = execFileSync('sqlite3', ['-json', join(env.SOCIAL_CONFIG_DIR!, 'store.db'), query])
      .toString()
      .trim();
    return out === '' ? [] : JSON.parse(out);
  },
};

/**
 * The engines a test file runs against; call at the file's top level (the PostgreSQL server is
 * started before its first test and removed after its last).
 */
export function storeEngines(): StoreEngine[] {
  if (!HAS_POSTGRES) return [sqlite];
  const pg = usePostgres();
  const databaseOf = (env: Record<string, string>) => new URL(env.SOCIAL_STORE!).pathname.slice(1);
  const postgres: StoreEngine = {
    name: 'postgres',
    schemaVersion: PG_SCHEMA_VERSION,
    fresh: async (env) => ({ ...env, SOCIAL_STORE: pg.current.url(await pg.current.database()) }),
    location: (env) => maskedUrl(env.SOCIAL_STORE!),
    sql: (env, statement) => pg.current.sql(databaseOf(env), statement),
    rows: (env, query) =>
      JSON.parse(pg.current.sql(databaseOf(env), `SELECT coalesce(json_agg(q), '[]') FROM (${query}) q`)),
  };
  return [sqlite, postgres];
}

/**
 * A user of `engine`'s store, filled by `fill` before the describe's tests (runs against a test
 * sandbox of its own, given the env pointed at it), then pointed at a service nothing listens on
 * (the discard port): what reads the store after sends nothing. Call inside a describe.
 */
export function filledStore(
  engine: StoreEngine,
  fill: (env: Record<string, string>, sandbox: TestSandbox) => Promise<void>,
): { readonly env: Record<string, string>; readonly dir: string } {
  const dir = tempConfigDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let env: Record<string, string> = {};
  beforeAll(async () => {
    const store = await engine.fresh({});
    env = { SOCIAL_CONFIG_DIR: dir, SOCIAL_BASE_URL: 'http://127.0.0.1:9', SOCIAL_API_KEY: 'sbx_demo', ...store };
    const sandbox = await testSandbox();
    try {
      await fill({ ...sandboxEnv(sandbox.url, 'sbx_demo', dir), ...store }, sandbox);
    } finally {
      await sandbox.close();
    }
  });
  return {
    dir,
    get env() {
      return env;
    },
  };
}
