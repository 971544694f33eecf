// The PostgreSQL store's connection against a real server the test starts: migrations once
// whatever the number of openers, a conflict between transactions run again inside the database,
// and a schema from a newer social never written to.
import { describe, expect, it } from 'vitest';
import { HAS_POSTGRES, usePostgres } from '../../../test/helpers/postgres.js';
import { PostgresStore } from './pg-store.js';

const pg = usePostgres();

describe.skipIf(!HAS_POSTGRES)('the PostgreSQL store', () => {
  it('migrates once when many open an empty database together', async () => {
    const database = await pg.current.database();
    const url = pg.current.url(database);
    const stores = await Promise.all(Array.from({ length: 8 }, () => PostgresStore.open(url, { env: {} })));
    await Promise.all(stores.map((store) => store.close()));
    expect(pg.current.sql(database, 'SELECT count(*), max(version) FROM social_schema')).toMatch(/^1\|\d+$/);
  });

  it('runs a transaction again after a serialisation failure or a deadlock, inside the database', async () => {
    const store = await PostgresStore.open(pg.current.url(await pg.current.database()), { env: {} });
    try {
      let tries = 0;
      const result = await store.transaction(async (client) => {
        tries += 1;
        if (tries === 1) await client.query("DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$");
        if (tries === 2) await client.query("DO $$ BEGIN RAISE EXCEPTION 'deadlock' USING ERRCODE = '40P01'; END $$");
        return (await client.query<{ n: number }>('SELECT 42 AS n')).rows[0]?.n;
      });
      expect([tries, result]).toEqual([3, 42]);
      // Any other failure is not run again: it is said, naming the server.
      let other = 0;
      await expect(
        store.transaction(async (client) => {
          other += 1;
          await client.query('SELECT no_such_column FROM social_schema');
        }),
      ).rejects.toThrow(/the PostgreSQL store 127\.0\.0\.1:\d+\/\w+ failed/);
      expect(other).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('refuses a schema from a newer social: nothing written to it', async () => {
    const database = await pg.current.database();
    const url = pg.current.url(database);
    await (await PostgresStore.open(url, { env: {} })).close();
    pg.current.sql(database, 'UPDATE social_schema SET version = 999');
    await expect(PostgresStore.open(url, { env: {} })).rejects.toThrow(/schema version 999, from a newer social/);
    expect(pg.current.sql(database, 'SELECT version FROM social_schema')).toBe('999');
  });
});
