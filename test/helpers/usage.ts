// The usage error (exit 2) that `fn` throws, for tests of option parsing; a test fails when `fn`
// throws something else or nothing.
import { expect } from 'vitest';
import { SocialError } from '../../src/domain/errors.js';

export function usage(fn: () => unknown): SocialError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SocialError);
    expect((error as SocialError).kind).toBe('usage');
    return error as SocialError;
  }
  throw new Error('expected a usage error');
}
