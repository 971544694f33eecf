// The options every paid command takes (--max-credits, --dry-run, a batch's --concurrency) are
// accepted before the command word as after it, with the same checks, errors and help; given in
// both places, the one after the word wins; a free command refuses them before its word as it
// does after it. In-process against the sandbox, and spawned as a user runs it.
import { rmSync } from 'node:fs';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { chargeOptionsAfterWord } from '../src/argv-order.js';
import { runCli, sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { useSandbox } from './helpers/sandbox.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const sandbox = useSandbox();
const dir = tempConfigDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = () => sandboxEnv(sandbox.current.url, 'sbx_demo', dir);
const run = (argv: string[]) => runCli(argv, { env: env() });
const spent = () => sandbox.current.core.ledger.activeAccount('sbx_demo')?.spentThisMonth ?? 0;

describe('options every paid command takes, before the command word', () => {
  it('--max-credits before the word holds back a call over it, as after it: nothing sent, exit 12', async () => {
    const before = spent();
    const first = await run(['--max-credits', '5', 'movers', 'tech']);
    const after = await run(['movers', 'tech', '--max-credits', '5']);
    expect(first.status).toBe(12);
    expect(first.stderr).toContain('budget 5 (--max-credits): nothing sent');
    expect(first).toEqual(after);
    expect(spent()).toBe(before);
  });

  it('--max-credits before the word lets a call within it through', async () => {
    const answer = await run(['--max-credits', '10', 'movers', 'tech', '--json']);
    expect(answer.status).toBe(0);
    expect(JSON.parse(answer.stdout)).toMatchObject({ niche: 'tech', credits_charged: 10 });
  });

  it('given in both places, the one after the word wins', async () => {
    const low = await run(['--max-credits', '100', 'movers', 'tech', '--max-credits', '5']);
    expect(low.status).toBe(12);
    expect(low.stderr).toContain('budget 5 (--max-credits)');
    const high = await run(['--max-credits', '5', 'movers', 'tech', '--max-credits', '100', '--json']);
    expect(high.status).toBe(0);
  });

  it('--dry-run before the word, among the program options, sends nothing', async () => {
    const before = spent();
    const dry = await run(['-o', 'json', '--dry-run', '--timeout', '5', 'movers', 'tech']);
    expect(dry.status).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, max_credits: 10 });
    expect(spent()).toBe(before);
  });

  it('checks a value before the word as after it: --concurrency 0, --max-credits=abc', async () => {
    for (const [first, after] of [
      [
        ['--concurrency', '0', 'profile', 'github', 'octocat'],
        ['profile', 'github', 'octocat', '--concurrency', '0'],
      ],
      [
        ['--max-credits=abc', 'movers', 'tech'],
        ['movers', 'tech', '--max-credits=abc'],
      ],
    ]) {
      const given = await run(first as string[]);
      expect(given.status, first?.join(' ')).toBe(2);
      expect(given).toEqual(await run(after as string[]));
    }
  });

  it('a command without the option refuses it before its word as after it', async () => {
    for (const [first, after] of [
      [
        ['--max-credits', '5', 'niches'],
        ['niches', '--max-credits', '5'],
      ],
      [
        ['--concurrency', '2', 'movers', 'tech'],
        ['movers', '--concurrency', '2', 'tech'],
      ],
    ]) {
      const given = await run(first as string[]);
      expect(given.status, first?.join(' ')).toBe(2);
      expect(given.stderr).toContain('unknown option');
      expect(given).toEqual(await run(after as string[]));
    }
  });

  it("a subcommand's word after the command's (track run) gets them as after it", async () => {
    expect((await run(['track', 'add', 'github', 'octocat'])).status).toBe(0);
    const before = spent();
    for (const [first, after] of [
      [
        ['--dry-run', 'track', 'run', '-o', 'json'],
        ['track', 'run', '-o', 'json', '--dry-run'],
      ],
      [
        ['--max-credits', '0', 'track', 'run'],
        ['track', 'run', '--max-credits', '0'],
      ],
    ]) {
      const given = await run(first as string[]);
      expect(given.stderr, first?.join(' ')).not.toContain('unknown option');
      expect(given).toEqual(await run(after as string[]));
    }
    expect(spent()).toBe(before);
  });

  it("shows the command's help before its word as after it", async () => {
    const help = await run(['--max-credits', '5', 'movers', '--help']);
    expect(help.status).toBe(0);
    expect(help).toEqual(await run(['movers', '--help', '--max-credits', '5']));
    expect(help.stdout).toContain('--max-credits <n>');
  });

  it('leaves an argument line it does not follow to its word as it is, for commander to refuse', () => {
    const program = new Command().option('-q, --quiet').option('-o, --output <format>').option('--jq <expression>');
    program.command('movers');
    const order = (argv: string[]) => chargeOptionsAfterWord(argv, program);
    expect(order(['-qo', 'json', '--dry-run', 'movers', 'tech'])).toEqual([
      '-qo',
      'json',
      'movers',
      'tech',
      '--dry-run',
    ]);
    expect(order(['--dry-run', 'movers', '--hours', '3', 'tech'])).toEqual([
      'movers',
      '--dry-run',
      '--hours',
      '3',
      'tech',
    ]);
    expect(order(['--jq', '--dry-run', '--max-credits', '5', 'movers'])).toEqual([
      '--jq',
      '--dry-run',
      'movers',
      '--max-credits',
      '5',
    ]);
    expect(order(['--no-store', '--max-age', '1h', 'movers'])).toEqual(['movers', '--no-store', '--max-age', '1h']);
    expect(order(['--max-credits', '5'])).toEqual(['--max-credits', '5']);
    expect(order(['--max-credits', '5', 'nope'])).toEqual(['--max-credits', '5', 'nope']);
    expect(order(['--fields', 'x', '--dry-run', 'movers'])).toEqual(['--fields', 'x', '--dry-run', 'movers']);
    expect(order(['--dry-run', '--', 'movers'])).toEqual(['--dry-run', '--', 'movers']);
  });

  it('spawned: the status and the lines on stderr are those of the option after the word', async () => {
    const given = await spawnSocial(['--max-credits', '5', 'movers', 'tech'], env());
    expect([given.status, given.stdout]).toEqual([12, '']);
    expect(given.stderr).toContain('budget 5 (--max-credits): nothing sent');
    const free = await spawnSocial(['--max-credits', '5', 'niches'], env());
    expect(free.status).toBe(2);
    expect(free.stderr).toBe((await spawnSocial(['niches', '--max-credits', '5'], env())).stderr);
  });
});
