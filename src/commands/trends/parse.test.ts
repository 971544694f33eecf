// trends' option parsing and the series its table and chart draw, apart from any request.
import { describe, expect, it } from 'vitest';
import { usage } from '../../../test/helpers/usage.js';
import type { Item } from '../../domain/schemas.js';
import { parseTrendsOptions } from './index.js';
import { timelineSeries } from './run.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('trends', () => {
  it('trends: --limit 1..5000, --series', () => {
    expect(parseTrendsOptions(' tech ', { limit: '5000', series: true }, NOW)).toMatchObject({
      niche: 'tech',
      limit: 5000,
      series: true,
    });
    expect(usage(() => parseTrendsOptions('tech', { limit: '5001' }, NOW)).message).toMatch(/refused, not clamped/);
    usage(() => parseTrendsOptions('  ', {}, NOW));
  });

  it('timelineSeries puts every item on the query axis: gaps where unranked, marks where it entered and left', () => {
    const w = (h: number) => `2026-11-21T0${h}:00:00.000Z`;
    const from = Date.parse(w(0));
    const to = Date.parse(w(8));
    const item = {
      entered_at: w(2),
      left_at: w(6),
      series: [
        { window: w(3), position: 5, points: 10, comments: 1 },
        { window: w(5), position: 3, points: 20, comments: 2 },
      ],
    } as Item;
    // 8 cells of an hour: entered before 03:00, unranked at 04:00, left after 05:00.
    expect(timelineSeries(item, from, to, 8, (p) => p.points)).toEqual([
      null,
      null,
      'entered',
      10,
      null,
      20,
      'left',
      null,
    ]);
    // An item present from the start and still ranking has no marks; the row has the same length.
    const always = { ...item, entered_at: w(0), left_at: null } as Item;
    expect(timelineSeries(always, from, to, 8, (p) => -p.position)).toEqual([
      null,
      null,
      null,
      -5,
      null,
      -3,
      null,
      null,
    ]);
  });
});
