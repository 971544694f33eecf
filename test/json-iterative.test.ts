// The iterative serialiser writes what JSON.stringify writes, and what it cannot: 100,000 levels.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatJson } from '../src/output/json.js';
import { stringifyIterative } from '../src/output/json-iterative.js';

describe('stringifyIterative', () => {
  it('is JSON.stringify for any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => stringifyIterative(value) === JSON.stringify(value)));
  });

  it('follows JSON.stringify for undefined, functions, non-finite numbers and toJSON', () => {
    const value = {
      a: undefined,
      b: () => 1,
      c: [undefined, () => 1, Number.NaN, Number.POSITIVE_INFINITY],
      d: new Date(0),
      e: { toJSON: () => ({ f: 1 }) },
    };
    expect(stringifyIterative(value)).toBe(JSON.stringify(value));
    expect(stringifyIterative(undefined)).toBeUndefined();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(() => stringifyIterative(circular)).toThrow(TypeError);
  });

  it('writes 100,000 levels, where JSON.stringify overflows the stack', () => {
    const text = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const value = JSON.parse(text);
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    expect(stringifyIterative(value)).toBe(text);
    expect(formatJson(value, true)).toBe(text);
  });
});
