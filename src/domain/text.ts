// Upstream text (bios, posts, titles, even error messages) is written by strangers. Nothing of it
// may reach a terminal as a control character or escape sequence: these helpers neutralise it.

// C0 controls but tab and newline, DEL, C1 controls, the bidi embeddings, overrides and isolates
// that can reorder what a terminal shows, and the line and paragraph separators (U+2028, U+2029),
// which a terminal shows as nothing (a table's columns then slip) and text tools may break a line
// at: they are written as the line break they mean, before the rest is removed.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const SEPARATORS = /[\u2028\u2029]/g;
// Whole escape sequences first, so their printable tails (like "[31m") do not survive either:
// CSI, OSC (ended by BEL or ST), and other ESC-introduced two-character sequences.
const ESCAPE_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|[\u001b\u009d]\][^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[@-Z\\-_]/g;

// Whether there is anything to remove at all: every escape sequence starts with one of UNSAFE's
// characters, and UNSAFE_ALL's take in the line breaks and tabs a line folds. Most text has none,
// and one search costs less than the three passes that would each find nothing.
const ANY_UNSAFE = new RegExp(UNSAFE.source);
const ANY_UNSAFE_ALL = new RegExp(UNSAFE_ALL.source);

/**
 * Text kept on several lines (a post body): escape sequences and controls removed, newlines kept,
 * a line or paragraph separator written as a newline.
 */
export function sanitiseText(text: string): string {
  if (!ANY_UNSAFE.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(SEPARATORS, '\n').replace(UNSAFE, '');
}

/** Text for one line or one cell: as sanitiseText, with every line break and tab folded to a space. */
export function sanitiseLine(text: string): string {
  if (!ANY_UNSAFE_ALL.test(text)) return text;
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(UNSAFE_ALL, '');
}

/**
 * A display field of a heading or note as text, whatever the service sent: text as it is, a
 * finite number in digits, null or nothing as "unknown", anything else as its JSON text (never
 * "[object Object]", "undefined" or "NaN"). Unsanitised: the caller sanitises the line.
 */
export function shownText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'unknown';
  if (value === null || value === undefined) return 'unknown';
  return JSON.stringify(value) ?? 'unknown';
}

/**
 * 12345 as "12,345". Not toLocaleString: its first call loads ICU data, a cost a short run feels.
 * A figure the service sent as something else than a number is "unknown".
 */
export function thousands(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return 'unknown';
  const sign = n < 0 ? '-' : '';
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

// What an echo of a refused input shows as an escape: controls, bidi controls, zero-width and
// other invisible characters, and separators a terminal would break the line at.
const INVISIBLE =
  /[\u0000-\u001f\u007f-\u00a0\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufeff\uffa0\ufff0-\ufffb\u{e0000}-\u{e007f}]/gu;
/** How much of a refused input an error shows. */
const ECHO_MAX = 80;

/**
 * A refused input as an error message shows it: quoted, at most ECHO_MAX characters (then "…" and
 * its length), every invisible or reordering character written as an escape (`\u202e`), never
 * dropped, so the user sees why it was refused and the terminal shows it as it is.
 */
export function quoted(input: string): string {
  const chars = Array.from(input);
  const shown = chars.length > ECHO_MAX ? chars.slice(0, ECHO_MAX).join('') : input;
  const escaped = shown.replace(/["\\]/g, (c) => `\\${c}`).replace(INVISIBLE, escapeOf);
  return chars.length > ECHO_MAX ? `"${escaped}…" (${chars.length} characters)` : `"${escaped}"`;
}

const NAMED: Record<number, string> = { 9: 'a tab', 10: 'a line feed', 13: 'a carriage return', 32: 'a space' };

/** `ch` for a message: its name where it has a short one, and its code point ("a tab (U+0009)"). */
export function describeChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return NAMED[code] ? `${NAMED[code]} (${point})` : point;
}

/** `\u202e`, or `\u{e0041}` beyond the first plane. */
function escapeOf(char: string): string {
  const code = char.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** "a github", "an instagram": the article a word takes (by its first letter). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
