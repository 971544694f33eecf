// An answer held in the local store (--max-age, --offline) as a call's result: read as a sent one
// is (the route's schema, drift noted), but not sent, so nothing is charged for it now, whatever
// its figures said when it was fetched. The client's one part that answers without an attempt.
import { markStored } from '../../domain/stored.js';
import type { Answer, ApiResult, Reused } from './call-types.js';
import { type AnswerContext, type AttemptEnd, interpretStored } from './interpret.js';

/** What a held answer is read against: as a sent one's, but for no attempt and with no key to mask. */
type HeldContext = Omit<AnswerContext, 'method' | 'attempt' | 'mask'>;

/** The held answer's result and drift, or undefined when it no longer reads as the route's answer. */
export function heldResult(held: Reused, context: HeldContext): Extract<AttemptEnd, { result: unknown }> | undefined {
  const answer: Answer = { statusCode: held.status, headers: {}, bytes: Buffer.from(held.body) };
  const end = interpretStored(answer, { ...context, method: 'GET', attempt: 0, mask: undefined });
  if (!('result' in end)) return undefined;
  markStored(end.result.body, held.fetchedAt);
  const result: ApiResult<unknown> = { ...end.result, fromStore: held.fetchedAt };
  return { ...end, result };
}
