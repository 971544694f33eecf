// The retry decision without a socket: only a failure that may pass and cost nothing, for
// certain, of a GET, is tried again, within --retries, never after Ctrl-C.
import { describe, expect, it } from 'vitest';
import { SocialError } from '../../domain/errors.js';
import type { Failed } from './interpret.js';
import { type RetryPolicy, retryDelay } from './retry.js';

const POLICY: RetryPolicy = { method: 'GET', retries: 3, baseMs: 500, stopped: false };

function failure(fields: Partial<Failed> = {}): Failed {
  return {
    error: new SocialError('unavailable', 'down'),
    charge: { credits: 0, uncertain: false },
    retryable: true,
    ...fields,
  };
}

describe('retryDelay', () => {
  it('backs off from the base step, doubling, with half of each step drawn at random', () => {
    expect([1, 2, 3].map((n) => retryDelay(failure(), n, POLICY, 0))).toEqual([250, 500, 1000]);
    expect([1, 2, 3].map((n) => retryDelay(failure(), n, POLICY, 1))).toEqual([500, 1000, 2000]);
  });

  it('never waits more than 8 s a step, nor more than a minute for a Retry-After', () => {
    expect(retryDelay(failure(), 3, { ...POLICY, baseMs: 10_000 }, 1)).toBe(8000);
    expect(retryDelay(failure({ retryAfterMs: 2000 }), 1, POLICY, 1)).toBe(2000);
    expect(retryDelay(failure({ retryAfterMs: 3_600_000 }), 1, POLICY, 0)).toBe(60_000);
  });

  it('ends the call after --retries more attempts', () => {
    expect(retryDelay(failure(), 3, POLICY, 0)).toBeDefined();
    expect(retryDelay(failure(), 4, POLICY, 0)).toBeUndefined();
    expect(retryDelay(failure(), 1, { ...POLICY, retries: 0 }, 0)).toBeUndefined();
  });

  it('never retries what may have been charged, or was: only what cost nothing, for certain', () => {
    expect(retryDelay(failure({ charge: { credits: 1, uncertain: false } }), 1, POLICY, 0)).toBeUndefined();
    expect(retryDelay(failure({ charge: { credits: 1, uncertain: true } }), 1, POLICY, 0)).toBeUndefined();
    expect(retryDelay(failure({ charge: { credits: 0, uncertain: true } }), 1, POLICY, 0)).toBeUndefined();
  });

  it('never retries a failure that will not pass, a method other than GET, or after Ctrl-C', () => {
    expect(retryDelay(failure({ retryable: false }), 1, POLICY, 0)).toBeUndefined();
    expect(retryDelay(failure(), 1, { ...POLICY, method: 'POST' }, 0)).toBeUndefined();
    expect(retryDelay(failure(), 1, { ...POLICY, stopped: true }, 0)).toBeUndefined();
  });
});
