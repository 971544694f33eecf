// A store setting no store can be opened from, as users meet it: every command that opens the
// store, or takes a budget shared on it, refuses it as a bad setting (exit 2, nothing sent),
// naming SOCIAL_STORE (or the config file) and what is wrong, and never printing the password.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/sandbox/server.js';
import { startSandbox } from '../src/sandbox/server.js';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { FIXED_NOW } from './helpers/sandbox.js';
import { type SpawnedRun, spawnSocial } from './helpers/spawn-cli.js';

let sandbox: Sandbox;
let served = 0;
const dirs: string[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    now: () => FIXED_NOW,
    onServed: () => {
      served += 1;
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function configDir(): string {
  const dir = tempConfigDir();
  dirs.push(dir);
  return dir;
}

/** Malformed store URLs, each with its password, and what the error says is wrong. */
const MALFORMED: Array<[string, string]> = [
  ['postgres://u:secret@host:99999/db', "its postgres:// URL's port is not a number from 1 to 65535"],
  ['postgres://u:secret@host:port/db', "its postgres:// URL's port is not a number from 1 to 65535"],
  ['postgres://u:secret@/db', 'its postgres:// URL names no host'],
  ['postgresql://u:secret@[::1/db', 'its postgres:// URL does not parse'],
  ['postgres://u:secret@db host:5432/db', 'its postgres:// URL has a space in it'],
  ['postgres://u:se cret@host/db', 'its postgres:// URL has a space in it'],
  ['mysql://u:secret@host/db', 'mysql:// is not a kind of store social knows'],
  [
    'postgres://u:secret@host/db?sslrootcert=/nope',
    "its postgres:// URL's sslrootcert names a file that cannot be read: /nope (ENOENT)",
  ],
  ['postgres://u:secret@host/db?sslkey=/', "its postgres:// URL's sslkey names a file that cannot be read: / (EISDIR)"],
];

/** Every command that opens the store, or takes a budget shared on it: tried with the first URL. */
const COMMANDS: string[][] = [
  ['budget', 'show', 'team'],
  ['budget', 'set', 'team', '5'],
  ['store', 'info'],
  ['store', 'check'],
  ['store', 'sql', 'SELECT 1'],
  ['history', 'github', 'octocat'],
  ['search', 'meetup'],
  ['track', 'list'],
  ['track', 'add', 'github', 'octocat'],
  ['profile', 'github', 'octocat'],
  ['profile', 'github', 'octocat', '--budget', 'team', '--max-credits', '5'],
  ['niches'],
  ['--sandbox', 'profile', 'github', 'octocat'],
  ['--sandbox', 'mcp'],
];

/** The commands the other URLs are tried with: one of each way a store is opened. */
const SOME = [COMMANDS[0]!, COMMANDS[5]!, COMMANDS[10]!, COMMANDS[12]!];

/** Runs `jobs`, four at a time. */
async function pooled<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const at = next++;
      results[at] = await jobs[at]!();
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  return results;
}

function expectRefused(run: SpawnedRun, source: string, why: string, what: string): void {
  const said = `${run.stderr}${run.stdout}`;
  expect(run.status, `${what}: ${said}`).toBe(2);
  expect(run.stderr, what).toContain(`error: ${source}: not a store social can use: ${why}`);
  expect(said, what).not.toContain('secret');
  expect(said, what).not.toContain('se cret');
  expect(said, what).not.toMatch(/unexpected|Invalid URL/);
}

describe('a store URL no store can be opened from', () => {
  it('is refused by every command that opens the store, naming SOCIAL_STORE, never the password', async () => {
    const runs = await pooled(
      MALFORMED.flatMap(([url, why], at) =>
        (at === 0 ? COMMANDS : SOME).map((args) => async () => {
          const env = { ...sandboxEnv(sandbox.url, 'sbx_demo', configDir()), SOCIAL_STORE: url };
          return { run: await spawnSocial(args, env), why, what: `${url}: social ${args.join(' ')}` };
        }),
      ),
    );
    for (const { run, why, what } of runs) expectRefused(run, 'SOCIAL_STORE', why, what);
    // Refused before anything was sent.
    expect(served).toBe(0);
  }, 120_000);

  it('in the config file is named so; config set store refuses it, and status shows it masked', async () => {
    for (const [url, why] of [MALFORMED[0]!, MALFORMED[2]!, MALFORMED[6]!]) {
      const dir = configDir();
      const env = sandboxEnv(sandbox.url, 'sbx_demo', dir);
      expectRefused(await spawnSocial(['config', 'set', 'store', url], env), 'store', why, `config set store ${url}`);
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ store: url }));
      expectRefused(await spawnSocial(['history', 'github', 'octocat'], env), 'store (in the config file)', why, url);
      const listed = await spawnSocial(['config', 'list', '-o', 'json'], env);
      expect(listed.status).toBe(0);
      expect(listed.stdout).not.toContain('secret');
      expect(listed.stdout).toContain('***');
    }
  }, 120_000);
});
