// What a call cost, decided once for every call, here: the one rule the credit notes, a batch's
// summary and --max-credits budget, the spend ledger and the ceiling memory all read, from the
// charge the client carries on its result, on its error and in the record its listeners hear.
// Only an answer that says so releases a failed call: a credit figure in its body, or a status
// the spec documents as uncharged. A call refused locally, or never sent, cost nothing. Anything
// else (an answer cut off, too large or not understood, a reset or timeout after the request was
// written; a status the spec does not document as uncharged) may have been charged, and is
// counted as charged, marked uncertain.
import type { AnswerCharge, Charge } from '../../domain/charges.js';
import { figureText } from '../../domain/charges.js';
import type { SocialError } from '../../domain/errors.js';

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
export function chargeOfAnswer(body: unknown, price: number | null): AnswerCharge {
  const record = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const field = 'credits_used' in record || !('credits_charged' in record) ? 'credits_used' : 'credits_charged';
  const figure = record[field];
  if (isCount(figure)) {
    if (record.cached === false && price !== null && figure < price) {
      const reason = `the answer said cached false but ${figure} credits used`;
      return { credits: price, uncertain: true, reason, reading: 'belowPrice', field, figure };
    }
    const reading = record.cached === true && figure > 0 ? 'cachedCharged' : 'stated';
    return { credits: figure, uncertain: false, reading, field, figure };
  }
  // An answer of a route social does not price (or a free one) that states no figure: nothing known was taken.
  if (figure === undefined && !price) return { credits: 0, uncertain: false, reading: 'none', field, figure };
  const reason = `the answer stated ${field} as ${figureText(figure)}, not a count of credits`;
  return { credits: price ?? 1, uncertain: true, reason, reading: 'notCount', field, figure };
}

/**
 * What a failed call counts as charged; `cost` is the most the route charges. A success answer
 * (2xx) that could not be used (not understood, drift under --strict) was charged as one that
 * could: its figure is read as an answer's is, so `cached: false` beside fewer credits than the
 * price counts at the price, never as free.
 */
export function chargeOfFailure(error: SocialError, cost: number): Charge {
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

function uncertainReason(error: SocialError): string {
  if (error.kind === 'badResponse') return 'the answer was not understood';
  if (error.kind === 'interrupted') return 'interrupted after the request was sent';
  if (error.details.code === 'timeout') return 'no complete answer in time after the request was sent';
  if (error.details.maybeCharged !== true) return `the service answered ${error.details.status}`;
  return 'the connection broke after the request was sent';
}
