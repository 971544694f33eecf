// Numbers, dates and relative times as the run's language writes them, through Intl: 21,873 and
// 21.873; 1.2K and 1,2 mil; "5m ago" and "há 5 min." What scripts read (json, ndjson, csv) never
// comes through here. Counts are grouped by hand in both languages, with the separators Intl uses
// (the tests hold the two equal): the first Intl.NumberFormat of a process loads ICU's number
// data, which costs a run that prints only counts (a profile, a balance) more than all the rest
// of its words, and English never paid it.
import common from './en/common.js';
import { currentLanguage, type Language } from './language.js';
import { messageFor, registerEnglish } from './registry.js';

registerEnglish('common', common);

/** What a figure that is no number (an answer that drifted) reads as. */
function unknownFigure(): string {
  return messageFor('common.unknown') as string;
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
/** One formatter a language and a purpose, made on first use. */
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  purpose: string,
  make: (language: string) => F,
): F {
  const key = `${currentLanguage()} ${purpose}`;
  let made = formats.get(key) as F | undefined;
  if (made === undefined) {
    made = make(currentLanguage());
    formats.set(key, made);
  }
  return made;
}

/** How each language writes a number: its group and decimal separators, as Intl.NumberFormat does. */
const SEPARATORS: Readonly<Record<Language, { group: string; decimal: string }>> = {
  en: { group: ',', decimal: '.' },
  'pt-BR': { group: '.', decimal: ',' },
};

/** 12345 as "12,345" (English) or "12.345" (Portuguese), decimals as they are. */
export function formatNumber(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return unknownFigure();
  const { group, decimal } = SEPARATORS[currentLanguage()];
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.abs(n));
  const point = digits.indexOf('.');
  const whole = point < 0 ? digits : digits.slice(0, point);
  const fraction = point < 0 ? '' : `${decimal}${digits.slice(point + 1)}`;
  return `${sign}${groupDigits(whole, group)}${fraction}`;
}

/**
 * Digits in groups of three from the right. An exponent's text (1e+21, 5e-7) is as it is: Number
 * writes one digit before the e and at most three after it, so there is nothing to group.
 */
function groupDigits(whole: string, group: string): string {
  if (whole.length <= 3 || whole.includes('e')) return whole;
  const head = whole.length % 3 || 3;
  let grouped = whole.slice(0, head);
  for (let at = head; at < whole.length; at += 3) grouped += group + whole.slice(at, at + 3);
  return grouped;
}

/** `n` with exactly `digits` decimals: 7.0 and 7,0. */
export function formatDecimal(n: number, digits: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return unknownFigure();
  // A whole number (a rate of 864 a day, shown 864.0) is grouped as a count with its zeros after:
  // Intl's format, called for each of a long table's rows, cost more than the rest of the cell.
  // -0 keeps its sign, as Intl writes it; past 2^53 the digits are Intl's.
  if (Number.isSafeInteger(n) && !Object.is(n, -0))
    return digits > 0
      ? `${formatNumber(n)}${SEPARATORS[currentLanguage()].decimal}${'0'.repeat(digits)}`
      : formatNumber(n);
  // A number with no more decimals than asked (a rate already rounded to them, 24.3 a day) needs
  // no rounding: its digits as Number writes them, grouped, padded with zeros, are Intl's. The
  // first Intl.NumberFormat of a run loads ICU's number data, more than a terminal's history costs.
  const written = String(Math.abs(n));
  const point = written.indexOf('.');
  if (point > 0 && written.length - point - 1 <= digits && !written.includes('e')) {
    const fraction = written.slice(point + 1).padEnd(digits, '0');
    const { group, decimal } = SEPARATORS[currentLanguage()];
    return `${n < 0 ? '-' : ''}${groupDigits(written.slice(0, point), group)}${decimal}${fraction}`;
  }
  return formatter(
    `decimal ${digits}`,
    (language) => new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).format(n);
}

/** A count as people read it, rounded toward zero so it is never overstated: 1.2K, 21K; 1,2 mil, 21 mil. */
export function formatCompact(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return unknownFigure();
  return formatter(
    'compact',
    (language) => new Intl.NumberFormat(language, { notation: 'compact', roundingMode: 'trunc' }),
  ).format(n);
}

/** `value` units from now (negative: ago), short: "5m ago", "in 3h"; "há 5 min.", "em 3 h". */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return formatter(
    'relative',
    (language) => new Intl.RelativeTimeFormat(language, { style: 'narrow', numeric: 'always' }),
  ).format(value, unit);
}

/** A UTC date: "2026-08-01" in English (as it always was), "01/08/2026" in Portuguese. */
export function formatDate(when: Date): string {
  if (currentLanguage() === 'en') return when.toISOString().slice(0, 10);
  return formatter(
    'date',
    (language) => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeZone: 'UTC' }),
  ).format(when);
}

/** A UTC date and time to the minute: "2026-08-01 10:00", "01/08/2026 10:00". */
export function formatDateTime(when: Date): string {
  if (currentLanguage() === 'en') return when.toISOString().slice(0, 16).replace('T', ' ');
  return formatter(
    'date time',
    (language) => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }),
  )
    .format(when)
    .replace(',', '');
}

/** A UTC day of the month, for a chart's time axis: "11-20" in English, "20/11" in Portuguese. */
export function formatDayMonth(when: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (currentLanguage() === 'en') return `${pad(when.getUTCMonth() + 1)}-${pad(when.getUTCDate())}`;
  return `${pad(when.getUTCDate())}/${pad(when.getUTCMonth() + 1)}`;
}

/** A UTC month (a budget's period): "2026-12" in English, "12/2026" in Portuguese, as its dates are written. */
export function formatMonth(when: Date): string {
  const month = String(when.getUTCMonth() + 1).padStart(2, '0');
  if (currentLanguage() === 'en') return `${when.getUTCFullYear()}-${month}`;
  return `${month}/${when.getUTCFullYear()}`;
}

/** A UTC date and time to the second: "2026-08-01 10:05:09", "01/08/2026 10:05:09". */
export function formatTimestamp(when: Date): string {
  if (currentLanguage() === 'en') return when.toISOString().slice(0, 19).replace('T', ' ');
  return formatter(
    'timestamp',
    (language) => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' }),
  )
    .format(when)
    .replace(',', '');
}
