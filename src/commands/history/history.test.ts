// `social history` reads the snapshots the store holds of one account, at whatever base URL: a
// user pointed at a service nothing listens on still gets it, so nothing is sent. Gains are
// computed beside the counts: columns in tables and csv, a `computed` object only with --computed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { filledStore, storeEngines } from '../../../test/helpers/store-engines.js';

const TIMES = ['2026-11-19T12:00:00Z', '2026-11-20T12:00:00Z', '2026-11-21T12:30:00Z'];

describe.each(storeEngines())('on $name', (engine) => {
  // Three profile answers of a real (test) sandbox at three clock times, stored as a user's are.
  const user = filledStore(engine, async (env, sandbox) => {
    for (const time of TIMES) {
      sandbox.clock.now = new Date(time);
      const run = await runCli(['profile', 'github', 'octocat'], { env, now: new Date(time) });
      expect(run.status).toBe(0);
    }
  });

  describe('history', () => {
    it('sends nothing: the service is unreachable and the snapshots still come, oldest first', async () => {
      const sent = await runCli(['profile', 'github', 'octocat'], { env: { ...user.env, SOCIAL_RETRY_BASE_MS: '1' } });
      expect(sent.status).toBe(10);
      const run = await runCli(['history', 'github', '@octocat'], { env: user.env });
      expect([run.status, run.stderr]).toEqual([0, '']);
      const snapshots = JSON.parse(run.stdout);
      expect(snapshots.map((s: { fetched_at: string }) => s.fetched_at)).toEqual(
        TIMES.map((t) => t.replace('Z', '.000Z')),
      );
      expect(snapshots[2]).toEqual({
        platform: 'github',
        handle: 'octocat',
        fetched_at: '2026-11-21T12:30:00.000Z',
        source: 'profile',
        followers: 21873,
        following: 9,
        posts_count: 8,
      });
    });

    it('names the account as the store does, whatever the case it was asked in', async () => {
      for (const format of ['json', 'ndjson']) {
        const run = await runCli(['history', 'github', 'OctoCat', '-o', format], { env: user.env });
        expect(run.stdout.match(/"handle": ?"\w+"/g), format).toEqual(
          TIMES.map(() => (format === 'json' ? '"handle": "octocat"' : '"handle":"octocat"')),
        );
      }
      const table = await runCli(['history', 'github', 'OCTOCAT', '-o', 'table'], { env: user.env });
      expect(table.stdout.split('\n')[0]).toMatch(/^octocat on github · 3 snapshots/);
      const none = await runCli(['history', 'github', 'NoSuchOne', '-o', 'table'], { env: user.env });
      expect(none.stdout).toContain('social profile github NoSuchOne');
    });

    it('computes the gains beside the counts: columns in a table and csv, --computed in json', async () => {
      const json = JSON.parse((await runCli(['history', 'github', 'octocat', '--computed'], { env: user.env })).stdout);
      const [first, second, third] = json;
      expect(first.computed).toEqual({ gained: null, gained_per_day: null });
      const gained = third.followers - second.followers;
      expect(third.computed).toEqual({ gained, gained_per_day: Math.round((gained / (24.5 / 24)) * 10) / 10 });

      const table = await runCli(['history', 'github', 'octocat', '-o', 'table'], {
        env: { ...user.env, NO_COLOR: '1' },
        tty: true,
      });
      const lines = table.stdout.split('\n');
      expect(lines[0]).toMatch(
        /^octocat on github · 3 snapshots, 2026-11-19 12:00 → 2026-11-21 12:30 UTC · followers [▁-█]{3} \+[\d,]+$/,
      );
      expect(lines[1]).toMatch(/^date +followers +gained +per day +following +posts +source$/);
      expect(lines[4]).toMatch(new RegExp(`^2026-11-21 12:30 +21,873 +▲${gained} +[\\d.]+ +9 +8 +profile$`));
      const csv = await runCli(['history', 'github', 'octocat', '-o', 'csv'], { env: user.env });
      expect(csv.stdout.split('\r\n')[0]).toBe('fetched_at,followers,gained,per_day,following,posts,source');
      const ndjson = await runCli(
        ['history', 'github', 'octocat', '-o', 'ndjson', '--fields', 'fetched_at,followers'],
        {
          env: user.env,
        },
      );
      expect(ndjson.stdout.trim().split('\n').at(-1)).toBe(
        '{"fetched_at":"2026-11-21T12:30:00.000Z","followers":21873}',
      );
    });

    it('checks platform and handle as profile does, and finds nothing of an account never fetched', async () => {
      const bad = await runCli(['history', 'mastodon', 'Gargron'], { env: user.env });
      expect([bad.status, bad.stdout]).toEqual([2, '']);
      expect(bad.stderr).toContain('has no instance');
      const none = await runCli(['history', 'github', 'lenafischer', '-o', 'table'], { env: user.env, tty: true });
      expect(none.status).toBe(0);
      expect(none.stdout).toContain('No snapshots of lenafischer on github in the local store');
      expect(JSON.parse((await runCli(['history', 'github', 'lenafischer'], { env: user.env })).stdout)).toEqual([]);
    });

    it('at a terminal, a long history shows its newest 1,000 snapshots and says so; a pipe gets every one', async () => {
      // 1,200 snapshots of an account, an hour apart, written as an analyst's tool could. The one
      // before the newest 1,000 has no follower count, and the one before it 1,000: the oldest shown
      // gained 201 on that one, two hours before.
      const followers = (i: string) => `CASE WHEN ${i} = 200 THEN NULL WHEN ${i} = 199 THEN 1000 ELSE 1000 + ${i} END`;
      engine.sql(
        user.env,
        engine.name === 'sqlite'
          ? `INSERT INTO profiles (fetch_id, source, platform, handle, fetched_at, followers, following, posts_count)
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
             SELECT 900000 + i, 'profile', 'github', 'longrun', strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' hours'),
               ${followers('i')}, 5, 7 FROM n`
          : `SET session_replication_role = replica;
             INSERT INTO profiles (fetch_id, source, platform, handle, fetched_at, followers, following, posts_count)
             SELECT 900000 + i, 'profile', 'github', 'longrun', timestamptz '2026-01-01 00:00Z' + i * interval '1 hour',
               ${followers('i')}, 5, 7 FROM generate_series(1, 1200) i`,
      );
      const terminal = await runCli(['history', 'github', 'longrun'], {
        env: { ...user.env, NO_COLOR: '1' },
        tty: true,
      });
      const lines = terminal.stdout.trimEnd().split('\n');
      // The heading spans every snapshot: their count, their times, every follower count's sparkline.
      expect(lines.slice(0, 2)).toEqual([
        'longrun on github · 1,200 snapshots, 2026-01-01 01:00 → 2026-02-20 00:00 UTC · followers',
        '▁▁▁▂▂▂▂▃▃▃▃▃▄▄▄▄▅▅▅▅▆▆▆▆▆▇▇▇▇███ +1,199',
      ]);
      const rows = lines.filter((line) => /^2026-\d\d-\d\d \d\d:\d\d /.test(line));
      expect(rows).toHaveLength(1000);
      expect(rows[0]).toMatch(/^2026-01-09 09:00 +1,201 +▲201 +2,412\.0 +5 +7 +profile$/);
      expect(rows[1]).toMatch(/^2026-01-09 10:00 +1,202 +▲1 +24\.0 +5 +7 +profile$/);
      expect(terminal.stdout).toMatch(/showing the last 1,000 of 1,200\n$/);
      // A pipe's table has every row, and the same cells for the rows both show (its columns as
      // wide as all of its rows need).
      const pipe = await runCli(['history', 'github', 'longrun', '-o', 'table'], { env: user.env });
      const piped = pipe.stdout.split('\n').filter((line) => line.startsWith('2026-'));
      expect(piped).toHaveLength(1200);
      const cells = (line: string) => line.trim().split(/ {2,}/);
      expect(piped.slice(200).map(cells)).toEqual(rows.map(cells));
      expect(pipe.stdout.split('\n')[0]).toBe(`${lines[0]} ${lines[1]}`);
      expect(pipe.stdout).not.toContain('showing the last');
      const portuguese = await runCli(['history', 'github', 'longrun'], {
        env: { ...user.env, NO_COLOR: '1', SOCIAL_LANG: 'pt-BR' },
        tty: true,
      });
      expect(portuguese.stdout).toMatch(/mostrando os últimos 1\.000 de 1\.200\n$/);
    });

    it('draws the followers with --chart, and writes an SVG with --chart-file', async () => {
      const file = join(user.dir, 'octocat.svg');
      const run = await runCli(['history', 'github', 'octocat', '--chart', '--chart-file', file], {
        env: { ...user.env, COLUMNS: '80', LINES: '20' },
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^octocat on github: followers over time$/m);
      expect(run.stdout).toMatch(/21,873┤/);
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg /);
      // An account never fetched has nothing to draw: the file is not written, and that is said.
      const none = join(user.dir, 'none.svg');
      const empty = await runCli(['history', 'github', 'lenafischer', '--chart-file', none], { env: user.env });
      expect([empty.status, empty.stdout, empty.stderr]).toEqual([
        0,
        '[]\n',
        `warning: no chart written to ${none}: no snapshots to draw\n`,
      ]);
      expect(existsSync(none)).toBe(false);
    });

    it('as a user sees it: a pipe gets json, stderr nothing; a refused handle exit 2', async () => {
      const run = await spawnSocial(['history', 'github', 'octocat'], user.env);
      expect([run.status, run.stderr]).toEqual([0, '']);
      expect(JSON.parse(run.stdout)).toHaveLength(3);
      const bad = await spawnSocial(['history', 'nowhere', 'octocat'], user.env);
      expect([bad.status, bad.stdout]).toEqual([2, '']);
      expect(bad.stderr).toContain('"nowhere" is not a platform');
    });
  });
});
