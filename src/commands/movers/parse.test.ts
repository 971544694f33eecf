// movers' option parsing and its per-hour figure, apart from any request.
import { describe, expect, it } from 'vitest';
import { usage } from '../../../test/helpers/usage.js';
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
      computed: false,
    });
    expect(parseMoversOptions('tech', { hours: '720', limit: '100', minGained: '5', newOnly: true })).toEqual({
      niche: 'tech',
      hours: 720,
      limit: 100,
      minGained: 5,
      newOnly: true,
      resetState: false,
      computed: false,
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
});
