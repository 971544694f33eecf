// Parsing of option values shared by every command. Out of range is refused, never clamped.

import { usageError } from '../domain/errors.js';
import type { IntegerParam } from '../domain/routes.js';
import { quoted } from '../domain/text.js';
import { said, t } from '../messages/use-errors.js';

export function parseInteger(flag: string, raw: string, min: number, max: number): number {
  const value = /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw usageError(said('errors.options.integer', { flag, min: String(min), max: String(max), got: quoted(raw) }));
  }
  return value;
}

/** An option that is sent as a route's integer parameter, checked against the route table's limits (or `max`). */
export function parseParam(
  flag: string,
  raw: string,
  param: IntegerParam,
  max = param.max ?? Number.MAX_SAFE_INTEGER,
): number {
  return parseInteger(flag, raw, param.min, max);
}

/** The niche argument: trimmed, not empty. */
const NICHE_MAX = 100;

export function parseNicheArg(raw: string): string {
  const niche = raw.trim();
  if (niche === '') throw usageError(said('errors.niche.missing'), t('errors.niche.hint'));
  // The service names niches with short words: one that is long or holds a control character, a
  // space or a slash is no niche's name, and is refused before the coverage lookup or a paid call.
  if (niche.length > NICHE_MAX || /[\s/\\\u0000-\u001f\u007f-\u009f]/u.test(niche))
    throw usageError(said('errors.niche.notName', { niche: quoted(niche) }), t('errors.niche.hint'));
  return niche;
}

const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DURATION = /^\s*(\d{1,9})([smhdw])\s*$/i;

/**
 * The longest duration: a Date holds 100,000,000 days either side of 1970, so now less any
 * duration up to this is still a date; a longer one (999999999d) made no date, and --max-age,
 * --offline and prune failed on it after the request went out.
 */
const MAX_DURATION_DAYS = 100_000_000;

/** A duration like 90s, 30m, 6h, 7d, 2w, in milliseconds (--max-age, --older-than). */
export function parseDuration(flag: string, raw: string): number {
  const match = DURATION.exec(raw);
  if (match === null) {
    throw usageError(said('errors.options.duration', { flag, got: quoted(raw) }));
  }
  const ms = Number(match[1]) * (DURATION_UNITS[match[2]!.toLowerCase()] ?? 0);
  if (ms > MAX_DURATION_DAYS * DURATION_UNITS.d!)
    throw usageError(said('errors.options.durationTooLong', { flag, max: `${MAX_DURATION_DAYS}d`, got: quoted(raw) }));
  return ms;
}
