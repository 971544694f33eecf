// The SQLite store on a real file in a temp folder: migrations and user_version, the refusal of a
// newer schema and of a damaged file, one row per niche, item and window whatever the overlap of
// trends calls, posts upserted by their id, full-text search, prune keeping the watchlist.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthorSchema } from '../../domain/schemas.js';
import { ACCOUNT_METRICS, SqliteAnalyst } from './analyst-sqlite.js';
import type { StatementSync } from './node-sqlite.js';
import { AUTHOR_COLUMNS } from './rows.js';
import { SCHEMA_VERSION } from './schema.js';
import { openSqliteStore } from './sqlite.js';
import type { FetchRecord, StoreRow } from './store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function storePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'social-store-'));
  dirs.push(dir);
  return join(dir, 'store.db');
}

function fetchOf(route: string, params: Record<string, string | number>, body: unknown, at: string): FetchRecord {
  const text = JSON.stringify(body);
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return {
    at: new Date(at),
    service: 'https://api.example.com',
    key: 'abcd1234',
    command: 'test',
    method: 'GET',
    route,
    params,
    request: search === '' ? route : `${route}?${search}`,
    status: 200,
    ok: true,
    body: Buffer.from(text),
    parsed: body,
    credits: 1,
    uncertain: false,
  };
}

async function all(rows: AsyncIterable<StoreRow>): Promise<StoreRow[]> {
  const out: StoreRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const trendsBody = (windows: string[]) => ({
  niche: 'tech',
  items: [
    {
      external_id: 'x1',
      title: 'A story',
      url: 'https://example.com/1',
      platform: 'hn',
      entered_at: windows[0],
      left_at: null,
      best_position: 1,
      movement: 2,
      series: windows.map((window, at) => ({ window, position: 3 - at, points: 10 * (at + 1), comments: at })),
    },
  ],
});

describe('the SQLite store', () => {
  it('migrates a new file to the schema version, WAL on, and opens it again as it is', async () => {
    const path = storePath();
    const store = await openSqliteStore(path);
    await store.close();
    const pragma = (name: string) =>
      execFileSync('sqlite3', [path, `PRAGMA ${name}`])
        .toString()
        .trim();
    expect(pragma('user_version')).toBe(String(SCHEMA_VERSION));
    expect(pragma('journal_mode')).toBe('wal');
    const again = await openSqliteStore(path);
    expect((await again.info()).schemaVersion).toBe(SCHEMA_VERSION);
    await again.close();
  });

  it('never writes to a store of a newer schema, and names the file', async () => {
    const path = storePath();
    await (await openSqliteStore(path)).close();
    execFileSync('sqlite3', [path, `PRAGMA user_version = ${SCHEMA_VERSION + 1}`]);
    await expect(openSqliteStore(path)).rejects.toMatchObject({ code: 'newer_schema' });
    await expect(openSqliteStore(path)).rejects.toThrow(path);
    // Read-only, it still answers queries.
    const reader = await openSqliteStore(path, { readOnly: true });
    expect((await reader.info()).schemaVersion).toBe(SCHEMA_VERSION + 1);
    await reader.close();
  });

  it('says a damaged file is damaged', async () => {
    const path = storePath();
    writeFileSync(path, 'this is not a database, but it is long enough to look like a header of one\n'.repeat(20));
    await expect(openSqliteStore(path)).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('keeps one row per niche, item and window whatever the overlap of the calls', async () => {
    const store = await openSqliteStore(storePath());
    const w = ['2026-11-21T09:00:00Z', '2026-11-21T10:00:00Z', '2026-11-21T11:00:00Z'];
    await store.recordFetches([fetchOf('/api/v1/trends/tech', {}, trendsBody(w.slice(0, 2)), '2026-11-21T10:30:00Z')]);
    await store.recordFetches([fetchOf('/api/v1/trends/tech', {}, trendsBody(w.slice(1)), '2026-11-21T11:30:00Z')]);
    const points = await all(store.query('SELECT window, points FROM trend_points ORDER BY window'));
    expect(points.map((p) => p.window)).toEqual(w);
    const items = await all(store.query('SELECT niche, external_id, title FROM trend_items'));
    expect(items).toEqual([{ niche: 'tech', external_id: 'x1', title: 'A story' }]);
    await store.close();
  });

  it('upserts posts by their id, a metrics row per fetch, and finds their words', async () => {
    const store = await openSqliteStore(storePath());
    const posts = (likes: number, text: string) => ({
      success: true,
      data: {
        author: { handle: 'a.bsky.social', followers: 100 },
        items: [{ id: 'p1', text, metrics: { likes, replies: 1, reposts: 0, quotes: null } }],
      },
      cached: false,
    });
    const route = '/api/v1/bluesky/posts';
    await store.recordFetches([
      fetchOf(route, { handle: 'a.bsky.social' }, posts(5, 'big layoffs today'), '2026-11-20T10:00:00Z'),
    ]);
    await store.recordFetches([
      fetchOf(route, { handle: 'a.bsky.social' }, posts(9, 'the layoffs, again'), '2026-11-21T10:00:00Z'),
    ]);
    expect(await all(store.query('SELECT id, text FROM posts'))).toEqual([{ id: 'p1', text: 'the layoffs, again' }]);
    expect(
      (await all(store.query('SELECT likes, author_followers FROM post_metrics ORDER BY fetched_at'))).map(
        (r) => r.likes,
      ),
    ).toEqual([5, 9]);
    expect(await all(store.query("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'layoffs'"))).toHaveLength(1);
    expect(await all(store.query("SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'big'"))).toHaveLength(0);
    await store.close();
  });

  it('finds the newest success of a request, not older than asked', async () => {
    const store = await openSqliteStore(storePath());
    const record = fetchOf(
      '/api/v1/github/profile',
      { handle: 'octocat' },
      { success: true, data: {} },
      '2026-11-21T10:00:00Z',
    );
    await store.recordFetches([record]);
    await store.recordFetches([{ ...record, at: new Date('2026-11-21T11:00:00Z'), ok: false, status: 503 }]);
    const query = { service: record.service, method: 'GET', request: record.request };
    expect((await store.findAnswer(query))?.fetchedAt.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(await store.findAnswer({ ...query, since: new Date('2026-11-21T10:30:00Z') })).toBeUndefined();
    await store.close();
  });

  it('stores every field of the Author schema in the profiles table, handle as author_handle', async () => {
    const path = storePath();
    const store = await openSqliteStore(path);
    const fields = Object.keys(AuthorSchema.unwrap().shape);
    const counts = ['followers', 'following', 'posts_count'];
    const flags = ['verified', 'is_private'];
    const author = Object.fromEntries(
      fields.map((field, at) => [field, counts.includes(field) ? at : flags.includes(field) ? true : `${field} ${at}`]),
    );
    await store.recordFetches([
      fetchOf(
        '/api/v1/github/profile',
        { handle: 'octocat' },
        { success: true, data: { author } },
        '2026-01-02T00:00:00Z',
      ),
    ]);
    await store.close();
    expect(AUTHOR_COLUMNS).toEqual(fields.map((field) => (field === 'handle' ? 'author_handle' : field)));
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const row = db.prepare(`SELECT ${AUTHOR_COLUMNS.join(', ')} FROM profiles`).get() as Record<string, unknown>;
      expect(Object.values(row)).toEqual(fields.map((field) => (flags.includes(field) ? 1 : author[field])));
    } finally {
      db.close();
    }
  });

  it('prunes what was fetched before the date, keeping the watchlist', async () => {
    const store = await openSqliteStore(storePath());
    await store.watch('github', 'octocat', new Date('2026-01-01T00:00:00Z'));
    const profile = { success: true, data: { author: { handle: 'octocat', followers: 1 } } };
    await store.recordFetches([
      fetchOf('/api/v1/github/profile', { handle: 'octocat' }, profile, '2026-01-02T00:00:00Z'),
    ]);
    await store.recordFetches([
      fetchOf('/api/v1/github/profile', { handle: 'octocat' }, profile, '2026-11-02T00:00:00Z'),
    ]);
    const { deleted } = await store.prune(new Date('2026-06-01T00:00:00Z'));
    const count = (table: string) => deleted.find((d) => d.table === table)?.rows;
    expect([count('fetches'), count('bodies'), count('profiles'), count('watchlist')]).toEqual([1, 1, 1, 0]);
    expect(await store.watchlist()).toHaveLength(1);
    expect(await store.check()).toEqual([]);
    await store.close();
  });

  it('refuses a write on a store opened read-only', async () => {
    const path = storePath();
    await (await openSqliteStore(path)).close();
    const reader = await openSqliteStore(path, { readOnly: true });
    await expect(all(reader.query('DELETE FROM watchlist'))).rejects.toThrow(/read-only/);
    await reader.close();
  });
  it("answers an account's snapshots oldest first, whatever order they were written in", async () => {
    const store = await openSqliteStore(storePath());
    const profile = (followers: number) => ({ success: true, data: { author: { handle: 'octocat', followers } } });
    const route = '/api/v1/github/profile';
    await store.recordFetches([
      fetchOf(route, { handle: 'octocat' }, profile(3), '2026-11-03T00:00:00Z'),
      fetchOf(route, { handle: 'octocat' }, profile(1), '2026-11-01T00:00:00Z'),
      fetchOf(route, { handle: 'lenafischer' }, profile(9), '2026-11-02T00:00:00Z'),
      fetchOf(route, { handle: 'octocat' }, profile(2), '2026-11-02T00:00:00Z'),
    ]);
    expect(await store.snapshots('github', 'OctoCat')).toEqual({
      fetched_at: [1, 2, 3].map((day) => `2026-11-0${day}T00:00:00.000Z`),
      source: ['profile', 'profile', 'profile'],
      followers: [1, 2, 3],
      following: [null, null, null],
      posts_count: [null, null, null],
    });
    expect(await store.snapshots('github', 'nobody')).toEqual({
      fetched_at: [],
      source: [],
      followers: [],
      following: [],
      posts_count: [],
    });
    await store.close();
  });

  it("reads a terminal's history: the newest snapshots, every follower count, all of them in order", async () => {
    const path = storePath();
    const store = await openSqliteStore(path);
    const profile = (followers: number | null) => ({
      success: true,
      data: { author: { handle: 'octocat', followers } },
    });
    const route = '/api/v1/github/profile';
    const counts = [1, 2, null, 4, 5];
    await store.recordFetches(
      counts.map((followers, i) =>
        fetchOf(route, { handle: 'octocat' }, profile(followers), `2026-11-0${i + 1}T00:00:00Z`),
      ),
    );
    const recent = await store.recentSnapshots('github', 'octocat', 2);
    expect(recent).toMatchObject({
      followers: counts,
      first: '2026-11-01T00:00:00.000Z',
      recent: { fetched_at: ['2026-11-04T00:00:00.000Z', '2026-11-05T00:00:00.000Z'], followers: [4, 5] },
      // The one before the newest two has no count: the oldest shown gained on the one before it.
      before: { fetched_at: '2026-11-02T00:00:00.000Z', followers: 2 },
    });
    expect(await store.recentSnapshots('github', 'nobody', 2)).toEqual({
      followers: [],
      first: undefined,
      recent: { fetched_at: [], source: [], followers: [], following: [], posts_count: [] },
      before: undefined,
    });
    await store.close();
    // SQLite aggregating the counts in another order than its subquery's (which SQL does not
    // promise) is caught by the newest, read in a promised order: every snapshot is read then.
    const db = new DatabaseSync(path, { readOnly: true });
    const shuffled = (statement: StatementSync): StatementSync =>
      ({
        get: (...values: never[]) => {
          const row = statement.get(...values) as { followers: string };
          return { followers: JSON.stringify((JSON.parse(row.followers) as unknown[]).reverse()) };
        },
      }) as unknown as StatementSync;
    const analyst = new SqliteAnalyst((sql) =>
      sql.startsWith('SELECT json_group_array(followers) AS followers') ? shuffled(db.prepare(sql)) : db.prepare(sql),
    );
    expect(analyst.recentSnapshots('github', 'octocat', 2).followers).toEqual(counts);
    db.close();
  });

  it("reads an account's post metrics from its posts, not every metric of the platform (the query plan)", async () => {
    const store = await openSqliteStore(storePath());
    const plan = (await all(store.query(`EXPLAIN QUERY PLAN ${ACCOUNT_METRICS}`))).map((row) => row.detail);
    expect(plan[0]).toMatch(/^SEARCH p USING INDEX posts_account \(platform=\? AND handle=\?\)$/);
    expect(plan[1]).toMatch(
      /^SEARCH m USING INDEX post_metrics_post \(platform=\? AND post_id=\? AND fetched_at>\?\)$/,
    );
    await store.close();
  });
});
