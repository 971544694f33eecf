// How one value is shown at a terminal (table and record views), as plain text plus a tone the
// renderer may colour. csv and json never come through here: they get the raw values.

import { PER_CENT_PLACES } from '../domain/computed.js';
import { sanitisedHead } from '../domain/text.js';
import { formatCompact, formatDate, formatDecimal, formatNumber, formatRelative } from '../messages/intl.js';
import { t } from '../messages/use-views.js';
import { formatJson } from './json.js';
import { type SparkValue, sparkline } from './sparkline.js';
import type { CellKind } from './types.js';

/**
 * What an English table shows for a value the service did not know (null): never 0, never blank.
 * @internal Exported for its test.
 */
export const UNKNOWN = 'unknown';

/** The unknown mark in the language of the run. */
export function unknownMark(): string {
  return t('views.cell.unknown');
}

type Tone = 'plain' | 'unknown' | 'up' | 'down';

export interface RenderedCell {
  /** Sanitised, one line, no escape sequences. */
  text: string;
  tone: Tone;
  /** For a sparkline: the series, to draw it again narrower. */
  series?: ReadonlyArray<SparkValue>;
  /** A value of another type than its column's kind, shown as its JSON text. */
  drift?: boolean;
  /** The columns the whole text takes, once a table has measured it (table.ts's naturalWidths). */
  width?: number;
}

const NUMERIC_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
function unknownCell(): RenderedCell {
  return { text: unknownMark(), tone: 'unknown' };
}

/**
 * A rate as csv writes it. The column's value is rounded where it is made, to the one decimal
 * json gives too (movers' gainedPerHour): written here, not rounded again, a whole number with
 * its ".0".
 */
export function rateText(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** A rate as a table shows it: as csv writes it, with the language's decimal mark (7.4, 7,4). */
function rateCell(value: number): string {
  return Number.isInteger(value) ? formatDecimal(value, 1) : formatNumber(value);
}

/**
 * A per cent as csv writes it: to the places it was rounded to, every one alike (12.00 beside
 * 12.97, not 12.0), so a column of them reads down its decimal point.
 */
export function perCentText(value: number): string {
  return value.toFixed(PER_CENT_PLACES);
}

/** Kinds whose cells line up on the right. */
export function isNumericKind(kind: CellKind | undefined): boolean {
  return kind === 'count' || kind === 'integer' || kind === 'signed' || kind === 'rate' || kind === 'percent';
}

export interface CellOptions {
  now: Date;
  /** Counts as exact figures (21,345; 21.345), not compact (21K; 21 mil). */
  exact: boolean;
  /** Of a cell's sanitised text, no more than about this many code units are kept and measured. */
  limit: number;
}

/** `value` as a cell shows it. Any value: the service may send a type its schema did not say. */
export function renderCell(value: unknown, kind: CellKind | undefined, options: CellOptions): RenderedCell {
  if (value === null || value === undefined) return unknownCell();
  if (kind === 'spark' && Array.isArray(value)) {
    const line = sparkline(value);
    return line === null ? unknownCell() : { text: line, tone: 'plain', series: value };
  }
  switch (kind) {
    case 'count':
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return unknownCell();
        return plain(options.exact ? formatNumber(value) : compactNumber(value));
      }
      break;
    case 'integer':
      if (typeof value === 'number') return Number.isFinite(value) ? plain(String(value)) : unknownCell();
      break;
    case 'signed':
      if (typeof value === 'number') return Number.isFinite(value) ? signed(value) : unknownCell();
      break;
    case 'rate':
      if (typeof value === 'number') return Number.isFinite(value) ? plain(rateCell(value)) : unknownCell();
      break;
    case 'percent':
      if (typeof value === 'number')
        return Number.isFinite(value) ? plain(formatDecimal(value, PER_CENT_PLACES)) : unknownCell();
      break;
    case 'time': {
      if (typeof value === 'string' || typeof value === 'number') {
        const when = new Date(value);
        if (!Number.isNaN(when.getTime())) return plain(relativeTime(when, options.now));
      }
      break;
    }
    case 'bool':
      if (typeof value === 'boolean') return plain(t(value ? 'views.cell.yes' : 'views.cell.no'));
      break;
    default:
      break;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return unknownCell();
  const text = oneLine(cellText(value), options.limit);
  // Text in a numeric column ("7.4" per hour) is a number still; anything else there is drift.
  const drift = kind !== undefined && kind !== 'text' && !(typeof value === 'string' && NUMERIC_TEXT.test(value));
  return drift ? { text, tone: 'plain', drift } : plain(text);
}

/**
 * Any value as text, unsanitised: a display field the service sent as another type than
 * documented (an object, a list, a number where text was expected) is shown as it came.
 */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') return formatJson(value, false);
  return String(value);
}

/** `text` as one sanitised line, at most about `limit` code units of it. */
function oneLine(text: string, limit: number): string {
  // Sanitised before it is cut: escape sequences take none of the limit. What is cut here lies
  // past what any column can show; the "…" says readable text was there.
  const head = sanitisedHead(text, limit);
  return head.whole ? head.text : `${head.text}…`;
}

function plain(text: string): RenderedCell {
  return { text, tone: 'plain' };
}

function signed(n: number): RenderedCell {
  // Grouped as counts are (▲6,362,571): a gain of followers is as large as they are.
  if (n > 0) return { text: `▲${formatNumber(n)}`, tone: 'up' };
  if (n < 0) return { text: `▼${formatNumber(-n)}`, tone: 'down' };
  return { text: '=0', tone: 'plain' };
}

/**
 * A count as people read it: exact below 1000, then 1.2K, 12K, 123K, 1.2M, 3.4B (1,2 mil, 12 mil,
 * 1,2 mi, 3,4 bi in Portuguese). Rounded down, so a count is never overstated (1,999 is 1.9K,
 * 999,999 is 999K).
 * @internal Exported for its test.
 */
export function compactNumber(n: number): string {
  if (!Number.isFinite(n)) return unknownMark();
  return formatCompact(n);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `when` relative to `now`: "just now", "5m ago", "3h ago", "2d ago", "in 3h" ("agora mesmo",
 * "há 5 min.", "em 3 h"); more than 30 days away, the UTC date ("2026-08-01", "01/08/2026").
 * @internal Exported for its test.
 */
export function relativeTime(when: Date, now: Date): string {
  const diff = now.getTime() - when.getTime();
  const age = Math.abs(diff);
  if (age > 30 * DAY) return formatDate(when);
  if (age < MINUTE) return t('views.time.justNow');
  const sign = diff > 0 ? -1 : 1;
  if (age < HOUR) return formatRelative(sign * Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return formatRelative(sign * Math.floor(age / HOUR), 'hour');
  return formatRelative(sign * Math.floor(age / DAY), 'day');
}
