// The global options through a command, in-process against the real sandbox over HTTP: --debug,
// the base URL's scheme, colour, -q and --output.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/helpers/cli.js';
import { useSandboxUser } from '../../test/helpers/sandbox.js';
import { spawnSocial } from '../../test/helpers/spawn-cli.js';

const user = useSandboxUser();

describe('global options', () => {
  it('--debug shows method, URL, status, timing and request id, never the key', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--debug', '--api-key', 'sbx_demo'], {
      env: { ...user.env, SOCIAL_API_KEY: '' },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/github\/profile\?handle=octocat -> 200 in \d+ ms request_id=req_/,
    );
    expect(run.stderr).not.toContain('sbx_demo');
    expect(run.stdout).not.toContain('sbx_demo');
  });

  it("--debug's lines in Portuguese under LANG=pt_BR.UTF-8, the URL and request id as they are", async () => {
    const run = await spawnSocial(['profile', 'github', 'octocat', '--debug'], { ...user.env, LANG: 'pt_BR.UTF-8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /^depuração: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/github\/profile\?handle=octocat -> 200 em \d+ ms request_id=req_\w+ \(tentativa 1\)$/m,
    );
  });

  it('--offline or --max-age with --no-store, before or after the command word, is refused: nothing sent', async () => {
    const before = user.spent();
    for (const [args, says] of [
      [['profile', 'github', 'octocat', '--offline', '--no-store'], '--offline answers from the local store'],
      [['profile', 'github', 'octocat', '--max-age', '1h', '--no-store'], '--max-age answers from the local store'],
      [['--no-store', '--max-age', '1h', 'profile', 'github', 'octocat'], '--max-age answers from the local store'],
    ] as const) {
      const run = await spawnSocial([...args], user.env);
      expect([run.status, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toContain(`${says} and --no-store leaves it alone: use one or the other`);
    }
    expect(user.spent()).toBe(before);
  });

  it('--offline or --max-age with the store off (SOCIAL_STORE=off, in any case) is refused as beside --no-store: nothing sent', async () => {
    const before = user.spent();
    for (const [args, flag, off] of [
      [['profile', 'github', 'octocat', '--max-age', '1h'], '--max-age', 'off'],
      [['--offline', 'profile', 'github', 'octocat'], '--offline', ' OFF '],
    ] as const) {
      const run = await runCli([...args], { env: { ...user.env, SOCIAL_STORE: off } });
      expect([run.status, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toBe(
        `error: ${flag} answers from the local store, which is off (SOCIAL_STORE=off): it holds nothing\n`,
      );
    }
    expect(user.spent()).toBe(before);
  });

  it('refuses a duration that reaches back past any date (--max-age, --older-than): nothing sent', async () => {
    const before = user.spent();
    for (const args of [
      ['profile', 'github', 'octocat', '--max-age', '999999999d'],
      ['profile', 'github', 'octocat', '--offline', '--max-age', '999999999w'],
      ['store', 'prune', '--older-than', '999999999d'],
    ]) {
      const run = await runCli(args, { env: user.env });
      expect([run.status, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toMatch(/^error: --(max-age|older-than) reaches back past the first date a clock holds/);
    }
    expect(user.spent()).toBe(before);
    const longest = await runCli(['profile', 'github', 'octocat', '--max-age', '100000000d', '-q'], { env: user.env });
    expect([longest.status, longest.stderr]).toEqual([0, '']);
  });

  it('refuses a plain-http base URL to a host that is not loopback, sending nothing', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--base-url', 'http://api.example.com'], {
      env: user.env,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/plain http/);
  });

  it('colours a terminal unless told not to', async () => {
    const run = await runCli(['profile', 'github', 'octocat'], { env: user.env, tty: true });
    expect(run.stdout).toMatch(/\u001b\[/);
    const plain = await runCli(['profile', 'github', 'octocat', '--no-color'], { env: user.env, tty: true });
    expect(plain.stdout).not.toMatch(/\u001b/);
  });

  it('-q keeps stderr free of notes; --output refuses unknown formats', async () => {
    const quiet = await runCli(['profile', 'github', 'octocat', '-q', '-o', 'table'], { env: user.env, tty: true });
    expect(quiet.stderr).toBe('');
    const bad = await runCli(['profile', 'github', 'octocat', '-o', 'yaml'], { env: user.env });
    expect(bad.status).toBe(2);
  });
});
