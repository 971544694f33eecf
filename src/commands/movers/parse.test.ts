// movers' option parsing and its per-hour figure, apart from any request.
import { describe, expect, it } from 'vitest';
import { usage } from '../../../test/helpers/usage.js';
import { gainedPerHour } from './columns.js';
import { parseMoversOptions } from './index.js';

describe('movers', () => {
  it('movers: defaults and ranges, refused not clamped', () => {
    expect(parseMoversOptions('tech', {})).toEqual({
      niche: 'tech',
      hours: 24,
      limit: 20,
      minGained: undefined,
      newOnly: false,
      resetState: false,
    });
    expect(parseMoversOptions('tech', { hours: '720', limit: '100', minGained: '5', newOnly: true })).toEqual({
      niche: 'tech',
      hours: 720,
      limit: 100,
      minGained: 5,
      newOnly: true,
      resetState: false,
    });
    for (const raw of [
      { hours: '0' },
      { hours: '721' },
      { hours: '1.5' },
      { limit: '0' },
      { limit: '101' },
      { minGained: '0' },
    ]) {
      usage(() => parseMoversOptions('tech', raw));
    }
  });

  it('gainedPerHour divides by the real interval, to one decimal, a number', () => {
    expect(gainedPerHour(31, 372)).toBe(5);
    expect(gainedPerHour(100, 343)).toBe(17.5);
    expect(gainedPerHour(5, null)).toBeNull();
    expect(gainedPerHour(5, 0)).toBeNull();
  });
});
