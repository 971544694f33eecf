// What jq is given of a large value: the same bytes as its JSON text (lone surrogates as U+FFFD),
// written a piece at a time, whatever the pieces cut (pairs, escapes, non-ASCII); and the size
// test that sends a value that way never says so of one whose text is shorter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes, jsonLongerThan, wellFormed } from './jq-input.js';

/** Any UTF-16 text: pairs, lone halves of them, controls, quotes and backslashes. */
const units = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0x22, 0x5c, 0xd83d, 0xde00, 0x0a)), {
    maxLength: 40,
  })
  .map((codes) => String.fromCharCode(...codes));

const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    units,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value')),
    fc.dictionary(units, tie('value')),
  ),
})).value;

const asText = (value: unknown) => Buffer.from(jsonBytes(value, 5)).toString();

describe('jsonBytes', () => {
  it('writes what JSON.stringify does, lone surrogates as U+FFFD, with strings cut into pieces anywhere', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(asText(value)).toBe(wellFormed(JSON.stringify(value) ?? 'null'));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a pair whole at a piece boundary, and writes what has toJSON by it', () => {
    const pair = '\ud83d\ude00';
    expect(asText(`abcd${pair}xyz`)).toBe(JSON.stringify(`abcd${pair}xyz`));
    expect(asText(`abcd\ud83dxyz`)).toBe('"abcd\\ufffdxyz"');
    const at = new Date(0);
    expect(asText({ at, list: [undefined, () => 1] })).toBe(JSON.stringify({ at, list: [null, null] }));
  });

  it('gives the bytes in a buffer of their own length, to be handed over', () => {
    const bytes = jsonBytes({ bio: 'é'.repeat(100_000) });
    expect(bytes.buffer.byteLength).toBe(bytes.length);
    expect(bytes.byteOffset).toBe(0);
  });
});

describe('jsonLongerThan', () => {
  it('is never true of a value whose JSON text is not longer than the limit', () => {
    fc.assert(
      fc.property(values, fc.nat(200), (value, limit) => {
        if (jsonLongerThan(value, limit)) expect((JSON.stringify(value) ?? 'null').length).toBeGreaterThan(limit);
      }),
      { numRuns: 500 },
    );
  });

  it('is true of a value with a string longer than the limit, deep inside', () => {
    expect(jsonLongerThan({ data: [{ bio: 'x'.repeat(101) }] }, 100)).toBe(true);
    expect(jsonLongerThan({ data: [{ bio: 'x'.repeat(50) }] }, 100)).toBe(false);
  });

  it('counts no key that JSON leaves out (its value undefined or a function)', () => {
    expect(jsonLongerThan({ '': undefined }, 2)).toBe(false);
    expect(jsonLongerThan({ long_key_name: () => 1 }, 2)).toBe(false);
  });
});
