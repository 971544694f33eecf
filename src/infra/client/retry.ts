// Whether a failed attempt is tried again, and after how long: the retry policy, pure. Only what
// was never sent, or what the service said it did not do, is sent again (a failure whose charge
// is nothing, for certain); a call that may have been charged never is.
import type { Failed } from './interpret.js';

/** What the decision needs beyond the failure: the call's method and the client's settings. */
export interface RetryPolicy {
  method: string;
  /** How many attempts after the first a call may make. */
  retries: number;
  /** The first backoff step, in ms; doubled each retry, with jitter. */
  baseMs: number;
  /** Ctrl-C came (a batch's `stop`): nothing more is sent. */
  stopped: boolean;
}

const MAX_BACKOFF_MS = 8000;
const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait in ms before the next attempt of a call whose attempt `number` (from 1) ended as
 * `failed`, or undefined when the call ends with it. `random` (0 to 1) draws the jitter.
 */
export function retryDelay(failed: Failed, number: number, policy: RetryPolicy, random: number): number | undefined {
  // A method other than GET may act, and charge, on any attempt the service received: sent once.
  if (policy.method !== 'GET' || policy.stopped || number > policy.retries || !failed.retryable) return undefined;
  // Only what the service says it did not do is sent again: an answer stating credits used (a
  // 503 that says it took 1) was charged, and a retry would be charged again.
  if (failed.charge.credits !== 0 || failed.charge.uncertain) return undefined;
  if (failed.retryAfterMs !== undefined) return Math.min(failed.retryAfterMs, MAX_RETRY_AFTER_MS);
  const step = Math.min(MAX_BACKOFF_MS, policy.baseMs * 2 ** (number - 1));
  // Equal jitter: half fixed, half random, so many clients do not retry in step.
  return Math.round(step / 2 + random * (step / 2));
}
