// Every option of every command, and every argument, given bad values (empty, huge, negative,
// non-numeric, out of range, control and bidi characters): each run ends with a status that says
// what happened (never 1, "a bug"), no stack on stderr, and a refused one (exit 2) sends nothing
// that could be charged (a request with the key).
// The command and option list is the program's own, so a new option is swept without a change here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { buildProgram } from '../src/program.js';
import { testContext } from './helpers/context.js';
import { until } from './helpers/gate.js';
import type { Loopback } from './hostile/harness.js';
import { httpServer } from './hostile/harness.js';

const BAD_VALUES = [
  '',
  ' ',
  'x'.repeat(100_000),
  '-1',
  'abc',
  '1e309',
  '99999999999999999999',
  '0.0.0.0.0',
  'a\u0007\u202e\nb',
];

// A valid run of each command, whose options and arguments the sweep replaces one at a time.
const BASE: Record<string, string[]> = {
  profile: ['profile', 'github', 'octocat'],
  posts: ['posts', 'bluesky', 'jay.bsky.team'],
  post: ['post', 'at://jay.bsky.team/app.bsky.feed.post/3lbq2kk5hzc2x'],
  transcript: ['transcript', 'https://www.tiktok.com/@khaby.lame/video/7123456789'],
  niches: ['niches'],
  trends: ['trends', 'tech'],
  movers: ['movers', 'tech'],
  history: ['history', 'github', 'octocat'],
  'track add': ['track', 'add', 'github', 'octocat'],
  'track remove': ['track', 'remove', 'github', 'octocat'],
  'track list': ['track', 'list'],
  'track run': ['track', 'run'],
  'track report': ['track', 'report'],
  search: ['search', 'octocat'],
  credits: ['credits'],
  // No store URL in the sweep's environment: each ends at exit 2, saying a PostgreSQL store is needed.
  'budget set': ['budget', 'set', 'team', '5'],
  'budget show': ['budget', 'show', 'team'],
  status: ['status'],
  'store info': ['store', 'info'],
  'store sql': ['store', 'sql', 'SELECT 1'],
  'store export': ['store', 'export', 'fetches'],
  'store prune': ['store', 'prune', '--older-than', '180d'],
  'store check': ['store', 'check'],
  api: ['api', '/api/v1/nichos'],
  'config set': ['config', 'set', 'timeout', '5'],
  'config get': ['config', 'get', 'timeout'],
  'config unset': ['config', 'unset', 'timeout'],
  'config list': ['config', 'list'],
  'config path': ['config', 'path'],
  sandbox: ['sandbox', '--port', '0'],
  'mcp install': ['mcp', 'install', 'cursor', '--print'],
  'skill path': ['skill', 'path'],
  completion: ['completion', 'bash'],
  __complete: ['__complete', 'niches'],
  help: ['help', 'environment'],
};

let server: Loopback;
/**
 * Requests that carried the key. One without it (niches, the free coverage route) cannot be
 * charged, and goes out while --jq's jq loads: a bad expression is refused after it.
 */
let keyed = 0;
const dirs: string[] = [];
beforeAll(async () => {
  server = await httpServer((req, res) => {
    if (req.headers.authorization !== undefined) keyed += 1;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"nao_encontrado","message":"not here"}');
  });
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'social-sweep-'));
  dirs.push(dir);
  const { ctx, stderr, controller } = testContext({
    env: {
      SOCIAL_CONFIG_DIR: dir,
      SOCIAL_BASE_URL: server.url,
      SOCIAL_API_KEY: 'k_test_sweep_0123',
      SOCIAL_RETRY_BASE_MS: '0',
    },
  });
  const before = keyed;
  let ended = false;
  const done = main(argv, ctx).finally(() => {
    ended = true;
  });
  // A sandbox that accepted its options serves until stopped: stopped once it says it listens.
  if (argv[0] === 'sandbox') {
    await until(() => ended || stderr().includes('listening on'), 'the sandbox to listen or end');
    controller.abort();
  }
  const status = await done;
  return { status, stderr: stderr(), sent: keyed - before };
}

function leaves(command: Command, path: string[] = []): Array<{ name: string; command: Command }> {
  const here = [...path, command.name()].slice(1);
  const children = command.commands.flatMap((child) =>
    leaves(child, path.length === 0 && here.length === 0 ? [command.name()] : [...path, command.name()]),
  );
  return children.length > 0 ? children : [{ name: here.join(' '), command }];
}

function takesValue(option: Option): boolean {
  return option.required || option.optional;
}

function expectSound(argv: string[], result: { status: number; stderr: string; sent: number }) {
  const what = `${argv.map((a) => (a.length > 40 ? `${a.slice(0, 20)}…(${a.length})` : a)).join(' ')} -> ${result.status}: ${result.stderr.slice(0, 300)}`;
  expect(result.status, what).not.toBe(1);
  expect(result.stderr, what).not.toMatch(/\n\s+at [^\n]*[(:]\S+:\d+|This is a bug/);
  if (result.status === 2) expect(result.sent, what).toBe(0);
}

const program = await buildProgram(testContext().ctx).declaredAll();
const globals = program.options.filter(takesValue);

describe('every option and argument with bad values: exit 0 or a status that says why, never 1', () => {
  it('the sweep knows a valid run of every command', () => {
    expect(
      leaves(program)
        .map((l) => l.name)
        .sort(),
    ).toEqual(Object.keys(BASE).sort());
  });

  it.each(Object.keys(BASE))('%s', async (name) => {
    const command = leaves(program).find((l) => l.name === name)!.command;
    const base = BASE[name]!;
    const words = name.split(' ').length;
    const options = [...command.options.filter(takesValue), ...(name === 'niches' ? globals : [])];
    for (const option of options) {
      for (const value of BAD_VALUES) {
        const argv = [...base, `${option.long}=${value}`];
        expectSound(argv, await run(argv));
      }
    }
    for (let i = words; i < base.length; i++) {
      if (base[i]!.startsWith('-')) continue;
      for (const value of BAD_VALUES) {
        const argv = base.map((word, j) => (j === i ? value : word));
        expectSound(argv, await run(argv));
      }
    }
  });
});
