// The store on PostgreSQL against a real server the test starts: what SQLite's store does (the
// commands' own tests run on both engines), and what is PostgreSQL's own: values read back as
// SQLite gives them, text it cannot hold, full-text search over tsvector, SQL that cannot leave
// its read-only transaction, export through a cursor, the check.
import { describe, expect, it } from 'vitest';
import { HAS_POSTGRES, usePostgres } from '../../../test/helpers/postgres.js';
import { sayTextInEnglish } from '../../messages/catalogue.js';
import { openPostgresStore } from './postgres.js';
import type { FetchRecord, RowBatch, StoreRow } from './store.js';

const pg = usePostgres();

async function fresh() {
  const database = await pg.current.database();
  const url = pg.current.url(database);
  return { database, url, store: await openPostgresStore(url, { env: {} }) };
}

async function all(rows: AsyncIterable<StoreRow>): Promise<StoreRow[]> {
  const out: StoreRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

/** A table's rows as export reads them (batches of arrays), each made a record again. */
async function records(batches: AsyncIterable<RowBatch>): Promise<StoreRow[]> {
  const out: StoreRow[] = [];
  for await (const { columns, rows } of batches)
    for (const row of rows) out.push(Object.fromEntries(columns.map((name, at) => [name, row[at]])));
  return out;
}

function postsAnswer(at: string, items: Array<{ id: string; text: string }>, handle = 'a.bsky.social'): FetchRecord {
  const body = {
    success: true,
    data: {
      author: { handle, followers: 100 },
      items: items.map((item) => ({ ...item, metrics: { likes: 1, replies: 1, reposts: 0, quotes: 0 } })),
    },
    cached: false,
  };
  return {
    at: new Date(at),
    service: 'https://api.example.com',
    key: 'abcd1234',
    command: 'posts',
    method: 'GET',
    route: '/api/v1/bluesky/posts',
    params: { handle },
    request: `/api/v1/bluesky/posts?handle=${handle}`,
    status: 200,
    ok: true,
    body: Buffer.from(JSON.stringify(body)),
    parsed: body,
    credits: 1,
    uncertain: false,
  };
}

describe.skipIf(!HAS_POSTGRES)('the PostgreSQL store', () => {
  it('reads values back as SQLite gives them: times as ISO 8601 text, counts as numbers', async () => {
    const { store } = await fresh();
    try {
      await store.recordFetches([postsAnswer('2026-11-21T10:00:00.123Z', [{ id: 'p1', text: 'hello' }])]);
      const [row] = await all(store.query('SELECT fetched_at, credits, ok, count(*) OVER () AS n FROM fetches'));
      expect(row).toEqual({ fetched_at: '2026-11-21T10:00:00.123Z', credits: 1, ok: 1, n: 1 });
      const [metrics] = await records(store.rows('post_metrics'));
      expect(metrics).toMatchObject({ fetch_id: 1, likes: 1, author_followers: 100 });
      expect((await store.snapshots('bluesky', 'A.BSKY.SOCIAL')).fetched_at).toEqual(['2026-11-21T10:00:00.123Z']);
    } finally {
      await store.close();
    }
  });

  it('keeps a text PostgreSQL cannot hold (U+0000) as U+FFFD, rather than losing the answer', async () => {
    const { store } = await fresh();
    try {
      await store.recordFetches([postsAnswer('2026-11-21T10:00:00Z', [{ id: 'p1', text: 'a\u0000b' }])]);
      expect(await all(store.query('SELECT text FROM posts'))).toEqual([{ text: 'a\uFFFDb' }]);
    } finally {
      await store.close();
    }
  });

  it('searches words with case and accents ignored, all of them required, prefixes, syntax as text', async () => {
    const { store } = await fresh();
    try {
      await store.recordFetches([
        postsAnswer('2026-11-21T10:00:00Z', [
          { id: 'p1', text: 'Un café à Paris, self-hosting the blog' },
          { id: 'p2', text: 'Meetup tonight: coffee & code' },
        ]),
      ]);
      const ids = async (...words: string[]) => (await store.search({ words, limit: 10 })).map((hit) => hit.id);
      expect(await ids('CAFE', 'paris')).toEqual(['p1']);
      expect(await ids('self-hosting')).toEqual(['p1']);
      expect(await ids('meet*')).toEqual(['p2']);
      expect(await ids('cafe', 'coffee')).toEqual([]);
      expect(await ids("it's", '&', '!(x', 'a\\b:*')).toEqual([]);
      const [hit] = await store.search({ words: ['paris'], limit: 10 });
      expect(hit).toMatchObject({ kind: 'post', platform: 'bluesky', handle: 'a.bsky.social' });
      expect(hit!.snippet).toContain('\uE000Paris\uE001');
    } finally {
      await store.close();
    }
  });

  it('runs SQL in a read-only transaction it cannot leave, one statement only', async () => {
    const { database, store } = await fresh();
    try {
      await store.watch('github', 'octocat', new Date('2026-11-21T10:00:00Z'));
      await expect(all(store.query('DELETE FROM watchlist'))).rejects.toThrow(/read-only/);
      await expect(all(store.query('COMMIT; DELETE FROM watchlist'))).rejects.toThrow(/one statement at a time/);
      await expect(all(store.query("SELECT set_config('transaction_read_only', 'off', false)"))).rejects.toThrow();
      expect(pg.current.sql(database, 'SELECT count(*) FROM watchlist')).toBe('1');
    } finally {
      await store.close();
    }
  });

  it('exports a table in its key order through a cursor, more rows than one fetch takes, 100 at a time', async () => {
    const { store } = await fresh();
    try {
      const items = Array.from({ length: 1500 }, (_, i) => ({
        id: `p${String(i).padStart(4, '0')}`,
        text: `post ${i}`,
      }));
      await store.recordFetches([postsAnswer('2026-11-21T10:00:00Z', items)]);
      const sizes: number[] = [];
      const counted = async function* () {
        for await (const batch of store.rows('posts')) {
          sizes.push(batch.rows.length);
          yield batch;
        }
      };
      const rows = await records(counted());
      expect(rows).toHaveLength(1500);
      expect(rows.map((row) => row.post_rowid)).toEqual(rows.map((_, i) => i + 1));
      // Batches made as the rows come, as the SQLite store hands them: never a whole fetch's.
      expect(sizes).toEqual(Array.from({ length: 15 }, () => 100));
    } finally {
      await store.close();
    }
  });

  it('checks the schema: a table missing and an index left invalid are named', async () => {
    const { database, store } = await fresh();
    expect(await store.check()).toEqual([]);
    await store.close();
    pg.current.sql(database, 'DROP TABLE movers_items');
    pg.current.sql(database, "UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'posts_fts'::regclass");
    const reader = await openPostgresStore(pg.current.url(database), { env: {}, readOnly: true });
    try {
      expect((await reader.check()).map(sayTextInEnglish)).toEqual([
        'table movers_items is missing',
        'index posts_fts is invalid: rebuild it (REINDEX)',
      ]);
    } finally {
      await reader.close();
    }
  });

  it('opened to read, leaves an empty database as it is and says nothing is stored there', async () => {
    const database = await pg.current.database();
    await expect(openPostgresStore(pg.current.url(database), { env: {}, readOnly: true })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(pg.current.sql(database, "SELECT to_regclass('social_schema') IS NULL")).toBe('t');
  });
});
