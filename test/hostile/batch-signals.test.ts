// A batch as users run it, in a real process: the signals that end it (SIGHUP from a closed ssh
// session, SIGQUIT, Ctrl-C during a long Retry-After, a second Ctrl-C), a reader that goes away,
// and an input that never ends a line (/dev/zero). Every wait is on a condition: a line on a
// stream, a request count at the server, bytes read by the child.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSpend } from '../../src/infra/state/spend-ledger.js';
import { parseFaults } from '../../src/sandbox/faults.js';
import { accounts } from '../../src/sandbox/social-data.js';
import { sandboxEnv } from '../helpers/cli.js';
import { gateTo, until } from '../helpers/gate.js';
import type { TestSandbox } from '../helpers/sandbox.js';
import { testSandbox } from '../helpers/sandbox.js';
import { type RunningCli, runShell, SOCIAL_SHELL, startSocial } from '../helpers/spawn-cli.js';

const githubHandles = accounts('github').map((a) => a.author.handle!);

beforeAll(() => {
  if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string>, stdin?: string): RunningCli {
  const running = startSocial(args, env, { stdin });
  children.push(running.child);
  return running;
}

/**
 * What a batch stopped during --jq says it saved: the file, the records jq failed on (its warning)
 * and those it had not written (the error), 0 where a line is not there.
 */
function savedByJq(stderr: string): { path: string; failed: number; unwritten: number } {
  const warning =
    /warning: --jq failed on (\d+) of \d+ records?: [^;]*; the (?:record it failed on is|\d+ records it failed on are) saved in (\S+\.ndjson)/.exec(
      stderr,
    );
  const error =
    /interrupted while --jq ran: (?:(no record)|(the record)|the (\d+) records) it had not written (?:is|are) saved in (\S+\.ndjson)[;,]/.exec(
      stderr,
    );
  const path = warning?.[2] ?? error?.[4];
  if (path === undefined) throw new Error(`no file named: ${stderr}`);
  if (warning !== null && error !== null) expect(error[4]).toBe(warning[2]);
  const unwritten = error === null ? 0 : error[1] !== undefined ? 0 : error[2] !== undefined ? 1 : Number(error[3]);
  return { path, failed: warning === null ? 0 : Number(warning[1]), unwritten };
}

/** The inputs of the records in a saved file, in its order. */
function savedInputs(path: string): string[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line).input as string);
}

const charged = (s: TestSandbox) => s.core.ledger.activeAccount('sbx_demo')?.spentThisMonth ?? 0;
const recorded = (dir: string) => readSpend(dir).records.reduce((sum, r) => sum + r.credits, 0);

/** Distinct handles that each cost a credit (the sandbox's cache is switched off by the caller). */
const manyInputs = (n: number) => Array.from({ length: n }, (_, i) => githubHandles[i % githubHandles.length]!);

/**
 * `use` with a sandbox that answers each call after `ms` and has its cache off (every call costs
 * a credit), closed after.
 */
async function withSlowSandbox(
  ms: number,
  use: (env: Record<string, string>, slow: TestSandbox) => Promise<void>,
): Promise<void> {
  const slow = await testSandbox({ faults: parseFaults(`latency=1@${ms}`) });
  slow.core.cache.get = () => undefined;
  try {
    await use(sandboxEnv(slow.url), slow);
  } finally {
    await slow.close();
  }
}

/**
 * A spawned batch of `inputs` handles from stdin, `concurrency` at a time, once more than `lines`
 * lines of its stdout are written (`what`, said if that never comes); `output` picks its format.
 */
async function batchUnderWay(
  env: Record<string, string>,
  batch: { concurrency: number; inputs: number; lines: number; what: string; output?: string[] },
): Promise<RunningCli> {
  const { concurrency, inputs, lines, what, output = ['-o', 'ndjson'] } = batch;
  const run = start(
    ['profile', 'github', '-', '--concurrency', String(concurrency), ...output],
    env,
    manyInputs(inputs).join('\n'),
  );
  await until(() => run.stdout().split('\n').length > lines, what);
  return run;
}

describe('a spawned batch ended by a signal', () => {
  for (const [signal, status] of [
    ['SIGHUP', 129],
    ['SIGQUIT', 131],
  ] as const) {
    it(`${signal} ends it like Ctrl-C: the summary, --skip N, status ${status}, the ledger written`, async () => {
      await withSlowSandbox(50, async (env, slow) => {
        const run = await batchUnderWay(env, { concurrency: 2, inputs: 400, lines: 3, what: 'a few lines written' });
        run.child.kill(signal);
        expect((await run.done).status).toBe(status);
        const written = run.stdout().trim().split('\n').length;
        expect(written).toBeLessThan(400);
        expect(run.stderr()).toMatch(new RegExp(`${written} inputs: ${written} ok, 0 failed`));
        expect(run.stderr()).toContain(`resume with --skip ${written}`);
        // Every charge reached the spend ledger before the exit.
        expect(recorded(env.SOCIAL_CONFIG_DIR!)).toBe(charged(slow));
        expect(charged(slow)).toBe(written);
      });
    });
  }

  it('Ctrl-C during a 119 s Retry-After ends at once, and nothing is sent after it', async () => {
    let requests = 0;
    let afterSignal = 0;
    let signalled = false;
    const server = createServer((_req, res) => {
      requests += 1;
      if (signalled) afterSignal += 1;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '119' });
      res.end(
        JSON.stringify({
          success: false,
          platform: 'github',
          endpoint: 'profile',
          data: null,
          error: { type: 'indisponivel', message: 'down for maintenance', details: {} },
          credits_used: 0,
          cached: false,
          request_id: `req_${requests}`,
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const env = sandboxEnv(url);
      const run = start(
        ['profile', 'github', '-', '--concurrency', '2', '--retries', '3', '-o', 'ndjson'],
        env,
        'octocat\nlenafischer\nmariam-okafor\n',
      );
      await until(() => requests >= 2, 'both first attempts at the server');
      signalled = true;
      const sentAt = Date.now();
      run.child.kill('SIGINT');
      expect((await run.done).status).toBe(130);
      expect(Date.now() - sentAt).toBeLessThan(10_000);
      expect(afterSignal).toBe(0);
      expect(requests).toBe(2);
      // The two answers had are the outcome (503, not charged); the third input was never sent.
      const out = run
        .stdout()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(out.map((l) => [l.input, l.exit])).toEqual([
        ['octocat', 9],
        ['lenafischer', 9],
      ]);
      expect(run.stderr()).toContain('2 inputs: 0 ok, 2 failed');
      expect(run.stderr()).toContain('resume with --skip 2');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('Ctrl-C with --jq failing on some records: 130 and --skip N, the records saved, said in a warning', async () => {
    await withSlowSandbox(50, async (env) => {
      // octocat and quiet-committer have no bio: the filter fails on their records.
      const run = await batchUnderWay(env, {
        concurrency: 2,
        inputs: 400,
        lines: 4,
        what: 'a few bios written',
        output: ['--jq', '.body.data.author.bio | ascii_downcase'],
      });
      run.child.kill('SIGINT');
      expect((await run.done).status).toBe(130);
      const stderr = run.stderr().replace(/\s+/g, ' ');
      expect(stderr).toMatch(/resume with --skip \d+/);
      // The records jq failed on first, then (when Ctrl-C stopped jq itself, on a starved machine)
      // those it had not written: the file holds what the two figures count, no more, no less.
      const saved = savedByJq(stderr);
      const inputs = savedInputs(saved.path);
      expect(inputs).toHaveLength(saved.failed + saved.unwritten);
      expect(new Set(inputs.slice(0, saved.failed))).toEqual(new Set(['octocat', 'quiet-committer']));
    });
  });

  it('Ctrl-C while a repeat waits for its twin: --skip N resumes at it, and names the input sent after it', async () => {
    const sandbox = await testSandbox();
    const gate = await gateTo(sandbox.url);
    try {
      // The second octocat waits for the first (an identical call under way); lenafischer is sent.
      const run = start(
        ['profile', 'github', '-', '--concurrency', '3', '-o', 'ndjson'],
        sandboxEnv(gate.url),
        'octocat\noctocat\nlenafischer\nmariam-okafor\n',
      );
      await gate.waitForArrivals(2);
      run.child.kill('SIGINT');
      await until(() => run.stderr().includes('Ctrl-C again'), 'the Ctrl-C taken');
      gate.open();
      expect((await run.done).status).toBe(130);
      const out = run
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(out.map((l) => [l.input, l.exit, l.error?.code ?? null])).toEqual([
        ['octocat', 0, null],
        ['octocat', 130, 'not_sent'],
        ['lenafischer', 0, null],
      ]);
      const stderr = run.stderr().replace(/\s+/g, ' ');
      // The repeat was never sent: resuming starts at it, not past it.
      expect(stderr).toContain('2 inputs: 2 ok, 0 failed, 1 not sent (interrupted)');
      expect(stderr).toContain('resume with --skip 1');
      expect(stderr).toContain(
        'under way as the batch stopped, 1 input past the first not sent (lenafischer) was sent all the same: --skip 1 sends it again',
      );
    } finally {
      await gate.close();
      await sandbox.close();
    }
  });

  it('a second Ctrl-C leaves at once, every answered call in the ledger', async () => {
    await withSlowSandbox(300, async (env, slow) => {
      const run = await batchUnderWay(env, { concurrency: 1, inputs: 50, lines: 2, what: 'two answers written' });
      run.child.kill('SIGINT');
      await until(() => run.stderr().includes('Ctrl-C again'), 'the first Ctrl-C taken');
      run.child.kill('SIGINT');
      expect((await run.done).status).toBe(130);
      // Every answered call is in the ledger; only the one under way when the process left, which
      // the server may have charged, is not.
      const inLedger = recorded(env.SOCIAL_CONFIG_DIR!);
      expect(inLedger).toBeGreaterThanOrEqual(2);
      expect(inLedger).toBeGreaterThanOrEqual(charged(slow) - 1);
    });
  });
});

describe('a spawned batch and its pipes', () => {
  it('a reader that goes away (| head -n 1): every answered call is in the spend ledger', async () => {
    const sandbox = await testSandbox();
    sandbox.core.cache.get = () => undefined;
    try {
      const env = sandboxEnv(sandbox.url);
      const { stderr } = await runShell(
        `${SOCIAL_SHELL} profile github - --concurrency 1 -o ndjson | head -n 1 >/dev/null`,
        env,
        { shell: 'bash', stdin: manyInputs(3000).join('\n') },
      );
      expect(stderr).not.toMatch(/EPIPE|Error/);
      const inLedger = recorded(env.SOCIAL_CONFIG_DIR!);
      expect(inLedger).toBeGreaterThanOrEqual(1);
      expect(inLedger).toBeLessThan(3000);
      expect(inLedger).toBeGreaterThanOrEqual(charged(sandbox) - 1);
    } finally {
      await sandbox.close();
    }
  });

  it('--file /dev/zero: the endless line is refused once, cut short, and memory stays bounded', async () => {
    const sandbox = await testSandbox();
    try {
      const run = start(['profile', 'github', '--file', '/dev/zero', '-o', 'ndjson'], sandboxEnv(sandbox.url));
      const pid = run.child.pid!;
      const readBytes = () => Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
      await until(() => run.stdout().includes('\n') && readBytes() > 256 * 1024 * 1024, '256 MB read', 60_000);
      const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      const megabytesRead = Math.round(readBytes() / 1048576);
      run.child.kill('SIGINT');
      expect((await run.done).status).toBe(130);
      const out = run.stdout().trim().split('\n');
      expect(out).toHaveLength(1);
      const record = JSON.parse(out[0]!);
      expect(record).toMatchObject({ exit: 2, error: { code: 'line_too_long' }, body: null });
      expect(record.input).toHaveLength(201);
      expect(run.stderr()).toContain('1 input: 0 ok, 1 failed');
      expect(peakKb).toBeLessThan(150 * 1024);
      console.log(`/dev/zero: ${megabytesRead} MB read, peak RSS ${Math.round(peakKb / 1024)} MB`);
    } finally {
      await sandbox.close();
    }
    // As long as the wait for 256 MB read may take on a loaded machine, and no longer.
  }, 90_000);
});
