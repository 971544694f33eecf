// The burn rate from ledger entries: the pace over 7 and 30 days, the days left at it, and the
// run-out day against the free allowance's reset.
import { describe, expect, it } from 'vitest';
import { burnRate, burnRateOf } from './burn-rate.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const RESET = '2026-12-01T00:00:00.000Z';

describe('burnRate', () => {
  it('takes the pace over 7 and 30 days, and the days the balance lasts at each', () => {
    const entries = [
      { at: daysAgo(40), credits: 1000 }, // before both windows: only makes the ledger old
      { at: daysAgo(20), credits: 60 },
      { at: daysAgo(3), credits: 14 },
      { at: daysAgo(1), credits: 7 },
    ];
    const rate = burnRate(entries, NOW, 300, RESET);
    expect(rate.free_resets_at).toBe(RESET);
    expect(rate.windows).toEqual([
      {
        days: 7,
        credits: 21,
        over_days: 7,
        per_day: 3,
        days_left: 100,
        runs_out_on: '2027-03-01',
        before_reset: false,
      },
      {
        days: 30,
        credits: 81,
        over_days: 30,
        per_day: 2.7,
        days_left: 111.1,
        runs_out_on: '2027-03-12',
        before_reset: false,
      },
    ]);
  });

  it('says a fast pace runs out before the free allowance resets', () => {
    const rate = burnRate(
      [
        { at: daysAgo(10), credits: 1 },
        { at: daysAgo(0.5), credits: 70 },
      ],
      NOW,
      50,
      RESET,
    );
    expect(rate.windows[0]).toMatchObject({ per_day: 10, days_left: 5, runs_out_on: '2026-11-26', before_reset: true });
  });

  it('takes a young ledger over the days it has, never less than one', () => {
    const rate = burnRate([{ at: daysAgo(2.5), credits: 30 }], NOW, 90, RESET);
    expect(rate.windows.map((w) => [w.over_days, w.per_day, w.days_left])).toEqual([
      [3, 10, 9],
      [3, 10, 9],
    ]);
    const hour = burnRate([{ at: daysAgo(0.01), credits: 5 }], NOW, 10, RESET);
    expect(hour.windows[0]).toMatchObject({ over_days: 1, per_day: 5, days_left: 2 });
  });

  it('leaves the days unknown with nothing spent or no balance, and skips what is not a charge', () => {
    const entries = [
      { at: 'yesterday', credits: 5 },
      { at: daysAgo(-1), credits: 5 },
      { at: daysAgo(1), credits: Number.NaN },
      { at: daysAgo(1), credits: -3 },
      { at: daysAgo(1), credits: 0 },
    ];
    const idle = burnRate(entries, NOW, 100, null);
    expect(idle.free_resets_at).toBeNull();
    expect(idle.windows[0]).toMatchObject({
      credits: 0,
      per_day: 0,
      days_left: null,
      runs_out_on: null,
      before_reset: null,
    });
    const unknown = burnRate([{ at: new Date(daysAgo(1)), credits: 7 }], NOW, null, RESET);
    expect(unknown.windows[0]).toMatchObject({ per_day: 7, days_left: null, before_reset: null });
    expect(burnRate([], NOW, 100, RESET).windows[1]).toMatchObject({ over_days: 30, per_day: 0 });
  });

  it('gives the same figures from a ledger summed elsewhere (a PostgreSQL query) as from its entries', () => {
    const entries = [
      { at: daysAgo(12), credits: 40 },
      { at: daysAgo(2), credits: 9 },
    ];
    const summed = { first: new Date(daysAgo(12)), spent: [9, 49] };
    expect(burnRateOf(summed, NOW, 120, RESET)).toEqual(burnRate(entries, NOW, 120, RESET));
    expect(burnRateOf({ first: undefined, spent: [0, 0] }, NOW, 100, RESET)).toEqual(burnRate([], NOW, 100, RESET));
  });
});
