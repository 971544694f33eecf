// The local store on PostgreSQL as machines meet it, in spawned runs against a real server the test
// starts (helpers/postgres.ts) and one sandbox over loopback: processes starting together on an
// empty database migrate it once, two batches writing at once lose no row, and a store that cannot
// be reached or refuses the user costs no paid answer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PG_SCHEMA_VERSION } from '../src/infra/postgres/pg-schema.js';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { freePort, HAS_POSTGRES, usePostgres } from './helpers/postgres.js';
import { caseVariants, useSandbox } from './helpers/sandbox.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const pg = usePostgres();
const sandbox = useSandbox();

/** A user pointed at the sandbox and `store`, in a config dir of its own (a machine of its own). */
const machine = (store: string) => ({
  ...sandboxEnv(sandbox.current.url, 'sbx_demo', tempConfigDir()),
  SOCIAL_STORE: store,
});

describe.skipIf(!HAS_POSTGRES)('the local store on PostgreSQL, many processes at once', () => {
  it('migrates an empty database once when eight processes start on it together', async () => {
    const database = await pg.current.database();
    const store = pg.current.url(database);
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => spawnSocial(['track', 'add', 'github', `account-${i}`], machine(store))),
    );
    for (const run of runs) expect([run.status, run.stderr]).toEqual([0, '']);
    expect(pg.current.sql(database, 'SELECT count(*), max(version) FROM social_schema')).toBe(`1|${PG_SCHEMA_VERSION}`);
    expect(pg.current.sql(database, 'SELECT count(*) FROM watchlist')).toBe('8');
  }, 120_000);

  it('takes the store from the config file (config set store URL), and never shows its password', async () => {
    const database = await pg.current.database();
    const url = pg.current.url(database);
    const env = { ...sandboxEnv(sandbox.current.url, 'sbx_demo', tempConfigDir()) };
    expect((await spawnSocial(['config', 'set', 'store', url], env)).status).toBe(0);
    const added = await spawnSocial(['track', 'add', 'github', 'octocat'], env);
    expect([added.status, added.stderr]).toEqual([0, '']);
    expect(pg.current.sql(database, 'SELECT platform, handle FROM watchlist')).toBe('github|octocat');
    const info = await spawnSocial(['store', 'info', '--json'], env);
    expect(JSON.parse(info.stdout)).toMatchObject({
      engine: 'postgres',
      location: url.replace(/:[^:@/]+@/, ':***@'),
      tables: { watchlist: 1 },
    });
    const password = new URL(url).password;
    expect(`${info.stdout}${info.stderr}${added.stdout}`).not.toContain(password);
  }, 120_000);

  it('two batches writing at once lose no row and fail no input', async () => {
    const database = await pg.current.database();
    const store = pg.current.url(database);
    const inputs = caseVariants(['octocat', 'lenafischer'], 120);
    const lists = [inputs.slice(0, 60), inputs.slice(60)].map((part, i) => {
      const file = join(tempConfigDir(), `part-${i}.txt`);
      writeFileSync(file, `${part.join('\n')}\n`);
      return file;
    });
    const runs = await Promise.all(
      lists.map((file) =>
        spawnSocial(['profile', 'github', '--file', file, '--concurrency', '8', '-o', 'ndjson'], machine(store)),
      ),
    );
    for (const run of runs) {
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).not.toContain('warning');
    }
    expect(
      pg.current.sql(database, 'SELECT count(*), count(DISTINCT request), count(DISTINCT run_id) FROM fetches'),
    ).toBe('120|120|2');
    expect(pg.current.sql(database, 'SELECT count(*) FROM profiles')).toBe('120');
  }, 120_000);

  it('a server that cannot be reached, or refuses the user, costs no paid answer: printed, said once', async () => {
    const closed = await freePort();
    const database = await pg.current.database();
    for (const store of [
      `postgres://social@127.0.0.1:${closed}/social`,
      pg.current.url(database).replace(/:[^:@/]+@/, ':wrong@'),
    ]) {
      const run = await spawnSocial(['profile', 'github', 'octocat'], { ...machine(store), SOCIAL_STORE_WAIT_MS: '0' });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).data.author.handle).toBe('octocat');
      expect(run.stderr).toMatch(/^warning: .*local store.*(cannot be reached|refused to let this user in)/m);
      expect(run.stderr.match(/^warning:/gm), run.stderr).toHaveLength(1);
      expect(run.stderr).not.toContain('wrong');
    }
  }, 120_000);
});
