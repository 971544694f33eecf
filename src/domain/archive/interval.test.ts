// The archive's time and interval rules: ages and dates read, an interval filled and checked, minutes said.
import { describe, expect, it } from 'vitest';
import { usage } from '../../../test/helpers/usage.js';
import { say } from '../../messages/catalogue.js';
import { formatDuration, parseInterval, parseSince, parseTime } from './interval.js';

const NOW = new Date('2026-11-21T12:00:00Z');

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

  it('says each end as asked: an instant, or relative to now the same whatever the clock', () => {
    const later = new Date(NOW.getTime() + 40 * 60_000);
    const asked = (from: string | undefined, to: string | undefined, now = NOW) => parseInterval(from, to, now).asked;
    expect(asked('2026-11-01', undefined)).toEqual({ from: '2026-11-01T00:00:00.000Z', to: 'now' });
    expect(asked('2026-11-01', undefined, later)).toEqual(asked('2026-11-01T00:00Z', 'now'));
    expect(asked('36h', undefined, later)).toEqual({ from: 'now-2160m', to: 'now' });
    expect(asked('2w', '1w')).toEqual({ from: 'now-20160m', to: 'now-10080m' });
    // The default from follows its to: 7 days before now, or before the instant given.
    expect(asked(undefined, 'now')).toEqual({ from: 'now-10080m', to: 'now' });
    expect(asked(undefined, '2026-11-10')).toEqual({
      from: '2026-11-03T00:00:00.000Z',
      to: '2026-11-10T00:00:00.000Z',
    });
  });

  it('needs from before to and at most 90 days', () => {
    expect(usage(() => parseInterval('1d', '2d', NOW)).message).toMatch(/must be before --to/);
    expect(usage(() => parseInterval('1d', '1d', NOW)).message).toMatch(/must be before --to/);
    expect(usage(() => parseInterval('91d', undefined, NOW)).message).toMatch(/spans 91d; .*at most 90 days/);
    expect(usage(() => parseInterval('2200h', undefined, NOW)).message).toMatch(/spans 91d 16h; /);
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

describe('helpers', () => {
  it('formatDuration says days, hours and minutes, the parts that are 0 left out', () => {
    const said = (minutes: number) => say(formatDuration(minutes));
    expect(said(372)).toBe('6h 12m');
    expect(said(360)).toBe('6h');
    expect(said(45)).toBe('45m');
    expect(said(0)).toBe('0m');
    expect(said(1448)).toBe('1d 8m');
    expect(said(1500)).toBe('1d 1h');
    expect(said(91 * 1440 + 4 * 60)).toBe('91d 4h');
  });
});
