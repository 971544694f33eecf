// Input refused before anything is sent: options that cannot both hold, an unreadable --file, a
// key with whitespace around it from any source, and how a refused input is echoed (bounded,
// invisible characters as escapes). Spawned runs against a loopback server that records every
// request, so "nothing sent" is what the server saw.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quoted } from '../src/domain/text.js';
import { spawnSocial } from './helpers/spawn-cli.js';
import type { Loopback } from './hostile/harness.js';
import { httpServer } from './hostile/harness.js';

const KEY = 'k_test_0123456789abcdef';
let server: Loopback;
const seen: string[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  server = await httpServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"nao_encontrado","message":"not here"}');
  });
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  seen.length = 0;
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'social-inputs-'));
  dirs.push(dir);
  return dir;
}

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSocial(args, {
    SOCIAL_CONFIG_DIR: tempDir(),
    SOCIAL_BASE_URL: server.url,
    SOCIAL_API_KEY: KEY,
    SOCIAL_RETRY_BASE_MS: '5',
    ...env,
  });
}

/**
 * Exit 2, the reason on stderr's first line (containing `message`, then at most a hint), nothing
 * on stdout, nothing sent.
 */
async function refused(args: string[], message: string | RegExp, env: Record<string, string> = {}, hint = false) {
  const { status, stdout, stderr } = await run(args, env);
  const lines = stderr.trimEnd().split('\n');
  if (hint) expect(lines.length, stderr).toBeLessThanOrEqual(3);
  else expect(lines, stderr).toHaveLength(1);
  if (typeof message === 'string') expect(stderr).toContain(message);
  else expect(stderr).toMatch(message);
  expect(stderr).not.toMatch(/\n\s+at |ENOENT|EISDIR|EACCES/);
  expect(status).toBe(2);
  expect(stdout).toBe('');
  expect(seen).toEqual([]);
  return stderr;
}

describe('options that cannot both hold: exit 2, one line, nothing sent', () => {
  it.each([
    [['--json', '-o', 'csv', 'profile', 'github', 'octocat'], '--json means -o json; it cannot go with -o csv'],
    [['-o', 'table', '--json', 'niches'], '--json means -o json; it cannot go with -o table'],
    [['--sandbox', '--base-url', 'http://127.0.0.1:1', 'niches'], '--sandbox runs against an in-process sandbox'],
    [['--quiet', '--debug', 'profile', 'github', 'octocat'], '--quiet keeps stderr for errors and --debug'],
    [['trends', 'tech', '--chart', '-o', 'csv'], '--chart draws the chart on stdout'],
    [['trends', 'tech', '--chart', '--dry-run'], '--chart draws an answer, and --dry-run sends nothing'],
    [['movers', 'tech', '--chart-file', 'x.svg', '--dry-run'], '--chart-file draws an answer, and --dry-run'],
  ])('%j', async (args, message) => {
    await refused(args, message);
  });

  it('--sandbox with a key that is not a demo key: the demo keys listed, the key never echoed', async () => {
    const stderr = await refused(
      ['--sandbox', '--api-key', 'k_live_secret_value', 'profile', 'github', 'octocat'],
      '--sandbox takes only its demo keys with --api-key: sbx_demo, sbx_empty, sbx_capped, sbx_inactive',
    );
    expect(stderr).not.toContain('k_live_secret_value');
  });

  it('--sandbox --api-key sbx_capped tries the capped demo key (exit 5, as the service says)', async () => {
    const { status, stderr } = await run(['--sandbox', '--api-key', 'sbx_capped', 'profile', 'github', 'octocat']);
    expect(stderr).toContain('teto_estourado');
    expect(status).toBe(5);
  });
});

// The path as the CLI quotes a refused input: a long TMPDIR (macOS's /var/folders/…) makes it long.
describe('--file that cannot be read: the path and the reason in words, exit 2', () => {
  it('missing', async () => {
    const missing = join(tempDir(), 'handles.txt');
    await refused(['profile', 'github', '--file', missing], `cannot read --file ${quoted(missing)}: no such file`);
  });

  it('a folder', async () => {
    const dir = tempDir();
    await refused(['profile', 'github', '--file', dir], `cannot read --file ${quoted(dir)}: is a folder`);
  });

  it.skipIf(process.getuid?.() === 0)('not readable', async () => {
    const file = join(tempDir(), 'handles.txt');
    writeFileSync(file, 'octocat\n');
    chmodSync(file, 0o000);
    await refused(['profile', 'github', '--file', file], `cannot read --file ${quoted(file)}: permission denied`);
  });
});

describe('one rule for the key, from every source: whitespace around it is refused, nothing sent', () => {
  for (const [name, bad, what] of [
    ['a trailing newline', `${KEY}\n`, 'ends with a line feed (U+000A)'],
    ['a trailing tab', `${KEY}\t`, 'ends with a tab (U+0009)'],
    ['a leading space', ` ${KEY}`, 'starts with a space (U+0020)'],
  ] as const) {
    it(`${name}: from --api-key, SOCIAL_API_KEY and the config file alike`, async () => {
      const config = tempDir();
      writeFileSync(join(config, 'config.json'), JSON.stringify({ 'api-key': bad }));
      const runs: Array<{ args: string[]; env: Record<string, string>; source: string }> = [
        { args: ['--api-key', bad], env: {}, source: '--api-key' },
        { args: [], env: { SOCIAL_API_KEY: bad }, source: 'SOCIAL_API_KEY' },
        { args: [], env: { SOCIAL_API_KEY: '', SOCIAL_CONFIG_DIR: config }, source: 'the config file' },
      ];
      for (const { args, env, source } of runs) {
        const { status, stdout, stderr } = await run([...args, 'profile', 'github', 'octocat'], env);
        expect(stderr).toContain(`the API key given by ${source} ${what}; nothing was sent`);
        expect(stderr).not.toContain(KEY);
        expect(status).toBe(3);
        expect(stdout).toBe('');
      }
      expect(seen).toEqual([]);
    });
  }
});

describe('a refused input as the error shows it', () => {
  it('at most 80 characters, then its length', async () => {
    const long = 'x'.repeat(100_000);
    const stderr = await refused(['profile', 'github', long], `github handle "${'x'.repeat(80)}…" (100000 characters)`);
    expect(stderr.length).toBeLessThan(600);
  });

  it('invisible and bidi characters as escapes, never dropped', async () => {
    await refused(['profile', 'github', 'octo\u202ecat\u200b'], 'github handle "octo\\u202ecat\\u200b" does not match');
    await refused(['profile', 'github', 'a\u0007b'], 'github handle "a\\u0007b"');
  });

  it('the article of every platform name: "An instagram handle", "A github handle"', async () => {
    await refused(['profile', 'instagram', 'no spaces'], 'An instagram handle is');
    await refused(['profile', 'github', 'no spaces'], 'A github handle is');
    await refused(['profile', 'instagram', 'https://example.com/x'], 'is not an instagram profile URL');
  });
});

describe('addresses pasted without their scheme are taken like full ones', () => {
  it.each([
    ['github', 'github.com/octocat', '/api/v1/github/profile?handle=octocat'],
    ['github', 'www.github.com/octocat/', '/api/v1/github/profile?handle=octocat'],
    ['bluesky', 'bsky.app/profile/jay.bsky.team', '/api/v1/bluesky/profile?handle=jay.bsky.team'],
    ['mastodon', 'mastodon.social/@Gargron', '/api/v1/mastodon/profile?handle=Gargron%40mastodon.social'],
    ['tiktok', 'www.tiktok.com/@khaby.lame', '/api/v1/tiktok/profile?handle=khaby.lame'],
    ['instagram', 'instagram.com/natgeo', '/api/v1/instagram/profile?handle=natgeo'],
  ])('%s %s', async (platform, address, path) => {
    const { status } = await run(['profile', platform, address]);
    expect(seen).toEqual([path]);
    expect(status).toBe(7);
  });

  it('a bluesky post and a tiktok video', async () => {
    await run(['post', 'bsky.app/profile/jay.bsky.team/post/3lbq2kk5hzc2x']);
    expect(seen[0]).toContain('uri=at%3A%2F%2Fjay.bsky.team%2Fapp.bsky.feed.post%2F3lbq2kk5hzc2x');
    seen.length = 0;
    await run(['transcript', 'www.tiktok.com/@khaby.lame/video/7123456789']);
    expect(seen[0]).toContain(`url=${encodeURIComponent('https://www.tiktok.com/@khaby.lame/video/7123456789')}`);
  });
});

describe('bad arguments of api and sandbox: exit 2, nothing sent', () => {
  it.each([
    [[''], 'give the path of a route'],
    [['   '], 'give the path of a route'],
    [['/'], 'give the path of a route, not only "/"'],
    [['?handle=octocat'], 'give the path of a route'],
    [['/api/v1/github/profile#x'], 'a path has no # fragment'],
    [['/api/v1/github/pro%zzfile'], 'the path has a % that is not an escape'],
    [['/api//github/profile'], 'the path has an empty segment (//)'],
    [[`/api/v1/${'x'.repeat(5000)}`], 'a path has at most 4096'],
  ])('api %j', async (args, message) => {
    await refused(['api', ...args], message, {}, true);
  });

  it.each([
    ['0.0.0.0.0', '--host "0.0.0.0.0" is not an address to listen on'],
    ['', '--host "" is not an address to listen on'],
    ['a b', '--host "a b" is not an address to listen on'],
    ['no-such-host.invalid', 'cannot listen on "no-such-host.invalid" port 0'],
  ])('sandbox --host %j', async (host, message) => {
    const { status, stdout, stderr } = await run(['sandbox', '--port', '0', '--host', host]);
    expect(stderr).toContain(message);
    expect(stderr).not.toContain('This is a bug');
    expect(status).toBe(2);
    expect(stdout).toBe('');
  });
});
