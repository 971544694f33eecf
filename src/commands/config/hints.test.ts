// What config says where a user would otherwise be left guessing: a key typed where others see
// it, and the settings listed when one is unknown.
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../../../test/helpers/cli.js';

describe('config: warnings and hints', () => {
  it('config set api-key VALUE warns that the key is visible; from stdin it does not', async () => {
    const dir = tempConfigDir();
    const typed = await runCli(['config', 'set', 'api-key', 'sk_live_1234567890'], { env: { SOCIAL_CONFIG_DIR: dir } });
    expect(typed.status).toBe(0);
    expect(typed.stderr).toMatch(/warning: .*shell history.*process list/);
    const piped = await runCli(['config', 'set', 'api-key'], {
      env: { SOCIAL_CONFIG_DIR: dir },
      stdin: 'sk_live_1234567890\n',
    });
    expect(piped.status).toBe(0);
    expect(piped.stderr).not.toContain('warning');
  });

  it('config get nope lists the settings one a line', async () => {
    const run = await runCli(['config', 'get', 'nope'], { env: { SOCIAL_CONFIG_DIR: tempConfigDir() } });
    expect(run.status).toBe(2);
    const lines = run.stderr.split('\n');
    for (const key of ['api-key', 'base-url', 'output', 'timeout', 'retries']) {
      expect(lines.some((line) => line.trimStart().startsWith(`${key} `))).toBe(true);
    }
  });
});
