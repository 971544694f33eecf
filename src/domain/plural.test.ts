// The one plural helper says what every `n === 1 ? '' : 's'` it replaced said, for any figure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plural } from './text.js';

describe('plural', () => {
  it('gives the form for one only for 1, for any number, as the expressions it replaced', () => {
    const figures = [0, 1, 2, 1.5, 0.5, -1, -0, 11, 21, 101, 1000, Number.NaN, Number.POSITIVE_INFINITY, -2];
    for (const n of figures) {
      expect([n, plural(n, 'credit')]).toEqual([n, `credit${n === 1 ? '' : 's'}`]);
      expect([n, plural(n, 'is', 'are')]).toEqual([n, n === 1 ? 'is' : 'are']);
    }
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double()), (n) => plural(n, 'input') === `input${n === 1 ? '' : 's'}`),
    );
  });

  it('takes the other form for a figure that is not a number', () => {
    for (const figure of ['1', null, undefined, {}])
      expect(plural(figure as unknown as number, 'point')).toBe('points');
  });
});
