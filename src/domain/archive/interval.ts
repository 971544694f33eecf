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

/** A time option as read: when, and whether it was given as an age (7d, 36h), which says how long ago itself. */
interface TimeRead {
  at: Date;
  age: boolean;
}

/** A time option: an age before `now`, a date (00:00 UTC) or an instant with its offset. */
export function parseTime(flag: string, raw: string, now: Date): Date {
  return readTime(flag, raw, now).at;
}

function readTime(flag: string, raw: string, now: Date): TimeRead {
  const text = raw.trim();
  if (text.toLowerCase() === 'now') return { at: new Date(now.getTime()), age: false };
  const age = AGE.exec(text);
  if (age) {
    const [, amount = '0', unit = 'h'] = age;
    return { at: new Date(now.getTime() - Number(amount) * (UNITS[unit.toLowerCase()] ?? HOUR_MS)), age: true };
  }
  const date = DATE.exec(text);
  if (date) {
    const [, y = '', m = '', d = ''] = date;
    const when = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (when.getUTCFullYear() === Number(y) && when.getUTCMonth() === Number(m) - 1 && when.getUTCDate() === Number(d))
      return { at: when, age: false };
    throw usageError(said('errors.time.notDate', { flag, got: quoted(raw) }), t('errors.time.hint'));
  }
  if (INSTANT.test(text)) {
    const when = new Date(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (!Number.isNaN(when.getTime()) && sameCalendarDay(text, when)) return { at: when, age: false };
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
}

/**
 * The trends interval. Without --from and --to, the service's default (the last 7 days) and
 * nothing is sent; with one of them, the other defaults locally (to = now, from = to - 7 days)
 * and both are sent, so the service never fills in a default of its own.
 */
export function parseInterval(fromRaw: string | undefined, toRaw: string | undefined, now: Date): Interval {
  const to = toRaw === undefined ? new Date(now.getTime()) : parseTime('--to', toRaw, now);
  const from =
    fromRaw === undefined
      ? new Date(to.getTime() - TRENDS_DEFAULT_SPAN_DAYS * DAY_MS)
      : parseTime('--from', fromRaw, now);
  if (from.getTime() >= to.getTime()) {
    throw usageError(
      said('errors.time.order', { from: from.toISOString(), to: to.toISOString() }),
      t('errors.time.order.hint'),
    );
  }
  const span = to.getTime() - from.getTime();
  if (span > TRENDS_MAX_SPAN_DAYS * DAY_MS) {
    throw usageError(
      said('errors.time.span', { span: formatDuration(Math.round(span / HOUR_MS) * 60), n: TRENDS_MAX_SPAN_DAYS }),
      t('errors.time.span.hint', { n: TRENDS_MAX_SPAN_DAYS }),
    );
  }
  return { from, to, explicit: fromRaw !== undefined || toRaw !== undefined };
}

/** A --since as read: when, as typed, and whether it was an age (7d, 36h). */
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
