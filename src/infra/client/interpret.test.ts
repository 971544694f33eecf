// The interpretation of an attempt's end without a socket: an answer's bytes or a transport
// failure in, the result or error out, with what the call counts as charged, on the error too.
import { errors } from 'undici';
import { describe, expect, it } from 'vitest';
import { profileEnvelope } from '../../../test/helpers/envelopes.js';
import { ProfileEnvelopeSchema } from '../../domain/schemas.js';
import type { SendFailure } from './call-types.js';
import { type AnswerContext, type AttemptEnd, interpretAnswer, interpretFailure, unsent } from './interpret.js';
import { keyMask } from './redact.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const KEY = 'sk_live_0123456789abcdef';

const context = (fields: Partial<AnswerContext> = {}): AnswerContext => ({
  spec: {
    path: '/api/v1/github/profile',
    loadSchema: async () => ProfileEnvelopeSchema,
    shape: 'envelope',
    auth: true,
    cost: 1,
  },
  schema: ProfileEnvelopeSchema,
  method: 'GET',
  path: '/api/v1/github/profile?handle=octocat',
  attempt: 1,
  mask: undefined,
  strict: false,
  now: () => NOW,
  ...fields,
});

function answer(status: number, body: unknown, headers: Record<string, string> = {}): AttemptEnd {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return interpretAnswer({ statusCode: status, headers, bytes }, context());
}

const LIMITS = { origin: 'http://127.0.0.1:1', timeoutMs: 5000, maxBodyBytes: 1 << 20 };
const failure = (fields: Partial<SendFailure>, aborted = false) =>
  interpretFailure({ cause: new Error('x'), written: false, ...fields }, aborted, 1, LIMITS, undefined);

describe('an answer', () => {
  it('a success is the result, its charge the figure it states', () => {
    const outcome = answer(200, profileEnvelope({ credits_used: 1, cached: false }));
    if (!('result' in outcome)) throw new Error('not a result');
    expect(outcome.result).toMatchObject({ status: 200, attempts: 1 });
    expect(outcome.result.charge).toMatchObject({ credits: 1, uncertain: false, reading: 'stated' });
  });

  it('cached false below the price counts at the price, uncertain; cached true with credits used counts them', () => {
    const below = answer(200, profileEnvelope({ credits_used: 0, cached: false }));
    expect('result' in below && below.result.charge).toMatchObject({
      credits: 1,
      uncertain: true,
      reading: 'belowPrice',
    });
    const cached = answer(200, profileEnvelope({ credits_used: 2, cached: true }));
    expect('result' in cached && cached.result.charge).toMatchObject({ credits: 2, reading: 'cachedCharged' });
  });

  it('a credit figure that is not a count is counted at the price, as possibly charged', () => {
    for (const figure of [1.5, '2', null, -1]) {
      const outcome = answer(200, profileEnvelope({ credits_used: figure, cached: false }));
      const charge = 'result' in outcome ? outcome.result.charge : outcome.charge;
      expect(charge, String(figure)).toMatchObject({ credits: 1, uncertain: true });
    }
  });

  it('a 404 is free and not retried; a 503 saying nothing was used may be retried after its Retry-After', () => {
    const refused = { success: false, data: null, error: { type: 'nao_encontrado', message: 'no', details: null } };
    const missing = answer(404, profileEnvelope({ ...refused, credits_used: 0 }));
    expect(missing).toMatchObject({ charge: { credits: 0, uncertain: false }, retryable: false });
    const down = { success: false, data: null, error: { type: 'indisponivel', message: 'down', details: null } };
    const unavailable = answer(503, profileEnvelope({ ...down, credits_used: 0 }), { 'retry-after': '3' });
    expect(unavailable).toMatchObject({
      charge: { credits: 0, uncertain: false },
      retryable: true,
      retryAfterMs: 3000,
    });
  });

  it('a 503 stating credits used counts them, and its suggestion says so; the error carries the charge', () => {
    const down = { success: false, data: null, error: { type: 'indisponivel', message: 'down', details: null } };
    const outcome = answer(503, profileEnvelope({ ...down, credits_used: 1 }));
    if (!('error' in outcome)) throw new Error('not a failure');
    expect(outcome.charge).toEqual({ credits: 1, uncertain: false });
    expect(outcome.error.details.charge).toBe(outcome.charge);
    expect(outcome.error.details.suggestion).toMatch(/^The answer says 1 credit used: counted as charged\./);
  });

  it('a status the spec does not document as uncharged may have been charged', () => {
    const outcome = answer(500, { error: 'boom' });
    expect(outcome).toMatchObject({ charge: { credits: 1, uncertain: true }, retryable: false });
    expect('error' in outcome && outcome.error.details.answer).toEqual({ status: 500, headers: {} });
  });

  it('a 2xx not understood (not JSON, or drift under --strict) was most likely charged', () => {
    expect(answer(200, 'not json')).toMatchObject({
      charge: { credits: 1, uncertain: true },
      error: { kind: 'badResponse' },
    });
    const strict = interpretAnswer(
      { statusCode: 200, headers: {}, bytes: Buffer.from(JSON.stringify(profileEnvelope({ platform: 7 }))) },
      context({ strict: true }),
    );
    // It states the credit it used: counted as stated, as the answer it would have been.
    expect(strict).toMatchObject({ charge: { credits: 1, uncertain: false }, error: { kind: 'badResponse' } });
  });

  it('the key echoed in an answer is masked in its body and headers', () => {
    const bytes = Buffer.from(JSON.stringify(profileEnvelope({ echo: KEY })));
    const outcome = interpretAnswer(
      { statusCode: 200, headers: { 'x-echo': KEY }, bytes },
      context({ mask: keyMask(KEY) }),
    );
    expect(JSON.stringify('result' in outcome && outcome.result)).not.toContain(KEY);
  });
});

describe('a failure without an answer', () => {
  it('a connection refused before sending is free and may pass next time', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(failure({ cause: refused })).toMatchObject({
      charge: { credits: 0, uncertain: false },
      retryable: true,
      error: { kind: 'network' },
    });
  });

  it('a reset, a deadline or an answer over the cap after the request was written may have been charged', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    for (const fields of [{ cause: reset }, { limit: 'deadline' as const }, { limit: 'too_large' as const }]) {
      const outcome = failure({ ...fields, written: true });
      expect(outcome, JSON.stringify(fields)).toMatchObject({
        charge: { credits: 1, uncertain: true },
        retryable: false,
      });
      expect(outcome.error.details.charge).toBe(outcome.charge);
    }
  });

  it('bytes the HTTP parser refuses are an answer not understood, not a broken network', () => {
    const outcome = failure({ cause: new errors.HTTPParserError('Invalid header value char'), written: true });
    expect(outcome).toMatchObject({ error: { kind: 'badResponse', details: { code: 'malformed_answer' } } });
  });

  it('Ctrl-C: after the request was written it may have been charged, before it nothing was', () => {
    expect(failure({ written: true }, true)).toMatchObject({
      charge: { uncertain: true },
      error: { kind: 'interrupted' },
    });
    expect(failure({ written: false }, true)).toMatchObject({ charge: { credits: 0, uncertain: false } });
    expect(unsent()).toMatchObject({
      charge: { credits: 0, uncertain: false },
      error: { details: { code: 'not_sent' } },
    });
  });

  it('the head that came before the answer was cut off is kept, the key masked in it', () => {
    const head = { statusCode: 200, headers: { 'x-echo': KEY } };
    const outcome = interpretFailure({ cause: new Error('x'), written: true, head }, false, 1, LIMITS, keyMask(KEY));
    expect(outcome.error.details.answer?.status).toBe(200);
    expect(JSON.stringify(outcome.error.details.answer)).not.toContain(KEY);
  });
});
