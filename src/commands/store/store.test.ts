// `social store info|sql|export|prune|check` in-process, on a store that real runs against the
// sandbox filled, on each engine (a SQLite file, a PostgreSQL database): what each prints in each
// format, what sql and export refuse. Then check of a damaged SQLite file as a user sees it,
// bin/social.js spawned under LANG=pt_BR.UTF-8 and LANG=C.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, withConfigDir } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { storeEngines } from '../../../test/helpers/store-engines.js';

const sandbox = useSandbox();

describe.each(storeEngines())('on $name', (engine) => {
  async function filled(): Promise<{ env: Record<string, string>; path: string }> {
    const env = await engine.fresh(sandboxEnv(sandbox.current.url));
    for (const handle of ['octocat', 'lenafischer']) {
      expect((await runCli(['profile', 'github', handle, '--json'], { env })).status).toBe(0);
    }
    return { env, path: engine.location(env) };
  }

  describe('store info', () => {
    it('says where the store would be before anything is stored', async () => {
      const env = await engine.fresh(sandboxEnv(sandbox.current.url));
      const run = await runCli(['store', 'info', '--json'], { env });
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        location: engine.location(env),
        exists: false,
        schema_version: null,
      });
    });

    it('gives its size, rows per table, oldest and newest fetch, schema version', async () => {
      const { env, path } = await filled();
      const info = JSON.parse((await runCli(['store', 'info', '--json'], { env })).stdout);
      expect(info).toMatchObject({
        location: path,
        exists: true,
        engine: engine.name,
        schema_version: engine.schemaVersion,
        oldest_fetch: '2026-11-21T12:00:00.000Z',
        newest_fetch: '2026-11-21T12:00:00.000Z',
      });
      expect(info.bytes).toBeGreaterThan(0);
      expect(info.tables).toMatchObject({ fetches: 2, bodies: 2, profiles: 2, watchlist: 0 });
      const table = await runCli(['store', 'info', '-o', 'table'], { env, columns: 120 });
      expect(table.stdout).toContain(path);
      expect(table.stdout).toMatch(/profiles\s+2/);
    });
  });

  describe('store sql', () => {
    const QUERY = 'SELECT handle, followers FROM profiles ORDER BY handle';

    it('prints a query in every format', async () => {
      const { env } = await filled();
      const json = await runCli(['store', 'sql', QUERY, '--json'], { env });
      expect(JSON.parse(json.stdout)).toEqual([
        { handle: 'lenafischer', followers: expect.any(Number) },
        { handle: 'octocat', followers: 21873 },
      ]);
      const ndjson = await runCli(['store', 'sql', QUERY, '-o', 'ndjson'], { env });
      expect(
        ndjson.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).handle),
      ).toEqual(['lenafischer', 'octocat']);
      const csv = await runCli(['store', 'sql', QUERY, '-o', 'csv'], { env });
      expect(csv.stdout.split('\r\n')[0]).toBe('handle,followers');
      expect(csv.stdout).toContain('octocat,21873');
      const table = await runCli(['store', 'sql', QUERY, '-o', 'table'], { env });
      expect(table.stdout).toMatch(/octocat\s+21873/);
    });

    it('opens the store read-only: a write is refused, and nothing changes', async () => {
      const { env } = await filled();
      const run = await runCli(['store', 'sql', 'DELETE FROM profiles'], { env });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('read-only');
      expect(engine.sql(env, 'SELECT count(*) FROM profiles')).toBe('2');
      // A second statement is refused, not dropped unrun; a comment after the first is not one.
      for (const two of ['SELECT 1; DELETE FROM profiles', 'SELECT 1; SELECT 2']) {
        const twice = await runCli(['store', 'sql', two], { env });
        expect([twice.status, twice.stdout]).toEqual([2, '']);
        expect(twice.stderr).toContain('one statement at a time');
      }
      expect(engine.sql(env, 'SELECT count(*) FROM profiles')).toBe('2');
      const commented = await runCli(['store', 'sql', 'SELECT 1 AS one; -- and a comment', '--json'], { env });
      expect([commented.status, JSON.parse(commented.stdout)]).toEqual([0, [{ one: 1 }]]);
      const bad = await runCli(['store', 'sql', 'SELEKT 1'], { env });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain('syntax error');
    });
  });

  describe('store export', () => {
    it('streams a table as ndjson, or csv', async () => {
      const { env } = await filled();
      const ndjson = await runCli(['store', 'export', 'profiles'], { env });
      expect(ndjson.status).toBe(0);
      const rows = ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(rows.map((row) => row.handle).sort()).toEqual(['lenafischer', 'octocat']);
      expect(rows[0]).toHaveProperty('followers');
      const csv = await runCli(['store', 'export', 'fetches', '-o', 'csv'], { env });
      const [header, ...records] = csv.stdout.trim().split('\r\n');
      expect(header!.split(',').slice(0, 3)).toEqual(['id', 'run_id', 'fetched_at']);
      expect(records).toHaveLength(2);
    });

    it('writes each row as `store sql` prints it: nulls, quotes, line breaks, formulas, bidi marks, emoji', async () => {
      const { env } = await filled();
      // In the order of each engine's key (platform, then handle: a, b, c…), as export streams them.
      const handles = ['a"quoted, with a comma', 'b\nsecond line', 'c=1+1', 'd\u202eevil', 'e 😀 émoji'];
      const values = handles.map((handle) => `('x', '${handle}', '2026-11-21T12:00:00.000Z')`).join(', ');
      engine.sql(env, `INSERT INTO watchlist (platform, handle, added_at) VALUES ${values}`);
      for (const [table, key] of [
        ['watchlist', 'platform, handle'],
        ['fetches', 'id'],
      ]) {
        const query = `SELECT * FROM ${table} ORDER BY ${key}`;
        for (const format of ['ndjson', 'csv']) {
          const exported = await runCli(['store', 'export', table!, '-o', format], { env });
          const queried = await runCli(['store', 'sql', query, '-o', format], { env });
          expect([exported.status, exported.stderr]).toEqual([0, '']);
          expect(exported.stdout).toBe(queried.stdout);
        }
      }
      const watched = await runCli(['store', 'export', 'watchlist'], { env });
      expect(watched.stdout).toContain('"handle":"d\\u202eevil"');
      const fetched = await runCli(['store', 'export', 'fetches'], { env });
      expect(fetched.stdout).toMatch(/"error_code":null/);
      // An empty table: nothing, not even csv's header.
      for (const format of ['ndjson', 'csv'])
        expect(await runCli(['store', 'export', 'transcripts', '-o', format], { env })).toMatchObject({
          status: 0,
          stdout: '',
        });
    });

    it('--jq runs on each row as its ndjson record, with or without -o ndjson; a failure is exit 2 after it', async () => {
      const { env } = await filled();
      for (const given of [[], ['-o', 'ndjson']]) {
        const run = await runCli(
          ['store', 'export', 'profiles', ...given, '--jq', 'select(.followers > 5000) | .handle'],
          {
            env,
          },
        );
        expect([given, run.status, run.stdout, run.stderr]).toEqual([given, 0, 'octocat\n', '']);
      }
      const failed = await runCli(['store', 'export', 'profiles', '--jq', '.name | tonumber'], { env });
      expect([failed.status, failed.stdout]).toEqual([2, '']);
      expect(failed.stderr).toContain('--jq failed on 2 of 2 records');
      const bad = await runCli(['store', 'export', 'profiles', '--jq', '.['], { env });
      expect([bad.status, bad.stdout]).toEqual([2, '']);
      expect((await runCli(['store', 'export', 'profiles', '--jq', '.', '-o', 'csv'], { env })).status).toBe(2);
    });

    it("refuses a table that is not the store's, and a format that cannot stream", async () => {
      const { env } = await filled();
      const unknown = await runCli(['store', 'export', 'sqlite_schema'], { env });
      expect(unknown.status).toBe(2);
      expect(unknown.stderr).toContain('not a table of the store');
      expect((await runCli(['store', 'export', 'profiles', '-o', 'table'], { env })).status).toBe(2);
    });
  });

  describe('store prune and check', () => {
    it('prunes what was fetched before the time, keeping the watchlist; check says the store is sound', async () => {
      const { env, path } = await filled();
      engine.sql(env, "INSERT INTO watchlist VALUES ('github', 'octocat', '2020-01-01T00:00:00.000Z')");
      const none = await runCli(['store', 'prune', '--older-than', '1d', '--json'], { env });
      expect(JSON.parse(none.stdout).deleted).toMatchObject({ fetches: 0, watchlist: 0 });
      // 0 seconds: everything fetched before now (the test clock's) goes, but the watchlist.
      const later = await runCli(['store', 'prune', '--older-than', '0s', '--json'], {
        env,
        now: new Date('2026-11-22T00:00:00Z'),
      });
      expect(JSON.parse(later.stdout).deleted).toMatchObject({ fetches: 2, bodies: 2, profiles: 2, watchlist: 0 });
      expect(engine.sql(env, 'SELECT count(*) FROM watchlist')).toBe('1');
      const check = await runCli(['store', 'check', '--json'], { env });
      expect([check.status, JSON.parse(check.stdout)]).toEqual([0, { location: path, ok: true, problems: [] }]);
      expect((await runCli(['store', 'prune', '--older-than', 'soon'], { env })).status).toBe(2);
    });
  });
});

describe('store check in Portuguese', () => {
  it('the problems table says its problems in Portuguese, its json in English', async () => {
    await withConfigDir(async (dir) => {
      const store = join(dir, 'broken.db');
      writeFileSync(store, 'not a database, '.repeat(512));
      const check = ['store', 'check'];
      const run = (lang: string, args: string[]) =>
        spawnSocial(args, { SOCIAL_CONFIG_DIR: dir, SOCIAL_STORE: store, LANG: lang });
      const pt = await run('pt_BR.UTF-8', [...check, '-o', 'table']);
      expect(pt.status).toBe(1);
      expect(pt.stdout.split('\n').slice(0, 3)).toEqual([
        `${store}: danificado`,
        'problema',
        expect.stringContaining(`${store}: danificado: não é um banco SQLite`),
      ]);
      const c = await run('C', [...check, '-o', 'table']);
      expect(c.stdout).toContain(`${store} damaged: not a SQLite database`);
      // The error names the store once, in either language.
      for (const [said, damaged] of [
        [pt.stderr, `erro (store_damaged): ${store}: danificado: não é um banco SQLite`],
        [c.stderr, `error (store_damaged): ${store} damaged: not a SQLite database`],
      ] as const) {
        expect(said).toContain(damaged);
        expect(said.split(store)).toHaveLength(2);
      }
      for (const format of ['--json', '-o csv']) {
        const args = [...check, ...format.split(' ')];
        const [ptRun, cRun] = [await run('pt_BR.UTF-8', args), await run('C', args)];
        expect([format, ptRun.status, ptRun.stdout]).toEqual([format, cRun.status, cRun.stdout]);
        expect(cRun.stdout).toContain('damaged: not a SQLite database');
      }
    });
  });
});

describe('a store setting that names a folder', () => {
  it('is said as a folder by readers and writers, never as a store with nothing in it or a full disk', async () => {
    await withConfigDir(async (dir) => {
      const env = { ...sandboxEnv(sandbox.current.url, 'sbx_demo', dir), SOCIAL_STORE: dir };
      const folder = `${dir} is a folder, not a store file`;
      const paid = await runCli(['profile', 'github', 'octocat', '--json'], { env });
      expect([paid.status, JSON.parse(paid.stdout).data.author.handle]).toEqual([0, 'octocat']);
      expect(paid.stderr).toContain(folder);
      for (const args of [
        ['history', 'github', 'octocat'],
        ['store', 'info'],
        ['track', 'list'],
        ['search', 'x'],
      ]) {
        const run = await runCli(args, { env });
        expect([args, run.status, run.stdout]).toEqual([args, 1, '']);
        expect(run.stderr).toContain(folder);
      }
    });
  });
});
