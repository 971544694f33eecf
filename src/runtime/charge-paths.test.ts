// What a call cost is decided once, in the client (interpret.ts), and counted alike by the
// credit note, a batch's summary, the spend ledger and the ceiling memory. An answer whose credit
// figure is not a count of credits (a fraction, a string, null, negative) says nothing of what was
// taken: every path counts it at the route's price, as a call that may have been charged, never as
// free. Against a small loopback server of answers written from the spec's text.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useReplayServer } from '../../test/conformance/server.js';
import { runCli } from '../../test/helpers/cli.js';
import { profileEnvelope } from '../../test/helpers/envelopes.js';
import { FIXED_NOW } from '../../test/helpers/sandbox.js';
import { SocialError } from '../domain/errors.js';
import { writeJsonFile } from '../domain/state-file.js';
import type { CallRecord, RequestSpec } from '../infra/client/call-types.js';
import { CeilingMemory, ceilingPath } from '../infra/state/ceiling.js';
import { keyFingerprint } from '../infra/state/spend-ledger.js';

const replay = useReplayServer();
const KEY = 'test_key_0123456789';

const ROOM = { cap: 1000, spent_this_month: 50, reached: false };

/** A config dir where this key's ceiling is known as `seen`: by default with room left, 50 of 1,000 spent. */
function withCeiling(seen = ROOM): string {
  const dir = replay.configDir();
  const ceiling = { ...seen, seen_at: FIXED_NOW.toISOString() };
  writeJsonFile(ceilingPath(dir), {
    version: 1,
    ceilings: { [`${keyFingerprint(KEY)} ${replay.server.url}`]: ceiling },
  });
  return dir;
}

/** The ceiling the config dir knows now; undefined once forgotten (a call showed it raised). */
const seenCeiling = (dir: string) =>
  Object.values(JSON.parse(readFileSync(ceilingPath(dir), 'utf8')).ceilings)[0] as
    | { spent_this_month: number; reached: boolean }
    | undefined;

function ledger(dir: string): Array<{ credits: number; uncertain?: boolean; reason?: string }> {
  const path = join(dir, 'spend.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** One run in a fresh config dir, and what the ceiling memory and the spend ledger counted of it. */
async function counted(args: string[], seen = ROOM) {
  const dir = withCeiling(seen);
  const run = await runCli(args, {
    env: { SOCIAL_CONFIG_DIR: dir, SOCIAL_BASE_URL: replay.server.url, SOCIAL_API_KEY: KEY, SOCIAL_RETRY_BASE_MS: '1' },
    tty: true,
    columns: 200,
    now: FIXED_NOW,
  });
  const lines = ledger(dir);
  return {
    run,
    ceiling: (seenCeiling(dir)?.spent_this_month ?? Number.NaN) - 50,
    seen: seenCeiling(dir),
    ledger: lines.reduce((sum, line) => sum + line.credits, 0),
    uncertain: lines.filter((line) => line.uncertain === true).length,
  };
}

describe('a credit figure that is not a count: every path counts the route price', () => {
  for (const figure of [1.5, '2', null, -1]) {
    it(`credits_used ${JSON.stringify(figure)}, cached false: one call, --jq, api and a batch agree`, async () => {
      replay.server.set('/api/v1/github/profile', {
        status: 200,
        text: JSON.stringify(profileEnvelope({ credits_used: figure, credits_remaining: 10 })),
      });
      const paths = [
        { args: ['profile', 'github', 'a1'], calls: 1 },
        { args: ['profile', 'github', 'a1', '--jq', '.data.author.handle'], calls: 1 },
        { args: ['api', 'github/profile', '-f', 'handle=a1'], calls: 1 },
        { args: ['profile', 'github', 'a1', 'a2', '-o', 'ndjson'], calls: 2 },
      ];
      for (const { args, calls } of paths) {
        const { run, ceiling, ledger, uncertain } = await counted(args);
        const what = `${args.join(' ')}\n${run.stderr}`;
        expect(ceiling, what).toBe(calls);
        expect(ledger, what).toBe(calls);
        expect(uncertain, what).toBe(calls);
        // An answer shown (not refused as not understood) says the same in its note.
        if (run.status === 0) {
          expect(run.stderr, what).toContain(calls === 1 ? '1 credit used · 10 remaining' : '2 credits used');
          expect(run.stderr, what).not.toContain('below the route');
          // Answered, not failed: said as what it is.
          expect(run.stderr, what).not.toContain('failed after');
          expect(run.stderr, what).toMatch(
            /stated (a credit figure that is|credits_used as \S+,) not a count of credits/,
          );
        }
      }
    });
  }

  it('movers credits_charged -1: the note, the ledger and the ceiling count its 10 credits', async () => {
    replay.server.set('/api/v1/nichos', {
      status: 200,
      text: JSON.stringify({ niches: [{ id: 'tech', label: 'Tech', windows_24h: 24, last_window: null }] }),
    });
    // Spec, movers: "credits_charged: 0 or 10"; this server says -1.
    replay.server.set('/api/v1/movers/tech', {
      status: 200,
      text: JSON.stringify({
        niche: 'tech',
        total: 0,
        interval_min: null,
        credits_charged: -1,
        credits_balance: 90,
        items: [],
      }),
    });
    for (const args of [
      ['movers', 'tech'],
      ['api', 'movers/tech'],
    ]) {
      const { run, ceiling, ledger } = await counted(args);
      const what = `${args.join(' ')}\n${run.stderr}`;
      expect(run.status, what).toBe(0);
      expect(run.stderr, what).toContain('10 credits charged · balance 90');
      expect(run.stderr, what).toContain(
        'warning: the answer stated credits_charged as -1, not a count of credits: counted as 10 credits, as a call that may have been charged',
      );
      expect(ceiling, what).toBe(10);
      expect(ledger, what).toBe(10);
    }
  });

  it('an error answer that states credits used: its message, a batch, the ledger and the ceiling count what it states', async () => {
    // Spec: a 404 is not charged; this server's envelope says it took 1 credit all the same.
    const refused = { success: false, data: null, error: { type: 'nao_encontrado', message: 'no', details: null } };
    replay.server.set('/api/v1/github/profile', {
      status: 404,
      text: JSON.stringify(profileEnvelope({ ...refused, credits_used: 1 })),
    });
    const one = await counted(['profile', 'github', 'a1']);
    expect(one.run.status).toBe(7);
    expect(one.run.stderr).toContain('The answer says 1 credit used: counted as charged. Check the handle or URL.');
    expect(one.run.stderr).not.toContain('Nothing was charged');
    expect([one.ceiling, one.ledger, one.uncertain]).toEqual([1, 1, 0]);
    const batch = await counted(['profile', 'github', 'a1', 'a2', '-o', 'ndjson']);
    expect(batch.run.stderr).toContain('2 inputs: 0 ok, 2 failed · 2 credits used');
    expect([batch.ceiling, batch.ledger, batch.uncertain]).toEqual([2, 2, 0]);
  });

  it('a call that failed after it may have been charged counts towards a ceiling, but never says one was raised', async () => {
    replay.server.set('/api/v1/github/profile', { status: 200, text: '{"success": true, "data": ' });
    const { run, ceiling, ledger } = await counted(['profile', 'github', 'a1']);
    expect(run.status).toBe(11);
    expect([ceiling, ledger]).toEqual([1, 1]);

    const dir = replay.configDir();
    const memory = new CeilingMemory(dir, { service: 'https://svc', key: 'aaaa' }, () => {}, {});
    memory.refused({ error: 'teto_estourado', spent_this_month: 50, cap: 50 }, FIXED_NOW);
    memory.charged(1, FIXED_NOW, false);
    await memory.settled();
    expect(memory.read(FIXED_NOW)).toMatchObject({ cap: 50, spent_this_month: 50, reached: true });
  });
});

describe('a failed call counts as the client charges it, on every path', () => {
  for (const [what, fields, extra] of [
    ['data null', { data: null, credits_used: 0 }, []],
    ['a drifting field under --strict', { credits_used: 0, platform: 7 }, ['--strict']],
  ] as const) {
    it(`a 2xx answer not understood (${what}) saying cached false with 0 credits counts at the price`, async () => {
      replay.server.set('/api/v1/github/profile', { status: 200, text: JSON.stringify(profileEnvelope(fields)) });
      const sent = replay.server.hits.get('/api/v1/github/profile') ?? 0;
      const batch = await counted([
        'profile',
        'github',
        'a1',
        'a2',
        'a3',
        '--max-credits',
        '1',
        '-o',
        'ndjson',
        ...extra,
      ]);
      const said = batch.run.stderr;
      // The first call spends the budget: the other two are held back, not sent.
      expect(replay.server.hits.get('/api/v1/github/profile'), said).toBe(sent + 1);
      expect([batch.ceiling, batch.ledger, batch.uncertain], said).toEqual([1, 1, 1]);
      expect(said).toContain('1 credit used');
      expect(said).toContain('2 inputs held back (a2, a3), not sent');
      const one = await counted(['profile', 'github', 'a1', ...extra]);
      expect(one.run.status, one.run.stderr).toBe(11);
      expect([one.ceiling, one.ledger, one.uncertain], one.run.stderr).toEqual([1, 1, 1]);
    });
  }

  it('an error answer (404) saying cached false with 0 credits stays free', async () => {
    const refused = { success: false, data: null, error: { type: 'nao_encontrado', message: 'no', details: null } };
    replay.server.set('/api/v1/github/profile', {
      status: 404,
      text: JSON.stringify(profileEnvelope({ ...refused, credits_used: 0 })),
    });
    const batch = await counted(['profile', 'github', 'a1', 'a2', '--max-credits', '1', '-o', 'ndjson']);
    expect(batch.run.stderr).toContain('2 inputs: 0 ok, 2 failed · 0 credits used');
    expect([batch.ceiling, batch.ledger, batch.uncertain]).toEqual([0, 0, 0]);
  });

  it('a 503 stating credits used is not retried, and counts what it states', async () => {
    const unavailable = { success: false, data: null, error: { type: 'indisponivel', message: 'down', details: null } };
    const charged = { status: 503, text: JSON.stringify(profileEnvelope({ ...unavailable, credits_used: 1 })) };
    const ok = { status: 200, text: JSON.stringify(profileEnvelope()) };
    const path = '/api/v1/github/profile';
    replay.server.set(path, [charged, charged, ok]);
    let sent = replay.server.hits.get(path) ?? 0;
    const one = await counted(['profile', 'github', 'a1']);
    expect(one.run.status, one.run.stderr).toBe(9);
    expect(replay.server.hits.get(path), one.run.stderr).toBe(sent + 1);
    expect(one.run.stderr).toContain('The answer says 1 credit used: counted as charged. Try again later.');
    expect([one.ceiling, one.ledger, one.uncertain]).toEqual([1, 1, 0]);
    // One that says nothing was used is retried, as before.
    const free = { status: 503, text: JSON.stringify(profileEnvelope({ ...unavailable, credits_used: 0 })) };
    replay.server.set(path, [free, ok]);
    sent = replay.server.hits.get(path) ?? 0;
    const retried = await counted(['profile', 'github', 'a1']);
    expect(retried.run.status, retried.run.stderr).toBe(0);
    expect(replay.server.hits.get(path)).toBe(sent + 2);
    expect([retried.ceiling, retried.ledger, retried.uncertain]).toEqual([1, 1, 0]);
  });

  it('a failure counted as one that may have been charged never says that nothing was charged', async () => {
    replay.server.set('/api/v1/nichos', {
      status: 200,
      text: JSON.stringify({
        niches: [{ id: 'tech', label: 'Tech', windows_24h: 24, last_window: '2026-11-25T12:00:00Z' }],
      }),
    });
    // Spec: 503 indisponivel is not charged; a 500 is not in its table, so it may have been.
    replay.server.set('/api/v1/trends/tech', { status: 500, text: JSON.stringify({ error: 'indisponivel' }) });
    const one = await counted(['trends', 'tech']);
    expect(one.run.status, one.run.stderr).toBe(9);
    expect(one.run.stderr).not.toContain('Nothing was charged');
    expect(one.run.stderr).toContain('The call may have been charged: counted as 1 credit. Try again later.');
    expect([one.ceiling, one.ledger, one.uncertain]).toEqual([1, 1, 1]);
    replay.server.set('/api/v1/trends/tech', { status: 503, text: JSON.stringify({ error: 'indisponivel' }) });
    const free = await counted(['trends', 'tech']);
    expect(free.run.stderr).toContain('Nothing was charged. Try again later.');
    expect([free.ceiling, free.ledger, free.uncertain]).toEqual([0, 0, 0]);
  });

  it('a charge that is uncertain never marks a reached ceiling raised, on any path', async () => {
    const reached = { cap: 50, spent_this_month: 50, reached: true };
    for (const figure of ['2', 0]) {
      // "2" is not a count of credits; 0 beside cached false is below the price: both uncertain.
      replay.server.set('/api/v1/github/profile', {
        status: 200,
        text: JSON.stringify(profileEnvelope({ credits_used: figure })),
      });
      for (const args of [
        ['api', 'github/profile', '-f', 'handle=octocat'],
        ['profile', 'github', 'octocat'],
        ['profile', 'github', 'a1', 'a2', '-o', 'ndjson'],
      ]) {
        const { run, seen } = await counted(args, reached);
        expect(seen, `${args.join(' ')} (${figure})\n${run.stderr}`).toMatchObject(reached);
      }
    }
  });

  it("credits counts its probe's charge as the ledger does, and its spent includes it", async () => {
    replay.server.set('/api/v1/nichos', {
      status: 200,
      text: JSON.stringify({ niches: [{ id: 'tech', label: 'Tech', windows_24h: 24, last_window: null }] }),
    });
    // Spec: the probe (movers, nothing found) is uncharged; this server says otherwise.
    for (const [figure, charged, said] of [
      [1, 1, 'was charged 1 credit'],
      [-1, 10, 'may have been charged 10 credits'],
    ] as const) {
      replay.server.set('/api/v1/movers/__credits_probe__', {
        status: 200,
        text: JSON.stringify({
          niche: '__credits_probe__',
          total: 0,
          interval_min: null,
          credits_charged: figure,
          credits_balance: 90,
          items: [],
          note: 'no movement',
        }),
      });
      const { run, ledger } = await counted(['credits', '-o', 'table']);
      const what = `${figure}\n${run.stdout}\n${run.stderr}`;
      expect(run.stderr, what).toContain(`the balance probe ${said}, which it should not be`);
      expect(run.stdout, what).toContain(`does not list, ${charged} charged)`);
      expect(run.stdout, what).toContain(`: ${charged} credit${charged === 1 ? '' : 's'} in 1 call`);
      expect(ledger, what).toBe(charged);
    }
  });
});

describe("the client's one record a call", () => {
  /** A client of the replay server whose listener keeps every record it hears. */
  async function listened(refuse?: () => SocialError) {
    const { ApiClient } = await import('../infra/client/http.js');
    const client = new ApiClient({
      baseUrl: replay.server.url,
      apiKey: KEY,
      timeoutMs: 5000,
      maxBodyBytes: 1 << 20,
      retries: 2,
      retryBaseMs: 1,
      signal: new AbortController().signal,
      now: () => FIXED_NOW,
      refuse,
    });
    const records: CallRecord[] = [];
    client.listen((record) => records.push(record));
    const spec = (path: string): RequestSpec<unknown> => ({
      path,
      query: { handle: 'octocat' },
      loadSchema: async () => (await import('../domain/schemas.js')).ProfileEnvelopeSchema,
      shape: 'envelope',
      auth: true,
      cost: 1,
    });
    return { client, records, spec };
  }

  it('an answer, a retried failure and a failure each end in one record carrying the charge the caller has', async () => {
    const { client, records, spec } = await listened();
    const unavailable = { success: false, data: null, error: { type: 'indisponivel', message: 'down', details: null } };
    const free503 = { status: 503, text: JSON.stringify(profileEnvelope({ ...unavailable, credits_used: 0 })) };
    replay.server.set('/api/v1/github/profile', [free503, { status: 200, text: JSON.stringify(profileEnvelope()) }]);
    const answer = await client.get(spec('/api/v1/github/profile'));
    expect(records).toHaveLength(1);
    expect(records[0]?.charge).toBe(answer.charge);
    expect(records[0]).toMatchObject({ status: 200, at: FIXED_NOW, charge: { credits: 1, uncertain: false } });
    expect(records[0]?.spec.path).toBe('/api/v1/github/profile');

    replay.server.set('/api/v1/github/posts', { status: 500, text: '{"error":"boom"}' });
    const failure = await client.get(spec('/api/v1/github/posts')).catch((error: SocialError) => error);
    expect(records).toHaveLength(2);
    expect(failure).toBeInstanceOf(SocialError);
    expect(records[1]?.error).toBe(failure);
    expect(records[1]?.charge).toBe((failure as SocialError).details.charge);
    expect(records[1]).toMatchObject({ status: 500, charge: { credits: 1, uncertain: true } });
    await client.close();
  });

  it('a call refused by its budget is never sent and has no record', async () => {
    const { client, records, spec } = await listened(() => new SocialError('budget', 'no'));
    const sent = replay.server.hits.get('/api/v1/github/profile') ?? 0;
    const refused = await client.get(spec('/api/v1/github/profile')).catch((error: SocialError) => error);
    expect(refused).toMatchObject({ kind: 'budget' });
    expect(replay.server.hits.get('/api/v1/github/profile') ?? 0).toBe(sent);
    expect(records).toEqual([]);
  });
});
