// --fields a,b,c: table and csv columns picked and ordered by stable ids, and the keys of each
// record in json and ndjson; checked before anything is sent.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../test/helpers/cli.js';
import { useSandbox } from '../../test/helpers/sandbox.js';
import { spawnSocial } from '../../test/helpers/spawn-cli.js';
import { videos } from '../sandbox/social-data.js';

const sandbox = useSandbox();
const dirs: string[] = [];

/** A server that counts what reaches it: nothing should. */
let counter: Server;
let counted = 0;
let counterUrl = '';
beforeAll(async () => {
  counter = createServer((_req, res) => {
    counted += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
  counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => counter.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function env(url = sandbox.current.url): Record<string, string> {
  const dir = tempConfigDir();
  dirs.push(dir);
  return sandboxEnv(url, 'sbx_demo', dir);
}

const PROFILE = [
  'input',
  'platform',
  'handle',
  'name',
  'followers',
  'following',
  'posts',
  'verified',
  'private',
  'bio',
  'id',
  'avatar_url',
  'external_url',
  'url',
  'cached',
  'error',
];
const POSTS = [
  'input',
  'published',
  'text',
  'likes',
  'replies',
  'reposts',
  'quotes',
  'engagement',
  'id',
  'url',
  'published_at',
  'thumbnail_url',
  'error',
];
const TRENDS = [
  'external_id',
  'title',
  'url',
  'window',
  'position',
  'points',
  'comments',
  'best',
  'move',
  'points_spark',
  'rank_spark',
  'entered',
  'left',
];
const MOVERS = [
  'rank',
  'external_id',
  'title',
  'url',
  'points',
  'points_gained',
  'gained_per_hour',
  'comments',
  'position',
  'interval_min',
];

describe('--fields', () => {
  it('every command with a table or csv takes every one of its names, in any order, in csv', async () => {
    const uri = JSON.parse((await runCli(['posts', 'bluesky', 'jay.bsky.team', '--limit', '1'], { env: env() })).stdout)
      .data.items[0].id;
    const spoken = videos().find((v) => v.segments.length > 0)!;
    const cases: Array<[string[], string[]]> = [
      [['profile', 'github', 'octocat'], PROFILE],
      [['profile', 'github', 'octocat', 'torvalds'], PROFILE],
      [['posts', 'bluesky', 'jay.bsky.team'], POSTS],
      [['posts', 'threads', 'zuck'], POSTS],
      [['post', uri], POSTS],
      [
        ['transcript', spoken.url],
        ['at', 'start', 'end', 'text'],
      ],
      [['niches'], ['id', 'label', 'windows', 'windows_24h', 'last_window']],
      [['trends', 'tech'], TRENDS],
      [['movers', 'tech'], MOVERS],
      [['credits'], ['day', 'command', 'calls', 'cached', 'credits']],
      [
        ['status', '--offline'],
        ['key', 'value', 'source'],
      ],
      [
        ['config', 'list'],
        ['key', 'value'],
      ],
    ];
    for (const [argv, names] of cases) {
      const reversed = [...names].reverse();
      const run = await runCli([...argv, '--fields', reversed.join(','), '-o', 'csv'], { env: env() });
      expect(run.stdout.split('\r\n')[0], `${argv.join(' ')}: ${run.stderr}`).toBe(reversed.join(','));
      const help = await runCli([...argv.slice(0, argv[0] === 'config' ? 2 : 1), '--help'], { columns: 80 });
      const listed = help.stdout.replace(/\s+/g, ' ');
      expect(listed, argv[0]).toContain(`--fields <list>`);
      expect(listed, argv[0]).toContain(names.join(', '));
    }
  });

  it('a table shows exactly the columns named, in that order, none left out; expanded in that order where it cannot fit', async () => {
    const argv = ['movers', 'tech', '--fields', 'url,external_id,points_gained,title,interval_min', '-o', 'table'];
    const named = ['url', 'external_id', 'gained', 'title', 'interval_min'];
    const esc = (text: string): string => text.replace(/[.?]/g, '\\$&');
    const movers = JSON.parse((await runCli(['movers', 'tech', '--json'], { env: env() })).stdout).items;
    const wide = await runCli(argv, { env: { ...env(), COLUMNS: '200', NO_COLOR: '1' } });
    expect(wide.status, wide.stderr).toBe(0);
    const header = wide.stdout.split('\n').find((line) => line.startsWith('url'))!;
    expect(header.split(/\s{2,}/)).toEqual(named);
    for (const mover of movers)
      expect(wide.stdout).toMatch(new RegExp(`^${esc(mover.url)} +${mover.external_id} `, 'm'));
    // At 60 columns the URLs alone do not fit: each mover is a record of the fields named, in order.
    const run = await runCli(argv, { env: { ...env(), COLUMNS: '60', NO_COLOR: '1' } });
    expect(run.status, run.stderr).toBe(0);
    const blocks = run.stdout
      .slice(run.stdout.indexOf('\nurl') + 1)
      .trimEnd()
      .split('\n\n');
    expect(blocks).toHaveLength(movers.length);
    movers.forEach((mover: { url: string; title: string }, i: number) => {
      const block = blocks[i] as string;
      expect(
        block
          .split('\n')
          .filter((l) => /^[a-z]/.test(l) && !l.startsWith('http'))
          .map((l) => l.split(/\s{2,}/)[0]),
      ).toEqual(named);
      expect(block).toMatch(new RegExp(`^(url {10}|url\\n)${esc(mover.url)}$`, 'm'));
      expect(block.replace(/\n {14}/g, ' ')).toContain(`title         ${mover.title}`);
    });
    // Without --fields, the same width leaves columns out.
    const plain = await runCli(['movers', 'tech', '-o', 'table'], { env: { ...env(), COLUMNS: '60', NO_COLOR: '1' } });
    expect(plain.stdout).not.toMatch(/external_id/);
  });

  it('the one-profile view shows the fields named, in that order, including ones it hides by default', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--fields', 'followers,handle,avatar_url,cached'], {
      env: { ...env(), NO_COLOR: '1' },
      tty: true,
      columns: 120,
    });
    expect(run.status, run.stderr).toBe(0);
    const labels = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    expect(labels).toEqual(['followers', 'handle', 'avatar_url', 'cached']);
    expect(run.stdout).toMatch(/^followers +21,873$/m);
  });

  it('an unknown name is refused, exit 2, before anything is sent: it is named, with the nearest and the list', async () => {
    counted = 0;
    const run = await runCli(['profile', 'github', 'octocat', '--fields', 'handle,folowers', '-o', 'csv'], {
      env: env(counterUrl),
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Unknown field: folowers');
    expect(run.stderr).toContain('Did you mean followers?');
    // The hint wraps at 80 columns in a pipe, like help. exit is a batch record's.
    expect(run.stderr.replace(/\s+/g, ' ')).toContain(
      `Available fields: ${PROFILE.join(', ')}, exit, author.handle, author.name,`,
    );
    const two = await runCli(['movers', 'tech', '--fields', 'nope,zilch', '-o', 'csv'], { env: env(counterUrl) });
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('Unknown fields: nope, zilch');
    const twice = await runCli(['niches', '--fields', 'id,id', '-o', 'csv'], { env: env(counterUrl) });
    expect(twice.status).toBe(2);
    expect(twice.stderr).toMatch(/names id more than once/);
    expect(counted).toBe(0);
  });

  it('is refused with --dry-run, exit 2, rather than ignored: a plan has its own columns', async () => {
    counted = 0;
    for (const argv of [
      ['profile', 'github', 'octocat', '--fields', 'handle,followers', '--dry-run', '-o', 'table'],
      ['trends', 'tech', '--fields', 'title', '--dry-run', '-o', 'csv'],
    ]) {
      const run = await runCli(argv, { env: env(counterUrl) });
      expect(run.status, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/--dry-run prints the plan/);
    }
    expect(counted).toBe(0);
  });

  it('picks the keys of each record in json and ndjson, nested as in the record; the envelope kept in json', async () => {
    const ndjson = await runCli(['posts', 'bluesky', 'jay.bsky.team', '--fields', 'text,likes', '-o', 'ndjson'], {
      env: env(),
    });
    expect(ndjson.status, ndjson.stderr).toBe(0);
    const lines = ndjson.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['text', 'metrics']);
      expect(Object.keys(line.metrics)).toEqual(['likes']);
    }
    const json = await runCli(['posts', 'bluesky', 'jay.bsky.team', '--fields', 'id,metrics.replies', '--json'], {
      env: env(),
    });
    const body = JSON.parse(json.stdout);
    expect(body.success).toBe(true);
    expect(body.data.items[0]).toEqual({ id: expect.any(String), metrics: { replies: expect.any(Number) } });
    const profile = await runCli(['profile', 'github', 'octocat', '--fields', 'author.followers', '--json'], {
      env: env(),
    });
    expect(JSON.parse(profile.stdout).data).toEqual({ author: { followers: expect.any(Number) } });
    // A batch: each input's body keeps the keys named.
    const batch = await runCli(['profile', 'github', 'octocat', 'torvalds', '--fields', 'followers', '-o', 'ndjson'], {
      env: env(),
    });
    const [found, missing] = batch.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(found.body.data).toEqual({ author: { followers: expect.any(Number) } });
    // An error body is printed as the service sent it.
    expect(missing.body.success).toBe(false);
    const movers = await runCli(['movers', 'tech', '--fields', 'rank,points_gained', '-o', 'ndjson'], { env: env() });
    expect(JSON.parse(movers.stdout.split('\n')[0] as string)).toEqual({ rank: 1, points_gained: expect.any(Number) });
  });

  it('-o ndjson prints one record a line for every list command; -o json keeps the envelope', async () => {
    const cases: Array<[string[], (body: any) => unknown[]]> = [
      [['posts', 'bluesky', 'jay.bsky.team'], (b) => b.data.items],
      [['movers', 'tech'], (b) => b.items],
      [['trends', 'tech'], (b) => b.items],
      [['niches'], (b) => b.niches],
    ];
    for (const [argv, list] of cases) {
      const json = await runCli([...argv, '--json'], { env: env() });
      const ndjson = await runCli([...argv, '-o', 'ndjson'], { env: env() });
      expect(ndjson.status, ndjson.stderr).toBe(0);
      const records = list(JSON.parse(json.stdout));
      expect(records.length, argv.join(' ')).toBeGreaterThan(1);
      expect(
        ndjson.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ).toEqual(records);
    }
    // A trends item carries its series.
    const item = JSON.parse((await runCli(['trends', 'tech', '-o', 'ndjson'], { env: env() })).stdout.split('\n')[0]!);
    expect(item.series.length).toBeGreaterThan(0);
  });

  it('an unknown field is refused in every format, exit 2, nothing sent, with the list', async () => {
    counted = 0;
    for (const format of [['--json'], ['-o', 'ndjson'], ['-o', 'csv'], []]) {
      const run = await runCli(['trends', 'tech', '--fields', 'title,author.followers', ...format], {
        env: env(counterUrl),
      });
      expect(run.status, format.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/Unknown field: author\.followers/);
      expect(run.stderr.replace(/\s+/g, ' ')).toMatch(/Available fields: external_id, title, .*best_position/);
    }
    expect(counted).toBe(0);
  });

  it('a batch streams csv in the order named, a row per input', async () => {
    const run = await runCli(['profile', 'github', 'octocat', 'torvalds', '--fields', 'error,input', '-o', 'csv'], {
      env: env(),
    });
    expect(run.status).toBe(12);
    expect(run.stdout.split('\r\n').slice(0, 3)).toEqual([
      'error,input',
      ',octocat',
      expect.stringMatching(/^"no such profile.*",torvalds$/),
    ]);
  });
});

describe('--fields error in a table', () => {
  it('shows the failed inputs with their error, and an empty error cell on a success; without it, the profiles found', async () => {
    const opts = { env: { ...env(), NO_COLOR: '1' }, tty: true, columns: 120 };
    const run = await runCli(
      ['profile', 'github', 'octocat', 'torvalds', '--fields', 'input,handle,followers,error', '-o', 'table'],
      opts,
    );
    expect(run.status).toBe(12);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^octocat +octocat +21,873$/);
    // A profile not found: its handle as given, no figure (not "unknown": nothing was read), why.
    expect(lines[2]).toMatch(/^torvalds +torvalds +no such profile, account or post \(HTTP 404\)$/);
    const without = await runCli(
      ['profile', 'github', 'octocat', 'torvalds', '--fields', 'handle', '-o', 'table'],
      opts,
    );
    expect(without.stdout).not.toMatch(/torvalds/);
    const one = await runCli(['profile', 'github', 'octocat', '--fields', 'handle,error', '-o', 'table'], opts);
    expect(one.stdout).not.toMatch(/none/);
    const posts = await runCli(['posts', 'bluesky', '--file', '-', '--fields', 'input,error', '-o', 'table'], {
      ...opts,
      stdin: 'jay.bsky.team\nnotfound.bsky.social\n',
    });
    expect(posts.stdout).toMatch(/^notfound\.bsky\.social +no such profile/m);
    expect(posts.stdout).not.toMatch(/none/);
  });
});

describe('--fields in a spawned social', () => {
  const social = (args: string[]) => spawnSocial(args, env());

  it('a bad name: exit 2 and nothing on stdout; a good list: that exact csv header', async () => {
    if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'social.cjs')))
      throw new Error('run `npm run build` first');
    const bad = await social(['movers', 'tech', '--fields', 'title,gained', '-o', 'csv']);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/Unknown field: gained/);
    const good = await social(['movers', 'tech', '--fields', 'url,points_gained,title', '-o', 'csv']);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout.split('\r\n')[0]).toBe('url,points_gained,title');
    expect(good.stdout.split('\r\n')[1]).toMatch(/^https:\/\/\S+,\d+,/);
  });

  it("a batch's csv without exit or error has no row of empty cells for a failed input, as its table", async () => {
    // torvalds is not found; octocat is, with a known following count.
    const named = await social([
      'profile',
      'github',
      'octocat',
      'torvalds',
      '--fields',
      'handle,following',
      '-o',
      'csv',
    ]);
    expect(named.status).toBe(12);
    expect(named.stdout).toBe('handle,following\r\noctocat,9\r\n');
    expect(named.stderr).toMatch(/^torvalds: no such profile/m);
    const posts = await spawnSocial(
      ['posts', 'bluesky', '-', '--limit', '1', '--fields', 'likes', '-o', 'csv'],
      env(),
      'notfound.bsky.social\njay.bsky.team\n',
    );
    expect(posts.status).toBe(12);
    expect(posts.stdout).toMatch(/^likes\r\n\d+\r\n$/);
    // Naming exit keeps a row for every input, the failed one's status in it.
    const exit = await social(['profile', 'github', 'octocat', 'torvalds', '--fields', 'handle,exit', '-o', 'csv']);
    expect(exit.stdout).toBe('handle,exit\r\noctocat,0\r\n,7\r\n');
  });
});

describe("--fields on a batch's own record: input, exit, error beside the answer's keys", () => {
  const lines = (stdout: string) =>
    stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('json and ndjson keep the record keys named, in that order, and the answer keys named of the body', async () => {
    const argv = ['profile', 'github', 'octocat', 'torvalds', '--fields', 'input,exit,handle'];
    const ndjson = await runCli([...argv, '-o', 'ndjson'], { env: env() });
    expect(ndjson.status, ndjson.stderr).toBe(12);
    const [found, missing] = lines(ndjson.stdout);
    expect(Object.keys(found)).toEqual(['input', 'exit', 'body']);
    expect(found).toMatchObject({ input: 'octocat', exit: 0, body: { data: { author: { handle: 'octocat' } } } });
    expect(found.body.data).toEqual({ author: { handle: 'octocat' } });
    // A failed input's body is the service's error body, whole, as without --fields.
    expect(missing).toMatchObject({ input: 'torvalds', exit: 7, body: { success: false } });
    expect(Object.keys(missing)).toEqual(['input', 'exit', 'body']);
    const json = await runCli([...argv, '--json'], { env: env() });
    expect(JSON.parse(json.stdout).map((record: object) => Object.keys(record))).toEqual([
      ['input', 'exit', 'body'],
      ['input', 'exit', 'body'],
    ]);
    // The record's own keys alone: no body at all.
    const own = await runCli(['profile', 'github', 'octocat', 'torvalds', '--fields', 'exit,input', '-o', 'ndjson'], {
      env: env(),
    });
    expect(lines(own.stdout)).toEqual([
      { exit: 0, input: 'octocat' },
      { exit: 7, input: 'torvalds' },
    ]);
    // Naming none of them keeps every record key, as it always has.
    const answerOnly = await runCli(
      ['profile', 'github', 'octocat', 'torvalds', '--fields', 'handle', '-o', 'ndjson'],
      {
        env: env(),
      },
    );
    expect(lines(answerOnly.stdout).map((record) => Object.keys(record))).toEqual([
      ['input', 'exit', 'error', 'body'],
      ['input', 'exit', 'error', 'body'],
    ]);
  });

  it('csv and a table show an exit column, a failed input its status', async () => {
    const csv = await runCli(
      ['posts', 'bluesky', '--file', '-', '--limit', '1', '--fields', 'input,exit,likes', '-o', 'csv'],
      {
        env: env(),
        stdin: 'jay.bsky.team\nnotfound.bsky.social\n',
      },
    );
    expect(csv.status, csv.stderr).toBe(12);
    expect(csv.stdout.split('\r\n').slice(0, 3)).toEqual([
      'input,exit,likes',
      expect.stringMatching(/^jay\.bsky\.team,0,\d+$/),
      'notfound.bsky.social,7,',
    ]);
    const table = await runCli(['profile', 'github', 'octocat', 'torvalds', '--fields', 'handle,exit', '-o', 'table'], {
      env: { ...env(), NO_COLOR: '1' },
      tty: true,
      columns: 120,
    });
    expect(table.stdout.trimEnd().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^octocat +0$/),
      expect.stringMatching(/^torvalds +7$/),
    ]);
  });

  it('one call has no record around its answer: input, exit, error are refused in json and ndjson, nothing sent', async () => {
    counted = 0;
    for (const argv of [
      ['profile', 'github', 'octocat'],
      ['posts', 'bluesky', 'jay.bsky.team'],
      ['post', 'at://jay.bsky.team/app.bsky.feed.post/3l6oveex3ii2l'],
    ]) {
      for (const [fields, format] of [
        ['exit', 'ndjson'],
        ['input', 'json'],
        ['id,error', 'json'],
        ['error,input', 'ndjson'],
      ] as const) {
        const run = await runCli([...argv, '--fields', fields, '-o', format], { env: env(counterUrl) });
        expect(run.status, `${argv[0]} ${fields}`).toBe(2);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/^error: --fields \S+(, \S+)? names? (a field|fields) of a batch's records/);
        // What makes a batch, as the commands take it: posts takes one handle, or --file.
        expect(run.stderr.replace(/\s+/g, ' ')).toContain(
          'a batch (profile with several handles, profile or posts with --file F or -) gives a record per input',
        );
      }
    }
    expect(counted).toBe(0);
  });

  it("one call's csv and table have the three as columns, as a batch's rows do: exit 0, error empty", async () => {
    const profile = await runCli(['profile', 'github', 'octocat', '--fields', 'handle,exit,input,error', '-o', 'csv'], {
      env: env(),
    });
    expect(profile.status, profile.stderr).toBe(0);
    expect(profile.stdout).toBe('handle,exit,input,error\r\noctocat,0,octocat,\r\n');
    const csv = await runCli(
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '1', '--fields', 'input,exit,likes', '-o', 'csv'],
      { env: env() },
    );
    expect(csv.stdout.split('\r\n').slice(0, 2)).toEqual([
      'input,exit,likes',
      expect.stringMatching(/^jay\.bsky\.team,0,\d+$/),
    ]);
    const card = await runCli(['profile', 'github', 'octocat', '--fields', 'handle,exit,error', '-o', 'table'], {
      env: { ...env(), NO_COLOR: '1' },
      tty: true,
      columns: 120,
    });
    expect(card.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^handle +octocat$/),
      expect.stringMatching(/^exit +0$/),
      'error',
    ]);
  });

  it('spawned: profile --file F -o ndjson --fields input,exit,handle', async () => {
    const runEnv = env();
    const file = join(runEnv.SOCIAL_CONFIG_DIR!, 'handles.txt');
    writeFileSync(file, 'octocat\nnotfound\n');
    const run = await spawnSocial(
      ['profile', 'github', '--file', file, '-o', 'ndjson', '--fields', 'input,exit,handle'],
      runEnv,
    );
    expect(run.status, run.stderr).toBe(12);
    expect(lines(run.stdout).map(({ input, exit, body }) => [input, exit, body?.data?.author?.handle ?? null])).toEqual(
      [
        ['octocat', 0, 'octocat'],
        ['notfound', 7, null],
      ],
    );
  });
});
