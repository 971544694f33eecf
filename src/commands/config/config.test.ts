// config set|get|unset|list|path, masking, owner-only file, the key from stdin, precedence.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { REQUIRED_FILES, tracedRun } from '../../../test/helpers/spawn-cli.js';
import { maskKey } from '../../infra/config.js';
import { resolveGlobals } from '../../runtime/globals.js';

const sandbox = useSandbox();

describe('config', () => {
  it('sets, gets, lists, unsets and tells its path, in SOCIAL_CONFIG_DIR', async () => {
    const dir = tempConfigDir();
    const env = { SOCIAL_CONFIG_DIR: dir };
    expect((await runCli(['config', 'path'], { env })).stdout.trim()).toBe(join(dir, 'config.json'));
    expect((await runCli(['config', 'set', 'base-url', sandbox.current.url], { env })).status).toBe(0);
    expect((await runCli(['config', 'set', 'output', 'csv'], { env })).status).toBe(0);
    expect((await runCli(['config', 'get', 'base-url'], { env })).stdout.trim()).toBe(sandbox.current.url);
    const list = await runCli(['config', 'list', '--json'], { env });
    const listed = Object.fromEntries(
      JSON.parse(list.stdout).map((s: { key: string; value: string; source: string }) => [s.key, [s.value, s.source]]),
    );
    expect(listed).toMatchObject({ 'base-url': [sandbox.current.url, 'file'], output: ['json', 'flag'] });
    expect((await runCli(['config', 'unset', 'output'], { env })).status).toBe(0);
    // Unset, the default is in effect (json in a pipe), and stderr says so.
    const unset = await runCli(['config', 'get', 'output'], { env });
    expect(unset.stdout).toBe('json\n');
    expect(unset.stderr).toBe('output: the default\n');
    const none = await runCli(['config', 'get', 'api-key'], { env });
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('api-key is not set\n');
  });

  it('get shows the value in effect and its source: an environment variable over the file', async () => {
    const env = { SOCIAL_CONFIG_DIR: tempConfigDir() };
    await runCli(['config', 'set', 'base-url', 'https://file.example.com'], { env });
    const file = await runCli(['config', 'get', 'base-url'], { env });
    expect([file.stdout, file.stderr]).toEqual(['https://file.example.com\n', 'base-url: from the file\n']);
    const overridden = { ...env, SOCIAL_BASE_URL: 'https://env.example.com' };
    const fromEnv = await runCli(['config', 'get', 'base-url'], { env: overridden });
    expect(fromEnv.stdout).toBe('https://env.example.com\n');
    expect(fromEnv.stderr).toBe(
      'base-url: from the environment SOCIAL_BASE_URL (overrides https://file.example.com in the file)\n',
    );
    const flag = await runCli(['--base-url', 'https://flag.example.com', 'config', 'get', 'base-url', '--json'], {
      env: overridden,
    });
    expect(JSON.parse(flag.stdout)).toEqual({ key: 'base-url', value: 'https://flag.example.com', source: 'flag' });
    const key = await runCli(['config', 'get', 'api-key', '--json'], {
      env: { ...env, SOCIAL_API_KEY: 'sk_live_0123456789abcdef' },
    });
    expect(JSON.parse(key.stdout)).toEqual({ key: 'api-key', value: 'sk_l…cdef', source: 'environment' });
  });

  it('reads the key from stdin, stores it owner-only, and never prints it whole', async () => {
    const dir = tempConfigDir();
    const env = { SOCIAL_CONFIG_DIR: dir };
    const set = await runCli(['config', 'set', 'api-key'], { env, stdin: 'sbx_demo_secret_123\n' });
    expect(set.status).toBe(0);
    expect(set.stderr).not.toContain('sbx_demo_secret_123');
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))['api-key']).toBe('sbx_demo_secret_123');
    const get = await runCli(['config', 'get', 'api-key'], { env });
    expect(get.stdout.trim()).toBe('sbx_…_123');
    const list = await runCli(['config', 'list', '-o', 'table'], { env });
    expect(list.stdout).not.toContain('sbx_demo_secret_123');
  });

  it('list: every setting in effect and where it came from; a flag or SOCIAL_API_KEY hiding the file is said', async () => {
    const dir = tempConfigDir();
    const stored = 'k_live_stored_0123456789';
    expect(
      (await runCli(['config', 'set', 'api-key'], { env: { SOCIAL_CONFIG_DIR: dir }, stdin: `${stored}\n` })).status,
    ).toBe(0);
    expect((await runCli(['config', 'set', 'timeout', '12'], { env: { SOCIAL_CONFIG_DIR: dir } })).status).toBe(0);
    const fromEnv = 'k_live_from_env_987654321';
    const fromFlag = 'k_live_from_flag_55555555';
    const env = { SOCIAL_CONFIG_DIR: dir, SOCIAL_API_KEY: fromEnv };
    const json = await runCli(['config', 'list', '--json'], { env });
    const rows = JSON.parse(json.stdout);
    expect(rows.find((r: { key: string }) => r.key === 'api-key')).toEqual({
      key: 'api-key',
      value: maskKey(fromEnv),
      source: 'environment',
      from: 'SOCIAL_API_KEY',
      overrides: maskKey(stored),
    });
    expect(rows.find((r: { key: string }) => r.key === 'timeout')).toMatchObject({ value: '12', source: 'file' });
    expect(rows.find((r: { key: string }) => r.key === 'retries')).toMatchObject({ value: '2', source: 'default' });
    expect(rows.find((r: { key: string }) => r.key === 'base-url')).toMatchObject({ value: null, source: null });
    const table = await runCli(['config', 'list', '-o', 'table', '--api-key', fromFlag], { env, columns: 100 });
    expect(table.stdout).toMatch(
      new RegExp(`^api-key +${maskKey(fromFlag)} +flag --api-key +${maskKey(stored)} in the file$`, 'm'),
    );
    for (const run of [json, table])
      for (const key of [stored, fromEnv, fromFlag]) expect(run.stdout + run.stderr).not.toContain(key);
  });

  it('masks short keys harder, makes the folder owner-only, and names a garbage file with what to do', async () => {
    expect(maskKey('1234567')).toBe('****');
    expect(maskKey('123456789')).toBe('…6789');
    expect(maskKey('123456789012345')).toBe('…2345');
    expect(maskKey('1234567890123456')).toBe('1234…3456');
    const dir = join(tempConfigDir(), 'fresh');
    const env = { SOCIAL_CONFIG_DIR: dir };
    expect((await runCli(['config', 'set', 'output', 'csv'], { env })).status).toBe(0);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(dir, 'config.json'), 'garbage{');
    const set = await runCli(['config', 'set', 'output', 'json'], { env });
    expect(set.status).toBe(2);
    expect(set.stderr).toContain(`${join(dir, 'config.json')} is not valid JSON`);
    // The hint wraps at 80 columns in a pipe, like help.
    expect(set.stderr.replace(/\s+/g, ' ')).toMatch(/move it aside .* and set values again/);
    expect(set.stderr).not.toMatch(/unexpected error|This is a bug in social/);
  });

  it('refuses bad values and unknown keys with exit 2', async () => {
    const env = { SOCIAL_CONFIG_DIR: tempConfigDir() };
    for (const argv of [
      ['config', 'set', 'base-url', 'http://api.example.com'],
      ['config', 'set', 'base-url', 'not a url'],
      ['config', 'set', 'output', 'yaml'],
      ['config', 'set', 'retries', '11'],
      ['config', 'set', 'timeout', '0'],
      ['config', 'set', 'apikey', 'x'],
      ['config', 'set', 'api-key'],
    ]) {
      const run = await runCli(argv, { env, stdin: '' });
      expect(run.status, argv.join(' ')).toBe(2);
    }
    const typo = await runCli(['config', 'get', 'base_url'], { env });
    expect(typo.stderr).toMatch(/Did you mean base-url/);
  });

  it('uses the saved settings: flag over environment over file', async () => {
    const dir = tempConfigDir();
    const env = { SOCIAL_CONFIG_DIR: dir };
    await runCli(['config', 'set', 'base-url', sandbox.current.url], { env });
    await runCli(['config', 'set', 'api-key', 'sbx_inactive'], { env });
    const fromFile = await runCli(['profile', 'github', 'octocat'], { env });
    expect(fromFile.status).toBe(3);
    const fromEnv = await runCli(['profile', 'github', 'octocat'], { env: { ...env, SOCIAL_API_KEY: 'sbx_demo' } });
    expect(fromEnv.status).toBe(0);
    const fromFlag = await runCli(['profile', 'github', 'octocat', '--api-key', 'sbx_inactive'], {
      env: { ...env, SOCIAL_API_KEY: 'sbx_demo' },
    });
    expect(fromFlag.status).toBe(3);
  });

  it('resolves output, timeout and retries defaults from the file, and json in a pipe', () => {
    const { ctx } = testContext({ env: {} });
    expect(resolveGlobals({}, ctx, {})).toMatchObject({ format: 'json', timeoutMs: 30_000, retries: 2 });
    expect(resolveGlobals({}, ctx, { output: 'csv', timeout: 5, retries: 0 })).toMatchObject({
      format: 'csv',
      timeoutMs: 5000,
      retries: 0,
    });
    expect(resolveGlobals({ json: true }, ctx, { output: 'csv' }).format).toBe('json');
    const tty = testContext({ tty: true }).ctx;
    expect(resolveGlobals({}, tty, {})).toMatchObject({ format: 'table', colorOut: true });
    expect(resolveGlobals({}, testContext({ tty: true, env: { NO_COLOR: '1' } }).ctx, {}).colorOut).toBe(false);
    expect(resolveGlobals({ color: false }, tty, {}).colorOut).toBe(false);
    expect(resolveGlobals({}, testContext({ env: { FORCE_COLOR: '1' } }).ctx, {}).colorOut).toBe(true);
    expect(resolveGlobals({ color: false }, testContext({ env: { FORCE_COLOR: '1' } }).ctx, {}).colorOut).toBe(false);
  });

  it('a spawned set and unset load nothing but the CLI bundle, and keep what else the file holds', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), '{\n  "output": "csv",\n  "added-by-hand": 1\n}\n');
    const set = await runCli(['config', 'set', 'timeout', '5'], { env: { SOCIAL_CONFIG_DIR: dir } });
    expect(set.status).toBe(0);
    // Still a file a person reads: one setting a line, in the order they were.
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(
      '{\n  "output": "csv",\n  "added-by-hand": 1,\n  "timeout": 5\n}\n',
    );
    // The settings file is read and written with node:fs: no config library (and its schema
    // validator) is loaded, in its own bundle or from node_modules.
    for (const argv of [
      ['config', 'set', 'output', 'json'],
      ['config', 'unset', 'output'],
    ]) {
      const run = await tracedRun<string[]>(argv, sandbox.current.url, REQUIRED_FILES);
      expect(run.code).toBe(0);
      // What it required (the CLI bundle itself runs through the code cache, not require()).
      expect(run.report.some((file) => file.endsWith('/dist/code-cache.cjs'))).toBe(true);
      expect(run.report.filter((file) => /node_modules|\/dist\/vendor-/.test(file))).toEqual([]);
    }
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});
