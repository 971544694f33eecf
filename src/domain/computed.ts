// The figures an analyst computes beside what the service sent, never into it: a post's
// engagement rate, followers gained between snapshots and per day, an account's growth over a
// period, a mover's points gained per hour. Pure: every figure from its arguments, null where an
// input is unknown (a null is never taken as 0, so an unknown never turns into a rate). The one
// place each is made: tables, csv, --computed json and ndjson, track report and the MCP tools all
// show the number these functions return, rounded here, once.

const DAY_MS = 86_400_000;

/** `value` to `places` decimals; null for an unknown or a value that is not a finite number. */
export function rounded(value: number | null, places: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}

export interface Counters {
  likes: number | null;
  replies: number | null;
  reposts: number | null;
  quotes: number | null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * (likes + replies + reposts + quotes) / the author's followers when it was fetched, as a
 * fraction (0.034 is 3.4%); null when any of them is unknown, or there are no followers.
 */
export function engagementRate(metrics: Partial<Counters> | null | undefined, followers: unknown): number | null {
  if (metrics === null || metrics === undefined || !isCount(followers) || followers <= 0) return null;
  const { likes, replies, reposts, quotes } = metrics;
  if (!isCount(likes) || !isCount(replies) || !isCount(reposts) || !isCount(quotes)) return null;
  return (likes + replies + reposts + quotes) / followers;
}

/** A rate as json gives it (computed.engagement_rate): a fraction, to six places. */
export function rateFraction(rate: number | null): number | null {
  return rounded(rate, 6);
}

/** The places a per cent is rounded to, and shown to: the engagement column's, track report's growth. */
export const PER_CENT_PLACES = 2;

/** The same rate as tables and csv show it (their `engagement` column): in per cent, to two places. */
export function ratePerCent(rate: number | null): number | null {
  return rate === null ? null : rounded(rate * 100, PER_CENT_PLACES);
}

/** The mean of the rates that are known; null when none is. */
export function meanRate(rates: ReadonlyArray<number | null>): { rate: number | null; of: number } {
  const known = rates.filter((rate): rate is number => rate !== null);
  return {
    rate: known.length === 0 ? null : known.reduce((sum, rate) => sum + rate, 0) / known.length,
    of: known.length,
  };
}

interface Gain {
  /** Followers gained since the snapshot before (negative: lost); null for the first or an unknown. */
  gained: number | null;
  /** `gained` a day, over the time between the two snapshots; null as gained, or when no time passed. */
  per_day: number | null;
}

/**
 * Each snapshot's gain on the one before it with a follower count: the snapshots as columns (the
 * i-th time and count are the i-th snapshot's), the gains likewise, `per_day` to one decimal.
 */
export function gains(
  fetchedAt: readonly string[],
  followers: ReadonlyArray<number | null>,
): { gained: Array<number | null>; per_day: Array<number | null> } {
  // growthBetween's figures (gainADay's), from the snapshot before kept as two numbers: no object a snapshot.
  const gained: Array<number | null> = [];
  const perDay: Array<number | null> = [];
  let before = false;
  let beforeAt = 0;
  let beforeCount = 0;
  for (let i = 0; i < fetchedAt.length; i++) {
    const at = Date.parse(fetchedAt[i] as string);
    const count = followers[i];
    if (!isCount(count) || !Number.isFinite(at)) {
      gained.push(null);
      perDay.push(null);
      continue;
    }
    const gain = count - beforeCount;
    gained.push(before ? gain : null);
    perDay.push(before ? rounded(gainADay(gain, (at - beforeAt) / DAY_MS), 1) : null);
    before = true;
    beforeAt = at;
    beforeCount = count;
  }
  return { gained, per_day: perDay };
}

export interface Growth extends Gain {
  /** `gained` as a per cent of the followers at the start; null when they were 0 or unknown. */
  per_cent: number | null;
  /** Days between the two snapshots. */
  days: number | null;
}

/** Growth from one count to a later one. */
export function growthBetween(
  from: { at: number; followers: number } | undefined,
  to: { at: number; followers: number } | undefined,
): Growth | undefined {
  if (from === undefined || to === undefined) return undefined;
  const gained = to.followers - from.followers;
  const days = (to.at - from.at) / DAY_MS;
  return {
    gained,
    per_day: gainADay(gained, days),
    per_cent: from.followers > 0 ? (gained / from.followers) * 100 : null,
    days,
  };
}

/** `gained` a day over `days`; null when no time passed. */
function gainADay(gained: number, days: number): number | null {
  return days > 0 ? gained / days : null;
}

/**
 * Points gained per hour over the real gap between a mover's two windows, to one decimal (as
 * tables, csv, json and charts all give it); null without a gap.
 */
export function pointsPerHour(pointsGained: unknown, intervalMin: unknown): number | null {
  if (!isCount(intervalMin) || !isCount(pointsGained) || !(intervalMin > 0)) return null;
  return Number((pointsGained / (intervalMin / 60)).toFixed(1));
}
