// A batch's --dry-run, as a user runs it (spawned bin/social.js against the sandbox): with the
// local store (--max-age, --offline), which inputs the store would answer, named in every format,
// from --file and from stdin; the same bytes whether the inputs are arguments, --file or stdin;
// and a batch the store answers counted as the store's, not as the service's cache hits (issue
// 36, point 4).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';

const sandbox = useSandbox();
let dir: string;
let env: Record<string, string>;
let file: string;
const INPUTS = 'octocat\nfoo-bar\nlenafischer\nbad handle!\n';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

beforeAll(async () => {
  dir = tempConfigDir();
  env = sandboxEnv(sandbox.current.url, 'sbx_demo', dir);
  file = join(dir, 'handles.txt');
  writeFileSync(file, INPUTS);
  // Two answers stored; octocat's twice, the second a hit of the service's cache (cached: true).
  expect((await spawnSocial(['profile', 'github', 'octocat', 'lenafischer', '-o', 'ndjson'], env)).status).toBe(0);
  const again = await spawnSocial(['profile', 'github', 'octocat', '--json'], env);
  expect(JSON.parse(again.stdout).cached).toBe(true);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--dry-run with --max-age or --offline', () => {
  it('names the inputs the store would answer in json and ndjson, from --file and stdin', async () => {
    for (const [args, stdin] of [
      [['--file', file], ''],
      [['-'], INPUTS],
    ] as const) {
      const json = await spawnSocial(
        ['profile', 'github', ...args, '--max-age', '1h', '--dry-run', '--json'],
        env,
        stdin,
      );
      expect(json.status).toBe(12);
      const plan = JSON.parse(json.stdout);
      expect(plan).toMatchObject({ inputs: 4, valid: 3, invalid_count: 1, max_credits: 1, from_store: 2 });
      expect(plan.from_store_inputs).toEqual([
        { index: 1, input: 'octocat', fetched_at: expect.stringMatching(ISO) },
        { index: 3, input: 'lenafischer', fetched_at: expect.stringMatching(ISO) },
      ]);
      const ndjson = await spawnSocial(
        ['profile', 'github', ...args, '--max-age', '1h', '--dry-run', '-o', 'ndjson'],
        env,
        stdin,
      );
      expect(
        ndjson.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual([plan]);
    }
    // With --offline the same inputs, as --offline answers only from the store; the others are
    // not sent either (each would end 13), so the batch could cost nothing.
    const offline = await spawnSocial(['profile', 'github', '--file', file, '--offline', '--dry-run', '--json'], env);
    const offlinePlan = JSON.parse(offline.stdout);
    expect(offlinePlan.from_store_inputs.map((held: { input: string }) => held.input)).toEqual([
      'octocat',
      'lenafischer',
    ]);
    expect(offlinePlan.max_credits).toBe(0);
    const table = await spawnSocial(
      ['profile', 'github', '--file', file, '--offline', '--dry-run', '-o', 'table'],
      env,
    );
    expect(table.stdout).toContain('the batch could cost at most 0 credits\n');
    expect(table.stdout).toContain(
      'the local store would answer 2 inputs (0 credits each; --offline sends none of the others)',
    );
  });

  it('--offline: one call the store does not answer costs nothing and is over no budget, as it is not sent', async () => {
    const args = ['profile', 'github', 'foo-bar', '--offline', '--max-credits', '0', '--dry-run'];
    const plan = await spawnSocial([...args, '--json'], env);
    expect(plan.status).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ requests: [{ max_credits: 0, from_store: null }], max_credits: 0 });
    const table = await spawnSocial([...args, '-o', 'table'], env);
    expect(table.stdout).not.toContain('without --dry-run it would not be sent');
    // As the run itself: exit 13, nothing held, not a refusal of the budget.
    expect((await spawnSocial(args.slice(0, -1), env)).status).toBe(13);
  });

  it('--max-credits caps the most it could cost, and says what it would cost without it', async () => {
    const capped = await spawnSocial(
      ['profile', 'github', '--file', file, '--max-credits', '1', '--dry-run', '--json'],
      env,
    );
    expect(JSON.parse(capped.stdout)).toMatchObject({ max_credits: 1, max_credits_without_budget: 3, budget: 1 });
    // The store's answers cost nothing, with the budget or without it.
    const held = await spawnSocial(
      ['profile', 'github', '--file', file, '--max-age', '1h', '--dry-run', '--json'],
      env,
    );
    expect(JSON.parse(held.stdout)).toMatchObject({ max_credits: 1, max_credits_without_budget: 1, budget: null });
  });

  it('lists them in a table of their own, and in csv beside the invalid ones, in input order', async () => {
    const table = await spawnSocial(
      ['profile', 'github', '--file', file, '--max-age', '1h', '--dry-run', '-o', 'table'],
      env,
    );
    const lines = table.stdout.split('\n');
    const heading = lines.indexOf('inputs the local store would answer (not sent):');
    expect(heading).toBeGreaterThan(0);
    expect(lines.slice(heading + 1, heading + 4).map((line) => line.trim().split(/ {2,}/))).toEqual([
      ['index', 'input', 'from store'],
      ['1', 'octocat', 'just now'],
      ['3', 'lenafischer', 'just now'],
    ]);
    const csv = await spawnSocial(
      ['profile', 'github', '--file', file, '--max-age', '1h', '--dry-run', '-o', 'csv'],
      env,
    );
    const rows = csv.stdout.trim().split('\r\n');
    expect(rows[0]).toBe('index,input,error,from store');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2))).toEqual([
      ['1', 'octocat'],
      ['3', 'lenafischer'],
      ['4', 'bad handle!'],
    ]);
    expect(rows[1]).toMatch(/^1,octocat,,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(rows[3]).toMatch(/,$/);
    // Without the store's options, the dry run's csv is as it was: the invalid inputs only.
    const plain = await spawnSocial(['profile', 'github', '--file', file, '--dry-run', '-o', 'csv'], env);
    expect(plain.stdout.split('\r\n')[0]).toBe('index,input,error');
  });
});

describe('one dry run of a batch, however its inputs come', () => {
  // A known handle, one the service does not know (a valid input all the same), and one stored.
  const HANDLES = ['octocat', 'notfound', 'lenafischer'];

  it('arguments, --file and stdin print the same bytes and end with the same status', async () => {
    const list = join(dir, 'three.txt');
    writeFileSync(list, `${HANDLES.join('\n')}\n`);
    for (const options of [
      ['--json'],
      ['--max-credits', '1', '-o', 'table'],
      ['--max-credits', '1', '--json'],
      ['--max-credits', '1', '-o', 'csv'],
      ['-o', 'ndjson'],
      ['--max-age', '1h', '-o', 'table'],
      ['--max-age', '1h', '--max-credits', '0', '--json'],
      ['--offline', '-o', 'table'],
      ['--skip', '1', '--shard', '1/2', '--json'],
    ]) {
      const [args, fromFile, fromStdin] = await Promise.all([
        spawnSocial(['profile', 'github', ...HANDLES, '--dry-run', ...options], env),
        spawnSocial(['profile', 'github', '--file', list, '--dry-run', ...options], env),
        spawnSocial(['profile', 'github', '-', '--dry-run', ...options], env, `${HANDLES.join('\n')}\n`),
      ]);
      const said = ({ status, stdout, stderr }: typeof args) => ({ status, stdout, stderr });
      expect(said(args), options.join(' ')).toEqual(said(fromFile));
      expect(said(args), options.join(' ')).toEqual(said(fromStdin));
      expect(args.status, options.join(' ')).toBe(0);
    }
  });

  it('a budget caps what the batch could cost, as a batch never passes it', async () => {
    const capped = await spawnSocial(
      ['profile', 'github', ...HANDLES, '--dry-run', '--max-credits', '1', '-o', 'table'],
      env,
    );
    expect(capped.stdout).toBe(
      'dry run: nothing sent; 3 inputs: 3 valid, 0 invalid\n' +
        'the batch could cost at most 1 credit (the --max-credits budget; 3 credits without it)\n' +
        'Every input is valid.\n',
    );
    const json = await spawnSocial(['profile', 'github', ...HANDLES, '--dry-run', '--max-credits', '1', '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ inputs: 3, valid: 3, max_credits: 1, budget: 1 });
  });
});

describe('a batch the store answers', () => {
  it('counts no cache hit of the service and no balance of its own: the answers are the store’s', async () => {
    const run = await spawnSocial(
      ['profile', 'github', 'octocat', 'lenafischer', '--max-age', '1h', '-o', 'ndjson'],
      env,
    );
    expect(run.status).toBe(0);
    // The stored octocat answer said cached: true when it was fetched; this run charged nothing and
    // asked the service nothing, so neither its cache nor its balance is this run's to report.
    expect(run.stderr).toContain('2 inputs: 2 ok, 0 failed · 0 credits used (0 cached) · unknown remaining');
    expect(run.stderr).toMatch(/^2 answers from the local store \(fetched .+\), not sent: nothing charged$/m);
  });
});
