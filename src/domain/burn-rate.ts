// How fast credits go: the spend per day over the last 7 and 30 days from a ledger's entries, and
// at that pace the days until the balance runs out, beside the date the free allowance resets.
// Pure (entries, balance and now are arguments), so a ledger kept anywhere (the spend file, a
// PostgreSQL table summed in SQL: SpendWindows) gives the same figures.

const DAY_MS = 86_400_000;

/** The windows the pace is taken over, in days. */
export const BURN_WINDOWS = [7, 30] as const;

/** What the pace needs of a ledger entry: when it was charged and what (uncertain ones at their cost). */
export interface SpendEntry {
  at: string | Date;
  credits: number;
}

/**
 * A ledger summed for the pace, wherever it is kept: when its first entry was (up to now), and
 * what was spent in each of BURN_WINDOWS, (now - days, now]. A PostgreSQL ledger sums it in SQL.
 */
export interface SpendWindows {
  first: Date | undefined;
  spent: readonly number[];
}

export interface BurnWindow {
  /** The window's length in days (7 or 30). */
  days: number;
  /** Credits charged in the window (now - days, now]. */
  credits: number;
  /**
   * Days the pace is taken over: the window, or less when the ledger's first entry is younger
   * than it (a ledger a day old has one day of pace, not a seventh of a week); at least 1.
   */
  over_days: number;
  /** credits / over_days; 0 when nothing was spent. */
  per_day: number;
  /** At that pace, days until the balance is spent; null when nothing is spent or the balance is unknown. */
  days_left: number | null;
  /** The day (UTC, YYYY-MM-DD) it runs out at that pace, or null. */
  runs_out_on: string | null;
  /** Whether it runs out before the free allowance resets; null when it does not run out or the reset is unknown. */
  before_reset: boolean | null;
}

export interface BurnRate {
  balance: number | null;
  /** When the free allowance resets (00:00 UTC on the 1st), ISO 8601, or null when unknown. */
  free_resets_at: string | null;
  windows: BurnWindow[];
}

/** The burn rate of `entries` as of `now`, against `balance` and the free allowance's reset. */
export function burnRate(
  entries: Iterable<SpendEntry>,
  now: Date,
  balance: number | null,
  freeResetsAt: string | null,
): BurnRate {
  return burnRateOf(spendWindows(entries, now), now, balance, freeResetsAt);
}

/** `entries` summed for the pace as of `now` (an entry after now is not counted). */
function spendWindows(entries: Iterable<SpendEntry>, now: Date): SpendWindows {
  const end = now.getTime();
  const spent = BURN_WINDOWS.map(() => 0);
  let first = Number.POSITIVE_INFINITY;
  for (const entry of entries) {
    const at = entry.at instanceof Date ? entry.at.getTime() : Date.parse(entry.at);
    if (!Number.isFinite(at) || at > end) continue;
    if (at < first) first = at;
    const credits = Number.isFinite(entry.credits) && entry.credits > 0 ? entry.credits : 0;
    BURN_WINDOWS.forEach((days, i) => {
      if (at > end - days * DAY_MS) spent[i] = (spent[i] ?? 0) + credits;
    });
  }
  return { first: Number.isFinite(first) ? new Date(first) : undefined, spent };
}

/** The burn rate of a summed ledger as of `now`, against `balance` and the free allowance's reset. */
export function burnRateOf(
  summed: SpendWindows,
  now: Date,
  balance: number | null,
  freeResetsAt: string | null,
): BurnRate {
  const end = now.getTime();
  const reset = freeResetsAt === null ? Number.NaN : Date.parse(freeResetsAt);
  const windows = BURN_WINDOWS.map((days, i): BurnWindow => {
    const credits = summed.spent[i] ?? 0;
    const age = summed.first === undefined ? days : (end - summed.first.getTime()) / DAY_MS;
    const overDays = Math.max(1, Math.min(days, Math.ceil(age)));
    const perDay = credits / overDays;
    const daysLeft = perDay > 0 && balance !== null ? Math.max(0, balance) / perDay : null;
    const runsOut = daysLeft === null ? null : end + daysLeft * DAY_MS;
    return {
      days,
      credits,
      over_days: overDays,
      per_day: round(perDay, 2),
      days_left: daysLeft === null ? null : round(daysLeft, 1),
      runs_out_on: runsOut === null ? null : new Date(runsOut).toISOString().slice(0, 10),
      before_reset: runsOut === null || !Number.isFinite(reset) ? null : runsOut < reset,
    };
  });
  return { balance, free_resets_at: Number.isFinite(reset) ? new Date(reset).toISOString() : null, windows };
}

function round(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
