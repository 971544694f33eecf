// The spend ledger writes the records of one turn together: all of them, whole lines in order,
// when the client is about to send (beforeRequest()), and by the end of the turn when nothing is
// sent. Records of calls that cost nothing (cache hits) wait up to a second, or go with one that cost.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { until } from '../../../test/helpers/gate.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { profileRequest } from '../../commands/shared/profile-request.js';
import { findPlatform } from '../../domain/platforms.js';
import { resolveGlobals } from '../../runtime/globals.js';
import { openSession } from '../../runtime/session.js';
import { SpendLedger } from './spend-ledger.js';

const sandbox = useSandbox();

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function ledgerIn(): { ledger: SpendLedger; dir: string; lines: () => string[] } {
  const dir = tempConfigDir();
  dirs.push(dir);
  const ledger = new SpendLedger(dir, { service: 'http://127.0.0.1:1', key: 'abcd1234' }, (error) => {
    throw error;
  });
  const lines = () => {
    try {
      return readFileSync(join(dir, 'spend.jsonl'), 'utf8').split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  return { ledger, dir, lines };
}

const at = new Date('2026-11-21T12:00:00Z');

/** The ledger's lines in `dir`, none when it is not there yet. */
function readLines(dir: string): string[] {
  try {
    return readFileSync(join(dir, 'spend.jsonl'), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

describe('the spend ledger', () => {
  it("writes the turn's records at once, in order, when asked before a request is sent", () => {
    const { ledger, lines } = ledgerIn();
    for (const credits of [1, 2, 3]) ledger.record({ command: 'profile', path: '/p', credits, at });
    ledger.write();
    expect(lines().map((line) => JSON.parse(line).credits)).toEqual([1, 2, 3]);
    ledger.close();
  });

  it('writes them with nothing sent, not waiting for a request, and at close', async () => {
    const { ledger, lines } = ledgerIn();
    ledger.record({ command: 'profile', path: '/p', credits: 1, at });
    await until(() => lines().length === 1, 'the record on disk with nothing sent');
    ledger.recordUncertain({ command: 'profile', path: '/p', credits: 1, at, reason: 'reset' });
    ledger.close();
    expect(lines().map((line) => JSON.parse(line).uncertain ?? false)).toEqual([false, true]);
  });

  it('holds records of calls that cost nothing past the turn, and writes them within a second', async () => {
    const { ledger, lines } = ledgerIn();
    ledger.record({ command: 'profile', path: '/p', credits: 0, cached: true, at });
    ledger.beforeRequest();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines()).toHaveLength(0);
    await until(() => lines().length === 1, 'the free record on disk', 5000);
    ledger.close();
  });

  it('writes the free records held with the next that may have cost, in order, before a request', () => {
    const { ledger, lines } = ledgerIn();
    for (const credits of [0, 0, 3, 0]) ledger.record({ command: 'profile', path: '/p', credits, cached: true, at });
    ledger.beforeRequest();
    expect(lines().map((line) => JSON.parse(line).credits)).toEqual([0, 0, 3, 0]);
    ledger.record({ command: 'profile', path: '/p', credits: 0, cached: true, at });
    ledger.recordUncertain({ command: 'profile', path: '/p', credits: 1, at, reason: 'reset' });
    ledger.beforeRequest();
    expect(lines()).toHaveLength(6);
    ledger.close();
  });

  it('writes free records at once when 64 KiB of them are held, and what is left at close', () => {
    const { ledger, lines } = ledgerIn();
    let count = 0;
    while (lines().length === 0) {
      ledger.record({ command: 'profile', path: `/p/${'x'.repeat(100)}`, credits: 0, cached: true, at });
      count += 1;
      expect(count).toBeLessThan(1000);
    }
    const written = lines().length;
    expect(written).toBe(count);
    ledger.record({ command: 'profile', path: '/p', credits: 0, cached: true, at });
    ledger.close();
    expect(lines()).toHaveLength(written + 1);
  });

  it('keeps records longer than its buffer whole and in order, after a torn record too', () => {
    const { ledger, dir, lines } = ledgerIn();
    writeFileSync(join(dir, 'spend.jsonl'), '{"torn');
    const long = `/p/${'é'.repeat(100_000)}`;
    ledger.record({ command: 'profile', path: '/a', credits: 0, cached: true, at });
    ledger.record({ command: 'api', path: long, credits: 0, cached: true, at });
    ledger.record({ command: 'profile', path: '/b', credits: 1, at });
    ledger.write();
    ledger.record({ command: 'profile', path: '/c', credits: 1, at });
    ledger.close();
    const read = lines();
    expect(read[0]).toBe('{"torn');
    expect(read.slice(1).map((line) => JSON.parse(line).path)).toEqual(['/a', long, '/b', '/c']);
  });

  it('a batch has each charged call on disk before the next request is written to its socket', async () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const lines = () => {
      try {
        return readFileSync(join(dir, 'spend.jsonl'), 'utf8').split('\n').filter(Boolean).length;
      } catch {
        return 0;
      }
    };
    // undici publishes this as it writes a request's head to the socket: the ledger is read then.
    const onDisk: number[] = [];
    const sent = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      if (request.path.includes('/profile')) onDisk.push(lines());
    };
    subscribe('undici:client:sendHeaders', sent);
    try {
      const handles = ['octocat', 'lenafischer', 'octocat', 'lenafischer'];
      const run = await runCli(['profile', 'github', ...handles, '--concurrency', '1', '-o', 'ndjson'], {
        env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
      });
      expect(run.status, run.stderr).toBe(0);
    } finally {
      unsubscribe('undici:client:sendHeaders', sent);
    }
    // The repeats are cache hits, free: their records wait, and are all on disk at the end.
    expect(onDisk).toEqual([0, 1, 2, 2]);
    expect(lines()).toBe(4);
  });

  it('has a record on disk before a request is written, one made after the call in the same turn too', async () => {
    // undici writes a request on a connection used before in a setImmediate of its own (it first
    // reads what the idle socket may hold), queued as the call is made. A batch makes its next call
    // as an answer comes, and another answer of that same turn is recorded after it: undici's
    // callback runs before the ledger's end of the turn. Only the ledger's write as the request is
    // written has that record on disk before the service gets the request.
    const dir = tempConfigDir();
    dirs.push(dir);
    const { ctx } = testContext({ env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir) });
    const session = await openSession(resolveGlobals({}, ctx), ctx, { key: true, command: 'profile' });
    const github = findPlatform('github')!;
    const onDisk: number[] = [];
    const sent = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      if (request.path.includes('/profile')) onDisk.push(readLines(dir).length);
    };
    subscribe('undici:client:sendHeaders', sent);
    try {
      // The connection is up and free, and the first call's record on disk by the end of its turn.
      await session.client.get(profileRequest(github, 'octocat'));
      await until(() => readLines(dir).length === 1, "the first call's record on disk");
      // The next call, then, in the same turn, a record (a call that may have been charged).
      const next = session.client.get(profileRequest(github, 'lenafischer'));
      session.ledger!.recordUncertain({ command: 'profile', path: '/p', credits: 1, at, reason: 'reset' });
      await next;
    } finally {
      unsubscribe('undici:client:sendHeaders', sent);
      await session.close();
    }
    expect(onDisk).toEqual([0, 2]);
  });

  it("starts a run's first write on a line of its own after a torn record, and adds no blank line", () => {
    const torn = '{"at":"2026-11-21T11:59:59.000Z","comm';
    for (const before of ['', '{}\n', torn]) {
      const { ledger, dir } = ledgerIn();
      const file = join(dir, 'spend.jsonl');
      writeFileSync(file, before);
      ledger.record({ command: 'profile', path: '/p', credits: 1, at });
      ledger.write();
      ledger.record({ command: 'profile', path: '/p', credits: 2, at });
      ledger.close();
      const record = (credits: number) =>
        `{"at":"${at.toISOString()}","command":"profile","path":"/p","service":"http://127.0.0.1:1","key":"abcd1234","credits":${credits},"cached":false}\n`;
      const joined = before === torn ? `${torn}\n` : before;
      expect(readFileSync(file, 'utf8')).toBe(`${joined}${record(1)}${record(2)}`);
    }
  });

  it('writes each record as JSON.stringify writes it: the same fields, in the same order', () => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const breakdown = {
      credits_remaining: 5095,
      credits_purchased_remaining: null,
      free_credits_remaining: Number.POSITIVE_INFINITY,
      free_credits_total: -0,
      free_credits_reset_at: '2026-12-01T00:00:00.000Z "\u202e',
    };
    const later = new Date(at.getTime() + 1);
    const inputs = [
      { command: 'profile', path: '/p', credits: 1, cached: false, at, breakdown },
      { command: 'profile', path: '/p', credits: 0, cached: true, at },
      {
        command: 'posts',
        path: '/p"\\q\u2028',
        credits: 2.5,
        at: later,
        breakdown: { ...breakdown, free_credits_reset_at: null },
      },
    ];
    for (const identity of [
      { service: 'http://127.0.0.1:1', key: 'abcd1234' },
      { service: 'http://[::1]:2/"x"', key: null },
    ]) {
      rmSync(join(dir, 'spend.jsonl'), { force: true });
      const ledger = new SpendLedger(dir, identity, (error) => {
        throw error;
      });
      for (const input of inputs) ledger.record(input);
      ledger.close();
      const expected = inputs.map((input) =>
        JSON.stringify({
          at: input.at.toISOString(),
          command: input.command,
          path: input.path,
          service: identity.service,
          key: identity.key ?? undefined,
          credits: input.credits,
          cached: input.cached === true,
          breakdown: input.breakdown,
        }),
      );
      expect(readFileSync(join(dir, 'spend.jsonl'), 'utf8')).toBe(`${expected.join('\n')}\n`);
    }
  });

  it('writes as JSON.stringify does for any record: random strings, figures, times, routes, two ledgers', () => {
    // A small seeded generator: the same records every run.
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const pieces = [
      '',
      'a',
      '/p',
      '"',
      '\\',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u2028',
      '\u2029',
      '\ud800',
      '\udc00',
      '😀',
      'é',
    ];
    const text = () => Array.from({ length: Math.floor(random() * 4) }, () => pick(pieces)).join('');
    const figures = [0, -0, 1, 2.5, 1e21, 1e-7, 5e-324, 2 ** 53 + 2, Number.NaN, Number.POSITIVE_INFINITY, -1];
    const figure = () => pick(figures);
    const orNull = <T>(make: () => T): T | null => (random() < 0.3 ? null : make());
    const ledgers = [
      { service: 'http://127.0.0.1:1', key: 'abcd1234' },
      { service: 'http://[::1]:2/"x"\u2028', key: null },
    ].map((identity) => {
      const dir = tempConfigDir();
      dirs.push(dir);
      const ledger = new SpendLedger(dir, identity, (error) => {
        throw error;
      });
      return { dir, identity, ledger, expected: [] as string[] };
    });
    let ms = at.getTime();
    for (let i = 0; i < 2000; i += 1) {
      const one = i < ledgers.length ? (ledgers[i] as (typeof ledgers)[number]) : pick(ledgers);
      // Routes repeat (the one made last, or the empty one, first of all) and times share a millisecond.
      const route =
        i < ledgers.length
          ? { command: '', path: '' }
          : random() < 0.5
            ? { command: 'profile', path: '/p' }
            : { command: pick(['', text()]), path: pick(['', text()]) };
      if (random() < 0.3) ms += 1;
      const breakdown =
        random() < 0.5
          ? undefined
          : {
              credits_remaining: orNull(figure),
              credits_purchased_remaining: orNull(figure),
              free_credits_remaining: orNull(figure),
              free_credits_total: orNull(figure),
              free_credits_reset_at: orNull(text),
            };
      const input = {
        ...route,
        credits: figure(),
        cached: random() < 0.5 ? undefined : random() < 0.5,
        at: new Date(ms),
        breakdown,
      };
      one.ledger.record(input);
      one.expected.push(
        JSON.stringify({
          at: input.at.toISOString(),
          command: input.command,
          path: input.path,
          service: one.identity.service,
          key: one.identity.key ?? undefined,
          credits: input.credits,
          cached: input.cached === true,
          breakdown: input.breakdown,
        }),
      );
    }
    for (const { dir, ledger, expected } of ledgers) {
      ledger.close();
      expect(readFileSync(join(dir, 'spend.jsonl'), 'utf8')).toBe(`${expected.join('\n')}\n`);
    }
  });
});
