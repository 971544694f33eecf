// Option parsing and the pure helpers of the archive commands, apart from any request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gainedPerHour } from '../../commands/movers/columns.js';
import { parseMoversOptions } from '../../commands/movers/index.js';
import { windowsLabel } from '../../commands/niches/columns.js';
import { parseTrendsOptions } from '../../commands/trends/index.js';
import { timelineSeries } from '../../commands/trends/run.js';
import { SEEN_KEEP_MS, SeenState } from '../../infra/state/seen.js';
import { SocialError } from '../errors.js';
import type { Item } from '../schemas.js';
import { formatMinutes, parseInterval, parseSince, parseTime } from './interval.js';

const NOW = new Date('2026-11-21T12:00:00Z');

function usage(fn: () => unknown): SocialError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SocialError);
    expect((error as SocialError).kind).toBe('usage');
    return error as SocialError;
  }
  throw new Error('expected a usage error');
}

describe('parseTime', () => {
  it('reads ages back from now', () => {
    expect(parseTime('--from', '36h', NOW).toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(parseTime('--from', '7d', NOW).toISOString()).toBe('2026-11-14T12:00:00.000Z');
    expect(parseTime('--from', '2w', NOW).toISOString()).toBe('2026-11-07T12:00:00.000Z');
    expect(parseTime('--from', '45m', NOW).toISOString()).toBe('2026-11-21T11:15:00.000Z');
    expect(parseTime('--from', ' 3D ', NOW).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(parseTime('--to', 'now', NOW).toISOString()).toBe(NOW.toISOString());
  });

  it('reads dates as midnight UTC and instants with their offset', () => {
    expect(parseTime('--from', '2026-11-01', NOW).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(parseTime('--from', '2026-11-01T08:30Z', NOW).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(parseTime('--from', '2026-11-01T08:30:15.5-0300', NOW).toISOString()).toBe('2026-11-01T11:30:15.500Z');
    expect(parseTime('--from', '2026-11-01 08:30+01:00', NOW).toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('refuses what is not a time, naming the flag and the forms', () => {
    for (const raw of [
      '',
      'yesterday',
      '36',
      'h36',
      '1.5d',
      '3y',
      '2026-13-01',
      '2026-02-29',
      '2026-11-01T25:00Z',
      '2026-11-31T10:00Z',
    ]) {
      const error = usage(() => parseTime('--from', raw, NOW));
      expect(error.message).toContain('--from');
    }
    expect(usage(() => parseTime('--to', '2026-11-01T08:30', NOW)).message).toMatch(/no time zone/);
  });
});

describe('parseInterval', () => {
  it('sends nothing when neither end is given', () => {
    const interval = parseInterval(undefined, undefined, NOW);
    expect(interval.explicit).toBe(false);
    expect(interval.to.getTime() - interval.from.getTime()).toBe(7 * 86_400_000);
  });

  it('fills the missing end locally: to = now, from = to - 7 days', () => {
    expect(parseInterval('36h', undefined, NOW)).toMatchObject({ explicit: true, to: NOW });
    const onlyTo = parseInterval(undefined, '2026-11-10', NOW);
    expect(onlyTo.from.toISOString()).toBe('2026-11-03T00:00:00.000Z');
  });

  it('needs from before to and at most 90 days', () => {
    expect(usage(() => parseInterval('1d', '2d', NOW)).message).toMatch(/must be before --to/);
    expect(usage(() => parseInterval('1d', '1d', NOW)).message).toMatch(/must be before --to/);
    expect(usage(() => parseInterval('91d', undefined, NOW)).message).toMatch(/spans 91d; .*at most 90 days/);
    expect(parseInterval('90d', undefined, NOW).explicit).toBe(true);
    expect(parseInterval('12w', undefined, NOW).explicit).toBe(true);
    usage(() => parseInterval('13w', undefined, NOW));
    usage(() => parseInterval('2160h1', undefined, NOW));
    usage(() => parseInterval('2161h', undefined, NOW));
  });

  it('--since must not be in the future', () => {
    expect(parseSince('30d', NOW).toISOString()).toBe('2026-10-22T12:00:00.000Z');
    usage(() => parseSince('2026-12-01', NOW));
  });
});

describe('command options', () => {
  it('trends: --limit 1..5000, --series', () => {
    expect(parseTrendsOptions(' tech ', { limit: '5000', series: true }, NOW)).toMatchObject({
      niche: 'tech',
      limit: 5000,
      series: true,
    });
    expect(usage(() => parseTrendsOptions('tech', { limit: '5001' }, NOW)).message).toMatch(/refused, not clamped/);
    usage(() => parseTrendsOptions('  ', {}, NOW));
  });

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
});

describe('helpers', () => {
  it('formatMinutes says hours and minutes', () => {
    expect(formatMinutes(372)).toBe('6h12m');
    expect(formatMinutes(360)).toBe('6h');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(1500)).toBe('25h');
  });

  it('gainedPerHour divides by the real interval, to one decimal, a number', () => {
    expect(gainedPerHour(31, 372)).toBe(5);
    expect(gainedPerHour(100, 343)).toBe(17.5);
    expect(gainedPerHour(5, null)).toBeNull();
    expect(gainedPerHour(5, 0)).toBeNull();
  });

  it('windowsLabel marks gaps, not for a never-recorded niche', () => {
    expect(windowsLabel({ id: 'a', label: 'A', windows_24h: 24, last_window: '2026-11-21T12:00:00Z' })).toBe('24/24');
    expect(windowsLabel({ id: 'a', label: 'A', windows_24h: 17, last_window: '2026-11-21T12:00:00Z' })).toBe(
      '17/24 gaps',
    );
    expect(windowsLabel({ id: 'a', label: 'A', windows_24h: 0, last_window: null })).toBe('0/24');
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

  it('the --new-only state is per service and niche, merged, and forgets after 30 days', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'social-seen-'));
    try {
      const record = async (service: string, niche: string, ids: string[], now = NOW) => {
        const state = await open(dir, service, niche, now);
        try {
          state.save(ids, now);
        } finally {
          await state.release();
        }
      };
      const seen = async (service: string, niche: string) => {
        const state = await open(dir, service, niche, NOW);
        await state.release();
        return [...state.seen()].sort();
      };
      await record('https://a', 'tech', ['1', '2']);
      await record('https://a', 'tech', ['3']);
      await record('https://b', 'tech', ['9']);
      expect(await seen('https://a', 'tech')).toEqual(['1', '2', '3']);
      expect(await seen('https://a', 'science')).toEqual([]);
      expect(await seen('https://b', 'tech')).toEqual(['9']);
      await record('https://a', 'tech', ['4'], new Date(NOW.getTime() + SEEN_KEEP_MS + 1));
      expect(await seen('https://a', 'tech')).toEqual(['4']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function open(dir: string, service: string, niche: string, now: Date): Promise<SeenState> {
  return SeenState.open(dir, { service, niche, reset: false, now, waitMs: 0, movedAside: () => {} });
}
