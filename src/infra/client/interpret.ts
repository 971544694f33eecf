// What an attempt came to, read without a socket: an answer (its body parsed, cleaned of the key,
// checked with the route's schema) or a failure (transport-failure.ts) becomes the call's result
// or the error it ends with, and whether another attempt may pass. And what the call cost,
// decided once for every call, here: the one rule the credit notes, a batch's summary and
// --max-credits budget, the spend ledger and the ceiling memory all read, from the charge the
// client carries on its result, on its error and in the record its listeners hear. Only an
// answer that says so releases a failed call: a credit figure in its body, or a status the spec
// documents as uncharged. A call refused locally, or never sent, cost nothing. Anything else (an
// answer cut off, too large or not understood, a reset or timeout after the request was written;
// a status the spec does not document as uncharged) may have been charged, and is counted as
// charged, marked uncertain.
import type { AnswerCharge, Charge } from '../../domain/charges.js';
import { figureText } from '../../domain/charges.js';
import { SocialError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import type { Answer, ApiResult, RequestSpec, Schema, Seen, SendFailure } from './call-types.js';
import type { Drift } from './reader.js';
import { driftText, parseBody, readSuccess } from './reader.js';
import type { KeyMask } from './redact.js';
import { sayCharge, serviceCode, serviceError } from './service-errors.js';
import { notSentError, type TransportLimits, transportError } from './transport-failure.js';

/** A failed attempt: the error, what it counts as charged, and whether another attempt may pass. */
export interface Failed {
  error: SocialError;
  charge: Charge;
  retryable: boolean;
  /** How long the answer asked to wait before another attempt (Retry-After). */
  retryAfterMs?: number;
}

/**
 * What one attempt came to: the result, with what drifted from the documented shape; or a failure.
 * `seen`: the answer it came with, as received (for the local store).
 */
export type AttemptEnd = ({ result: ApiResult<unknown>; drift: readonly Drift[] } | Failed) & { seen?: Seen };

/** What an answer is read against. */
export interface AnswerContext {
  spec: RequestSpec<unknown>;
  schema: Schema<unknown>;
  /** The method and the path and query, as sent. */
  method: string;
  path: string;
  /** Which attempt of the call, from 1. */
  attempt: number;
  /** The key's search and mask, undefined when there is no key to look for. */
  mask: KeyMask | undefined;
  /** --strict: any drift fails the call. */
  strict: boolean;
  /** The clock, read only for an error answer (its Retry-After, its ceiling's month). */
  now: () => Date;
}

/** What an answer means, read, checked and cleaned of the key. */
export function interpretAnswer(answered: Answer, context: AnswerContext): AttemptEnd {
  try {
    const { mask } = context;
    const parsed = parseBody(answered.bytes, mask?.inText);
    const { response, body } = mask?.clean(answered, parsed.value, parsed.found) ?? {
      response: answered,
      body: parsed.value,
    };
    const end = read(context, answered.statusCode, response.headers, body, parsed.why);
    // As received, but where the key was found in it: then the body with the key masked.
    const bytes = parsed.found ? Buffer.from(JSON.stringify(body) ?? '') : answered.bytes;
    end.seen = { status: answered.statusCode, bytes };
    return end;
  } catch (error) {
    // An answer that came but could not be read (a fault of ours on a hostile one) may have been
    // charged: the call fails as an answer not understood, counted and recorded so.
    const failure = notUnderstood(
      said('errors.response.unreadable', { reason: error instanceof Error ? error.message : String(error) }),
    );
    return { error: failure, charge: charged(failure, context.spec.cost), retryable: false };
  }
}

/** What an answer held in the local store means: read as a sent one is, and charged nothing now. */
export function interpretStored(held: Answer, context: AnswerContext): AttemptEnd {
  const end = interpretAnswer(held, context);
  if (!('result' in end)) return end;
  const { field, figure } = end.result.charge;
  const charge: AnswerCharge = { credits: 0, uncertain: false, reading: 'stored', field, figure };
  return { ...end, result: { ...end.result, attempts: 0, charge } };
}

/**
 * What an attempt that ended without an answer means. `aborted`: the call's signal had aborted;
 * `mask` cleans the key out of the head that came before the answer was cut off.
 */
export function interpretFailure(
  failure: SendFailure,
  aborted: boolean,
  cost: number | null,
  limits: TransportLimits,
  mask: KeyMask | undefined,
): Failed {
  const { error, retryable } = transportError(failure, aborted, limits);
  // The status line and headers that came before the answer was cut off (social api --include),
  // the key masked in them as in any answer's.
  const head = failure.head;
  if (head !== undefined) {
    const cut = { ...head, bytes: EMPTY };
    const response = mask?.clean(cut, undefined, false).response ?? cut;
    error.details.answer = { status: response.statusCode, headers: response.headers };
  }
  return { error, charge: charged(error, cost), retryable };
}

/**
 * A call stopped before its next attempt was written: nothing sent, nothing charged. By Ctrl-C
 * (`stop`, a batch's) unless the error says otherwise (the call's signal aborted during a wait).
 */
export function unsent(error: SocialError = notSentError()): Failed {
  return { error, charge: charged(error, null), retryable: false };
}

/**
 * What a failure counts as charged, on the error too (details.charge), and the error's word on
 * money made to follow it (sayCharge). `cost`: the route's price, 1 where social does not know it.
 */
function charged(error: SocialError, cost: number | null): Charge {
  const charge = chargeOfFailure(error, cost ?? 1);
  error.details.charge = charge;
  sayCharge(error, charge);
  return charge;
}

const EMPTY = Buffer.alloc(0);
const RETRYABLE_STATUSES = new Set([502, 503]);

/** What an answer means: the result, or the error it says (retryable or not). */
function read(
  { spec, schema, method, path, attempt, strict, now }: AnswerContext,
  status: number,
  headers: Answer['headers'],
  body: unknown,
  /** Why there is no body (undefined): not JSON, or nested too deep. */
  unreadable: Said | undefined,
): AttemptEnd {
  const requestId = requestIdOf(body, headers);
  const answer = { status, headers };
  const { cost } = spec;
  if (status >= 200 && status < 300 && !(spec.shape !== 'archive' && isFailedEnvelope(body))) {
    if (body === undefined)
      return failed(notUnderstood(unreadable ?? said('errors.response.notJson'), requestId), answer, cost);
    const reading = readSuccess(spec.shape, typeof schema === 'function' ? schema(body) : schema, body);
    if (!reading.ok) return failed(notUnderstood(reading.why, requestId, body), answer, cost);
    if (strict && reading.drift.length > 0)
      return failed(
        notUnderstood(said('errors.response.strict', { drift: driftText(reading.drift) }), requestId, body),
        answer,
        cost,
      );
    const charge = chargeOfAnswer(reading.body, cost);
    return {
      result: { status, body: reading.body, headers, requestId, attempts: attempt, charge },
      drift: reading.drift,
    };
  }
  if (status >= 200 && status < 300 && serviceCode(body) === undefined) {
    return failed(notUnderstood(said('errors.response.noErrorType'), requestId, body), answer, cost);
  }
  const allow = headers.allow;
  const at = now();
  const error = serviceError(status, body, requestId, at, {
    method,
    path: pathOnly(path),
    allow: typeof allow === 'string' ? allow : undefined,
  });
  return failed(error, answer, cost, RETRYABLE_STATUSES.has(status), retryAfter(headers['retry-after'], at));
}

/** A failure that came with an answer, which keeps its status line and headers (social api --include). */
function failed(
  error: SocialError,
  answer: NonNullable<SocialError['details']['answer']>,
  cost: number | null,
  retryable = false,
  retryAfterMs?: number,
): Failed {
  error.details.answer = answer;
  const outcome: Failed = { error, charge: charged(error, cost), retryable };
  if (retryAfterMs !== undefined) outcome.retryAfterMs = retryAfterMs;
  return outcome;
}

/** `what`: the reader's words, or a message not yet said. */
function notUnderstood(what: string | Said, requestId?: string, body?: unknown): SocialError {
  return new SocialError('badResponse', said('errors.response.notUnderstood', { what }), {
    code: 'bad_response',
    requestId,
    body,
    // A 2xx the client could not read was most likely charged.
    maybeCharged: true,
    suggestion: t('errors.response.notUnderstood.hint'),
  });
}

/** A request's path without its query. */
function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

function isFailedEnvelope(body: unknown): boolean {
  return body !== null && typeof body === 'object' && (body as Record<string, unknown>).success === false;
}

function requestIdOf(body: unknown, headers: Answer['headers']): string | undefined {
  if (body !== null && typeof body === 'object' && typeof (body as Record<string, unknown>).request_id === 'string') {
    return (body as Record<string, string>).request_id;
  }
  const header = headers['x-request-id'];
  return typeof header === 'string' ? header : undefined;
}

/** Retry-After in seconds or as an HTTP date, in ms from `now`. */
function retryAfter(header: string | string[] | undefined, now: Date): number | undefined {
  if (typeof header !== 'string') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

// The spec's error table: every listed status is "no charge"; 502 and 503 say nothing was done.
const UNCHARGED_STATUSES = new Set([400, 401, 402, 404, 429, 451, 502, 503]);

/** A credit figure the service stated: a non-negative integer, or undefined. */
function statedCredits(body: unknown): number | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const figure = record.credits_used ?? record.credits_charged;
  return isCount(figure) ? figure : undefined;
}

const isCount = (figure: unknown): figure is number =>
  typeof figure === 'number' && Number.isInteger(figure) && figure >= 0;

/**
 * What an answered call counts as charged. The spec makes `cached` the word on whether anything
 * was charged ("true means nothing was charged"), and prices each route's call; so an answer that
 * says it was not a cache hit was charged at least the route's price, and a smaller figure beside
 * it (only a misreporting server states one) is counted at the price. An answer that says it was
 * cached yet states credits used is counted at that figure: never less than the service says it
 * took. Answers without `cached` (the archive's) state the charge alone. A figure that is not a
 * count of credits says nothing of what was taken: the call is counted as one that may have been
 * charged, at the route's full price (1 where social does not price the route), as a call whose
 * answer was not understood is; never as free.
 * `price` is the route's; null where social does not know it (`api` on a route it does not model).
 */
function chargeOfAnswer(body: unknown, price: number | null): AnswerCharge {
  const record = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const field = 'credits_used' in record || !('credits_charged' in record) ? 'credits_used' : 'credits_charged';
  const figure = record[field];
  if (isCount(figure)) {
    if (record.cached === false && price !== null && figure < price) {
      const reason = said('errors.charge.reason.belowPrice', { figure: String(figure) });
      return { credits: price, uncertain: true, reason, reading: 'belowPrice', field, figure };
    }
    const reading = record.cached === true && figure > 0 ? 'cachedCharged' : 'stated';
    return { credits: figure, uncertain: false, reading, field, figure };
  }
  // An answer of a route social does not price (or a free one) that states no figure: nothing known was taken.
  if (figure === undefined && !price) return { credits: 0, uncertain: false, reading: 'none', field, figure };
  const reason = said('errors.charge.reason.notCount', { field, figure: figureText(figure) });
  return { credits: price ?? 1, uncertain: true, reason, reading: 'notCount', field, figure };
}

/**
 * What a failed call counts as charged; `cost` is the most the route charges. A success answer
 * (2xx) that could not be used (not understood, drift under --strict) was charged as one that
 * could: its figure is read as an answer's is, so `cached: false` beside fewer credits than the
 * price counts at the price, never as free.
 */
function chargeOfFailure(error: SocialError, cost: number): Charge {
  const { body, status, maybeCharged } = error.details;
  const stated = statedCredits(body);
  if (stated !== undefined)
    return successAnswer(error) ? chargeOfAnswer(body, cost) : { credits: stated, uncertain: false };
  if (status !== undefined && UNCHARGED_STATUSES.has(status)) return { credits: 0, uncertain: false };
  if (maybeCharged === true || status !== undefined) {
    return { credits: cost, uncertain: true, reason: uncertainReason(error) };
  }
  return { credits: 0, uncertain: false };
}

/** Whether a failure came with a 2xx answer that does not say it failed (success false). */
function successAnswer({ details }: SocialError): boolean {
  const status = details.answer?.status;
  if (status === undefined || status < 200 || status >= 300) return false;
  return !(
    details.body !== null &&
    typeof details.body === 'object' &&
    'success' in details.body &&
    details.body.success === false
  );
}

function uncertainReason(error: SocialError): Said {
  if (error.kind === 'badResponse') return said('errors.charge.reason.notUnderstood');
  if (error.kind === 'interrupted') return said('errors.charge.reason.interrupted');
  if (error.details.code === 'timeout') return said('errors.charge.reason.timeout');
  if (error.details.maybeCharged !== true)
    return said('errors.charge.reason.status', { status: String(error.details.status) });
  return said('errors.charge.reason.broken');
}
