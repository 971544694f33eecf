// The sandbox's trend archive: an hourly-captured, Hacker-News-like ranking per niche, generated
// from a seed (see archive-data.ts), and the three questions the service answers about it:
// coverage, trends and movers. Pure: no HTTP, no credits, no clock (every "now" is an argument).
//
// Time model: each real run of the collector has a capture time; its window is that time floored
// to the hour. When two runs share an hour, the window holds the later run's ranking and that
// run's time is the window's real capture time.

import { integerParam, route, TRENDS_MAX_SPAN_DAYS, TRENDS_POINTS_CAP } from '../domain/routes.js';
import type { Item, Mover, Niche, SeriesPoint } from '../domain/schemas.js';
import type { NicheData } from './archive-data.js';
import { buildNiches, DAY_MS, HOUR_MS, MINUTE_MS, NULL_VALUE, POSITIONS } from './archive-data.js';

export interface ArchiveOptions {
  seed: number;
  now: Date;
}

interface TrendsResult {
  from: Date;
  to: Date;
  points: number;
  truncated: boolean;
  items: Item[];
}

interface MoversResult {
  total: number;
  interval_min: number | null;
  items: Mover[];
  note?: string;
}

export interface Archive {
  /** Niche ids known to the archive (including the never-recorded one). */
  nicheIds(): string[];
  /** Coverage as of `now`: windows_24h counts distinct hourly windows with a capture in (now-24h, now]; last_window null if never recorded. Only captures at or before `now` count. */
  coverage(now: Date): Niche[];
  /** Trends for [from, to]. Unknown niche: { items: [], points: 0 }. Caps: span over 90 days (for any niche, known or not) is cut to the 90 days ending at `to` and truncated=true; at most min(5000, limit ?? 5000) series points (limit is a hint that can lower but never raise the 5000 cap), truncated=true when cut. */
  trends(niche: string, from: Date, to: Date, limit?: number): TrendsResult;
  /** Movers as of `now`: newest window vs the window whose real capture time is closest to now-hours. */
  movers(niche: string, hours: number, limit: number, now: Date): MoversResult;
}

/** The upstream source of the ranking, reported on every item. */
const ARCHIVE_PLATFORM = 'hackernews';
const TRENDS_MAX_SPAN_MS = TRENDS_MAX_SPAN_DAYS * DAY_MS;
/** The database's own clamp on movers' limit, behind the route's 1..100 check. */
const MOVERS_MAX_LIMIT = integerParam(route('movers'), 'limit')?.max ?? 100;

/** @internal Exported for its test. */
export const NOTE_UNKNOWN_NICHE = 'No movement to report: the archive has no niche by that name.';
/** @internal Exported for its test. */
export const NOTE_NO_WINDOWS = 'No movement to report: the niche has no two windows to compare.';
/** @internal Exported for its test. */
export const NOTE_NO_GAINS = 'No movement to report: no item gained points between the compared windows.';

/** First index in [lo, hi) whose value is >= x. */
function lowerBound(values: Float64Array, x: number, lo = 0, hi = values.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in [lo, hi) whose value is > x. */
function upperBound(values: Float64Array, x: number, lo = 0, hi = values.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? 0) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const nullable = (value: number | undefined): number | null =>
  value === undefined || value === NULL_VALUE ? null : value;

/** Numeric-string order for external ids (shorter is smaller), so ties sort the same everywhere. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** The last run at or before `nowMs`, or -1. */
function runAsOf(data: NicheData, nowMs: number): number {
  return upperBound(data.captureTimes, nowMs) - 1;
}

function coverageOf(data: NicheData, nowMs: number): Niche {
  const run = runAsOf(data, nowMs);
  if (run < 0) return { id: data.id, label: data.label, windows_24h: 0, last_window: null };
  const newest = data.captureWindow[run] ?? 0;
  // Windows are hours; those whose hour starts after now-24h, up to the one holding the newest
  // run, all have a run at or before now (every earlier hour's runs precede it).
  const oldest = upperBound(data.windowStarts, nowMs - DAY_MS);
  return {
    id: data.id,
    label: data.label,
    windows_24h: Math.max(0, newest - oldest + 1),
    last_window: data.windowIso[newest] ?? null,
  };
}

interface ItemBuilder {
  story: number;
  series: SeriesPoint[];
  best: number;
}

function trendsOf(
  data: NicheData,
  fromMs: number,
  toMs: number,
  cap: number,
): { points: number; cut: boolean; items: Item[] } {
  const first = lowerBound(data.windowStarts, fromMs);
  const last = upperBound(data.windowStarts, toMs) - 1;
  if (last < first) return { points: 0, cut: false, items: [] };

  // Keep the newest windows: whole windows, walking back from `to`, while they fit the cap. A
  // cap smaller than one window still gets the top of the newest window rather than nothing.
  let oldestKept = last + 1;
  let points = 0;
  while (oldestKept > first && points + POSITIONS <= cap) {
    oldestKept -= 1;
    points += POSITIONS;
  }
  let partial = 0;
  if (oldestKept === last + 1 && cap > 0) {
    partial = Math.min(cap, POSITIONS);
    oldestKept = last;
    points = partial;
  }
  const cut = oldestKept > first || partial > 0;

  const builders = new Map<number, ItemBuilder>();
  const order: ItemBuilder[] = [];
  for (let w = oldestKept; w <= last; w++) {
    const base = (data.windowCapture[w] ?? 0) * POSITIONS;
    const window = data.windowIso[w] ?? '';
    const slots = partial > 0 ? partial : POSITIONS;
    for (let p = 0; p < slots; p++) {
      const story = data.storyAt[base + p] ?? 0;
      let builder = builders.get(story);
      if (builder === undefined) {
        builder = { story, series: [], best: p + 1 };
        builders.set(story, builder);
        order.push(builder);
      }
      builder.series.push({
        window,
        position: p + 1,
        points: nullable(data.pointsAt[base + p]),
        comments: nullable(data.commentsAt[base + p]),
      });
      if (p + 1 < builder.best) builder.best = p + 1;
    }
  }

  // left_at is judged against the newest window at or before `to`: an item still in it has not left.
  order.sort(
    (a, b) =>
      a.best - b.best ||
      (data.storyFirstWindow[a.story] ?? 0) - (data.storyFirstWindow[b.story] ?? 0) ||
      compareIds(data.storyIds[a.story] ?? '', data.storyIds[b.story] ?? ''),
  );
  const items = order.map((builder): Item => {
    const text = data.storyText(builder.story);
    const lastSeen = data.storyLastWindow[builder.story] ?? last;
    const oldestPoint = builder.series[0];
    const newestPoint = builder.series[builder.series.length - 1];
    return {
      external_id: data.storyIds[builder.story] ?? '',
      title: text.title,
      url: text.url,
      platform: ARCHIVE_PLATFORM,
      entered_at: data.windowIso[data.storyFirstWindow[builder.story] ?? oldestKept] ?? '',
      left_at: lastSeen >= last ? null : (data.windowIso[lastSeen + 1] ?? null),
      best_position: builder.best,
      movement: (oldestPoint?.position ?? 0) - (newestPoint?.position ?? 0),
      series: builder.series,
    };
  });
  return { points, cut, items };
}

function moversOf(data: NicheData, hours: number, limit: number, nowMs: number): MoversResult {
  const empty = (note: string): MoversResult => ({ total: 0, interval_min: null, items: [], note });
  const newestRun = runAsOf(data, nowMs);
  const newestWindow = newestRun < 0 ? -1 : (data.captureWindow[newestRun] ?? -1);
  // Candidates are the windows before the newest one: all of their runs are earlier.
  if (newestWindow < 1) return empty(NOTE_NO_WINDOWS);
  const target = nowMs - hours * HOUR_MS;
  const times = data.windowCaptureTimes;
  const after = lowerBound(times, target, 0, newestWindow);
  let chosen: number;
  if (after >= newestWindow) chosen = newestWindow - 1;
  else if (after === 0) chosen = 0;
  else {
    const before = after - 1;
    // Closest real capture time to the target; a tie goes to the earlier window.
    chosen = target - (times[before] ?? 0) <= (times[after] ?? 0) - target ? before : after;
  }
  const olderRun = data.windowCapture[chosen] ?? 0;
  const olderPoints = new Map<number, number>();
  for (let p = 0; p < POSITIONS; p++) {
    olderPoints.set(data.storyAt[olderRun * POSITIONS + p] ?? 0, data.pointsAt[olderRun * POSITIONS + p] ?? NULL_VALUE);
  }
  const movers: Mover[] = [];
  const base = newestRun * POSITIONS;
  for (let p = 0; p < POSITIONS; p++) {
    const story = data.storyAt[base + p] ?? 0;
    const points = data.pointsAt[base + p] ?? NULL_VALUE;
    const before = olderPoints.get(story);
    if (points === NULL_VALUE || before === undefined || before === NULL_VALUE) continue;
    const gained = points - before;
    if (gained < 1) continue;
    const text = data.storyText(story);
    movers.push({
      external_id: data.storyIds[story] ?? '',
      title: text.title,
      url: text.url,
      points,
      points_gained: gained,
      comments: nullable(data.commentsAt[base + p]),
      position: p + 1,
    });
  }
  if (movers.length === 0) return empty(NOTE_NO_GAINS);
  movers.sort((a, b) => b.points_gained - a.points_gained || compareIds(a.external_id, b.external_id));
  const items = movers.slice(0, limit);
  const intervalMs = (data.captureTimes[newestRun] ?? 0) - (times[chosen] ?? 0);
  return { total: items.length, interval_min: Math.round(intervalMs / MINUTE_MS), items };
}

/** Read-only views of the generated data, for tests and debugging (not part of the service). */
interface ArchiveInspection {
  /** Every real run of the collector for the niche, ascending; empty for unknown niches. */
  captureTimes(niche: string): Date[];
  /** The niche's windows, ascending, each with the run it holds and that run's ranking. */
  windows(niche: string): WindowView[];
}

/** @internal Exported for its test. */
export interface WindowView {
  window: string;
  captured_at: string;
  /** Runs that fell in this hour (the window holds the last). */
  runs: number;
  entries: { external_id: string; position: number; points: number | null; comments: number | null }[];
}

const inspections = new WeakMap<Archive, Map<string, NicheData>>();

/** @internal Exported for its test. */
export function inspectArchive(archive: Archive): ArchiveInspection {
  const niches = inspections.get(archive);
  if (niches === undefined) throw new Error('not an archive made by buildArchive');
  return {
    captureTimes: (niche) => Array.from(niches.get(niche)?.captureTimes ?? [], (t) => new Date(t)),
    windows: (niche) => {
      const data = niches.get(niche);
      if (data === undefined) return [];
      const runsPerWindow = new Array<number>(data.windowStarts.length).fill(0);
      for (const w of data.captureWindow) runsPerWindow[w] = (runsPerWindow[w] ?? 0) + 1;
      return Array.from(data.windowCapture, (run, w): WindowView => {
        const base = run * POSITIONS;
        const entries: WindowView['entries'] = [];
        for (let p = 0; p < POSITIONS; p++) {
          entries.push({
            external_id: data.storyIds[data.storyAt[base + p] ?? 0] ?? '',
            position: p + 1,
            points: nullable(data.pointsAt[base + p]),
            comments: nullable(data.commentsAt[base + p]),
          });
        }
        return {
          window: data.windowIso[w] ?? '',
          captured_at: new Date(data.captureTimes[run] ?? 0).toISOString(),
          runs: runsPerWindow[w] ?? 0,
          entries,
        };
      });
    },
  };
}

export function buildArchive(options: ArchiveOptions): Archive {
  const niches = new Map<string, NicheData>();
  for (const data of buildNiches(options.seed, options.now.getTime())) niches.set(data.id, data);
  const ids = [...niches.keys()];

  const archive: Archive = {
    nicheIds: () => [...ids],
    coverage: (now) => [...niches.values()].map((data) => coverageOf(data, now.getTime())),
    trends: (niche, from, to, limit) => {
      const toMs = to.getTime();
      let fromMs = from.getTime();
      // The 90-day cap is the route's, not the niche's: an unknown niche's span is cut the same way.
      let truncated = false;
      if (toMs - fromMs > TRENDS_MAX_SPAN_MS) {
        fromMs = toMs - TRENDS_MAX_SPAN_MS;
        truncated = true;
      }
      const data = niches.get(niche);
      if (data === undefined) return { from: new Date(fromMs), to: new Date(toMs), points: 0, truncated, items: [] };
      const hint = limit !== undefined && Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : TRENDS_POINTS_CAP;
      const result = trendsOf(data, fromMs, toMs, Math.min(TRENDS_POINTS_CAP, hint));
      return {
        from: new Date(fromMs),
        to: new Date(toMs),
        points: result.points,
        truncated: truncated || result.cut,
        items: result.items,
      };
    },
    movers: (niche, hours, limit, now) => {
      const data = niches.get(niche);
      if (data === undefined) return { total: 0, interval_min: null, items: [], note: NOTE_UNKNOWN_NICHE };
      const span = Number.isFinite(hours) ? hours : 24;
      const top = Number.isFinite(limit) ? Math.min(MOVERS_MAX_LIMIT, Math.max(1, Math.floor(limit))) : 20;
      return moversOf(data, span, top, now.getTime());
    },
  };
  inspections.set(archive, niches);
  return archive;
}
