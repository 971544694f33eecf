// The reader's nesting guard: its shortcut (an answer with no more opening brackets than the limit
// is not walked) answers as the walk does, for any text, brackets in strings and escapes included.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { nestsDeeperThan, walkNestsDeeperThan } from './reader.js';

// Small limits, so that texts pass them either way, and every byte that matters to the walk.
const text = fc.string({
  unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',', ':', ' ', 'é'),
  maxLength: 40,
});

it('the shortcut answers as the walk, whatever the text and the limit', () => {
  fc.assert(
    fc.property(text, fc.nat(12), (json, limit) => {
      const bytes = Buffer.from(json);
      expect(nestsDeeperThan(bytes, limit)).toBe(walkNestsDeeperThan(bytes, limit));
    }),
    { numRuns: 5000 },
  );
});

it('a body deeper than the limit is found however its brackets are spread', () => {
  expect(nestsDeeperThan(Buffer.from('{"a":[[{}]]}'), 3)).toBe(true);
  expect(nestsDeeperThan(Buffer.from('{"a":[[{}]]}'), 4)).toBe(false);
  // Brackets in a string do not nest, but are counted: the walk decides.
  expect(nestsDeeperThan(Buffer.from('["[[[[\\"[["]'), 1)).toBe(false);
});
