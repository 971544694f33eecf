// The computed figures: a post's engagement rate (unknown when any counter is), gains between
// snapshots and per day, growth in per cent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  engagementRate,
  gains,
  growthBetween,
  meanRate,
  pointsPerHour,
  rateFraction,
  ratePerCent,
} from './computed.js';

describe('computed figures', () => {
  it('engagement rate: the four counters over the followers when fetched, unknown when any is', () => {
    expect(engagementRate({ likes: 90, replies: 5, reposts: 4, quotes: 1 }, 1000)).toBe(0.1);
    expect(engagementRate({ likes: 0, replies: 0, reposts: 0, quotes: 0 }, 1000)).toBe(0);
    expect(engagementRate({ likes: 90, replies: 5, reposts: 4, quotes: null }, 1000)).toBeNull();
    expect(engagementRate({ likes: 90, replies: 5, reposts: 4, quotes: 1 }, null)).toBeNull();
    expect(engagementRate({ likes: 90, replies: 5, reposts: 4, quotes: 1 }, 0)).toBeNull();
    expect(engagementRate(null, 1000)).toBeNull();
    expect(meanRate([0.1, null, 0.3])).toEqual({ rate: 0.2, of: 2 });
    expect(meanRate([null])).toEqual({ rate: null, of: 0 });
  });

  it('gains: each snapshot on the one before with a count, per day over the time between', () => {
    expect(
      gains(
        [
          '2026-11-19T12:00:00Z',
          '2026-11-19T18:00:00Z',
          '2026-11-20T00:00:00Z',
          '2026-11-20T00:00:00Z',
          '2026-11-23T00:00:00Z',
        ],
        [100, null, 110, 108, 109],
      ),
    ).toEqual({ gained: [null, null, 10, -2, 1], per_day: [null, null, 20, null, 0.3] });
  });

  it("gains: each one growthBetween's figures on the snapshot before with a count, for any snapshots", () => {
    const snapshot = fc.tuple(
      fc.oneof(
        fc.integer({ min: 0, max: 10 ** 9 }).map((minutes) => new Date(minutes * 60_000).toISOString()),
        fc.constant('not a time'),
      ),
      fc.oneof(fc.integer({ min: 0, max: 10 ** 7 }), fc.constant(null), fc.constant(Number.NaN)),
    );
    fc.assert(
      fc.property(fc.array(snapshot, { maxLength: 30 }), (snapshots) => {
        const expected = { gained: [] as Array<number | null>, per_day: [] as Array<number | null> };
        let previous: { at: number; followers: number } | undefined;
        for (const [time, followers] of snapshots) {
          const at = Date.parse(time);
          const counted = typeof followers === 'number' && Number.isFinite(followers) && Number.isFinite(at);
          const gain = counted ? growthBetween(previous, { at, followers }) : undefined;
          expected.gained.push(gain?.gained ?? null);
          expected.per_day.push(
            gain?.per_day === null || gain === undefined ? null : Math.round(gain.per_day * 10) / 10,
          );
          if (counted) previous = { at, followers };
        }
        expect(
          gains(
            snapshots.map((s) => s[0]),
            snapshots.map((s) => s[1]),
          ),
        ).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('growth: gained, per day and per cent of the start; none without both ends', () => {
    const day = 86_400_000;
    expect(growthBetween({ at: 0, followers: 200 }, { at: 4 * day, followers: 250 })).toEqual({
      gained: 50,
      per_day: 12.5,
      per_cent: 25,
      days: 4,
    });
    expect(growthBetween({ at: 0, followers: 0 }, { at: day, followers: 5 })?.per_cent).toBeNull();
    expect(growthBetween(undefined, { at: day, followers: 5 })).toBeUndefined();
  });

  it('a rate in json is the fraction to six places; tables and csv give it in per cent to two', () => {
    const rate = engagementRate({ likes: 1234, replies: 56, reposts: 7, quotes: 8 }, 37_421);
    expect(rateFraction(rate)).toBe(0.034873);
    expect(ratePerCent(rate)).toBe(3.49);
    expect(rateFraction(null)).toBeNull();
    expect(ratePerCent(null)).toBeNull();
  });

  it('points gained per hour divide by the real interval, to one decimal, a number', () => {
    expect(pointsPerHour(31, 372)).toBe(5);
    expect(pointsPerHour(100, 343)).toBe(17.5);
    expect(pointsPerHour(5, null)).toBeNull();
    expect(pointsPerHour(5, 0)).toBeNull();
    expect(pointsPerHour('5', 60)).toBeNull();
  });
});
