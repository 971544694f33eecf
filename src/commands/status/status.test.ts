// `social status`: settings in effect with their sources, the config folder, and the balance read
// for free (or not at all with --offline).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import type { StatusReport } from './run.js';

const sandbox = useSandbox();

function sourceOf(report: StatusReport, key: string) {
  const setting = report.settings.find((s) => s.key === key);
  return setting && { value: setting.value, source: setting.source };
}

describe('status', () => {
  it('shows each setting with its source, the key masked, and the balance read for free', async () => {
    const env = sandboxEnv(sandbox.current.url, 'sbx_demo');
    await runCli(['config', 'set', 'output', 'csv'], { env });
    await runCli(['config', 'set', 'timeout', '12'], { env });
    const charged = sandbox.current.core.ledger.chargesByRequest.size;
    const run = await runCli(['status', '--json', '--retries', '1'], { env });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as StatusReport;
    expect(sourceOf(report, 'base-url')).toEqual({ value: sandbox.current.url, source: 'environment' });
    expect(sourceOf(report, 'api-key')).toEqual({ value: '…demo', source: 'environment' });
    expect(sourceOf(report, 'output')).toEqual({ value: 'json', source: 'flag' });
    expect(sourceOf(report, 'timeout')).toEqual({ value: '12', source: 'file' });
    expect(sourceOf(report, 'retries')).toEqual({ value: '1', source: 'flag' });
    expect(report.config_dir).toBe(env.SOCIAL_CONFIG_DIR);
    expect(report.config_writable).toBe(true);
    expect(report.balance).toEqual(expect.any(Number));
    expect(report.balance_note).toBeNull();
    expect(sandbox.current.core.ledger.chargesByRequest.size).toBe(charged);
    expect(run.stdout).not.toContain('sbx_demo');
  });

  it('--offline sends nothing; a table at a terminal', async () => {
    const env = { ...sandboxEnv('http://127.0.0.1:9'), SOCIAL_API_KEY: 'sk_live_0123456789abcdef', NO_COLOR: '1' };
    const run = await runCli(['status', '--offline'], { env, tty: true, columns: 100 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^api-key +sk_l…cdef +environment$/m);
    expect(run.stdout).toMatch(/^timeout +30 +default$/m);
    expect(run.stdout).toMatch(/^balance +unknown \(not read: --offline\)$/m);
    expect(run.stdout).not.toContain('0123456789');
  });

  it('the balance in the table has the thousands separator and the unit, as `social credits` has', async () => {
    const env = { ...sandboxEnv(sandbox.current.url, 'sbx_demo'), NO_COLOR: '1' };
    const { balance } = JSON.parse((await runCli(['status', '--json'], { env })).stdout) as StatusReport;
    expect(balance).toBeGreaterThan(999);
    const run = await runCli(['status', '-o', 'table'], { env, tty: true, columns: 100 });
    expect(run.status, run.stderr).toBe(0);
    const shown = (balance ?? 0).toLocaleString('en-US');
    expect(run.stdout).toMatch(new RegExp(`^balance +${shown} credits$`, 'm'));
  });

  it('says the balance could not be read, with the exit status of why', async () => {
    const env = sandboxEnv(sandbox.current.url, 'sbx_inactive');
    const refused = await runCli(['status', '--json'], { env });
    expect(refused.status).toBe(3);
    expect(JSON.parse(refused.stdout).balance_note).toMatch(/could not be read/);
    const down = await runCli(['status', '--json', '--retries', '0'], { env: sandboxEnv('http://127.0.0.1:9') });
    expect(down.status).toBe(10);
    expect(JSON.parse(down.stdout).balance).toBeNull();
  });

  it('without a base URL or key: what is missing, nothing sent, and the exit status says it', async () => {
    // `social status >/dev/null` is a script's check that the key works: with nothing to work
    // with it fails, as every command that needs them does (2 no base URL, 3 no key).
    const run = await runCli(['status', '--json'], { env: { SOCIAL_CONFIG_DIR: tempConfigDir() } });
    expect(run.status).toBe(2);
    const report = JSON.parse(run.stdout) as StatusReport;
    expect(sourceOf(report, 'base-url')).toEqual({ value: null, source: null });
    expect(report.balance_note).toBe('not read: no base URL');
    const keyless = await runCli(['status', '--json'], {
      env: { SOCIAL_CONFIG_DIR: tempConfigDir(), SOCIAL_BASE_URL: sandbox.current.url },
    });
    expect(keyless.status).toBe(3);
    expect((JSON.parse(keyless.stdout) as StatusReport).balance_note).toBe('not read: no API key');
    const offline = await runCli(['status', '--offline', '--json'], { env: { SOCIAL_CONFIG_DIR: tempConfigDir() } });
    expect(offline.status).toBe(0);
  });

  it('says when the config folder cannot be made: a file stands where a folder should be', async () => {
    const file = join(tempConfigDir(), 'a-file');
    writeFileSync(file, '');
    const run = await runCli(['status', '--offline', '--json'], { env: { SOCIAL_CONFIG_DIR: join(file, 'social') } });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).config_writable).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('says when the config folder cannot be written', async () => {
    const parent = tempConfigDir();
    const dir = join(parent, 'locked');
    mkdirSync(dir);
    chmodSync(dir, 0o500);
    try {
      const run = await runCli(['status', '--offline', '--json'], { env: { SOCIAL_CONFIG_DIR: dir } });
      expect(JSON.parse(run.stdout).config_writable).toBe(false);
      const missing = await runCli(['status', '--offline', '--json'], {
        env: { SOCIAL_CONFIG_DIR: join(dir, 'not', 'yet') },
      });
      expect(JSON.parse(missing.stdout).config_writable).toBe(false);
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});

describe('status --fields', () => {
  it("status: --fields takes the json's names (key, value, source), and the table still reads setting", async () => {
    const env = sandboxEnv(sandbox.current.url, 'sbx_demo');
    const json = await runCli(['status', '--offline', '--json'], { env });
    const names = Object.keys(JSON.parse(json.stdout).settings[0]);
    expect(names).toEqual(['key', 'value', 'source']);
    const csv = await runCli(['status', '--offline', '--fields', 'source,key', '-o', 'csv'], { env });
    expect(csv.status, csv.stderr).toBe(0);
    expect(csv.stdout.split('\r\n')[0]).toBe('source,key');
    const table = await runCli(['status', '--offline', '-o', 'table'], { env: { ...env, NO_COLOR: '1' } });
    expect(table.stdout).toMatch(/^setting +value +source$/m);
  });
});
