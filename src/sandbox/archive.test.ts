import { describe, expect, it } from 'vitest';
import { TRENDS_POINTS_CAP } from '../domain/routes.js';
import type { Item, Mover } from '../domain/schemas.js';
import { ItemSchema, MoverSchema, NicheSchema } from '../domain/schemas.js';
import type { WindowView } from './archive.js';
import { buildArchive, inspectArchive, NOTE_NO_GAINS, NOTE_NO_WINDOWS, NOTE_UNKNOWN_NICHE } from './archive.js';

const NOW = new Date('2026-11-21T12:34:00Z');
const SEED = 20261121;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RECORDED = ['tech', 'science', 'business', 'show'] as const;
const WINDOW_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/;

const archive = buildArchive({ seed: SEED, now: NOW });
const inspect = inspectArchive(archive);
const windowsOf = new Map<string, WindowView[]>(RECORDED.map((niche) => [niche, inspect.windows(niche)]));

function windows(niche: string): WindowView[] {
  const found = windowsOf.get(niche);
  if (found === undefined) throw new Error(`no windows for ${niche}`);
  return found;
}

function at(iso: string): number {
  return Date.parse(iso);
}

function ago(ms: number): Date {
  return new Date(NOW.getTime() - ms);
}

function gapsMinutes(niche: string): number[] {
  const times = inspect.captureTimes(niche).map((d) => d.getTime());
  return times.slice(1).map((t, i) => (t - (times[i] ?? t)) / MINUTE);
}

/** Movers computed the slow way from the raw windows, with `now` equal to a window's capture time. */
function bruteMovers(niche: string, newestIndex: number, hours: number, limit: number) {
  const all = windows(niche);
  const newest = all[newestIndex];
  if (newest === undefined || newestIndex === 0) return undefined;
  const now = at(newest.captured_at);
  const target = now - hours * HOUR;
  let chosen = 0;
  for (let w = 1; w < newestIndex; w++) {
    const best = Math.abs(at(all[chosen]!.captured_at) - target);
    if (Math.abs(at(all[w]!.captured_at) - target) < best) chosen = w;
  }
  const older = all[chosen]!;
  const before = new Map(older.entries.map((e) => [e.external_id, e.points]));
  const gains: {
    external_id: string;
    points: number;
    points_gained: number;
    comments: number | null;
    position: number;
  }[] = [];
  let lost = 0;
  let onlyOne = 0;
  for (const entry of newest.entries) {
    const old = before.get(entry.external_id);
    if (!before.has(entry.external_id)) {
      onlyOne += 1;
      continue;
    }
    if (entry.points === null || old === null || old === undefined) continue;
    const gained = entry.points - old;
    if (gained < 0) lost += 1;
    if (gained >= 1) {
      gains.push({
        external_id: entry.external_id,
        points: entry.points,
        points_gained: gained,
        comments: entry.comments,
        position: entry.position,
      });
    }
  }
  gains.sort((a, b) => b.points_gained - a.points_gained || Number(a.external_id) - Number(b.external_id));
  return {
    now: new Date(now),
    chosen,
    interval_min: Math.round((now - at(older.captured_at)) / MINUTE),
    items: gains.slice(0, limit),
    lost,
    onlyOne,
  };
}

describe('sandbox archive: generated history', () => {
  it('is deterministic for a seed and a now', () => {
    const again = buildArchive({ seed: SEED, now: NOW });
    const againInspect = inspectArchive(again);
    const snapshot = (a: typeof archive, i: typeof inspect) =>
      JSON.stringify({
        coverage: a.coverage(NOW),
        trends: RECORDED.map((n) => a.trends(n, ago(7 * DAY), NOW)),
        movers: RECORDED.map((n) => [a.movers(n, 24, 20, NOW), a.movers(n, 6, 100, NOW)]),
        windows: RECORDED.map((n) => i.windows(n)),
        captures: RECORDED.map((n) => i.captureTimes(n)),
      });
    expect(snapshot(again, againInspect)).toBe(snapshot(archive, inspect));
    const other = buildArchive({ seed: SEED + 1, now: NOW });
    expect(JSON.stringify(inspectArchive(other).windows('tech'))).not.toBe(JSON.stringify(windows('tech')));
  });

  it('keeps its shape for other seeds and clocks (on the hour, with seconds, long ago)', () => {
    for (const [seed, iso] of [
      [7, '2027-03-14T07:00:00.000Z'],
      [123456789012, '2025-06-30T23:59:59.999Z'],
      [-3, '2001-01-01T00:30:30Z'],
    ] as const) {
      const now = new Date(iso);
      const other = buildArchive({ seed, now });
      const coverage = new Map(other.coverage(now).map((n) => [n.id, n]));
      expect(coverage.get('tech')?.windows_24h).toBe(24);
      expect(coverage.get('science')?.windows_24h).toBeGreaterThanOrEqual(15);
      expect(coverage.get('science')?.windows_24h).toBeLessThanOrEqual(19);
      expect(coverage.get('startups')?.last_window).toBeNull();
      for (const niche of RECORDED) {
        const times = inspectArchive(other)
          .captureTimes(niche)
          .map((d) => d.getTime());
        const gaps = times.slice(1).map((t, i) => (t - (times[i] ?? t)) / MINUTE);
        expect([Math.min(...gaps), Math.max(...gaps)]).toEqual([12, 321]);
        expect(times[0]!).toBeLessThanOrEqual(now.getTime() - 120 * DAY);
        expect(times[times.length - 1]!).toBeLessThanOrEqual(now.getTime());
      }
      for (const item of other.trends('tech', new Date(now.getTime() - 2 * DAY), now).items)
        expect(ItemSchema.safeParse(item).success).toBe(true);
      for (const mover of other.movers('tech', 6, 100, now).items)
        expect(MoverSchema.safeParse(mover).success).toBe(true);
    }
  });

  it('knows five niches, one of them never recorded', () => {
    expect(archive.nicheIds()).toEqual(['tech', 'science', 'business', 'show', 'startups']);
    expect(inspect.captureTimes('startups')).toEqual([]);
    expect(inspect.windows('startups')).toEqual([]);
    expect(inspect.captureTimes('nope')).toEqual([]);
  });

  it('captures with irregular gaps of 12 to 321 minutes, both extremes occurring', () => {
    for (const niche of RECORDED) {
      const gaps = gapsMinutes(niche);
      expect(gaps.length).toBeGreaterThan(1000);
      expect(gaps.every((g) => Number.isInteger(g))).toBe(true);
      expect(Math.min(...gaps)).toBe(12);
      expect(Math.max(...gaps)).toBe(321);
      expect(new Set(gaps).size).toBeGreaterThan(100);
    }
  });

  it('holds at least 120 days of history ending at now', () => {
    for (const niche of RECORDED) {
      const times = inspect.captureTimes(niche);
      expect(times[0]!.getTime()).toBeLessThanOrEqual(NOW.getTime() - 120 * DAY);
      expect(times[times.length - 1]!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(times[times.length - 1]!.getTime()).toBeGreaterThan(NOW.getTime() - 6 * HOUR);
    }
  });

  it('folds runs into hourly windows, the later run of an hour winning', () => {
    for (const niche of RECORDED) {
      const all = windows(niche);
      const times = inspect.captureTimes(niche).map((d) => d.getTime());
      const byHour = new Map<number, number[]>();
      for (const t of times) {
        const hour = Math.floor(t / HOUR) * HOUR;
        byHour.set(hour, [...(byHour.get(hour) ?? []), t]);
      }
      expect(all.length).toBe(byHour.size);
      let shared = 0;
      const problems: string[] = [];
      const positions = JSON.stringify(Array.from({ length: 20 }, (_, p) => p + 1));
      all.forEach((w, i) => {
        const runs = byHour.get(at(w.window)) ?? [];
        if (!WINDOW_FORMAT.test(w.window)) problems.push(`${w.window}: format`);
        if (i > 0 && at(w.window) <= at(all[i - 1]!.window)) problems.push(`${w.window}: order`);
        if (w.runs !== runs.length) problems.push(`${w.window}: runs`);
        if (at(w.captured_at) !== Math.max(...runs)) problems.push(`${w.window}: not the later run`);
        if (JSON.stringify(w.entries.map((e) => e.position)) !== positions) problems.push(`${w.window}: positions`);
        if (new Set(w.entries.map((e) => e.external_id)).size !== 20) problems.push(`${w.window}: duplicate item`);
        if (w.runs > 1) shared += 1;
      });
      expect(problems).toEqual([]);
      expect(shared).toBeGreaterThan(10);
    }
  });

  it('has a run in every one of the last 24 hourly windows for tech', () => {
    const hours = new Set(windows('tech').map((w) => at(w.window)));
    const current = Math.floor(NOW.getTime() / HOUR) * HOUR;
    for (let k = 0; k < 24; k++) expect(hours.has(current - k * HOUR)).toBe(true);
  });

  it('never lets a story back in once it left, and uses HN-like ids, titles and links', () => {
    const seenIn = new Map<string, string>();
    for (const niche of RECORDED) {
      const all = windows(niche);
      const first = new Map<string, number>();
      const last = new Map<string, number>();
      const count = new Map<string, number>();
      const foreign: string[] = [];
      all.forEach((w, i) => {
        for (const e of w.entries) {
          if (!first.has(e.external_id)) first.set(e.external_id, i);
          last.set(e.external_id, i);
          count.set(e.external_id, (count.get(e.external_id) ?? 0) + 1);
          const owner = seenIn.get(e.external_id);
          if (owner !== undefined && owner !== niche) foreign.push(e.external_id);
          seenIn.set(e.external_id, niche);
        }
      });
      expect(foreign).toEqual([]);
      const badIds = [...count.keys()].filter((id) => !/^[1-9]\d{7}$/.test(id));
      expect(badIds).toEqual([]);
      // Present in every window between its first and its last: it never came back.
      const reentered = [...count].filter(([id, n]) => n !== (last.get(id) ?? 0) - (first.get(id) ?? 0) + 1);
      expect(reentered).toEqual([]);
      // New stories usually enter low on the page.
      const entries = [...first.entries()]
        .filter(([, i]) => i > 0)
        .map(([id, i]) => all[i]!.entries.find((e) => e.external_id === id)!.position)
        .sort((a, b) => a - b);
      expect(entries[Math.floor(entries.length / 2)]).toBeGreaterThanOrEqual(11);
    }
    const sample = archive.trends('show', ago(3 * DAY), NOW).items;
    expect(sample.length).toBeGreaterThan(0);
    for (const item of sample) {
      expect(item.platform).toBe('hackernews');
      expect(item.url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
      expect(item.title).not.toMatch(/lorem|ipsum/i);
      expect(item.title.length).toBeGreaterThan(10);
    }
  });

  it('contains unreadable values: null comments now and then, null points rarely', () => {
    const entries = RECORDED.flatMap((n) => windows(n).flatMap((w) => w.entries));
    const nullComments = entries.filter((e) => e.comments === null).length;
    const nullPoints = entries.filter((e) => e.points === null).length;
    expect(nullComments).toBeGreaterThan(0);
    expect(nullComments / entries.length).toBeLessThan(0.05);
    expect(nullPoints).toBeGreaterThan(0);
    expect(nullPoints).toBeLessThan(nullComments);
  });

  it('contains tie reshuffles: two items swap places between consecutive windows while neither gains points', () => {
    for (const niche of RECORDED) {
      const all = windows(niche);
      let swaps = 0;
      for (let i = 1; i < all.length; i++) {
        const before = new Map(all[i - 1]!.entries.map((e) => [e.external_id, e]));
        const now = all[i]!.entries;
        for (let p = 0; p + 1 < now.length; p++) {
          const a = now[p]!;
          const b = now[p + 1]!;
          const a0 = before.get(a.external_id);
          const b0 = before.get(b.external_id);
          if (!a0 || !b0 || a.points === null || b.points === null) continue;
          if (
            a0.position === b.position &&
            b0.position === a.position &&
            a0.points === a.points &&
            b0.points === b.points
          )
            swaps += 1;
        }
      }
      expect(swaps).toBeGreaterThan(3);
    }
  });
});

describe('sandbox archive: coverage', () => {
  const coverage = archive.coverage(NOW);
  const byId = new Map(coverage.map((n) => [n.id, n]));

  it('lists every niche with valid fields', () => {
    expect(coverage.map((n) => n.id)).toEqual(archive.nicheIds());
    for (const niche of coverage) expect(NicheSchema.safeParse(niche).success).toBe(true);
    expect(byId.get('show')?.label).toBe('Show & Tell');
  });

  it('reports tech complete, science with gaps, startups never recorded', () => {
    expect(byId.get('tech')).toEqual({
      id: 'tech',
      label: 'Technology',
      windows_24h: 24,
      last_window: '2026-11-21T12:00:00.000Z',
    });
    const science = byId.get('science')!;
    expect(science.windows_24h).toBeGreaterThanOrEqual(15);
    expect(science.windows_24h).toBeLessThanOrEqual(19);
    expect(byId.get('startups')).toEqual({ id: 'startups', label: 'Startups', windows_24h: 0, last_window: null });
  });

  it('counts windows with a run in (now-24h, now] and ignores runs after now', () => {
    for (const when of [NOW, ago(3 * DAY + 17 * MINUTE), ago(40 * DAY + 5 * HOUR)]) {
      for (const niche of archive.coverage(when)) {
        if (niche.id === 'startups') continue;
        const times = inspect
          .captureTimes(niche.id)
          .map((d) => d.getTime())
          .filter((t) => t <= when.getTime());
        const hours = new Set(times.map((t) => Math.floor(t / HOUR) * HOUR).filter((h) => h > when.getTime() - DAY));
        expect(niche.windows_24h).toBe(hours.size);
        expect(niche.windows_24h).toBeLessThanOrEqual(24);
        const latest = Math.max(...times);
        expect(niche.last_window).toBe(new Date(Math.floor(latest / HOUR) * HOUR).toISOString());
      }
    }
    const before = archive.coverage(new Date(NOW.getTime() - 200 * DAY));
    expect(before.every((n) => n.windows_24h === 0 && n.last_window === null)).toBe(true);
  });
});

function checkItems(items: Item[], from: Date, to: Date): number {
  let points = 0;
  items.forEach((item, i) => {
    expect(ItemSchema.safeParse(item).success).toBe(true);
    const series = item.series;
    expect(series.length).toBeGreaterThan(0);
    points += series.length;
    for (let k = 0; k < series.length; k++) {
      const t = at(series[k]!.window);
      expect(series[k]!.window).toMatch(WINDOW_FORMAT);
      expect(t).toBeGreaterThanOrEqual(from.getTime());
      expect(t).toBeLessThanOrEqual(to.getTime());
      if (k > 0) expect(t).toBeGreaterThan(at(series[k - 1]!.window));
    }
    expect(item.best_position).toBe(Math.min(...series.map((s) => s.position)));
    expect(item.movement).toBe(series[0]!.position - series[series.length - 1]!.position);
    expect(at(item.entered_at)).toBeLessThanOrEqual(at(series[0]!.window));
    if (item.left_at !== null) expect(at(item.left_at)).toBeGreaterThan(at(series[series.length - 1]!.window));
    const previous = items[i - 1];
    if (previous) {
      const order = previous.best_position - item.best_position || at(previous.entered_at) - at(item.entered_at);
      expect(order).toBeLessThanOrEqual(0);
    }
  });
  return points;
}

describe('sandbox archive: trends', () => {
  const to = NOW;
  const week = archive.trends('tech', ago(7 * DAY), to);

  it('answers a 7-day query whole, grouped by item, every item valid', () => {
    expect(week.truncated).toBe(false);
    expect(week.from.toISOString()).toBe(ago(7 * DAY).toISOString());
    expect(week.to.toISOString()).toBe(to.toISOString());
    const inRange = windows('tech').filter(
      (w) => at(w.window) >= ago(7 * DAY).getTime() && at(w.window) <= to.getTime(),
    );
    expect(week.points).toBe(inRange.length * 20);
    expect(checkItems(week.items, week.from, week.to)).toBe(week.points);
    expect(new Set(week.items.map((i) => i.external_id)).size).toBe(week.items.length);
  });

  it('matches the raw windows point for point', () => {
    const raw = new Map<string, string>();
    for (const w of windows('tech'))
      for (const e of w.entries)
        raw.set(`${e.external_id}@${w.window}`, JSON.stringify([e.position, e.points, e.comments]));
    for (const item of week.items) {
      for (const s of item.series)
        expect(JSON.stringify([s.position, s.points, s.comments])).toBe(raw.get(`${item.external_id}@${s.window}`));
    }
  });

  it('sets entered_at to the first-ever window and left_at to the first window the item was missing from', () => {
    const all = windows('tech');
    const mid = archive.trends('tech', ago(10 * DAY), ago(5 * DAY + 30 * MINUTE));
    const lastWindow = [...all].reverse().find((w) => at(w.window) <= mid.to.getTime())!;
    const inLast = new Set(lastWindow.entries.map((e) => e.external_id));
    let stayed = 0;
    let left = 0;
    for (const item of mid.items) {
      const present = all.filter((w) => w.entries.some((e) => e.external_id === item.external_id));
      expect(item.entered_at).toBe(present[0]!.window);
      if (inLast.has(item.external_id)) {
        expect(item.left_at).toBeNull();
        stayed += 1;
      } else {
        const lastPresent = all.indexOf(present[present.length - 1]!);
        expect(item.left_at).toBe(all[lastPresent + 1]!.window);
        left += 1;
      }
    }
    expect(stayed).toBe(20);
    expect(left).toBeGreaterThan(20);
    // Items still on the page at the newest capture have not left.
    const newest = all[all.length - 1]!;
    for (const item of week.items) {
      expect(item.left_at === null).toBe(newest.entries.some((e) => e.external_id === item.external_id));
    }
  });

  it('reports movement as oldest minus newest position, both signs occurring', () => {
    const climbed = week.items.filter((i) => i.movement > 0);
    const fell = week.items.filter((i) => i.movement < 0);
    expect(climbed.length).toBeGreaterThan(0);
    expect(fell.length).toBeGreaterThan(0);
    for (const item of climbed)
      expect(item.series[0]!.position).toBeGreaterThan(item.series[item.series.length - 1]!.position);
  });

  it('cuts a 90-day query to 5000 points, keeping the newest windows', () => {
    const quarter = archive.trends('tech', ago(90 * DAY), to);
    expect(quarter.truncated).toBe(true);
    expect(quarter.points).toBe(TRENDS_POINTS_CAP);
    expect(checkItems(quarter.items, quarter.from, quarter.to)).toBe(quarter.points);
    const kept = new Set(quarter.items.flatMap((i) => i.series.map((s) => s.window)));
    const newest = windows('tech')
      .filter((w) => at(w.window) <= to.getTime())
      .slice(-TRENDS_POINTS_CAP / 20)
      .map((w) => w.window);
    expect([...kept].sort()).toEqual(newest);
  });

  it('cuts a span over 90 days to the 90 days ending at to', () => {
    const long = archive.trends('science', ago(100 * DAY), to);
    expect(long.truncated).toBe(true);
    expect(long.to.toISOString()).toBe(to.toISOString());
    expect(long.from.toISOString()).toBe(ago(90 * DAY).toISOString());
    expect(long.points).toBeLessThanOrEqual(TRENDS_POINTS_CAP);
    // A short span that far back, inside the history, is not cut.
    const old = archive.trends('science', ago(110 * DAY), ago(108 * DAY));
    expect(old.truncated).toBe(false);
    expect(old.points).toBeGreaterThan(0);
    checkItems(old.items, old.from, old.to);
  });

  it('lets limit lower the point cap but never raise it', () => {
    const low = archive.trends('tech', ago(7 * DAY), to, 100);
    expect(low.truncated).toBe(true);
    expect(low.points).toBe(100);
    expect(checkItems(low.items, low.from, low.to)).toBe(100);
    const high = archive.trends('tech', ago(90 * DAY), to, 10_000);
    expect(high.points).toBe(TRENDS_POINTS_CAP);
    expect(high.truncated).toBe(true);
    expect(JSON.stringify(high)).toBe(JSON.stringify(archive.trends('tech', ago(90 * DAY), to)));
    expect(archive.trends('tech', ago(7 * DAY), to, 10_000).truncated).toBe(false);
    // Below one window's worth: the top of the newest window.
    const tiny = archive.trends('tech', ago(7 * DAY), to, 5);
    expect(tiny.points).toBe(5);
    expect(tiny.truncated).toBe(true);
    expect(tiny.items.map((i) => i.series[0]!.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers an unknown or never-recorded niche with nothing', () => {
    const unknown = archive.trends('tecnology', ago(7 * DAY), to);
    expect(unknown).toMatchObject({ points: 0, truncated: false, items: [] });
    const never = archive.trends('startups', ago(7 * DAY), to);
    expect(never).toMatchObject({ points: 0, truncated: false, items: [] });
  });
});

describe('sandbox archive: movers', () => {
  function checkMovers(items: Mover[]): void {
    items.forEach((item, i) => {
      expect(MoverSchema.safeParse(item).success).toBe(true);
      expect(item.points_gained).toBeGreaterThanOrEqual(1);
      const previous = items[i - 1];
      if (previous) expect(previous.points_gained).toBeGreaterThanOrEqual(item.points_gained);
    });
  }

  it('compares the newest window with the one captured closest to now-hours', () => {
    const result = archive.movers('tech', 6, 100, NOW);
    const all = windows('tech');
    const newest = all[all.length - 1]!;
    const target = NOW.getTime() - 6 * HOUR;
    const distances = all.slice(0, -1).map((w) => Math.abs(at(w.captured_at) - target));
    const closest = distances.indexOf(Math.min(...distances));
    const expected = Math.round((at(newest.captured_at) - at(all[closest]!.captured_at)) / MINUTE);
    expect(result.interval_min).toBe(expected);
    expect(result.total).toBe(result.items.length);
    expect(result.total).toBeGreaterThan(0);
    expect(result.note).toBeUndefined();
    checkMovers(result.items);
    const brute = bruteMovers('tech', all.length - 1, 6, 100)!;
    expect(brute.chosen).toBe(closest);
    expect(result.items).toEqual(
      brute.items.map((m) => ({ ...m, title: expect.any(String), url: expect.any(String) })),
    );
  });

  it('reports the real gap, not the requested hours, across many comparisons', () => {
    let lostSeen = 0;
    let onlyOneSeen = 0;
    let notRequested = 0;
    for (const niche of ['tech', 'science', 'business'] as const) {
      const all = windows(niche);
      for (let k = 0; k < 40; k++) {
        const newestIndex = all.length - 1 - k * 37;
        for (const hours of [1, 3, 24, 100]) {
          const brute = bruteMovers(niche, newestIndex, hours, 100)!;
          const result = archive.movers(niche, hours, 100, brute.now);
          if (brute.items.length === 0) {
            expect(result).toEqual({ total: 0, interval_min: null, items: [], note: NOTE_NO_GAINS });
            continue;
          }
          expect(result.interval_min).toBe(brute.interval_min);
          if (result.interval_min !== hours * 60) notRequested += 1;
          expect(result.items.map((m) => [m.external_id, m.points, m.points_gained, m.comments, m.position])).toEqual(
            brute.items.map((m) => [m.external_id, m.points, m.points_gained, m.comments, m.position]),
          );
          checkMovers(result.items);
          lostSeen += brute.lost;
          onlyOneSeen += brute.onlyOne;
        }
      }
    }
    // The exclusions were exercised: items that lost points, items present in one window only.
    expect(lostSeen).toBeGreaterThan(0);
    expect(onlyOneSeen).toBeGreaterThan(0);
    expect(notRequested).toBeGreaterThan(0);
  });

  it('picks the earlier window when two are equally close to the target', () => {
    const all = windows('business');
    const i = all.length - 50;
    const older = at(all[i - 1]!.captured_at);
    const newer = at(all[i]!.captured_at);
    // Whole minutes apart, so the midpoint is a whole number of milliseconds and now-6h hits it exactly.
    const midpoint = (older + newer) / 2;
    const now = midpoint + 6 * HOUR;
    expect(now).toBeLessThan(NOW.getTime());
    const newest = Math.max(
      ...inspect
        .captureTimes('business')
        .map((d) => d.getTime())
        .filter((t) => t <= now),
    );
    const result = archive.movers('business', 6, 100, new Date(now));
    expect(result.interval_min).toBe(Math.round((newest - older) / MINUTE));
  });

  it('respects limit and counts the items it returns', () => {
    const top = archive.movers('tech', 24, 3, NOW);
    const full = archive.movers('tech', 24, 100, NOW);
    expect(top.items.length).toBeLessThanOrEqual(3);
    expect(top.total).toBe(top.items.length);
    expect(top.items).toEqual(full.items.slice(0, 3));
    const many = archive.movers('tech', 2, 100, NOW);
    expect(many.items.length).toBeGreaterThan(3);
    expect(archive.movers('tech', 2, 2, NOW).items).toEqual(many.items.slice(0, 2));
  });

  it('answers an empty, explained result when there is nothing to compare', () => {
    const empty = { total: 0, interval_min: null, items: [] };
    expect(archive.movers('tecnology', 24, 20, NOW)).toEqual({ ...empty, note: NOTE_UNKNOWN_NICHE });
    expect(archive.movers('startups', 24, 20, NOW)).toEqual({ ...empty, note: NOTE_NO_WINDOWS });
    const first = inspect.captureTimes('tech')[0]!;
    expect(archive.movers('tech', 24, 20, new Date(first.getTime() - MINUTE))).toEqual({
      ...empty,
      note: NOTE_NO_WINDOWS,
    });
    // The first window alone: nothing earlier to compare with.
    const firstWindow = windows('tech')[0]!;
    expect(archive.movers('tech', 24, 20, new Date(at(firstWindow.captured_at)))).toEqual({
      ...empty,
      note: NOTE_NO_WINDOWS,
    });
    for (const note of [NOTE_UNKNOWN_NICHE, NOTE_NO_WINDOWS, NOTE_NO_GAINS])
      expect(note).toMatch(/^No movement to report: .+\.$/);
  });

  it('answers no gains when the compared windows differ only by a tie reshuffle', () => {
    const all = windows('tech');
    const i = all.findIndex(
      (w, k) =>
        k > 0 &&
        JSON.stringify(w.entries.map((e) => e.points).sort()) ===
          JSON.stringify(all[k - 1]!.entries.map((e) => e.points).sort()) &&
        w.entries.some((e, p) => e.external_id !== all[k - 1]!.entries[p]!.external_id),
    );
    expect(i).toBeGreaterThan(0);
    const newer = at(all[i]!.captured_at);
    const older = at(all[i - 1]!.captured_at);
    const result = archive.movers('tech', (newer - older) / HOUR, 20, new Date(newer));
    expect(result).toEqual({ total: 0, interval_min: null, items: [], note: NOTE_NO_GAINS });
  });
});
