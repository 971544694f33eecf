// Batch input: streamed from a file or stdin, in input order, bad lines on their own lines, the
// budget, Ctrl-C with resume, and no input lost or written twice under faults.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { testContext, text } from '../../../test/helpers/context.js';
import { profileEnvelope } from '../../../test/helpers/envelopes.js';
import { gateTo, until } from '../../../test/helpers/gate.js';
import type { TestSandbox } from '../../../test/helpers/sandbox.js';
import { testSandbox } from '../../../test/helpers/sandbox.js';
import type { CallOptions, RequestSpec } from '../../infra/client/call-types.js';
import { main } from '../../main.js';
import { parseFaults } from '../../sandbox/faults.js';
import { accounts, videos } from '../../sandbox/social-data.js';

let sandbox: TestSandbox;
beforeEach(async () => {
  sandbox = await testSandbox();
});
afterEach(async () => {
  await sandbox.close();
});

const spent = (s: TestSandbox = sandbox) => s.core.ledger.activeAccount('sbx_demo')!.spentThisMonth;
const githubHandles = accounts('github').map((a) => a.author.handle!);
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

function inputFile(content: string): string {
  const path = join(tempConfigDir(), 'handles.txt');
  writeFileSync(path, content);
  return path;
}

/** A client of the service at `baseUrl`, and its GitHub profile call (no retries). */
async function profileClient(baseUrl: string, apiKey: string) {
  const { ApiClient } = await import('../../infra/client/http.js');
  const client = new ApiClient({
    baseUrl,
    apiKey,
    timeoutMs: 5000,
    maxBodyBytes: 1 << 20,
    retries: 0,
    signal: new AbortController().signal,
    now: () => new Date(),
  });
  const spec = (handle: string): RequestSpec<unknown> => ({
    path: '/api/v1/github/profile',
    query: { handle },
    loadSchema: async () => (await import('../../domain/schemas.js')).ProfileEnvelopeSchema,
    shape: 'envelope',
    auth: true,
    cost: 1,
  });
  const profile = (handle: string, options?: CallOptions) => client.get(spec(handle), options);
  return { client, spec, profile };
}

describe('batch input', () => {
  it('reads a file, skipping blank lines and comments, and writes a line per input in order', async () => {
    const file = inputFile(`# people\n${githubHandles.join('\n')}\n\n  -bad-  \nnotfound\n`);
    const run = await runCli(['profile', 'github', '--file', file, '--concurrency', '3', '-o', 'ndjson'], {
      env: sandboxEnv(sandbox.url),
    });
    expect(run.status).toBe(12);
    const out = lines(run.stdout);
    expect(out.map((l) => l.input)).toEqual([...githubHandles, '-bad-', 'notfound']);
    expect(out.slice(0, githubHandles.length).every((l) => l.exit === 0 && l.body.success === true)).toBe(true);
    expect(out.at(-2)).toMatchObject({ exit: 2, body: null, error: { kind: 'usage' } });
    expect(out.at(-1)).toMatchObject({ exit: 7, body: { error: { type: 'nao_encontrado' } } });
    expect(spent()).toBe(githubHandles.length);
    expect(run.stderr).toMatch(new RegExp(`${githubHandles.length + 2} inputs: ${githubHandles.length} ok, 2 failed`));
  });

  it("the summary's remaining credits come from failed answers too", async () => {
    // A 404 or 402 envelope carries credits_remaining like a success does: what is left is known.
    const missing = await runCli(['profile', 'github', '-', '-o', 'ndjson'], {
      env: sandboxEnv(sandbox.url),
      stdin: 'notfound\nblocked\n',
    });
    expect(missing.stderr).toMatch(/2 inputs: 0 ok, 2 failed · 0 credits used \(0 cached\) · 5,100 remaining/);
    const broke = await runCli(['profile', 'github', '-', '-o', 'ndjson'], {
      env: sandboxEnv(sandbox.url, 'sbx_empty'),
      stdin: 'octocat\nlenafischer\n',
    });
    expect(broke.stderr).toMatch(/2 inputs: 0 ok, 2 failed · 0 credits used \(0 cached\) · 0 remaining/);
    // A 401 envelope's figures are null: unknown, not 0.
    const refused = await runCli(['profile', 'github', '-', '-o', 'ndjson'], {
      env: sandboxEnv(sandbox.url, 'sbx_inactive'),
      stdin: 'octocat\n',
    });
    expect(refused.stderr).toMatch(/1 input: 0 ok, 1 failed · 0 credits used \(0 cached\) · unknown remaining/);
  });

  it('reads stdin with -, and writes json as one array', async () => {
    const run = await runCli(['profile', 'github', '-', '--json'], {
      env: sandboxEnv(sandbox.url),
      stdin: 'octocat\nlenafischer\n',
    });
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.map((l: { input: string }) => l.input)).toEqual(['octocat', 'lenafischer']);
  });

  it('tells the code cache once that its many calls begin, before the first is sent (a single call does not)', async () => {
    const told = async (argv: string[], stdin = '') => {
      const { ctx } = testContext({ env: sandboxEnv(sandbox.url), stdin });
      const events: string[] = [];
      const before = spent();
      ctx.codeCache = {
        runFinished: () => events.push('run finished'),
        longRun: () => events.push(`long run, ${spent() - before} spent`),
      };
      return { status: await main(argv, ctx), events };
    };
    expect(await told(['profile', 'github', '-', '--no-store', '-o', 'ndjson'], 'octocat\nnobody-here-x\n')).toEqual({
      status: 12,
      events: ['long run, 0 spent', 'run finished'],
    });
    expect(await told(['profile', 'github', 'octocat', '--no-store', '--json'])).toEqual({
      status: 0,
      events: ['run finished'],
    });
  });

  it('writes csv rows for every input, and posts batches a row per post', async () => {
    const csv = await runCli(['profile', 'github', 'octocat', 'notfound', '-o', 'csv'], {
      env: sandboxEnv(sandbox.url),
    });
    const rows = csv.stdout.trim().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.endsWith(',error')).toBe(true);
    expect(rows[2]).toMatch(/^notfound,github,.*no such profile/);
    const posts = await runCli(['posts', 'threads', '-', '-o', 'csv'], {
      env: sandboxEnv(sandbox.url),
      stdin: 'zuck\nnightshift.radio\n',
    });
    expect(posts.status).toBe(0);
    expect(posts.stdout.trim().split('\r\n')).toHaveLength(1 + 10 + 4);
  });

  it('stops before a call could pass --max-credits, and resumes with --skip', async () => {
    const handles = accounts('instagram').map((a) => a.author.handle!);
    const file = inputFile(handles.join('\n'));
    const env = sandboxEnv(sandbox.url);
    const first = await runCli(
      ['profile', 'instagram', '--file', file, '--max-credits', '3', '--concurrency', '4', '-o', 'ndjson'],
      { env },
    );
    expect(first.status).toBe(12);
    expect(spent()).toBe(3);
    expect(first.stderr).toMatch(
      /--max-credits budget of 3: \d+ inputs held back \([^)]*\), not sent; resume with --skip 3/,
    );
    const second = await runCli(['profile', 'instagram', '--file', file, '--skip', '3', '-o', 'ndjson'], { env });
    expect(second.status).toBe(0);
    const sent = lines(first.stdout).filter((l) => l.error?.kind !== 'budget');
    expect([...sent, ...lines(second.stdout)].map((l) => l.input)).toEqual(handles);
    expect(spent()).toBe(handles.length);
  });

  it('on Ctrl-C stops sending, writes every finished call, exits 130 and says how to resume', async () => {
    const slow = await testSandbox({ faults: parseFaults('latency=1@40') });
    try {
      const handles = [
        'bluesky',
        'github',
        'instagram',
        'linktree',
        'medium',
        'pinterest',
        'soundcloud',
        'threads',
        'tiktok',
      ].flatMap(() => githubHandles);
      const unique = [...new Set(handles)];
      const { ctx, stdout, stderr, controller } = testContext({ env: sandboxEnv(slow.url), stdin: unique.join('\n') });
      const running = main(['profile', 'github', '-', '--concurrency', '2', '-o', 'ndjson'], ctx);
      // Ctrl-C once the batch is surely under way: after its first line is written.
      await until(() => stdout() !== '', 'the first line of the batch');
      controller.abort();
      const status = await running;
      expect(status).toBe(130);
      const written = lines(stdout()).map((l) => l.input);
      expect(written.length).toBeGreaterThan(0);
      expect(written.length).toBeLessThan(unique.length);
      expect(written).toEqual(unique.slice(0, written.length));
      // Every call that reached the service was written: charges equal lines written.
      expect(spent(slow)).toBe(written.length);
      expect(stderr()).toMatch(new RegExp(`resume with --skip ${written.length}`));
    } finally {
      await slow.close();
    }
  });

  it('counts a call stopped after its request was written as failed and uncertain, not as not sent', async () => {
    const { runBatch } = await import('./batch.js');
    const gate = await gateTo(sandbox.url);
    const { client, profile } = await profileClient(gate.url, 'sbx_demo');
    // The call's own signal, aborted once its request has reached the service.
    const stopped = new AbortController();
    const { ctx } = testContext();
    try {
      const entries: Array<{ input: string; error?: { details: { code?: string } } }> = [];
      const running = runBatch(
        ctx,
        (async function* () {
          yield ['octocat'];
        })(),
        {
          prepare: (handle: string) => handle,
          call: (handle, signals) => profile(handle, { signal: stopped.signal, stop: signals.stop }),
          balance: () => ({ cached: false, remaining: null }),
          maxCost: 1,
          emit: (entry) => {
            entries.push(entry);
            return undefined;
          },
        },
        { concurrency: 1, maxCredits: undefined, skip: 0 },
      );
      await gate.waitForArrivals(1);
      stopped.abort();
      const summary = await running;
      expect(entries[0]?.error?.details.code).toBe('interrupted_after_sending');
      expect(summary).toMatchObject({ inputs: 1, ok: 0, failed: 1, notSent: 0, uncertain: 1, credits: 1 });
    } finally {
      await client.close();
      await gate.close();
    }
  });

  it('a call that fails before it is sent lets an identical call waiting for it go on', async () => {
    // A body the request cannot be made of (JSON has no BigInt): the first call fails as its
    // request is made, once its route's schema has loaded; the second waited for it.
    const { client, spec } = await profileClient(sandbox.url, 'sbx_demo');
    try {
      const unsendable = { ...spec('twice'), cached: true, body: { n: 1n } };
      const calls = await Promise.allSettled([client.get(unsendable), client.get(unsendable)]);
      expect(calls.map((call) => call.status)).toEqual(['rejected', 'rejected']);
      expect(calls.map((call) => (call as PromiseRejectedResult).reason)).toEqual([
        expect.any(TypeError),
        expect.any(TypeError),
      ]);
    } finally {
      await client.close();
    }
  });

  it('under faults, no input is lost or written twice', async () => {
    const faulty = await testSandbox({
      faults: parseFaults('503=0.2,502=0.1,reset=0.1,malformed=0.05,truncated=0.05'),
    });
    try {
      const handles = ['github', 'instagram', 'linktree', 'medium', 'pinterest', 'soundcloud', 'tiktok']
        .flatMap((p) => accounts(p as 'github').map((a) => `${p}:${a.author.handle}`))
        .filter((h) => h.startsWith('github:'))
        .map((h) => h.slice('github:'.length));
      const input = [...handles, ...handles.map((h) => `${h}-x`)];
      const run = await runCli(['profile', 'github', '-', '--concurrency', '4', '--retries', '5', '-o', 'ndjson'], {
        env: sandboxEnv(faulty.url),
        stdin: input.join('\n'),
      });
      const out = lines(run.stdout);
      expect(out.map((l) => l.input)).toEqual(input);
      for (const line of out) expect([0, 7, 9, 10, 11]).toContain(line.exit);
    } finally {
      await faulty.close();
    }
  });

  it('writes in input order when calls finish out of order, across many turns of the window', async () => {
    // Random delays reorder completions; 600 inputs at --concurrency 8 pass the 64-input window of
    // finished calls waiting for their turn about ten times.
    const shuffled = await testSandbox({ faults: parseFaults('latency=0.3@8') });
    try {
      const input = Array.from({ length: 600 }, (_, i) =>
        i % 3 === 0 ? githubHandles[i % githubHandles.length]! : `order-${i}-x`,
      );
      const run = await runCli(['profile', 'github', '-', '--concurrency', '8', '-o', 'ndjson'], {
        env: sandboxEnv(shuffled.url),
        stdin: input.join('\n'),
      });
      expect(run.status).toBe(12);
      const out = lines(run.stdout);
      expect(out.map((l) => l.input)).toEqual(input);
      expect(out.map((l) => l.exit)).toEqual(input.map((h) => (h.endsWith('-x') ? 7 : 0)));
    } finally {
      await shuffled.close();
    }
  });

  it('opens no more connections than its concurrency, and keeps them', async () => {
    let connections = 0;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profileEnvelope({ cached: true })));
    }).on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const input = Array.from({ length: 200 }, (_, i) => `conn-${i}`);
      const run = await runCli(['profile', 'github', '-', '--concurrency', '4', '-o', 'ndjson'], {
        env: sandboxEnv(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        stdin: input.join('\n'),
      });
      expect(run.status).toBe(0);
      expect(lines(run.stdout)).toHaveLength(input.length);
      expect(connections).toBeLessThanOrEqual(4);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('limits the connections of the calls after limitConnections, also once a call has been sent', async () => {
    const ports = new Set<number>();
    const server = createServer((req, res) => {
      if (!req.url?.includes('first')) ports.add(req.socket.remotePort!);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profileEnvelope({ cached: true })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { client, profile: call } = await profileClient(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      'sk_test_connections',
    );
    try {
      // A call before the limit opens the pool, without one.
      await call('first');
      client.limitConnections(1);
      await Promise.all(Array.from({ length: 6 }, (_, i) => call(`after-${i}`)));
      expect(ports.size).toBe(1);
    } finally {
      await client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('starts no call while stderr holds its backlog unread, and finishes once it drains', async () => {
    // Each unknown handle is a line on stderr: a stderr nobody reads would queue them in memory
    // without end. It counts against the batch's budget as stdout does.
    const gate = await gateTo(sandbox.url);
    gate.open();
    try {
      const input = Array.from({ length: 40 }, (_, i) => `unread-${i}-x`);
      const { ctx, stdout } = testContext({ env: sandboxEnv(gate.url), stdin: input.join('\n') });
      let stderr = '';
      let backlog = 8 * 2 ** 20;
      const drains = new Set<() => void>();
      ctx.io.stderr = {
        write: (chunk: string | Uint8Array) => {
          stderr += text(chunk);
          return backlog === 0;
        },
        get writableLength() {
          return backlog;
        },
        on: (_event, listener) => drains.add(listener),
        off: (_event, listener) => drains.delete(listener),
      };
      let finished = false;
      const running = main(['profile', 'github', '-', '--concurrency', '4', '-o', 'ndjson', '--debug'], ctx).finally(
        () => {
          finished = true;
        },
      );
      await until(() => finished || /no call starts until they are written/.test(stderr), 'the batch to wait');
      expect(stderr).toMatch(/the output and the store 8\.0 MB not yet taken: at the 4\.0 MB budget, no call starts/);
      expect(gate.arrived).toBe(0);
      backlog = 0;
      for (const drained of drains) drained();
      expect(await running).toBe(12);
      expect(lines(stdout()).map((l) => l.input)).toEqual(input);
      expect(gate.arrived).toBe(input.length);
      expect(stderr.match(/: no such profile/g)).toHaveLength(input.length);
    } finally {
      await gate.close();
    }
  });

  it('never charges twice for one call under faults (transcript, which has no cache)', async () => {
    const faulty = await testSandbox({
      faults: parseFaults('503=0.25,502=0.15,reset=0.15,malformed=0.1,truncated=0.1'),
    });
    try {
      const video = videos()[0]!;
      const charges = faulty.core.ledger.chargesByRequest;
      let charged = 0;
      for (let i = 0; i < 24; i += 1) {
        const before = new Set(charges.keys());
        const run = await runCli(['transcript', video.url, '--retries', '4', '-o', 'json'], {
          env: sandboxEnv(faulty.url),
        });
        expect([0, 9, 10, 11]).toContain(run.status);
        expect(run.stderr).not.toMatch(/\n\s+at .+:\d+/);
        // The request ids the service charged during this one invocation: at most one, of 1 credit,
        // and on success the very request whose answer was printed.
        const chargedNow = [...charges.keys()].filter((id) => !before.has(id));
        expect(chargedNow.length, `run ${i}: charged request ids ${chargedNow.join(', ')}`).toBeLessThanOrEqual(1);
        for (const id of chargedNow) expect(charges.get(id)).toBe(1);
        if (run.status === 0) expect(chargedNow).toEqual([JSON.parse(run.stdout).request_id]);
        charged += chargedNow.length;
      }
      expect(charged).toBeGreaterThan(0);
    } finally {
      await faulty.close();
    }
  });
});

describe('batch budget, dry run, shards and long lines', () => {
  it('--dry-run reads --file and stdin, counts valid inputs, names the invalid ones and the most it could cost', async () => {
    const env = sandboxEnv(sandbox.url);
    const file = inputFile(`octocat\n-bad-\n# note\n@lenafischer\n${'y'.repeat(5000)}\nnotfound\n`);
    const run = await runCli(['profile', 'github', '--file', file, '--dry-run', '--json'], { env });
    expect(run.status).toBe(12);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({ dry_run: true, inputs: 5, valid: 3, invalid_count: 2, max_credits: 3, budget: null });
    expect(doc.invalid.map((i: { index: number }) => i.index)).toEqual([2, 4]);
    expect(doc.invalid[0].input).toBe('-bad-');
    expect(doc.invalid[1].input).toHaveLength(201);
    const table = await runCli(['profile', 'github', '-', '--dry-run', '--max-credits', '1', '-o', 'table'], {
      env,
      stdin: 'octocat\nlenafischer\n',
    });
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(
      /dry run: nothing sent; 2 inputs: 2 valid, 0 invalid\nthe batch could cost at most 1 credit \(the --max-credits budget; 2 credits without it\)\nEvery input is valid/,
    );
    const posts = await runCli(['posts', 'threads', '-', '--dry-run', '--json'], { env, stdin: 'zuck\n' });
    expect(JSON.parse(posts.stdout)).toMatchObject({ valid: 1, max_credits: 1 });
    expect(spent()).toBe(0);
  });

  it('a stop at --max-credits says how many inputs were not sent, and exits 12', async () => {
    const handles = accounts('instagram').map((a) => a.author.handle!);
    const run = await runCli(['profile', 'instagram', '--file', inputFile(handles.join('\n')), '--max-credits', '2'], {
      env: sandboxEnv(sandbox.url),
    });
    expect(run.status).toBe(12);
    expect(run.stderr).toContain(`2 inputs: 2 ok, 0 failed, ${handles.length - 2} not sent (budget) · 2 credits used`);
    const piped = await runCli(['profile', 'instagram', '-', '--max-credits', '0'], {
      env: sandboxEnv(sandbox.url),
      stdin: handles.join('\n'),
    });
    expect(piped.status).toBe(12);
    expect(piped.stderr).toContain(`0 inputs: 0 ok, 0 failed, ${handles.length} not sent (budget) · 0 credits used`);
  });

  it('under faults, charges never pass --max-credits, by the sandbox ledger and the spend ledger', async () => {
    const faulty = await testSandbox({ faults: parseFaults('malformed=0.15,truncated=0.15,reset=0.1,503=0.1') });
    // Every call misses the cache, so every answered call is charged.
    faulty.core.cache.get = () => undefined;
    try {
      const budget = 60;
      const input = Array.from({ length: 150 }, (_, i) => githubHandles[i % githubHandles.length]!);
      const env = sandboxEnv(faulty.url);
      const run = await runCli(
        ['profile', 'github', '-', '--concurrency', '8', '--max-credits', String(budget), '-o', 'ndjson'],
        { env, stdin: input.join('\n') },
      );
      expect(run.status).toBe(12);
      const charged = spent(faulty);
      const counted = Number(/· (\d+) credits used/.exec(run.stderr)?.[1]);
      const uncertain = Number(/(\d+) uncertain\)/.exec(run.stderr)?.[1]);
      expect(uncertain).toBeGreaterThan(0);
      expect(charged).toBeLessThanOrEqual(budget);
      expect(counted).toBeLessThanOrEqual(budget);
      // What the client counted covers every real charge: what it could not know is counted too.
      expect(counted).toBeGreaterThanOrEqual(charged);
      const { readSpend } = await import('../../infra/state/spend-ledger.js');
      const { records } = readSpend(env.SOCIAL_CONFIG_DIR!);
      expect(records.reduce((sum, r) => sum + r.credits, 0)).toBe(counted);
      expect(records.filter((r) => r.uncertain)).toHaveLength(uncertain);
      console.log(`budget ${budget}: sandbox charged ${charged}, counted ${counted} (${uncertain} uncertain)`);
    } finally {
      await faulty.close();
    }
  });

  it('--shard K/N: the N shards together take every input exactly once, the same handle in one shard', async () => {
    const env = sandboxEnv(sandbox.url);
    const others = Array.from({ length: 30 }, (_, i) => `shard-${i}-x`);
    const base = [...githubHandles, 'notfound', '-bad-', ...githubHandles.map((h) => `@${h}`), ...others];
    const input = Array.from({ length: 120 }, (_, i) => base[i % base.length]!);
    const file = inputFile(input.join('\n'));
    const shards = 3;
    const outputs: Array<Array<{ input: string }>> = [];
    for (let k = 1; k <= shards; k += 1) {
      const run = await runCli(['profile', 'github', '--file', file, '--shard', `${k}/${shards}`, '-o', 'ndjson'], {
        env,
      });
      outputs.push(lines(run.stdout));
    }
    const taken = outputs.flat().map((l) => l.input);
    expect(taken.sort()).toEqual([...input].sort());
    for (const out of outputs) expect(out.length).toBeGreaterThan(0);
    // The normalised handle decides: octocat and @octocat land in the same shard.
    const shardOf = (handle: string) => outputs.findIndex((out) => out.some((l) => l.input === handle));
    for (const handle of githubHandles) expect(shardOf(`@${handle}`)).toBe(shardOf(handle));
    const bad = await runCli(['profile', 'github', '--file', file, '--shard', '4/3'], { env });
    expect(bad.status).toBe(2);
    console.log(`shards of ${input.length} inputs: ${outputs.map((o) => o.length).join(' + ')} = ${taken.length}`);
  });

  it('refuses a line over 4 KB on its own (exit 2), echoing at most 200 characters of it, once', async () => {
    const long = `${'z'.repeat(3_000_000)}\n`;
    const run = await runCli(['profile', 'github', '-', '-o', 'ndjson'], {
      env: sandboxEnv(sandbox.url),
      stdin: `octocat\n${long}${'q'.repeat(4097)}\nlenafischer\n`,
    });
    expect(run.status).toBe(12);
    const out = lines(run.stdout);
    expect(out.map((l) => l.exit)).toEqual([0, 2, 2, 0]);
    expect(out[1]).toMatchObject({ input: `${'z'.repeat(200)}…`, error: { kind: 'usage', code: 'line_too_long' } });
    expect(out[2].error.message).toMatch(/input 3 is a line over 4096 bytes: refused, nothing sent/);
    expect(run.stdout.length + run.stderr.length).toBeLessThan(4000);
    expect(run.stderr).not.toContain('zzz');
    expect(spent()).toBe(2);
  });
});
