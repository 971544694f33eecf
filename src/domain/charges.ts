// Whether a failed call may have cost credits: the rule that budgets (--max-credits) and the spend
// ledger share. Only an answer that says so releases a call: a credit figure in its body, or a
// status the spec documents as uncharged. A call refused locally, or never sent, cost nothing.
// Anything else (the client's maybeCharged: an answer cut off, too large or not understood, a
// reset or timeout after the request was written; a status the spec does not document as
// uncharged) may have been charged, and is counted as charged, marked uncertain.
import type { SocialError } from './errors.js';

export interface Charge {
  credits: number;
  /** The call may or may not have been charged: counted at its route's full cost. */
  uncertain: boolean;
  /** Why it is uncertain, in a few words (for the spend ledger). */
  reason?: string;
}

// The spec's error table: every listed status is "no charge"; 502 and 503 say nothing was done.
const UNCHARGED_STATUSES = new Set([400, 401, 402, 404, 429, 451, 502, 503]);

/** A credit figure the service stated: a non-negative integer, or undefined. */
export function statedCredits(body: unknown): number | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const figure = record.credits_used ?? record.credits_charged;
  return typeof figure === 'number' && Number.isInteger(figure) && figure >= 0 ? figure : undefined;
}

/**
 * What a successful answer counts as charged, from the figure it states. The spec makes `cached`
 * the word on whether anything was charged ("true means nothing was charged"), and prices each
 * route's call; so an answer that says it was not a cache hit was charged at least the route's
 * price, and a smaller figure beside it (only a misreporting server states one) is counted at the
 * price, by the credit note, a batch's total and budget, the spend ledger and the ceiling memory
 * alike. An answer that says it was cached yet states credits used is counted at that figure:
 * never less than the service says it took. Answers without `cached` (the archive's) state the
 * charge alone.
 */
export function chargedCredits(stated: number, cached: unknown, price: number | null): number {
  return cached === false && price !== null && stated < price ? price : stated;
}

/** What a successful answer counts as charged (chargedCredits); 0 when it states no usable figure. */
export function answerCharge(body: unknown, price: number | null): number {
  const stated = statedCredits(body);
  return stated === undefined ? 0 : chargedCredits(stated, (body as Record<string, unknown>).cached, price);
}

/** What a failed call counts against a budget; `cost` is the most the route charges. */
export function chargeOfFailure(error: SocialError, cost: number): Charge {
  const { body, status, maybeCharged } = error.details;
  const stated = statedCredits(body);
  if (stated !== undefined) return { credits: stated, uncertain: false };
  if (status !== undefined && UNCHARGED_STATUSES.has(status)) return { credits: 0, uncertain: false };
  if (maybeCharged === true || status !== undefined) {
    return { credits: cost, uncertain: true, reason: uncertainReason(error) };
  }
  return { credits: 0, uncertain: false };
}

function uncertainReason(error: SocialError): string {
  if (error.kind === 'badResponse') return 'the answer was not understood';
  if (error.kind === 'interrupted') return 'interrupted after the request was sent';
  if (error.details.code === 'timeout') return 'no complete answer in time after the request was sent';
  if (error.details.maybeCharged !== true) return `the service answered ${error.details.status}`;
  return 'the connection broke after the request was sent';
}
