// --max-credits, end to end against the sandbox: a batch says it stopped at the budget only when it
// held inputs back, writes a record for each of them, and --skip resumes exactly at the first; one
// call whose price is over the budget is never sent, on every paid command; and an answer that says
// it was not cached counts at the route's price against the budget, whatever figure it states.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useReplayServer } from '../../test/conformance/server.js';
import { runCli, sandboxEnv } from '../../test/helpers/cli.js';
import { profileEnvelope } from '../../test/helpers/envelopes.js';
import type { TestSandbox } from '../../test/helpers/sandbox.js';
import { testSandbox } from '../../test/helpers/sandbox.js';
import { accounts } from '../sandbox/social-data.js';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await testSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

const spent = () => sandbox.core.ledger.activeAccount('sbx_demo')!.spentThisMonth;
const records = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const HELD_BACK = {
  exit: 12,
  error: { kind: 'budget', code: 'not_sent', message: expect.stringContaining('--max-credits') },
  body: null,
};
// Three profiles the sandbox finds, none cached yet: each costs 1 credit.
const three = accounts('github')
  .map((a) => a.author.handle!)
  .filter((h) => h !== 'octocat')
  .slice(0, 3);

describe('a batch under --max-credits', () => {
  it('3 inputs, --max-credits 1: 3 records (1 sent, 2 held back), exit 12; --skip 1 --max-credits 2 finishes it', async () => {
    const env = sandboxEnv(sandbox.url);
    const first = await runCli(['profile', 'github', ...three, '--max-credits', '1', '-o', 'ndjson'], { env });
    expect(first.status).toBe(12);
    const out = records(first.stdout);
    expect(out.map((r) => r.input)).toEqual(three);
    expect(out[0]).toMatchObject({ exit: 0, error: null, body: { success: true, cached: false } });
    for (const held of out.slice(1)) {
      expect(Object.keys(held)).toEqual(['input', 'exit', 'error', 'body']);
      expect(held).toMatchObject(HELD_BACK);
    }
    expect(first.stderr).toContain(
      `stopped at the --max-credits budget of 1: 2 inputs held back (${three[1]}, ${three[2]}), not sent; resume with --skip 1 and a new budget`,
    );
    expect(spent()).toBe(1);

    const second = await runCli(['profile', 'github', ...three, '--skip', '1', '--max-credits', '2', '-o', 'ndjson'], {
      env,
    });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/budget/);
    const rest = records(second.stdout);
    expect(rest.map((r) => r.input)).toEqual(three.slice(1));
    // No input sent twice: each of the three was answered once, uncached, and charged once.
    const sent = [out[0], ...rest];
    expect(sent.every((r) => r.body.cached === false)).toBe(true);
    const ids = sent.map((r) => r.body.request_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(sandbox.core.ledger.chargesByRequest.get(id)).toBe(1);
    expect(sandbox.core.ledger.chargesByRequest.size).toBe(3);
    expect(spent()).toBe(3);
  });

  it('nothing held back: ends as its results say (12 for a not-found, 0 otherwise), no budget message', async () => {
    const env = sandboxEnv(sandbox.url);
    const mixed = await runCli(['profile', 'github', 'octocat', 'torvalds', '--max-credits', '2'], { env });
    expect(mixed.status).toBe(12);
    expect(mixed.stderr).not.toMatch(/budget/);
    expect(mixed.stderr).toMatch(/2 inputs: 1 ok, 1 failed · /);
    const fine = await runCli(['profile', 'github', three[0]!, three[1]!, '--max-credits', '2'], { env });
    expect(fine.status).toBe(0);
    expect(fine.stderr).not.toMatch(/budget/);
  });

  it('a table shows every input: held back and not found by handle, why in an error column only then', async () => {
    const opts = { env: { ...sandboxEnv(sandbox.url), NO_COLOR: '1' }, tty: true, columns: 120 };
    // One at a time: the 404 is answered (free), the first profile charged, the other two held back.
    const run = await runCli(
      ['profile', 'github', 'torvalds', ...three, '--max-credits', '1', '--concurrency', '1'],
      opts,
    );
    expect(run.status).toBe(12);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^handle +name +.* error$/);
    // Cells of an input not answered are blank, not "unknown": nothing was read.
    expect(lines[1]).toMatch(/^torvalds +no such profile/);
    expect(lines[2]).toMatch(new RegExp(`^${three[0]} +\\S`));
    expect(lines[2]).not.toMatch(/no such|not sent/);
    expect(lines[3]).toMatch(new RegExp(`^${three[1]} +not sent \\(budget\\)$`));
    expect(lines[4]).toMatch(new RegExp(`^${three[2]} +not sent \\(budget\\)$`));
    expect(run.stderr).toMatch(/resume\s+with --skip 2 and a new budget/);
    // Every input found: the table has no error column.
    const fine = await runCli(['profile', 'github', ...three], opts);
    expect(fine.status).toBe(0);
    expect(fine.stdout).not.toMatch(/error|not sent/);
    expect(
      fine.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((l) => l.split(' ')[0]),
    ).toEqual(three);
    // posts names a row by its input: each held back is one row saying so.
    const posts = await runCli(['posts', 'bluesky', '-', '--max-credits', '0'], {
      ...opts,
      stdin: 'a.bsky.social\nb.bsky.social\n',
    });
    expect(posts.stdout.trimEnd().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^a\.bsky\.social +not sent \(budget\)$/),
      expect.stringMatching(/^b\.bsky\.social +not sent \(budget\)$/),
    ]);
  });

  it('json, csv and a table with --fields …,error show the held-back inputs too, in input order', async () => {
    const env = sandboxEnv(sandbox.url);
    const json = await runCli(['profile', 'github', ...three, '--max-credits', '1', '--json'], { env });
    expect(json.status).toBe(12);
    const doc = JSON.parse(json.stdout);
    expect(doc.map((r: { input: string }) => r.input)).toEqual(three);
    expect(doc.slice(1)).toEqual([
      { input: three[1], ...HELD_BACK },
      { input: three[2], ...HELD_BACK },
    ]);
    const csv = await runCli(['profile', 'github', ...three, '--max-credits', '0', '-o', 'csv'], { env });
    const rows = csv.stdout.trim().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',')[0])).toEqual(three);
    for (const row of rows) expect(row).toMatch(/not sent: held back by the --max-credits budget of 0$/);
    const table = await runCli(
      ['profile', 'github', ...three, '--max-credits', '0', '-o', 'table', '--fields', 'input,error'],
      { env },
    );
    for (const handle of three) expect(table.stdout).toMatch(new RegExp(`${handle} +not sent \\(budget\\)`));
  });

  it('stdin: held back inputs are records too, read to the end of the input; the warning names the first five', async () => {
    const inputs = [...three, 'h4', 'h5', 'h6', 'h7'];
    const run = await runCli(['profile', 'github', '-', '--max-credits', '0', '-o', 'ndjson'], {
      env: sandboxEnv(sandbox.url),
      stdin: `${inputs.join('\n')}\n`,
    });
    expect(run.status).toBe(12);
    expect(records(run.stdout)).toEqual(inputs.map((input) => ({ input, ...HELD_BACK })));
    expect(run.stderr).toContain('0 inputs: 0 ok, 0 failed, 7 not sent (budget)');
    expect(run.stderr).toContain(`7 inputs held back (${inputs.slice(0, 5).join(', ')}, and 2 more), not sent`);
    expect(spent()).toBe(0);
  });
});

describe('--max-credits on one call', () => {
  const post = accounts('bluesky')[0]!.posts[0]!.id;
  it.each([
    [['movers', 'tech', '--max-credits', '5'], '10 credits > budget 5'],
    [['profile', 'github', 'octocat', '--max-credits', '0'], '1 credit > budget 0'],
    [['posts', 'bluesky', 'jay.bsky.team', '--max-credits', '0'], '1 credit > budget 0'],
    [['post', post, '--max-credits', '0'], '1 credit > budget 0'],
    [
      ['transcript', 'https://www.tiktok.com/@chef.tomas/video/7709487796665882014', '--max-credits', '0'],
      '1 credit > budget 0',
    ],
    [['trends', 'tech', '--max-credits', '0'], '1 credit > budget 0'],
    [['api', 'movers/tech', '--max-credits', '9'], '10 credits > budget 9'],
    [['api', 'some/unknown/route', '--max-credits', '9'], 'price of this route is not known'],
  ])('%j: nothing sent, exit 12, the message names cost and budget', async (argv, message) => {
    const run = await runCli(argv, { env: sandboxEnv(sandbox.url) });
    expect(run.status, run.stderr).toBe(12);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    expect(sandbox.core.ledger.chargesByRequest.size).toBe(0);
  });

  it('within the budget the call is sent as usual; a free route passes --max-credits 0', async () => {
    const env = sandboxEnv(sandbox.url);
    const movers = await runCli(['movers', 'tech', '--max-credits', '10', '--json'], { env });
    expect(movers.status, movers.stderr).toBe(0);
    expect(spent()).toBe(10);
    const niches = await runCli(['api', 'nichos', '--max-credits', '0', '--json'], { env });
    expect(niches.status, niches.stderr).toBe(0);
  });

  it('--dry-run says the call would not be sent under the budget', async () => {
    const run = await runCli(['movers', 'tech', '--max-credits', '5', '--dry-run', '-o', 'table'], {
      env: sandboxEnv(sandbox.url),
    });
    expect(run.stdout).toContain('without --dry-run it would not be sent: this call can cost 10 credits > budget 5');
  });
});

describe('an answer that says cached false counts at the route price', () => {
  const replay = useReplayServer();
  it('credits_used 0 with cached false: the budget holds back the third input, and the run says why once', async () => {
    replay.server.set('/api/v1/github/profile', {
      status: 200,
      text: JSON.stringify(profileEnvelope({ credits_used: 0, credits_remaining: 10 })),
    });
    const dir = replay.configDir();
    const run = await runCli(
      ['profile', 'github', 'a1', 'a2', 'a3', '--max-credits', '2', '--concurrency', '1', '-o', 'ndjson'],
      {
        env: {
          SOCIAL_CONFIG_DIR: dir,
          SOCIAL_BASE_URL: replay.server.url,
          SOCIAL_API_KEY: 'test_key_0123456789',
        },
      },
    );
    expect(run.status).toBe(12);
    expect(records(run.stdout).map((r) => r.exit)).toEqual([0, 0, 12]);
    expect(replay.server.hits.get('/api/v1/github/profile')).toBe(2);
    const notes = run.stderr.match(/said cached false but stated fewer credits used than the route's price/g);
    expect(notes).toHaveLength(1);
    // Uncertain, as the spend ledger marks each; not "failed after they may have been charged".
    expect(run.stderr).toContain('2 credits used (0 cached, 2 uncertain)');
    expect(run.stderr).not.toContain('may have been charged');
    const ledger = records(readFileSync(join(dir, 'spend.jsonl'), 'utf8'));
    expect(ledger.map((line) => [line.credits, line.uncertain])).toEqual([
      [1, true],
      [1, true],
    ]);
  });

  it('one call: its note and the spend ledger count the price as a batch does, and a warning says why once', async () => {
    replay.server.set('/api/v1/github/profile', {
      status: 200,
      text: JSON.stringify(profileEnvelope({ credits_used: 0, credits_remaining: 10 })),
    });
    const dir = replay.configDir();
    const env = { SOCIAL_CONFIG_DIR: dir, SOCIAL_BASE_URL: replay.server.url, SOCIAL_API_KEY: 'test_key_0123456789' };
    const run = await runCli(['profile', 'github', 'a1'], { env, tty: true, columns: 200 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('1 credit used · 10 remaining');
    const warnings = run.stderr.match(
      /warning: the answer said cached false but stated 0 credits used, below the route's price \(1\): counted at the price/g,
    );
    expect(warnings).toHaveLength(1);
    const ledger = records(readFileSync(join(dir, 'spend.jsonl'), 'utf8'));
    expect(ledger).toMatchObject([{ path: '/api/v1/github/profile', credits: 1, cached: false, uncertain: true }]);
  });

  it('cached true with credits used: one call and a batch count what it states, and each says so once', async () => {
    replay.server.set('/api/v1/github/profile', {
      status: 200,
      text: JSON.stringify(profileEnvelope({ cached: true, credits_used: 1, credits_remaining: 10 })),
    });
    const env = {
      SOCIAL_CONFIG_DIR: replay.configDir(),
      SOCIAL_BASE_URL: replay.server.url,
      SOCIAL_API_KEY: 'test_key_0123456789',
    };
    const one = await runCli(['profile', 'github', 'a1'], { env, tty: true, columns: 200 });
    expect(one.status, one.stderr).toBe(0);
    expect(one.stderr).toContain('cached, 1 credit used · 10 remaining');
    const said = /said cached true \(nothing charged\) but stated (1 credit|credits) used: counted as charged/g;
    expect(one.stderr.match(said)).toHaveLength(1);
    const batch = await runCli(['profile', 'github', 'a1', 'a2', '-o', 'ndjson'], { env });
    expect(batch.status).toBe(0);
    expect(batch.stderr.match(said)).toHaveLength(1);
    expect(batch.stderr).toContain('2 credits used (2 cached)');
  });
});
