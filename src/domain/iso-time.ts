// A stored time to the minute, as a history's table shows its 100,000 snapshots: every fetched_at
// the store holds is Date#toISOString's text ("2026-11-21T12:00:00.000Z"), whose minute is its own
// digits ("2026-11-21 12:00"); reading them spares a Date made and written again a row. Its day is
// checked once for the times of that day (a history's consecutive snapshots mostly are): a day
// that does not exist (02-30) is one new Date() moves, so not this text's own. Any other text is
// left to the caller's Date (iso-time.test.ts holds the two to each other).

/** The last day looked at ("2026-11-21"), and whether it is a real date written as toISOString does. */
let lastDay = '';
let lastDayReal = false;

/** Two digits of `text` at `at` as a number, or NaN when they are not digits. */
function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

/**
 * "2026-11-21 12:00" for a time whose text is the one Date#toISOString gives of it, else
 * undefined: what `new Date(text).toISOString().slice(0, 16).replace('T', ' ')` gives, without the Date.
 */
export function isoMinute(text: string): string | undefined {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 || // T
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 || // .
    text.charCodeAt(23) !== 90 // Z
  )
    return undefined;
  const millis = text.charCodeAt(20) - 48;
  // Past 23:59:59 (24:00, a leap second) or not digits: not a time toISOString writes.
  if (!(twoDigits(text, 11) < 24 && twoDigits(text, 14) < 60 && twoDigits(text, 17) < 60)) return undefined;
  if (!(millis >= 0 && millis <= 9 && twoDigits(text, 21) >= 0)) return undefined;
  const day = text.slice(0, 10);
  if (day !== lastDay) {
    lastDay = day;
    const midnight = new Date(`${day}T00:00:00.000Z`);
    lastDayReal = !Number.isNaN(midnight.getTime()) && midnight.toISOString().slice(0, 10) === day;
  }
  return lastDayReal ? `${day} ${text.slice(11, 16)}` : undefined;
}
