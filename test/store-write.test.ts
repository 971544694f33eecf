// Every paid answer kept: each command's answers (errors too, as fetch records) written to the
// local store as the commands run in-process against the sandbox; --max-age and --offline
// answering from it without sending (on each engine: a SQLite file, a PostgreSQL database);
// --no-store, SOCIAL_STORE=off and the sandbox's own store.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { useSandbox } from './helpers/sandbox.js';
import { storeEngines } from './helpers/store-engines.js';

const sandbox = useSandbox();

/** Rows of a query on the store file, through the sqlite3 shell (the way an analyst reads it). */
function sql(path: string, query: string): Array<Record<string, unknown>> {
  const out = execFileSync('sqlite3', ['-json', path, query]).toString().trim();
  return out === '' ? [] : JSON.parse(out);
}

function spent(): number {
  return sandbox.current.core.ledger.activeAccount('sbx_demo')!.spentThisMonth;
}

const COMMANDS: Array<[string, string[], string]> = [
  ['profile', ['profile', 'github', 'octocat'], '/api/v1/github/profile'],
  ['posts', ['posts', 'bluesky', 'mirahalvorsen.com', '--limit', '3'], '/api/v1/bluesky/posts'],
  ['post', ['post', 'at://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.feed.post/3n2p5d7ji25zm'], '/api/v1/bluesky/post'],
  [
    'transcript',
    ['transcript', 'https://www.tiktok.com/@ana.ceramics/video/7709083876465380678'],
    '/api/v1/tiktok/post/transcript',
  ],
  ['trends', ['trends', 'tech'], '/api/v1/trends/tech'],
  ['movers', ['movers', 'tech'], '/api/v1/movers/tech'],
  ['api', ['api', 'github/profile', '-f', 'handle=lenafischer'], '/api/v1/github/profile'],
];

describe('the write path', () => {
  it('writes every paid answer, one fetch row and its body each, and its analyst rows', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const path = join(env.SOCIAL_CONFIG_DIR!, 'store.db');
    for (const [name, argv, route] of COMMANDS) {
      const run = await runCli([...argv, '--json'], { env });
      expect([name, run.status]).toEqual([name, 0]);
      const [row] = sql(
        path,
        'SELECT f.command, f.route, f.ok, f.status, f.key_fingerprint, b.body FROM fetches f JOIN bodies b ON b.fetch_id = f.id ORDER BY f.id DESC LIMIT 1',
      );
      expect(row).toMatchObject({
        command: name,
        route,
        ok: 1,
        status: 200,
        key_fingerprint: expect.stringMatching(/^[0-9a-f]{8}$/),
      });
      // The body as it came: the same JSON as the command printed.
      expect(JSON.parse(row!.body as string)).toEqual(JSON.parse(run.stdout));
    }
    // The coverage look-ups of trends and movers are free and not stored.
    expect(sql(path, "SELECT count(*) AS n FROM fetches WHERE route = '/api/v1/nichos'")).toEqual([{ n: 0 }]);
    const count = (table: string) => (sql(path, `SELECT count(*) AS n FROM ${table}`)[0] as { n: number }).n;
    expect(count('profiles')).toBeGreaterThanOrEqual(2);
    expect(count('posts')).toBe(4);
    expect(count('post_metrics')).toBe(4);
    expect(sql(path, "SELECT count(*) AS n FROM transcripts_fts WHERE transcripts_fts MATCH 'celadon'")).toEqual([
      { n: 1 },
    ]);
    expect(count('trend_items')).toBeGreaterThan(0);
    expect(count('trend_points')).toBeGreaterThan(0);
    expect(count('movers_runs')).toBe(1);
    // The key itself is nowhere in the file.
    expect(execFileSync('sqlite3', [path, '.dump']).toString()).not.toContain('sbx_demo');
  });

  it('logs the balance probe of credits (it could be charged) but makes no analyst row of it', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const path = join(env.SOCIAL_CONFIG_DIR!, 'store.db');
    expect((await runCli(['credits', '--json'], { env })).status).toBe(0);
    expect(sql(path, 'SELECT command, route, credits FROM fetches')).toEqual([
      { command: 'credits', route: '/api/v1/movers/__credits_probe__', credits: 0 },
    ]);
    expect(sql(path, 'SELECT count(*) AS n FROM movers_runs')).toEqual([{ n: 0 }]);
  });

  it('writes nothing with --no-store or SOCIAL_STORE=off, and --sandbox runs to a store of their own', async () => {
    const env = sandboxEnv(sandbox.current.url);
    expect((await runCli(['profile', 'github', 'octocat', '--no-store', '--json'], { env })).status).toBe(0);
    expect(existsSync(join(env.SOCIAL_CONFIG_DIR!, 'store.db'))).toBe(false);
    // Off as the user asked: nothing said of it; --offline, which only the store could answer, is
    // refused as beside --no-store (exit 2, nothing sent).
    const off = { env: { ...env, SOCIAL_STORE: 'off' } };
    expect(await runCli(['profile', 'github', 'octocat', '--json'], off)).toMatchObject({ status: 0, stderr: '' });
    expect(existsSync(join(env.SOCIAL_CONFIG_DIR!, 'store.db'))).toBe(false);
    const offline = await runCli(['profile', 'github', 'octocat', '--offline', '--json'], off);
    expect([offline.status, offline.stdout]).toEqual([2, '']);
    expect(offline.stderr).toContain('--offline answers from the local store, which is off (SOCIAL_STORE=off)');
    expect(existsSync(join(env.SOCIAL_CONFIG_DIR!, 'store.db'))).toBe(false);
    const dir = tempConfigDir();
    const demo = await runCli(['--sandbox', 'profile', 'github', 'octocat', '--json'], {
      env: { SOCIAL_CONFIG_DIR: dir },
    });
    expect(demo.status).toBe(0);
    expect(existsSync(join(dir, 'store.db'))).toBe(false);
    expect(sql(join(dir, 'store.sandbox.db'), 'SELECT service FROM fetches')).toEqual([{ service: 'sandbox' }]);
  });
});

describe.each(storeEngines())('on $name', (engine) => {
  const user = async () => engine.fresh(sandboxEnv(sandbox.current.url));

  describe('the write path', () => {
    it('keeps a failed answer as a fetch record, and a batch answer by answer', async () => {
      const env = await user();
      const run = await runCli(['profile', 'github', 'mariam-okafor', 'notfound', 'quiet-committer', '-o', 'ndjson'], {
        env,
      });
      expect(run.status).toBe(12);
      const rows = engine.rows(env, 'SELECT params, ok, status, error_code, uncertain FROM fetches ORDER BY params');
      expect(rows).toEqual([
        { params: '{"handle":"mariam-okafor"}', ok: 1, status: 200, error_code: null, uncertain: 0 },
        { params: '{"handle":"notfound"}', ok: 0, status: 404, error_code: 'nao_encontrado', uncertain: 0 },
        { params: '{"handle":"quiet-committer"}', ok: 1, status: 200, error_code: null, uncertain: 0 },
      ]);
      // A 404's envelope is kept too: its body, for the record.
      expect(engine.rows(env, 'SELECT count(*) AS n FROM bodies')).toEqual([{ n: 3 }]);
    });
  });

  describe('--max-age and --offline', () => {
    it('prints a stored answer instead of sending, says so, and charges nothing', async () => {
      const env = await user();
      const first = await runCli(['profile', 'github', 'octocat', '--json'], { env });
      const before = spent();
      const again = await runCli(['profile', 'github', 'octocat', '--json', '--max-age', '1h'], { env });
      expect(again.status).toBe(0);
      expect(again.stdout).toBe(first.stdout);
      expect(spent()).toBe(before);
      expect(again.stderr).toMatch(
        /^from the local store \(fetched \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\), not sent: nothing charged$/m,
      );
      // Older than asked: sent again (a cache hit of the service's, here), and stored again.
      const stale = await runCli(['profile', 'github', 'octocat', '--json', '--max-age', '0s'], { env });
      expect(stale.status).toBe(0);
      expect(stale.stderr).not.toContain('local store');
      expect(engine.rows(env, 'SELECT count(*) AS n FROM fetches')).toEqual([{ n: 2 }]);
    });

    it('at a terminal says once that an answer came from the store, its time as the language writes it', async () => {
      const env = await user();
      const commands = [
        ['profile', 'github', 'octocat'],
        ['trends', 'tech'],
        ['movers', 'tech'],
        ['api', 'github/profile', '-f', 'handle=octocat'],
      ];
      for (const args of commands) {
        await runCli([...args, '--json'], { env });
        const again = await runCli([...args, '--offline', '--json'], { env, tty: true });
        expect([args, again.status, again.stderr]).toEqual([
          args,
          0,
          expect.stringMatching(
            /^from the local store \(fetched \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\), not sent: nothing charged\n$/,
          ),
        ]);
      }
      const pt = await runCli(['profile', 'github', 'octocat', '--offline', '--json'], {
        env: { ...env, LANG: 'pt_BR.UTF-8' },
      });
      expect(pt.stderr).toMatch(
        /^do armazenamento local \(obtida em \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d UTC\), não enviada: nada cobrado\n$/,
      );
    });

    it('--offline answers only from the store: exit 13 when nothing is held, and a batch per input', async () => {
      const env = await user();
      await runCli(['profile', 'github', 'octocat', '--json'], { env });
      const before = spent();
      const none = await runCli(['profile', 'github', 'lenafischer', '--offline', '--json'], { env });
      expect(none.status).toBe(13);
      expect(none.stdout).toBe('');
      expect(none.stderr).toContain('nothing in the local store answers GET /api/v1/github/profile?handle=lenafischer');
      const batch = await runCli(['profile', 'github', 'octocat', 'lenafischer', '--offline', '-o', 'ndjson'], { env });
      expect(batch.status).toBe(12);
      const lines = batch.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => [line.input, line.exit])).toEqual([
        ['octocat', 0],
        ['lenafischer', 13],
      ]);
      expect(spent()).toBe(before);
    });

    it('prints the stored body of an answer whose bytes no parser would write back the same', async () => {
      // A service whose JSON has its own spacing and key order: the stored body is those bytes.
      const body =
        '{ "success":true,"platform":"github","endpoint":"profile","data":{"author":{"id":"1","handle":"odd","name":"Odd  Spacing","bio":null,"avatar_url":null,"followers":5,"following":1,"posts_count":0,"verified":null,"is_private":false,"external_url":null,"url":null},"items":[],"has_more":false,"next_cursor":null},\n"error":null,"credits_used":1,"credits_remaining":9,"credits_purchased_remaining":0,"free_credits_remaining":9,"free_credits_total":10,"free_credits_reset_at":"2026-12-01T00:00:00Z","cached":false,"request_id":"req_1"}';
      let calls = 0;
      const server = createServer((_request, response) => {
        calls += 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const env = await engine.fresh(sandboxEnv(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
        const live = await runCli(['profile', 'github', 'odd', '--json'], { env });
        expect(engine.rows(env, 'SELECT body FROM bodies')).toEqual([{ body }]);
        const stored = await runCli(['profile', 'github', 'odd', '--json', '--offline'], { env });
        expect([stored.status, stored.stdout]).toEqual([0, live.stdout]);
        expect(calls).toBe(1);
      } finally {
        server.close();
      }
    });
  });
});
