// What only a real process shows: exit statuses, the stdout/stderr split, non-terminal defaults,
// pipes (a reader that goes away early), signals. Runs the built bin/social.js (npm test builds).
import { existsSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { gateTo } from './helpers/gate.js';
import type { TestSandbox } from './helpers/sandbox.js';
import { testSandbox } from './helpers/sandbox.js';
import { runShell, SOCIAL_SHELL, spawnSocial, startSocial } from './helpers/spawn-cli.js';

let sandbox: TestSandbox;
let env: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(join(import.meta.dirname, '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
  sandbox = await testSandbox();
  env = sandboxEnv(sandbox.url);
});
afterAll(async () => {
  await sandbox.close();
});

function social(args: string[], extraEnv: Record<string, string> = {}, stdin?: string) {
  return spawnSocial(args, { HOME: tempConfigDir(), ...env, ...extraEnv }, stdin);
}

describe('the social binary', () => {
  it('prints help and version on stdout with exit 0', async () => {
    const help = await social(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: social/);
    expect(help.stdout).toMatch(/profile/);
    const version = await social(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const profileHelp = await social(['profile', '--help']);
    expect(profileHelp.stdout).toMatch(/Exit status/);
    expect(profileHelp.stdout).toContain('https://mastodon.social/@Gargron');
  });

  it("--quiet keeps a batch's failed inputs on stderr, errors being what it keeps", async () => {
    const run = await social(['-q', 'profile', 'github', '-', '-o', 'csv'], {}, 'octocat\nnotfound\n');
    expect(run.status).toBe(12);
    // The failed input's line alone: no summary, no warning.
    expect(run.stderr).toMatch(/^notfound: no such profile[^\n]*\n$/);
    expect(run.stdout).toMatch(/^input,/);
  });

  it('writes json to a pipe by default, and nothing but the result on stdout', async () => {
    const run = await social(['profile', 'github', 'octocat']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).data.author.handle).toBe('octocat');
    expect(run.stderr).toBe('');
  });

  it('exits with the contract statuses, errors on stderr, never a stack trace', async () => {
    const cases: Array<[string[], Record<string, string>, number]> = [
      [['frobnicate'], {}, 2],
      [['profile', 'github', '-bad-'], {}, 2],
      [['profile', 'github', 'octocat', '--limit', '3'], {}, 2],
      [['profile', 'github', 'octocat'], { SOCIAL_API_KEY: 'sbx_inactive' }, 3],
      [['profile', 'github', 'mariam-okafor'], { SOCIAL_API_KEY: 'sbx_empty' }, 4],
      [['profile', 'github', 'lenafischer'], { SOCIAL_API_KEY: 'sbx_capped' }, 5],
      [['profile', 'github', 'notfound'], {}, 7],
      [['profile', 'github', 'blocked'], {}, 8],
      [['profile', 'github', 'unavailable', '--retries', '0'], {}, 9],
      [['profile', 'github', 'octocat', 'notfound', '-o', 'ndjson'], {}, 12],
    ];
    // Side by side: ten processes one after another outlast the test's time limit on a busy machine.
    const runs = await Promise.all(cases.map(([args, extra]) => social(args, extra)));
    for (const [index, [args, , status]] of cases.entries()) {
      const run = runs[index]!;
      expect(run.status, args.join(' ')).toBe(status);
      expect(run.stderr, args.join(' ')).not.toMatch(/\n\s+at .+:\d+:\d+/);
      if (status !== 0 && status !== 12) expect(run.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
  }, 60_000);

  it('runs a batch at --concurrency 32 with nothing on stderr but its own lines', async () => {
    // Node warns about more than ten listeners on one AbortSignal: one a call under way would.
    const input = Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? 'octocat' : `spawned-${i}-x`));
    const run = await social(['profile', 'github', '-', '--concurrency', '32', '-o', 'ndjson'], {}, input.join('\n'));
    expect(run.status).toBe(12);
    expect(run.stdout.trim().split('\n')).toHaveLength(120);
    const stderrLines = run.stderr.trim().split('\n');
    expect(stderrLines.filter((line) => /^spawned-\d+-x: no such profile/.test(line))).toHaveLength(60);
    expect(stderrLines.at(-1)).toMatch(/^120 inputs: 60 ok, 60 failed/);
    expect(stderrLines).toHaveLength(61);
  });

  it("an empty HOME or a relative XDG_CONFIG_HOME: the config folder is a home's, not the current folder", async () => {
    // cron, su and env -i can leave HOME empty: the user database's home is used, never ''. That
    // home is only named here (config path writes nothing); a relative XDG_CONFIG_HOME is tried
    // with the suite's own home.
    const inUserHome = join(userInfo().homedir, '.config', 'social', 'config.json');
    const odds: Array<[Record<string, string>, string]> = [
      [{ HOME: '' }, inUserHome],
      [{ HOME: 'relative' }, inUserHome],
      [{ XDG_CONFIG_HOME: 'relative' }, join(tmpdir(), 'home', '.config', 'social', 'config.json')],
    ];
    for (const [odd, expected] of odds) {
      const run = await spawnSocial(['config', 'path'], { SOCIAL_CACHE_DIR: 'off', ...odd });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.trim(), JSON.stringify(odd)).toBe(expected);
    }
  });

  it('--no-color wins over FORCE_COLOR in the environment', async () => {
    // A flag says what this one run wants; FORCE_COLOR=1 exported by a shell profile is the default.
    const forced = await social(['niches', '-o', 'table'], { FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\u001b[');
    const plain = await social(['--no-color', 'niches', '-o', 'table'], { FORCE_COLOR: '1' });
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/^id +label/);
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('stops quietly when the reader goes away (| head -c 1)', async () => {
    // The shell pipes a large output into head, which exits after one byte. Spawned without
    // blocking: the sandbox answering the child lives in this process.
    const run = await runShell(
      `set -o pipefail; ${SOCIAL_SHELL} posts bluesky mirahalvorsen.com --limit 100 -o ndjson | head -c 1 >/dev/null; echo "status=$?"`,
      env,
      { shell: 'bash' },
    );
    expect(run.stderr).not.toMatch(/EPIPE|Error/);
    expect(run.stdout).toMatch(/status=0/);
  });

  it('exits 130 on SIGINT or SIGTERM during a request, with a message and no stack trace', async () => {
    // The gate holds the request: the signal comes while it is surely under way.
    const gate = await gateTo(sandbox.url);
    try {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        const arrivals = gate.arrived;
        const running = startSocial(['profile', 'github', 'octocat'], sandboxEnv(gate.url));
        await gate.waitForArrivals(arrivals + 1);
        running.child.kill(signal);
        const { status, stdout, stderr } = await running.done;
        expect(status, signal).toBe(130);
        expect(stderr).toMatch(/interrupted/);
        expect(stderr).not.toMatch(/\n\s+at .+:\d+/);
        expect(stdout).toBe('');
      }
    } finally {
      await gate.close();
    }
  });

  it('runs the sandbox server and stops it cleanly on SIGTERM', async () => {
    const running = startSocial(['sandbox', '--port', '0', '--now', '2026-11-21T12:00:00Z'], {
      SOCIAL_CONFIG_DIR: tempConfigDir(),
    });
    const { stdout } = running.child;
    const url = await new Promise<string>((resolve) => stdout?.once('data', (d) => resolve(String(d).trim())));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const coverage = await fetch(`${url}/api/v1/nichos`);
    expect(coverage.status).toBe(200);
    running.child.kill('SIGTERM');
    const { status, stderr } = await running.done;
    expect(status).toBe(0);
    expect(stderr).toMatch(/sbx_demo/);
  });

  it('saves settings through the built bundle: config set reads the key from stdin', async () => {
    const dir = tempConfigDir();
    const set = await social(['config', 'set', 'api-key'], { SOCIAL_CONFIG_DIR: dir }, 'sbx_spawned_key_1\n');
    expect(set.status, set.stderr).toBe(0);
    // Without SOCIAL_API_KEY in the way: get shows the value in effect, here the file's.
    const get = await social(['config', 'get', 'api-key'], { SOCIAL_CONFIG_DIR: dir, SOCIAL_API_KEY: '' });
    expect(get.stdout.trim()).toBe('sbx_…ey_1');
    expect(get.stderr).toBe('api-key: from the file\n');
  });

  it('--sandbox works on a fresh config dir with no key and no base URL', async () => {
    const run = await social(['--sandbox', 'profile', 'github', 'octocat'], {
      SOCIAL_API_KEY: '',
      SOCIAL_BASE_URL: '',
      SOCIAL_CONFIG_DIR: tempConfigDir(),
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).data.author.handle).toBe('octocat');
  });
});
