// How one value is shown at a terminal (table and record views), as plain text plus a tone the
// renderer may colour. csv and json never come through here: they get the raw values.

import { sanitisedHead, thousands } from '../domain/text.js';
import { formatJson } from './json.js';
import { type SparkValue, sparkline } from './sparkline.js';
import type { CellKind } from './types.js';

/** What a table shows for a value the service did not know (null): never 0, never blank. */
export const UNKNOWN = 'unknown';

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
const UNKNOWN_CELL: RenderedCell = { text: UNKNOWN, tone: 'unknown' };

/**
 * A rate as a table and csv write it. The column's value is rounded where it is made, to the one
 * decimal json gives too (movers' gainedPerHour): written here, not rounded again, a whole
 * number with its ".0".
 */
export function rateText(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** Kinds whose cells line up on the right. */
export function isNumericKind(kind: CellKind | undefined): boolean {
  return kind === 'count' || kind === 'integer' || kind === 'signed' || kind === 'rate';
}

export interface CellOptions {
  now: Date;
  /** Counts as exact figures (21,345), not compact (21K). */
  exact: boolean;
  /** Of a cell's sanitised text, no more than about this many code units are kept and measured. */
  limit: number;
}

/** `value` as a cell shows it. Any value: the service may send a type its schema did not say. */
export function renderCell(value: unknown, kind: CellKind | undefined, options: CellOptions): RenderedCell {
  if (value === null || value === undefined) return UNKNOWN_CELL;
  if (kind === 'spark' && Array.isArray(value)) {
    const line = sparkline(value);
    return line === null ? UNKNOWN_CELL : { text: line, tone: 'plain', series: value };
  }
  switch (kind) {
    case 'count':
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return UNKNOWN_CELL;
        return plain(options.exact ? thousands(value) : compactNumber(value));
      }
      break;
    case 'integer':
      if (typeof value === 'number') return Number.isFinite(value) ? plain(String(value)) : UNKNOWN_CELL;
      break;
    case 'signed':
      if (typeof value === 'number') return Number.isFinite(value) ? signed(value) : UNKNOWN_CELL;
      break;
    case 'rate':
      if (typeof value === 'number') return Number.isFinite(value) ? plain(rateText(value)) : UNKNOWN_CELL;
      break;
    case 'time': {
      if (typeof value === 'string' || typeof value === 'number') {
        const when = new Date(value);
        if (!Number.isNaN(when.getTime())) return plain(relativeTime(when, options.now));
      }
      break;
    }
    case 'bool':
      if (typeof value === 'boolean') return plain(value ? 'yes' : 'no');
      break;
    default:
      break;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return UNKNOWN_CELL;
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
  if (n > 0) return { text: `▲${thousands(n)}`, tone: 'up' };
  if (n < 0) return { text: `▼${thousands(-n)}`, tone: 'down' };
  return { text: '=0', tone: 'plain' };
}

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * A count as people read it: exact below 1000, then 1.2K, 12K, 123K, 1.2M, 3.4B. Rounded down, so a
 * count is never overstated (1,999 is 1.9K, 999,999 is 999K).
 */
export function compactNumber(n: number): string {
  if (!Number.isFinite(n)) return UNKNOWN;
  if (n < 0) return `-${compactNumber(-n)}`;
  if (n < 1000) return String(n);
  for (const [unit, suffix] of UNITS) {
    if (n < unit) continue;
    const tenths = Math.floor(n / (unit / 10));
    if (tenths >= 100) return `${Math.floor(n / unit)}${suffix}`;
    const whole = Math.floor(tenths / 10);
    const tenth = tenths % 10;
    return tenth === 0 ? `${whole}${suffix}` : `${whole}.${tenth}${suffix}`;
  }
  return String(n);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `when` relative to `now`: "just now", "5m ago", "3h ago", "2d ago", "in 3h"; more than 30 days
 * away, the UTC date ("2026-08-01").
 */
export function relativeTime(when: Date, now: Date): string {
  const diff = now.getTime() - when.getTime();
  const age = Math.abs(diff);
  if (age > 30 * DAY) return when.toISOString().slice(0, 10);
  if (age < MINUTE) return 'just now';
  const amount =
    age < HOUR
      ? `${Math.floor(age / MINUTE)}m`
      : age < DAY
        ? `${Math.floor(age / HOUR)}h`
        : `${Math.floor(age / DAY)}d`;
  return diff > 0 ? `${amount} ago` : `in ${amount}`;
}
