// The retry policy against the sandbox's faults: retry only what cannot have been charged and
// may pass; never what may have been charged; the ledger shows no double charge.
import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { main } from '../../main.js';
import { parseFaults } from '../../sandbox/faults.js';

async function withFaults(spec: string, body: (sandbox: Awaited<ReturnType<typeof testSandbox>>) => Promise<void>) {
  const sandbox = await testSandbox({ faults: parseFaults(spec) });
  try {
    await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

const used = (sandbox: Awaited<ReturnType<typeof testSandbox>>) =>
  sandbox.core.ledger.activeAccount('sbx_demo')!.spentThisMonth;

describe('retry policy', () => {
  it('retries 503 and 502 and gets through, charging once', async () => {
    await withFaults('503=0.4,502=0.4', async (sandbox) => {
      const env = sandboxEnv(sandbox.url);
      for (const handle of ['octocat', 'lenafischer', 'mariam-okafor']) {
        const run = await runCli(['profile', 'github', handle, '--retries', '10', '--debug'], { env });
        expect(run.status, run.stderr).toBe(0);
      }
      expect(used(sandbox)).toBe(3);
    });
  });

  it('gives up after --retries with exit 9 on a service that stays down, nothing charged', async () => {
    await withFaults('503=1', async (sandbox) => {
      const run = await runCli(['profile', 'github', 'octocat', '--retries', '2', '--debug'], {
        env: sandboxEnv(sandbox.url),
      });
      expect(run.status).toBe(9);
      expect(run.stderr.match(/-> 503/g)).toHaveLength(3);
      expect(run.stderr).toMatch(/retry 2\/2/);
      expect(used(sandbox)).toBe(0);
    });
  });

  it("says its retries in the run's language: --debug under LANG=pt_BR.UTF-8, spawned", async () => {
    await withFaults('503=1', async (sandbox) => {
      const argv = ['profile', 'github', 'octocat', '--retries', '2', '--debug'];
      const run = await spawnSocial(argv, { ...sandboxEnv(sandbox.url), LANG: 'pt_BR.UTF-8' });
      expect(run.status).toBe(9);
      expect(run.stderr).toMatch(/depuração: nova tentativa 1\/2 em \d+ ms após 503\n/);
      expect(run.stderr).toMatch(/depuração: nova tentativa 2\/2 em \d+ ms após 503\n/);
      expect(run.stderr).not.toMatch(/retry \d/);
    });
  });

  it('Ctrl-C during a retry backoff stops at once: exit 130, no further attempt', async () => {
    await withFaults('503=1', async (sandbox) => {
      // A backoff of a minute: only an interrupted wait lets this test end within its timeout.
      const { ctx, stderr, controller } = testContext({
        env: { ...sandboxEnv(sandbox.url), SOCIAL_RETRY_BASE_MS: '120000' },
      });
      const running = main(['profile', 'github', 'octocat', '--retries', '3', '--debug'], ctx);
      await vi.waitFor(() => expect(stderr()).toMatch(/retry 1\/3/));
      controller.abort();
      expect(await running).toBe(130);
      expect(stderr().match(/-> 503/g)).toHaveLength(1);
      expect(used(sandbox)).toBe(0);
    });
  });

  it('never retries a connection reset once the request was written: exit 10, may have been charged', async () => {
    // The sandbox's reset strikes before the charge, but the client cannot know that: a request
    // that was written may have been charged, so it is reported, never sent again.
    await withFaults('reset=1', async (sandbox) => {
      const run = await runCli(['profile', 'github', 'octocat', '--retries', '10', '--debug'], {
        env: sandboxEnv(sandbox.url),
      });
      expect(run.status).toBe(10);
      expect(run.stderr).toMatch(/may have been charged/);
      expect(run.stderr).not.toMatch(/retry/);
      expect(run.stderr.match(/attempt/g)).toHaveLength(1);
      expect(used(sandbox)).toBe(0);
    });
  });

  it('never retries a body cut off mid-way: exit 10, charged once', async () => {
    await withFaults('truncated=1', async (sandbox) => {
      const run = await runCli(['profile', 'github', 'octocat', '--debug'], { env: sandboxEnv(sandbox.url) });
      expect(run.status).toBe(10);
      expect(run.stderr).toMatch(/may have charged/);
      expect(run.stderr.match(/attempt/g)).toHaveLength(1);
      expect(used(sandbox)).toBe(1);
    });
  });

  it('never retries a malformed body: exit 11, with the request id', async () => {
    await withFaults('malformed=1', async (sandbox) => {
      const run = await runCli(['profile', 'github', 'octocat'], { env: sandboxEnv(sandbox.url) });
      expect(run.status).toBe(11);
      expect(run.stderr).toMatch(/not JSON/);
      expect(run.stderr).toMatch(/request id: req_/);
      expect(run.stdout).toBe('');
      expect(used(sandbox)).toBe(1);
    });
  });

  it('never retries a timeout: exit 10, charged once', async () => {
    await withFaults('latency=1@1500', async (sandbox) => {
      const run = await runCli(['profile', 'github', 'octocat', '--timeout', '0.3', '--debug'], {
        env: sandboxEnv(sandbox.url),
      });
      expect(run.status).toBe(10);
      expect(run.stderr).toMatch(/no complete answer within 0\.3 s/);
      expect(run.stderr.match(/attempt/g)).toHaveLength(1);
      expect(used(sandbox)).toBe(1);
    });
  });

  it('never retries 4xx, 402 or 429', async () => {
    const sandbox = await testSandbox();
    try {
      for (const [key, argv] of [
        ['sbx_empty', ['profile', 'github', 'octocat']],
        ['sbx_quota', ['trends', 'tech']],
        ['sbx_demo', ['profile', 'github', 'notfound']],
      ] as const) {
        const run = await runCli([...argv, '--debug'], { env: sandboxEnv(sandbox.url, key) });
        expect(run.stderr.match(/attempt/g), argv.join(' ')).toHaveLength(argv[0] === 'trends' ? 2 : 1);
        expect(run.stderr).not.toMatch(/retry/);
      }
    } finally {
      await sandbox.close();
    }
  });

  it('reports a refused connection as a network failure (exit 10) after retrying', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const run = await runCli(['profile', 'github', 'octocat', '--debug'], {
      env: sandboxEnv(`http://127.0.0.1:${port}`),
    });
    expect(run.status).toBe(10);
    expect(run.stderr).toMatch(/retry 2\/2/);
    expect(run.stderr).toMatch(/cannot reach/);
  });
});
