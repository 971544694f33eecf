// Input that cannot be sent is refused before anything is sent: api paths with controls or spaces
// (exit 2), keys that are not printable ASCII or empty (exit 3), timeouts that would round to none.
// In-process runs against a server that counts what reaches it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { Loopback } from './harness.js';
import { httpServer } from './harness.js';

let server: Loopback;
let dir: string;
beforeAll(async () => {
  server = await httpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"success":true,"data":{},"credits_used":0}');
  });
});
afterAll(() => server.close());
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function env(extra: Record<string, string> = {}): Record<string, string> {
  dir = mkdtempSync(join(tmpdir(), 'social-input-'));
  return { SOCIAL_CONFIG_DIR: dir, SOCIAL_BASE_URL: server.url, SOCIAL_API_KEY: 'sk_test_input', ...extra };
}

describe('refused before sending', () => {
  it('an api path with a CR, LF, space, tab or other control: exit 2, nothing sent', async () => {
    const before = server.requests();
    for (const path of [
      'github/profile\r\nX-Injected: 1',
      '/api/v1/github/profile\n',
      'github/pro file',
      'github/profile?handle=a b',
      'github\t/profile',
      'github/profile\u0000',
      'github/profile\u0085',
    ]) {
      const run = await runCli(['api', path], { env: env() });
      expect(run.status, JSON.stringify(path)).toBe(2);
      expect(run.stderr).toMatch(/the path has/);
      expect(run.stderr).not.toMatch(/cannot reach/);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(server.requests()).toBe(before);
  });

  it('a path beyond ASCII is sent percent-encoded, and spaces around it are forgiven', async () => {
    const before = server.requests();
    const run = await runCli(['api', '  trends/café  '], { env: env() });
    expect(run.status, run.stderr).toBe(0);
    expect(server.requests()).toBe(before + 1);
  });

  it('a key that is not printable ASCII, from the flag, the environment or the file: exit 3, nothing sent', async () => {
    const before = server.requests();
    const keys = ['sk_test\r\nX-Injected: 1', 'sk_tést', 'sk_€uro', 'sk test', 'sk_\u0007'];
    for (const key of keys) {
      const fromFlag = await runCli(['profile', 'github', 'octocat', '--api-key', key], { env: env() });
      expect(fromFlag.status, JSON.stringify(key)).toBe(3);
      expect(fromFlag.stderr).toMatch(/--api-key has a character no key has/);
      expect(fromFlag.stderr).not.toContain(key);
      rmSync(dir, { recursive: true, force: true });
      const fromEnv = await runCli(['profile', 'github', 'octocat'], { env: env({ SOCIAL_API_KEY: key }) });
      expect(fromEnv.status, JSON.stringify(key)).toBe(3);
      expect(fromEnv.stderr).toMatch(/SOCIAL_API_KEY has a character no key has/);
      rmSync(dir, { recursive: true, force: true });
      const fileEnv = env({ SOCIAL_API_KEY: '' });
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ 'api-key': key }));
      const fromFile = await runCli(['profile', 'github', 'octocat'], { env: fileEnv });
      expect(fromFile.status, JSON.stringify(key)).toBe(3);
      expect(fromFile.stderr).toMatch(/the config file has a character no key has/);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(server.requests()).toBe(before);
  });

  it('a key longer than any (300 characters) is exit 3, nothing sent', async () => {
    const before = server.requests();
    const run = await runCli(['profile', 'github', 'octocat'], {
      env: env({ SOCIAL_API_KEY: `sk_${'a'.repeat(297)}` }),
    });
    expect(run.status, run.stderr).toBe(3);
    expect(run.stderr).toMatch(/SOCIAL_API_KEY is 300 characters long, more than any key \(256\); nothing was sent/);
    expect(server.requests()).toBe(before);
  });

  it("--api-key '' is exit 3, nothing sent, also under --sandbox", async () => {
    const before = server.requests();
    const run = await runCli(['profile', 'github', 'octocat', '--api-key', ''], { env: env() });
    expect(run.status).toBe(3);
    expect(run.stderr).toMatch(/--api-key is empty/);
    rmSync(dir, { recursive: true, force: true });
    const sandbox = await runCli(['profile', 'github', 'octocat', '--sandbox', '--api-key', ''], { env: env() });
    expect(sandbox.status).toBe(3);
    expect(server.requests()).toBe(before);
  });

  it('config set refuses a key that is not printable ASCII, and a timeout below 1 ms or above a day', async () => {
    for (const argv of [
      ['config', 'set', 'api-key', 'sk_tést'],
      ['config', 'set', 'timeout', '0.0001'],
      ['config', 'set', 'timeout', '86401'],
      ['config', 'set', 'max-body', '12'],
    ]) {
      const run = await runCli(argv, { env: env() });
      expect(run.status, argv.join(' ')).toBe(2);
      rmSync(dir, { recursive: true, force: true });
    }
    const ok = env();
    expect((await runCli(['config', 'set', 'timeout', '0.001'], { env: ok })).status).toBe(0);
    expect((await runCli(['config', 'set', 'max-body', '64MB'], { env: ok })).status).toBe(0);
    expect((await runCli(['config', 'get', 'max-body'], { env: ok })).stdout).toBe('64 MB\n');
  });

  it('a timeout in the config file below 1 ms is refused when used: exit 2, nothing sent', async () => {
    const before = server.requests();
    const fileEnv = env();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ timeout: 0.0004 }));
    const run = await runCli(['profile', 'github', 'octocat'], { env: fileEnv });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/timeout \(in the config file\) must be seconds from 0\.001/);
    expect(server.requests()).toBe(before);
  });
});
