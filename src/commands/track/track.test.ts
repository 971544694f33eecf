// `social track` against the sandbox: the watchlist checked as `profile` checks handles, `track
// run` fetching it as a batch at three sandbox clock times (each answer stored), and `track
// report` ranking the growth, computed figures beside the raw ones only when asked.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir, withConfigDir } from '../../../test/helpers/cli.js';
import { type TestSandbox, testSandbox } from '../../../test/helpers/sandbox.js';
import { cliEnv, spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { type StoreEngine, storeEngines } from '../../../test/helpers/store-engines.js';
import { renderResult } from '../../output/write.js';
import { REPORT_COLUMNS, type ReportRow } from './columns.js';

const TIMES = ['2026-11-14T06:00:00Z', '2026-11-17T06:00:00Z', '2026-11-21T06:00:00Z'];

/**
 * A user of `engine`'s store and of a sandbox whose clock each call sets: on SQLite, --sandbox
 * runs (its store of their own beside the config dir) at --sandbox-now; on PostgreSQL, whose
 * store --sandbox runs leave alone, runs against a test sandbox at that clock.
 */
function trackUser(engine: StoreEngine) {
  const dir = tempConfigDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = { SOCIAL_CONFIG_DIR: dir };
  let sandbox: TestSandbox | undefined;
  let store: Record<string, string> = {};
  beforeAll(async () => {
    if (engine.name === 'sqlite') return;
    store = await engine.fresh({});
    sandbox = await testSandbox();
  });
  afterAll(async () => sandbox?.close());
  const NOON = '2026-11-21T12:00:00Z';
  /** `args` at the sandbox's `time`. */
  const at = (time: string, args: string[], options: { tty?: boolean } = {}) => {
    if (sandbox === undefined)
      return runCli(['--sandbox', '--sandbox-now', time, ...args], {
        env: { ...env, NO_COLOR: '1' },
        tty: options.tty,
        columns: 160,
      });
    sandbox.clock.now = new Date(time);
    return runCli(args, {
      env: { ...sandboxEnv(sandbox.url, 'sbx_demo', dir), ...store, NO_COLOR: '1' },
      tty: options.tty,
      columns: 160,
      now: new Date(time),
    });
  };
  return {
    at,
    /** `args` at the sandbox's own clock (SQLite), or at the report's noon (PostgreSQL). */
    social: (args: string[], options: { tty?: boolean } = {}) =>
      sandbox === undefined
        ? runCli(['--sandbox', ...args], { env: { ...env, NO_COLOR: '1' }, tty: options.tty, columns: 160 })
        : at(NOON, args, options),
    /** A spawned run at the report's noon. */
    spawned: (args: string[]) => {
      if (sandbox === undefined)
        return spawnSocial(['--sandbox', ...args], { SOCIAL_CONFIG_DIR: dir, SOCIAL_SANDBOX_NOW: NOON });
      sandbox.clock.now = new Date(NOON);
      return spawnSocial(args, { ...sandboxEnv(sandbox.url, 'sbx_demo', dir), ...store });
    },
  };
}

describe.each(storeEngines())('on $name', (engine) => {
  const { at, social, spawned } = trackUser(engine);

  describe('track', () => {
    it('refuses a handle `profile` refuses, writing nothing, and adds the rest normalised', async () => {
      const bad = await social(['track', 'add', 'mastodon', 'Gargron']);
      expect([bad.status, bad.stdout]).toEqual([2, '']);
      expect(bad.stderr).toContain('mastodon handle "Gargron" has no instance');
      // One bad handle refuses them all, as profile does.
      const mixed = await social(['track', 'add', 'github', 'octocat', '-bad-']);
      expect(mixed.status).toBe(2);
      const empty = await social(['track', 'list']);
      expect(JSON.parse(empty.stdout)).toEqual([]);

      const added = await social(['track', 'add', 'github', '@octocat', 'https://github.com/lenafischer']);
      expect(added.status).toBe(0);
      expect(JSON.parse(added.stdout)).toEqual([
        { platform: 'github', handle: 'octocat', added: true },
        { platform: 'github', handle: 'lenafischer', added: true },
      ]);
      const again = await social(['track', 'add', 'github', 'OctoCat', 'notfound']);
      expect(JSON.parse(again.stdout)).toEqual([
        { platform: 'github', handle: 'OctoCat', added: false },
        { platform: 'github', handle: 'notfound', added: true },
      ]);
      expect((await social(['track', 'add', 'instagram', 'natgeo'])).status).toBe(0);
      const list = await social(['track', 'list', '-o', 'table'], { tty: true });
      expect(list.stdout).toMatch(/^4 watched accounts$/m);
      expect(list.stdout).toMatch(/^github +octocat +never fetched +never +/m);
    });

    it("--dry-run prints the batch's plan, every watched account an input, and sends nothing", async () => {
      const plan = await at(TIMES[0]!, ['track', 'run', '--dry-run']);
      expect(plan.status).toBe(0);
      expect(JSON.parse(plan.stdout)).toMatchObject({ dry_run: true, inputs: 4, valid: 4, max_credits: 4 });
      const list = await social(['track', 'list']);
      expect(JSON.parse(list.stdout).every((a: { fetched_at: null }) => a.fetched_at === null)).toBe(true);
    });

    it('run fetches the watchlist as a batch, one record an input, and stores each snapshot', async () => {
      for (const time of TIMES) {
        const run = await at(time, ['track', 'run', '-o', 'ndjson', '--concurrency', '2']);
        // The sandbox's notfound handle fails its input: exit 12, as any batch with a failed input.
        expect(run.status).toBe(12);
        const lines = run.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        expect(lines.map((l) => [l.input, l.exit])).toEqual([
          ['github lenafischer', 0],
          ['github notfound', 7],
          ['github octocat', 0],
          ['instagram natgeo', 0],
        ]);
        expect(run.stderr).toContain('4 inputs: 3 ok, 1 failed');
      }
      const list = await social(['track', 'list']);
      const octocat = JSON.parse(list.stdout).find((a: { handle: string }) => a.handle === 'octocat');
      expect(octocat.fetched_at).toBe('2026-11-21T06:00:00.000Z');
      const history = await social(['history', 'github', 'octocat']);
      expect(JSON.parse(history.stdout).map((s: { fetched_at: string }) => s.fetched_at)).toEqual(
        TIMES.map((t) => t.replace('Z', '.000Z')),
      );
      // The store names the command track, as docs/store.md says, not its subcommand's word (run).
      const sql =
        'SELECT DISTINCT r.command AS run_command, f.command AS fetch_command FROM fetches f JOIN runs r ON r.id = f.run_id';
      const named = await social(['store', 'sql', sql]);
      expect(JSON.parse(named.stdout)).toEqual([{ run_command: 'track', fetch_command: 'track' }]);
    });

    it("--fields takes a batch's own names and picks the keys each body keeps, as a profile batch's", async () => {
      const picked = await at(TIMES[2]!, ['track', 'run', '--offline', '-o', 'ndjson', '--fields', 'exit,handle']);
      expect(picked.status).toBe(12);
      const lines = picked.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines[0]).toMatchObject({ exit: 0, body: { data: { author: { handle: 'lenafischer' } } } });
      expect(Object.keys(lines[0])).toEqual(['exit', 'body']);
      expect(lines[0].body.data).toEqual({ author: { handle: 'lenafischer' } });
      const csv = await at(TIMES[2]!, ['track', 'run', '--offline', '-o', 'csv', '--fields', 'input,exit,followers']);
      expect(csv.stdout.split('\r\n').slice(0, 3)).toEqual([
        'input,exit,followers',
        'github lenafischer,0,2099',
        'github notfound,13,',
      ]);
    });

    it('--max-credits holds back what it cannot pay for; --shard takes a stable share', async () => {
      const held = await at('2026-11-22T06:00:00Z', ['track', 'run', '--max-credits', '1', '-o', 'ndjson']);
      expect(held.status).toBe(12);
      const exits = held.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).exit);
      expect(exits.filter((exit: number) => exit === 12)).toHaveLength(3);
      const one = await at('2026-11-22T07:00:00Z', ['track', 'run', '--shard', '1/2', '--dry-run', '--json']);
      const other = await at('2026-11-22T07:00:00Z', ['track', 'run', '--shard', '2/2', '--dry-run', '--json']);
      expect(JSON.parse(one.stdout).valid + JSON.parse(other.stdout).valid).toBe(4);
    });

    it('report ranks by followers gained, per day and per cent; json is raw unless --computed', async () => {
      const noon = '2026-11-21T12:00:00Z';
      const raw = await at(noon, ['track', 'report', '--since', '7d']);
      expect(raw.status).toBe(0);
      const accounts = JSON.parse(raw.stdout);
      expect(accounts.map((a: { handle: string }) => a.handle)).toEqual([
        'natgeo',
        'octocat',
        'lenafischer',
        'notfound',
      ]);
      // Without --computed, only what was stored: no figure of social's among the service's keys.
      expect(accounts.some((a: object) => 'computed' in a)).toBe(false);
      expect(accounts[0].from).toMatchObject({ fetched_at: '2026-11-14T06:00:00.000Z', source: 'profile' });
      expect(accounts[3]).toMatchObject({ handle: 'notfound', from: null, to: null });

      const computed = await at(noon, ['track', 'report', '--since', '7d', '--computed', '-o', 'ndjson']);
      const [natgeo, octocat] = computed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const gained = octocat.to.followers - octocat.from.followers;
      expect(octocat.computed).toEqual({
        rank: 2,
        gained,
        gained_per_day: Math.round((gained / 7) * 10) / 10,
        gained_per_cent: Math.round((gained / octocat.from.followers) * 10000) / 100,
        engagement_rate: null,
        posts_rated: 0,
      });
      expect(natgeo.computed.gained).toBeGreaterThan(gained);

      const table = await at(noon, ['track', 'report', '--since', '7d', '-o', 'table'], { tty: true });
      // An age says its span itself: once; an instant or a date is given its span.
      expect(table.stdout).toMatch(
        /^4 watched accounts by followers gained since 2026-11-14 12:00 UTC \(--since 7d\)$/m,
      );
      const byDate = await at(noon, ['track', 'report', '--since', '2026-11-14T12:00Z', '-o', 'table'], { tty: true });
      expect(byDate.stdout).toMatch(
        /^4 watched accounts by followers gained since 2026-11-14 12:00 UTC \(--since 2026-11-14T12:00Z, 7d\)$/m,
      );
      expect(table.stdout).toMatch(
        /^rank +platform +handle +followers +gained +per day +% +eng\. % +posts +snapshots +from +to$/m,
      );
      expect(table.stdout).toMatch(
        new RegExp(`^ +2 +github +octocat +[\\d,]+ +▲${gained.toLocaleString('en-US')} `, 'm'),
      );
      const csv = await at(noon, ['track', 'report', '-o', 'csv']);
      expect(csv.stdout.split('\r\n')[0]).toBe(
        'rank,platform,handle,followers,gained,per_day,per_cent,engagement,posts_rated,snapshots,from,to',
      );
    });

    it('report gives the engagement rate of the posts stored, unknown where a counter is', async () => {
      const noon = '2026-11-21T12:00:00Z';
      expect((await at(noon, ['track', 'add', 'bluesky', 'jay.bsky.team'])).status).toBe(0);
      expect((await at(noon, ['posts', 'bluesky', 'jay.bsky.team', '--limit', '5'])).status).toBe(0);
      const posts = JSON.parse((await at(noon, ['posts', 'bluesky', 'jay.bsky.team', '--limit', '5'])).stdout);
      const followers = posts.data.author.followers;
      const rates = posts.data.items.map(
        (p: { metrics: { likes: number; replies: number; reposts: number; quotes: number } }) =>
          (p.metrics.likes + p.metrics.replies + p.metrics.reposts + p.metrics.quotes) / followers,
      );
      const mean = rates.reduce((a: number, b: number) => a + b, 0) / rates.length;
      const report = await at(noon, ['track', 'report', '--computed']);
      const jay = JSON.parse(report.stdout).find((a: { handle: string }) => a.handle === 'jay.bsky.team');
      expect(jay.computed.posts_rated).toBe(5);
      expect(jay.computed.engagement_rate).toBeCloseTo(mean, 4);
    });

    it('remove stops watching, says what was not watched, and keeps the snapshots', async () => {
      const removed = await social(['track', 'remove', 'github', 'notfound', 'nobody']);
      expect(removed.status).toBe(0);
      expect(JSON.parse(removed.stdout)).toEqual([
        { platform: 'github', handle: 'notfound', removed: true },
        { platform: 'github', handle: 'nobody', removed: false },
      ]);
      expect(removed.stderr).toContain('warning: not in the watchlist, nothing removed: nobody');
      const list = JSON.parse((await social(['track', 'list'])).stdout);
      expect(list.map((a: { handle: string }) => a.handle)).not.toContain('notfound');
    });

    it('as a user sees it: stdout carries the records, stderr the notes, exit statuses kept', async () => {
      const report = await spawned(['track', 'report', '-o', 'csv']);
      expect([report.status, report.stderr]).toEqual([0, '']);
      expect(report.stdout.split('\r\n')[1]).toMatch(/^1,instagram,natgeo,/);
      const bad = await spawned(['track', 'add', 'github', 'not a handle']);
      expect([bad.status, bad.stdout]).toEqual([2, '']);
      expect(bad.stderr).toMatch(/^error: /);
      const run = await spawned(['track', 'run', '--max-credits', '0']);
      expect(run.status).toBe(12);
      expect(JSON.parse(run.stdout)).toHaveLength(4);
    });
  });
});

describe('track report columns', () => {
  it('shows each per cent to two places in the table and csv (12.00 beside 12.97); json keeps the numbers', () => {
    const row = (handle: string, per_cent: number, rate: number): ReportRow => ({
      rank: 1,
      platform: 'github',
      handle,
      followers: 100,
      gained: 12,
      per_day: 1.7,
      per_cent,
      rate,
      posts: 1,
      snapshots: 2,
      from: null,
      to: null,
    });
    const rows = [row('whole', 12, 0.034), row('one', 6.6, 0.1297), row('two', 12.97, 0.00005)];
    const view = { columns: REPORT_COLUMNS, rows };
    const result = { json: rows, table: [view], csv: view };
    const options = { color: false, columns: 200, now: new Date('2026-11-21T12:00:00Z') };
    const csv = renderResult(result, { ...options, format: 'csv', fields: ['handle', 'per_cent', 'engagement'] });
    expect(csv.split('\r\n').slice(1, 4)).toEqual(['whole,12.00,3.40', 'one,6.60,12.97', 'two,12.97,0.01']);
    const table = renderResult(result, { ...options, format: 'table', fields: ['handle', 'per_cent', 'engagement'] });
    expect(
      table
        .split('\n')
        .slice(1, 4)
        .map((line) => line.trim().split(/ +/)),
    ).toEqual([
      ['whole', '12.00', '3.40'],
      ['one', '6.60', '12.97'],
      ['two', '12.97', '0.01'],
    ]);
    expect(JSON.parse(renderResult(result, { ...options, format: 'json' })).map((r: ReportRow) => r.per_cent)).toEqual([
      12, 6.6, 12.97,
    ]);
  });
});

describe('track run --help', () => {
  it.each([
    [
      'en',
      "--dry-run prints the batch's plan (how many inputs are valid, the invalid ones, the most they could cost) and sends nothing",
    ],
    [
      'pt-BR',
      '--dry-run imprime o plano do lote (quantas entradas são válidas, as inválidas, o máximo que poderiam custar) sem enviar nada',
    ],
  ])('says what --dry-run prints (the plan, not requests), in %s', async (language, said) => {
    const help = await spawnSocial(['track', 'run', '--help'], cliEnv({ SOCIAL_LANG: language }));
    expect(help.status).toBe(0);
    // Words joined: the help is wrapped to the width.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(said);
  });
});

describe('track run on a store that cannot be read', () => {
  it('is refused with the store off, exit 2, not run as an empty watchlist', async () => {
    await withConfigDir(async (dir) => {
      for (const args of [
        ['track', 'run'],
        ['track', 'run', '--dry-run'],
      ]) {
        const run = await runCli(['--sandbox', ...args], { env: { SOCIAL_CONFIG_DIR: dir, SOCIAL_STORE: 'off' } });
        expect([args, run.status, run.stdout, run.stderr]).toEqual([
          args,
          2,
          '',
          'error: the local store is off (SOCIAL_STORE=off): the watchlist is kept in it\n',
        ]);
      }
    });
  });

  it('ends 1 saying once what is wrong with the store, as the commands that read it say it', async () => {
    await withConfigDir(async (dir) => {
      writeFileSync(join(dir, 'store.sandbox.db'), 'not a database, '.repeat(512));
      for (const args of [
        ['track', 'run'],
        ['track', 'run', '--dry-run'],
        ['track', 'list'],
      ]) {
        const run = await runCli(['--sandbox', ...args], { env: { SOCIAL_CONFIG_DIR: dir } });
        expect([args, run.status, run.stdout]).toEqual([args, 1, '']);
        expect(run.stderr).toMatch(/^error \(store_corrupt\): the local store cannot be used: .* damaged/);
        expect(run.stderr.split('damaged')).toHaveLength(2);
        expect(run.stderr).not.toContain('a bug in social');
      }
    });
  });
});

describe('track run of an empty watchlist', () => {
  it("prints a batch of no input, in the batch's shape, and says the watchlist is empty", async () => {
    await withConfigDir(async (dir) => {
      const env = { SOCIAL_CONFIG_DIR: dir };
      const json = await runCli(['--sandbox', 'track', 'run'], { env });
      expect([json.status, json.stdout]).toEqual([0, '[]\n']);
      expect(json.stderr).toContain('warning: The watchlist is empty');
      const csv = await runCli(['--sandbox', 'track', 'run', '-o', 'csv', '--fields', 'input,exit,followers'], { env });
      expect([csv.status, csv.stdout]).toEqual([0, 'input,exit,followers\r\n']);
      const plan = await runCli(['--sandbox', 'track', 'run', '--dry-run'], { env });
      expect(JSON.parse(plan.stdout)).toMatchObject({ dry_run: true, inputs: 0, max_credits: 0 });
    });
  });
});
