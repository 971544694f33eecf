// docs/store.md is true: a store filled by real runs against the sandbox is opened with the sqlite3
// shell (Debian's, as an analyst would; CI installs it) and every query on the page runs on it and
// returns rows; and every table and column of the schema is on the page. The same runs fill a
// PostgreSQL store (a server the test starts), where psql runs the page's PostgreSQL queries, and
// every SQLite query but those they stand for.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORE_TABLES } from '../src/infra/store/schema.js';
import { runCli, sandboxEnv } from './helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from './helpers/postgres.js';
import { useSandbox } from './helpers/sandbox.js';

const DOC = readFileSync(join(import.meta.dirname, '..', 'docs', 'store.md'), 'utf8');
const QUERIES = [...DOC.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());
const POSTGRES_QUERIES = [...DOC.matchAll(/```postgresql\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());

const sandbox = useSandbox();
const pg = usePostgres();
let store = '';
let database = '';

const RUNS = [
  ['profile', 'github', 'octocat'],
  ['profile', 'github', 'octocat', '--max-age', '0s'],
  ['profile', 'github', 'notfound'],
  ['posts', 'bluesky', 'mirahalvorsen.com'],
  ['transcript', 'https://www.tiktok.com/@ana.ceramics/video/7709083876465380678'],
  ['trends', 'tech'],
  ['movers', 'tech'],
];
const WATCHED = "INSERT INTO watchlist VALUES ('github', 'octocat', '2026-11-21T12:00:00.000Z')";

beforeAll(async () => {
  const env = sandboxEnv(sandbox.current.url);
  store = join(env.SOCIAL_CONFIG_DIR!, 'store.db');
  for (const argv of RUNS) await runCli([...argv, '--json'], { env });
  execFileSync('sqlite3', [store, WATCHED]);
  if (!HAS_POSTGRES) return;
  database = await pg.current.database();
  const onPostgres = { ...sandboxEnv(sandbox.current.url), SOCIAL_STORE: pg.current.url(database) };
  for (const argv of RUNS) await runCli([...argv, '--json'], { env: onPostgres });
  pg.current.sql(database, WATCHED);
}, 60_000);

describe('docs/store.md', () => {
  it('has queries', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(QUERIES.map((query) => [query.split('\n')[0], query]))('runs %s', (_first, query) => {
    const out = execFileSync('sqlite3', ['-bail', '-json', store, query], { encoding: 'utf8' });
    expect(JSON.parse(out || '[]').length).toBeGreaterThan(0);
  });

  it('describes every table and column of the schema', () => {
    for (const table of STORE_TABLES) {
      expect(DOC, table).toMatch(new RegExp(`^## .*\\b${table}\\b`, 'm'));
      const columns = JSON.parse(
        execFileSync('sqlite3', ['-json', store, `SELECT name FROM pragma_table_info('${table}')`], {
          encoding: 'utf8',
        }),
      ) as Array<{ name: string }>;
      for (const { name } of columns)
        expect(DOC, `${table}.${name}`).toMatch(new RegExp(`^\\| [^|]*\\b${name}\\b[^|]*\\|`, 'm'));
    }
  });
});

describe.skipIf(!HAS_POSTGRES)('docs/store.md on PostgreSQL', () => {
  const rows = (query: string): string => pg.current.sql(database, query);

  it.each(POSTGRES_QUERIES.map((query) => [query.split('\n')[0], query]))('runs %s', (_first, query) => {
    expect(rows(query)).not.toBe('');
  });

  it('runs every SQLite query as it is, but those the PostgreSQL ones stand for', () => {
    const failed = QUERIES.filter((query) => {
      try {
        return rows(query) === '';
      } catch {
        return true;
      }
    });
    expect(failed).toHaveLength(POSTGRES_QUERIES.length);
  });
});
