// Times on the command line of the archive commands: ISO 8601 instants or dates, or ages like
// 36h, 7d, 2w meaning "that long before now". Everything is checked here, before anything is sent.

import type { Said } from '../../messages/catalogue.js';
import { formatDate, formatDateTime } from '../../messages/intl.js';
import { currentLanguage } from '../../messages/language.js';
import '../../messages/use-common.js';
import { said, t } from '../../messages/use-errors.js';
import { usageError } from '../errors.js';
import { isoMinute } from '../iso-time.js';
import { TRENDS_DEFAULT_SPAN_DAYS, TRENDS_MAX_SPAN_DAYS } from '../routes.js';
import { quoted, shownText } from '../text.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const UNITS: Record<string, number> = { m: MINUTE_MS, h: HOUR_MS, d: DAY_MS, w: 7 * DAY_MS };
const AGE = /^(\d{1,6})([mhdw])$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time needs its offset: without one it would mean a different instant on every machine.
const INSTANT = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/;

/** A time option as read: when, and how long before now it was given as, if it was. */
interface TimeRead {
  at: Date;
  /**
   * For a time given relative to now, how long before it (ms): an age (7d, 36h), which says how
   * long ago itself, or 0 for `now`. Undefined for a date or an instant, which name the time itself.
   */
  ago: number | undefined;
}

/** A time option: an age before `now`, a date (00:00 UTC) or an instant with its offset. */
export function parseTime(flag: string, raw: string, now: Date): Date {
  return readTime(flag, raw, now).at;
}

function readTime(flag: string, raw: string, now: Date): TimeRead {
  const text = raw.trim();
  if (text.toLowerCase() === 'now') return { at: new Date(now.getTime()), ago: 0 };
  const age = AGE.exec(text);
  if (age) {
    const [, amount = '0', unit = 'h'] = age;
    const ago = Number(amount) * (UNITS[unit.toLowerCase()] ?? HOUR_MS);
    return { at: new Date(now.getTime() - ago), ago };
  }
  const date = DATE.exec(text);
  if (date) {
    const [, y = '', m = '', d = ''] = date;
    const when = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (when.getUTCFullYear() === Number(y) && when.getUTCMonth() === Number(m) - 1 && when.getUTCDate() === Number(d))
      return { at: when, ago: undefined };
    throw usageError(said('errors.time.notDate', { flag, got: quoted(raw) }), t('errors.time.hint'));
  }
  if (INSTANT.test(text)) {
    const when = new Date(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (!Number.isNaN(when.getTime()) && sameCalendarDay(text, when)) return { at: when, ago: undefined };
    throw usageError(said('errors.time.notDateTime', { flag, got: quoted(raw) }), t('errors.time.hint'));
  }
  if (LOCAL_DATE_TIME.test(text)) {
    throw usageError(said('errors.time.noZone', { flag, got: quoted(raw) }), t('errors.time.noZone.hint', { text }));
  }
  throw usageError(said('errors.time.notTime', { flag, got: quoted(raw) }), t('errors.time.hint'));
}

/** Date.parse rolls 2026-02-30 over to March: the written day must be a real one. */
function sameCalendarDay(text: string, when: Date): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return (
    probe.getUTCFullYear() === y &&
    probe.getUTCMonth() === m - 1 &&
    probe.getUTCDate() === d &&
    !Number.isNaN(when.getTime())
  );
}

export interface Interval {
  from: Date;
  to: Date;
  /** Whether the user gave --from or --to: if not, none is sent and the service's default applies. */
  explicit: boolean;
  /**
   * Each end as asked (see askedTime): an end given relative to now (an age, `now`, or --to left
   * out) is said as that, not as the instant this run's clock made of it. The same question asked
   * again later is asked the same, though its instants moved: what the local store finds its
   * answer by (--max-age, --offline).
   */
  asked: { from: string; to: string };
}

/**
 * The trends interval. Without --from and --to, the service's default (the last 7 days) and
 * nothing is sent; with one of them, the other defaults locally (to = now, from = to - 7 days)
 * and both are sent, so the service never fills in a default of its own.
 */
export function parseInterval(fromRaw: string | undefined, toRaw: string | undefined, now: Date): Interval {
  const end: TimeRead = toRaw === undefined ? { at: new Date(now.getTime()), ago: 0 } : readTime('--to', toRaw, now);
  const span = TRENDS_DEFAULT_SPAN_DAYS * DAY_MS;
  const start: TimeRead =
    fromRaw === undefined
      ? { at: new Date(end.at.getTime() - span), ago: end.ago === undefined ? undefined : end.ago + span }
      : readTime('--from', fromRaw, now);
  const [from, to] = [start.at, end.at];
  if (from.getTime() >= to.getTime()) {
    throw usageError(
      said('errors.time.order', { from: from.toISOString(), to: to.toISOString() }),
      t('errors.time.order.hint'),
    );
  }
  const length = to.getTime() - from.getTime();
  if (length > TRENDS_MAX_SPAN_DAYS * DAY_MS) {
    throw usageError(
      said('errors.time.span', { span: formatDuration(Math.round(length / HOUR_MS) * 60), n: TRENDS_MAX_SPAN_DAYS }),
      t('errors.time.span.hint', { n: TRENDS_MAX_SPAN_DAYS }),
    );
  }
  return {
    from,
    to,
    explicit: fromRaw !== undefined || toRaw !== undefined,
    asked: { from: askedTime(start), to: askedTime(end) },
  };
}

/**
 * A time as asked: its instant (ISO 8601), or for one relative to now, `now` or `now-2160m`
 * (36h, in minutes: every age is whole minutes, so 36h and 2160m are one question).
 */
function askedTime(time: TimeRead): string {
  if (time.ago === undefined) return time.at.toISOString();
  return time.ago === 0 ? 'now' : `now-${Math.round(time.ago / MINUTE_MS)}m`;
}

/** A --since as read: when, as typed, and how long before now it was given as (an age, 7d, 36h; `now`). */
export interface Since extends TimeRead {
  raw: string;
}

/** --since of `credits`: a time in the past (an age, a date or an instant). */
export function parseSince(raw: string, now: Date): Date {
  return readSince(raw, now).at;
}

/** --since of `track report`: parseSince's time, with what it was given as, which the report's heading says. */
export function readSince(raw: string, now: Date): Since {
  const since = readTime('--since', raw, now);
  if (since.at.getTime() > now.getTime()) throw usageError(said('errors.time.future', { got: quoted(raw) }));
  return { ...since, raw };
}

/**
 * A duration for a message, the one way each language writes one, in narrow units: "91d 4h",
 * "6h 12m", "45m"; "91 dias 4 h", "6 h 12 min", "45 min". Days, hours and minutes, the parts
 * that are 0 left out (0 is "0m"); its figures are digits alone. Rounded to the minute.
 */
export function formatDuration(minutes: number): Said {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return said('common.unknown');
  const whole = Math.max(0, Math.round(minutes));
  const [days, hours, mins] = [Math.floor(whole / 1440), Math.floor((whole % 1440) / 60), whole % 60];
  const parts: Said[] = [];
  if (days > 0) parts.push(said('common.span.days', { n: days, days: String(days) }));
  if (hours > 0) parts.push(said('common.span.hours', { hours: String(hours) }));
  if (mins > 0 || parts.length === 0) parts.push(said('common.span.minutes', { minutes: String(mins) }));
  return parts.reduce((first, next) => said('common.span.then', { first, next }));
}

/** A window or instant as a short UTC text, whatever the language: "2026-11-21 11:00" (what csv writes). */
export function utcMinute(iso: string): string {
  // A stored time is its own digits: no Date made for each of a history's rows.
  const minute = typeof iso === 'string' ? isoMinute(iso) : undefined;
  return minute ?? shortTime(iso, (when) => when.toISOString().slice(0, 16).replace('T', ' '));
}

/**
 * A window or instant as a short UTC text for people, in the run's language: "2026-11-21 11:00",
 * "21/11/2026 11:00". English writes it as utcMinute does.
 */
export function shortUtc(iso: string): string {
  return currentLanguage() === 'en' ? utcMinute(iso) : shortTime(iso, formatDateTime);
}

/** A UTC day ("2026-12-03") for people, in the run's language: "2026-12-03", "03/12/2026". */
export function shortDay(day: string): string {
  return shortTime(day, formatDate);
}

function shortTime(iso: string, format: (when: Date) => string): string {
  // A drifted field (an object, nothing) is said as sent, never as "Invalid Date" or "undefined".
  if (typeof iso !== 'string') return shownText(iso);
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : format(when);
}
