// Generation of the sandbox archive: for each niche, the real capture times (irregular gaps of 12
// to 321 minutes) and a simulated Hacker-News-like front page of 20 positions at each capture,
// folded into hourly windows. Everything is drawn from the seed; nothing reads the clock.
//
// Layout: snapshots are flat typed arrays, POSITIONS slots per capture (story index, points,
// comments; -1 stands for null), so building is allocation-light and queries can slice by index.

import type { StoryKind, StoryText } from './archive-text.js';
import { storyText } from './archive-text.js';
import { mixSeed, Random } from './random.js';

export const POSITIONS = 20;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** How far back the generated history reaches (the first capture is at most one gap later). */
const HISTORY_DAYS = 130;
const MIN_GAP_MIN = 12;
const MAX_GAP_MIN = 321;
/** Marks a value the capture could not read (null in the API). */
export const NULL_VALUE = -1;

type ScheduleKind = 'complete' | 'gappy' | 'normal' | 'never';

interface NicheSpec {
  id: string;
  label: string;
  schedule: ScheduleKind;
  kind: StoryKind;
}

const NICHE_SPECS: readonly NicheSpec[] = [
  { id: 'tech', label: 'Technology', schedule: 'complete', kind: 'tech' },
  { id: 'science', label: 'Science', schedule: 'gappy', kind: 'science' },
  { id: 'business', label: 'Business', schedule: 'normal', kind: 'business' },
  { id: 'show', label: 'Show & Tell', schedule: 'normal', kind: 'show' },
  { id: 'startups', label: 'Startups', schedule: 'never', kind: 'business' },
];

export interface NicheData {
  id: string;
  label: string;
  /** Every real run, ascending (ms). */
  captureTimes: Float64Array;
  /** Index of the window each run falls in. */
  captureWindow: Int32Array;
  /** POSITIONS slots per run: story index, points, comments (NULL_VALUE for null). */
  storyAt: Int32Array;
  pointsAt: Int32Array;
  commentsAt: Int32Array;
  /** Hour start of each window (ms), ascending. */
  windowStarts: Float64Array;
  /** The run a window holds: the last one in its hour. */
  windowCapture: Int32Array;
  /** Real capture time of that run (ms), ascending. */
  windowCaptureTimes: Float64Array;
  windowIso: string[];
  storyIds: string[];
  /** Headline and link of a story, made on first use. */
  storyText(story: number): StoryText;
  /** First and last window each story appears in (-1 if a later run of the same hour hid it). */
  storyFirstWindow: Int32Array;
  storyLastWindow: Int32Array;
}

// ---------------------------------------------------------------------------------------------
// Capture schedules. Built backwards from the end of history, then reversed.

/** The usual spread of gaps between runs, in minutes. */
function normalGap(rng: Random): number {
  const r = rng.next();
  if (r < 0.07) return rng.int(MIN_GAP_MIN, 25);
  if (r < 0.8) return rng.int(35, 95);
  if (r < 0.95) return rng.int(96, 180);
  return rng.int(181, MAX_GAP_MIN);
}

/** Gaps of a collector having a bad day: longer outages between bursts. */
function gappyGap(rng: Random): number {
  const r = rng.next();
  if (r < 0.1) return rng.int(MIN_GAP_MIN, 30);
  if (r < 0.85) return rng.int(40, 90);
  return rng.int(150, MAX_GAP_MIN);
}

/** Windows with a run at or before `nowMs` whose hour starts within (now-24h, now]. */
function windows24h(times: readonly number[], nowMs: number): number {
  const hours = new Set<number>();
  for (const t of times) {
    if (t <= nowMs && Math.floor(t / HOUR_MS) * HOUR_MS > nowMs - DAY_MS) hours.add(Math.floor(t / HOUR_MS));
  }
  return hours.size;
}

/**
 * Continues `descending` (newest first) with ordinary gaps until the history start. Two of the
 * gaps are pinned to the documented extremes so both bounds occur in every recorded niche.
 */
function extendBack(rng: Random, descending: number[], startMs: number): void {
  const pinnedShort = rng.int(40, 260);
  let pinnedLong = rng.int(280, 520);
  if (pinnedLong === pinnedShort) pinnedLong += 1;
  let t = descending[descending.length - 1];
  if (t === undefined) throw new Error('extendBack needs a newest run');
  for (let index = 0; ; index++) {
    const gap = index === pinnedShort ? MIN_GAP_MIN : index === pinnedLong ? MAX_GAP_MIN : normalGap(rng);
    t -= gap * MINUTE_MS;
    if (t < startMs) break;
    descending.push(t);
  }
}

function captureSchedule(rng: Random, kind: ScheduleKind, nowMs: number): number[] {
  if (kind === 'never') return [];
  const nowMinute = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const startMs = nowMs - HISTORY_DAYS * DAY_MS;
  const descending: number[] = [];

  if (kind === 'complete') {
    // One run in each of the last 26 hourly windows (the current one included, at or before
    // now), offsets chosen so consecutive runs stay at least 12 minutes apart; now and then a
    // second run in the same hour.
    const span = 26;
    const offsets: number[] = [rng.int(0, Math.min(59, (nowMinute - hourStart) / MINUTE_MS))];
    for (let k = 1; k < span; k++) {
      const later = offsets[k - 1] ?? 0;
      offsets.push(rng.int(0, Math.min(59, 60 - MIN_GAP_MIN + later)));
    }
    for (let k = 0; k < span; k++) {
      const offset = offsets[k] ?? 0;
      const windowStart = hourStart - k * HOUR_MS;
      descending.push(windowStart + offset * MINUTE_MS);
      const earlier = offsets[k + 1];
      if (earlier !== undefined && rng.next() < 0.2) {
        const lo = Math.max(0, earlier - (60 - MIN_GAP_MIN));
        const hi = offset - MIN_GAP_MIN;
        if (lo <= hi) descending.push(windowStart + rng.int(lo, hi) * MINUTE_MS);
      }
    }
  } else if (kind === 'gappy') {
    // Redraw the last day until it shows clear gaps: 15 to 19 windows and at least one outage.
    for (let attempt = 0; ; attempt++) {
      const recent: number[] = [nowMinute - rng.int(0, 40) * MINUTE_MS];
      let longest = 0;
      for (;;) {
        const gap = gappyGap(rng);
        const last = recent[recent.length - 1] ?? nowMinute;
        if (last < nowMs - DAY_MS - 2 * HOUR_MS) break;
        longest = Math.max(longest, gap);
        recent.push(last - gap * MINUTE_MS);
      }
      const count = windows24h(recent, nowMs);
      if ((count >= 15 && count <= 19 && longest >= 150) || attempt > 500) {
        descending.push(...recent);
        break;
      }
    }
  } else {
    descending.push(nowMinute - rng.int(0, 75) * MINUTE_MS);
  }
  extendBack(rng, descending, startMs);
  return descending.reverse();
}

// ---------------------------------------------------------------------------------------------
// The front page.

const GRAVITY = 1.8;
/** Points per hour a story of average quality gains at each position (the top is seen most). */
const RATE_BY_POSITION = Float64Array.from({ length: POSITIONS }, (_, p) => 30 / (p + 1) ** 0.8);
/** Hours over which a story's vote rate fades by a factor e. */
const VOTE_FADE_HOURS = 18;
/** Stories reaching the page per hour: with POSITIONS slots, a stay of roughly 17 hours. */
const ARRIVALS_PER_HOUR = 1.15;
/** Room for the page plus the arrivals of one run. */
const CANDIDATES = POSITIONS + 8;

/** Stories leave the page once older than this. */
const MAX_AGE_HOURS = 60;
// Run times and submission times are whole minutes, so ages are too: the two curves that depend
// on age alone are tabulated once per minute of age instead of recomputed for every story and run.
const AGE_TABLE_MINUTES = (MAX_AGE_HOURS + 12) * 60;
const GRAVITY_BY_MINUTE = Float64Array.from({ length: AGE_TABLE_MINUTES }, (_, m) => (m / 60 + 2) ** GRAVITY);
const FADE_BY_MINUTE = Float64Array.from({ length: AGE_TABLE_MINUTES }, (_, m) => Math.exp(-m / 60 / VOTE_FADE_HOURS));

/** (age_hours + 2)^1.8, the upstream's gravity. */
function gravity(ageMinutes: number): number {
  return GRAVITY_BY_MINUTE[ageMinutes] ?? (ageMinutes / 60 + 2) ** GRAVITY;
}

function fade(ageMinutes: number): number {
  return FADE_BY_MINUTE[ageMinutes] ?? Math.exp(-ageMinutes / 60 / VOTE_FADE_HOURS);
}

/**
 * Runs the front page forward over the capture times. The upstream ranks by
 * (points - 1) / (age_hours + 2)^1.8; the page keeps POSITIONS stories; whatever falls off has left
 * for good. New stories are slotted in by score, mostly near the bottom. (A class, not closures,
 * so the optimiser keeps one shape and one call target per method across niches.)
 */
class FrontPage {
  readonly storyAt: Int32Array;
  readonly pointsAt: Int32Array;
  readonly commentsAt: Int32Array;
  // Per story.
  readonly createdAt: number[] = [];
  readonly points: number[] = [];
  readonly comments: number[] = [];
  readonly quality: number[] = [];
  readonly commentRatio: number[] = [];
  readonly ids: number[] = [];
  /** Seed of the story's headline and link, drawn when a query first needs them. */
  readonly textSeeds: number[] = [];
  // The page being built at one run, sorted by score (descending, ties by story index).
  private readonly candStory = new Int32Array(CANDIDATES);
  private readonly candScore = new Float64Array(CANDIDATES);
  private count = 0;
  private readonly active = new Int32Array(POSITIONS);

  constructor(
    private readonly rng: Random,
    private readonly times: readonly number[],
    private readonly nowMs: number,
    private readonly taken: Set<number>,
  ) {
    const slots = times.length * POSITIONS;
    this.storyAt = new Int32Array(slots);
    this.pointsAt = new Int32Array(slots);
    this.commentsAt = new Int32Array(slots);
  }

  /** A new story whose score at `t` is about `score`, submitted `ageHours` earlier. */
  private addStory(t: number, score: number, ageHours: number): number {
    const rng = this.rng;
    const index = this.ids.length;
    const ageMinutes = Math.round(ageHours * 60);
    const createdAt = t - ageMinutes * MINUTE_MS;
    const points = Math.max(2, Math.round(score * gravity(ageMinutes) + 1));
    // Numeric ids grow with submission time, like the upstream site's; unique archive-wide.
    let id = 46_000_000 - Math.round(((this.nowMs - createdAt) / MINUTE_MS) * 8) + rng.int(0, 7);
    while (this.taken.has(id)) id += 1;
    this.taken.add(id);
    this.createdAt.push(createdAt);
    this.points.push(points);
    this.comments.push(Math.round(points * rng.float(0.05, 0.4)));
    this.quality.push(Math.exp(rng.normal() * 0.4));
    this.commentRatio.push(rng.float(0.2, 0.9));
    this.ids.push(id);
    this.textSeeds.push(rng.seed());
    return index;
  }

  private insert(story: number, score: number): void {
    const { candStory, candScore } = this;
    let i = this.count;
    while (i > 0) {
      const aboveScore = candScore[i - 1] ?? 0;
      if (aboveScore > score || (aboveScore === score && (candStory[i - 1] ?? 0) < story)) break;
      candStory[i] = candStory[i - 1] ?? 0;
      candScore[i] = aboveScore;
      i -= 1;
    }
    candStory[i] = story;
    candScore[i] = score;
    this.count += 1;
  }

  /**
   * An upstream tie reshuffle: a quick re-crawl sees no new votes, only two neighbours swapped.
   * Only where the previous run and this one are each the run their window keeps, so the swap is
   * visible between two consecutive windows.
   */
  private reshuffle(run: number, hourKey: readonly number[]): boolean {
    const { times, rng } = this;
    const gapMin = ((times[run] ?? 0) - (times[run - 1] ?? 0)) / MINUTE_MS;
    const ownWindow =
      hourKey[run] !== hourKey[run - 1] && (run === times.length - 1 || hourKey[run + 1] !== hourKey[run]);
    if (gapMin > 45 || !ownWindow || rng.next() >= 0.3) return false;
    const base = run * POSITIONS;
    const previous = base - POSITIONS;
    const j = base + rng.int(3, POSITIONS - 2);
    for (const column of [this.storyAt, this.pointsAt, this.commentsAt]) {
      column.copyWithin(base, previous, base);
      const upper = column[j] ?? 0;
      column[j] = column[j + 1] ?? 0;
      column[j + 1] = upper;
    }
    return true;
  }

  /** Votes, comments and departures of the stories on the page since the last update. */
  private vote(t: number, dtHours: number): void {
    const rng = this.rng;
    for (let p = 0; p < POSITIONS; p++) {
      const story = this.active[p] ?? 0;
      const ageMinutes = Math.round((t - (this.createdAt[story] ?? t)) / MINUTE_MS);
      const expected = (RATE_BY_POSITION[p] ?? 1) * (this.quality[story] ?? 1) * fade(ageMinutes) * dtHours;
      let gain = Math.max(0, Math.round(expected + Math.sqrt(expected) * 0.8 * rng.normal()));
      // One draw decides the rare events: a vote correction, a flag, a late comment.
      const event = rng.next();
      if (event < 0.006) gain -= rng.int(4, 15);
      const points = Math.max(1, (this.points[story] ?? 1) + gain);
      this.points[story] = points;
      let comments = this.comments[story] ?? 0;
      if (gain > 0) comments += Math.round(gain * (this.commentRatio[story] ?? 0.5) * rng.float(0.5, 1.5));
      if (event > 1 - 0.3 * dtHours) comments += 1 + (story % 3);
      this.comments[story] = comments;
      const flagged = event >= 0.006 && event < 0.006 + 0.003 * dtHours;
      if (flagged || ageMinutes > MAX_AGE_HOURS * 60) continue;
      this.insert(story, (points - 1) / gravity(ageMinutes));
    }
  }

  /** New stories: mostly slotted in near the bottom, sometimes straight into the top half. */
  private arrive(t: number, dtHours: number): void {
    const { rng, candScore } = this;
    const arrivals = Math.min(CANDIDATES - POSITIONS, rng.poisson(ARRIVALS_PER_HOUR * dtHours));
    for (let k = 0; k < arrivals; k++) {
      let position = rng.next() < 0.85 ? POSITIONS - Math.floor(Math.abs(rng.normal()) * 3.5) : rng.int(2, 12);
      position = Math.max(1, Math.min(position, this.count + 1, POSITIONS));
      const above = position >= 2 ? candScore[position - 2] : undefined;
      const below = position - 1 < this.count ? candScore[position - 1] : undefined;
      let score: number;
      if (above === undefined) score = (below ?? 1) * rng.float(1.05, 1.3);
      else if (below === undefined) score = above * rng.float(0.7, 0.95);
      else score = rng.float(below, above);
      const story = this.addStory(t, score, rng.float(0.3, 2.5));
      const ageMinutes = Math.round((t - (this.createdAt[story] ?? t)) / MINUTE_MS);
      this.insert(story, ((this.points[story] ?? 2) - 1) / gravity(ageMinutes));
    }
    // Keep the page full.
    while (this.count < POSITIONS) {
      const lowest = this.count > 0 ? (candScore[this.count - 1] ?? 1) : 1;
      const story = this.addStory(t, lowest * rng.float(0.6, 0.95), rng.float(0.3, 2.5));
      this.candStory[this.count] = story;
      candScore[this.count] = -1;
      this.count += 1;
    }
  }

  /** The top POSITIONS make the page; whatever fell below it has left for good. */
  private record(run: number): void {
    const base = run * POSITIONS;
    for (let p = 0; p < POSITIONS; p++) {
      const story = this.candStory[p] ?? 0;
      this.active[p] = story;
      this.storyAt[base + p] = story;
      // A reading glitch now and then: points (rarely) or comments unreadable.
      const glitch = this.rng.next();
      this.pointsAt[base + p] = glitch < 0.003 ? NULL_VALUE : (this.points[story] ?? NULL_VALUE);
      this.commentsAt[base + p] = glitch > 0.985 ? NULL_VALUE : (this.comments[story] ?? NULL_VALUE);
    }
  }

  run(): this {
    const { times } = this;
    const hourKey = times.map((t) => Math.floor(t / HOUR_MS));
    let lastUpdate = times[0] ?? 0;
    for (let run = 0; run < times.length; run++) {
      const t = times[run] ?? 0;
      if (run > 0 && this.reshuffle(run, hourKey)) continue;
      this.count = 0;
      if (run === 0) {
        for (let p = 0; p < POSITIONS; p++) {
          this.candStory[p] = this.addStory(t, 5 * 0.88 ** p, this.rng.float(0.5, 20));
          this.count += 1;
        }
      } else {
        const dtHours = (t - lastUpdate) / HOUR_MS;
        this.vote(t, dtHours);
        this.arrive(t, dtHours);
      }
      this.record(run);
      lastUpdate = t;
    }
    return this;
  }
}

// ---------------------------------------------------------------------------------------------

function buildNiche(spec: NicheSpec, index: number, seed: number, nowMs: number, taken: Set<number>): NicheData {
  const rng = new Random(mixSeed(seed, index, 0x5eed));
  const times = captureSchedule(rng, spec.schedule, nowMs);
  const page = new FrontPage(rng, times, nowMs, taken).run();

  const runs = times.length;
  const captureWindow = new Int32Array(runs);
  const starts: number[] = [];
  const held: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = Math.floor((times[run] ?? 0) / HOUR_MS) * HOUR_MS;
    if (starts[starts.length - 1] !== start) {
      starts.push(start);
      held.push(run);
    } else {
      held[held.length - 1] = run;
    }
    captureWindow[run] = starts.length - 1;
  }
  const windowCapture = Int32Array.from(held);
  const windowCaptureTimes = Float64Array.from(held, (run) => times[run] ?? 0);
  const storyCount = page.ids.length;
  const storyFirstWindow = new Int32Array(storyCount).fill(-1);
  const storyLastWindow = new Int32Array(storyCount).fill(-1);
  for (let w = 0; w < held.length; w++) {
    const base = (held[w] ?? 0) * POSITIONS;
    for (let p = 0; p < POSITIONS; p++) {
      const story = page.storyAt[base + p] ?? 0;
      if (storyFirstWindow[story] === -1) storyFirstWindow[story] = w;
      storyLastWindow[story] = w;
    }
  }
  const texts: (StoryText | undefined)[] = new Array<StoryText | undefined>(storyCount);
  return {
    id: spec.id,
    label: spec.label,
    captureTimes: Float64Array.from(times),
    captureWindow,
    storyAt: page.storyAt,
    pointsAt: page.pointsAt,
    commentsAt: page.commentsAt,
    windowStarts: Float64Array.from(starts),
    windowCapture,
    windowCaptureTimes,
    windowIso: starts.map((start) => new Date(start).toISOString()),
    storyIds: page.ids.map(String),
    storyText: (story) => {
      let text = texts[story];
      if (text === undefined) {
        text = storyText(page.textSeeds[story] ?? 0, spec.kind, page.createdAt[story] ?? 0);
        texts[story] = text;
      }
      return text;
    },
    storyFirstWindow,
    storyLastWindow,
  };
}

export function buildNiches(seed: number, nowMs: number): NicheData[] {
  const taken = new Set<number>();
  return NICHE_SPECS.map((spec, index) => buildNiche(spec, index, seed, nowMs, taken));
}
