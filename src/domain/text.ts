// Upstream text (bios, posts, titles, even error messages) is written by strangers. Nothing of it
// may reach a terminal as a control character or escape sequence: these helpers neutralise it.
import { type MessageId, type Said, said } from '../messages/catalogue.js';

// C0 controls but tab and newline, DEL, C1 controls, the bidi embeddings, overrides and isolates
// that can reorder what a terminal shows, and the line and paragraph separators (U+2028, U+2029),
// which a terminal shows as nothing (a table's columns then slip) and text tools may break a line
// at: they are written as the line break they mean, before the rest is removed.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const SEPARATORS = /[\u2028\u2029]/g;
/** A set of UTF-16 code units, as ranges [first, last]. */
type Units = ReadonlyArray<readonly [number, number]>;

/**
 * How a pattern spells one character of a set of code units (`not`: one character outside it): as
 * the character itself (the sanitiser, on text), or also as JSON text may write it (the key mask,
 * on an answer's text before it is parsed: see hiddenPatterns).
 */
interface Spelling {
  one(units: Units): string;
  not(units: Units): string;
}

const unit = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const rangeClass = (units: Units) =>
  units.map(([first, last]) => (first === last ? unit(first) : `${unit(first)}-${unit(last)}`)).join('');

const AS_IS: Spelling = {
  one: (units) => `[${rangeClass(units)}]`,
  not: (units) => `[^${rangeClass(units)}]`,
};

// JSON's short escapes, by the character they stand for.
const SHORT_ESCAPES: ReadonlyMap<number, string> = new Map([
  [0x22, '\\\\"'],
  [0x5c, '\\\\\\\\'],
  [0x2f, '\\\\/'],
  [0x08, '\\\\b'],
  [0x0c, '\\\\f'],
  [0x0a, '\\\\n'],
  [0x0d, '\\\\r'],
  [0x09, '\\\\t'],
]);

/** A hex digit in either case, as a pattern. */
const anyCase = (digit: string) => (digit === digit.toUpperCase() ? digit : `[${digit}${digit.toUpperCase()}]`);

/**
 * The numbers first to last as `width` hex digits each, in either case: a pattern for each run
 * that shares all digits but the last, built from the range (a pattern is made once a process,
 * on its way to the first answer: a character at a time took milliseconds).
 */
function hexRange(first: number, last: number, width: number): string[] {
  const patterns: string[] = [];
  for (let run = first >> 4; run <= last >> 4; run++) {
    const prefix = Array.from(run.toString(16).padStart(width - 1, '0'), anyCase).join('');
    let digits = '';
    for (let digit = Math.max(first, run * 16) & 15; digit <= (Math.min(last, run * 16 + 15) & 15); digit++)
      digits += digit < 10 ? String(digit) : `${digit.toString(16)}${digit.toString(16).toUpperCase()}`;
    patterns.push(`${prefix}[${digits}]`);
  }
  return patterns;
}

/** `units` without the code units in `codes` (in ascending order). */
function without(units: Units, codes: readonly number[]): Units {
  const left: Array<readonly [number, number]> = [];
  for (const [first, last] of units) {
    let from = first;
    for (const code of codes) {
      if (code < from || code > last) continue;
      if (from < code) left.push([from, code - 1]);
      from = code + 1;
    }
    if (from <= last) left.push([from, last]);
  }
  return left;
}

/**
 * Each character as JSON text may write it: itself (but a quote or a backslash, which only come
 * escaped), \uXXXX in either case, or its short escape. Each alternative is one JSON token, so a
 * pattern of them steps through a string's text as JSON.parse does.
 */
const IN_JSON: Spelling = {
  one(units) {
    const raw = without(units, [0x22, 0x5c]);
    return raw.length > 0 ? `(?:[${rangeClass(raw)}]|${jsonEscaped(units)})` : jsonEscaped(units);
  },
  not: (units) => `(?:(?!${IN_JSON.one(units)})(?:\\\\u[0-9a-fA-F]{4}|\\\\[^u]|[^"\\\\]))`,
};

/** Each character as a JSON escape: \uXXXX in either case, or its short escape. */
function jsonEscaped(units: Units): string {
  const forms = [`\\\\u(?:${units.flatMap(([first, last]) => hexRange(first, last, 4)).join('|')})`];
  for (const [code, form] of SHORT_ESCAPES)
    if (units.some(([first, last]) => first <= code && code <= last)) forms.push(form);
  return `(?:${forms.join('|')})`;
}

/**
 * Each character (a code point of `units`, none a surrogate) as a URL may write it: the bytes of
 * its UTF-8, each percent-encoded (%E2%80%8B), in either case.
 */
function percentEncoded(units: Units): string {
  const patterns: string[] = [];
  for (const range of units) {
    let [first] = range;
    const last = range[1];
    if (first < 0x80) {
      const end = Math.min(last, 0x7f);
      for (const byte of hexRange(first, end, 2)) patterns.push(`%${byte}`);
      first = end + 1;
    }
    // Beyond ASCII, 64 characters at a time share every byte but the last (the lengths of UTF-8
    // change at multiples of 64).
    while (first <= last) {
      const end = Math.min(last, first | 0x3f);
      const lead = Array.from(utf8Percent(first).slice(0, -3), anyCase).join('');
      for (const byte of hexRange(0x80 | (first & 0x3f), 0x80 | (end & 0x3f), 2)) patterns.push(`${lead}%${byte}`);
      first = end + 1;
    }
  }
  return `(?:${patterns.join('|')})`;
}

/** The bytes of `code`'s UTF-8, each as %XX. */
function utf8Percent(code: number): string {
  const byte = (value: number) => `%${value.toString(16).padStart(2, '0')}`;
  const tail = (shift: number) => byte(0x80 | ((code >> shift) & 0x3f));
  if (code < 0x80) return byte(code);
  if (code < 0x800) return byte(0xc0 | (code >> 6)) + tail(0);
  if (code < 0x10000) return byte(0xe0 | (code >> 12)) + tail(6) + tail(0);
  return byte(0xf0 | (code >> 18)) + tail(12) + tail(6) + tail(0);
}

/**
 * One character of a key (printable ASCII) as an answer may write it, in either case: as it is,
 * percent-encoded (%6B), or as JSON text escapes it (\u006b, \/). For the key mask's patterns,
 * which match case-insensitively.
 */
export function keyCharPattern(char: string): string {
  const units = caseVariants(char);
  // Alternatives that never match the same text: a pattern of many of them, nested, that backtracks
  // would try each way again.
  return `(?:${AS_IS.one(units)}|${percentEncoded(units)}|${jsonEscaped(units)})`;
}

/**
 * One character of a key as it is, in either case: what keyCharPattern matches in a text with no
 * `%` and no backslash, where neither encoded form can be.
 */
export function keyCharAsIs(char: string): string {
  return AS_IS.one(caseVariants(char));
}

function caseVariants(char: string): Units {
  return Array.from(new Set([char.toLowerCase(), char.toUpperCase()]), (variant) => {
    const code = variant.charCodeAt(0);
    return [code, code] as const;
  });
}

const ESC: Units = [[0x1b, 0x1b]];

/**
 * Escape sequences: CSI (ESC [ or the C1 CSI, parameters, intermediates, a final byte), OSC (ESC ]
 * or the C1 OSC, its text, ended by BEL or ST, or by the end), and other ESC-introduced
 * two-character sequences. Removed whole, so their printable tails (like "[31m") go too.
 */
/** How an OSC starts: ESC ] or the C1 OSC and ]. */
const oscStart = (spell: Spelling) => `${spell.one([...ESC, [0x9d, 0x9d]])}${spell.one([[0x5d, 0x5d]])}`;

function escapeSequence(spell: Spelling): string {
  const tail = `${spell.one([[0x30, 0x3f]])}*${spell.one([[0x20, 0x2f]])}*${spell.one([[0x40, 0x7e]])}`;
  const esc = spell.one(ESC);
  const end = `(?:${spell.one([[0x07, 0x07]])}|${esc}${spell.one([[0x5c, 0x5c]])}|${spell.one([[0x9c, 0x9c]])})?`;
  return [
    `${esc}${spell.one([[0x5b, 0x5b]])}${tail}`,
    `${spell.one([[0x9b, 0x9b]])}${tail}`,
    `${oscStart(spell)}${spell.not([[0x07, 0x07], ...ESC, [0x9c, 0x9c]])}*${end}`,
    `${esc}${spell.one([
      [0x40, 0x5a],
      [0x5c, 0x5f],
    ])}`,
  ].join('|');
}

// Whole escape sequences first, so their printable tails (like "[31m") do not survive either.
const ESCAPE_SEQUENCE = new RegExp(escapeSequence(AS_IS), 'g');

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

// What sanitiseLine removes or folds, from a given place on: whole escape sequences (tried first,
// as its first pass does) and other unsafe characters.
const REMOVED_AT = new RegExp(`(?:${ESCAPE_SEQUENCE.source}|${UNSAFE_ALL.source})+`, 'y');

/**
 * Where the `count`-th character that sanitiseLine keeps as it is (a line break it folds counts as
 * none) ends, from `from` on; undefined when fewer follow. Never inside an escape sequence, nor
 * between the halves of a surrogate pair. Walks no further than that character (or the end).
 */
function afterKept(text: string, from: number, count: number): number | undefined {
  let at = from;
  let left = count;
  while (at < text.length) {
    REMOVED_AT.lastIndex = at;
    if (REMOVED_AT.test(text)) {
      at = REMOVED_AT.lastIndex;
      continue;
    }
    // Kept characters up to the next unsafe one, or as many as are wanted.
    const window = text.slice(at, at + left);
    const unsafe = window.search(ANY_UNSAFE_ALL);
    const kept = unsafe < 0 ? window.length : unsafe;
    at += kept;
    left -= kept;
    if (left > 0) continue;
    const high = text.charCodeAt(at - 1);
    const low = text.charCodeAt(at);
    return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? at + 1 : at;
  }
  return undefined;
}

/**
 * The start of sanitiseLine(text), at least `units` code units of it where it has them, and
 * whether that is all of it: for a cell that shows no more than its start. The text is sanitised
 * before it is cut, so escape sequences take none of those units, and `whole` is false only where
 * readable text follows; a megabyte of text costs the part walked, not the whole.
 */
export function sanitisedHead(text: string, units: number): { text: string; whole: boolean } {
  if (text.length <= units) return { text: sanitiseLine(text), whole: true };
  const end = afterKept(text, 0, units);
  if (end === undefined || afterKept(text, end, 1) === undefined)
    return { text: sanitiseLine(end === undefined ? text : text.slice(0, end)), whole: true };
  return { text: sanitiseLine(text.slice(0, end)), whole: false };
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
 * 12345 as "12,345" in English, "12.345" in Portuguese (src/messages/intl.ts). A figure the service
 * sent as something else than a number is "unknown".
 */
export { formatNumber as thousands } from '../messages/intl.js';

// Controls, bidi controls, zero-width and other invisible characters, and separators a terminal
// would break the line at (and, beyond the first plane, the tags U+E0000 to U+E007F, as their
// surrogate pairs). The sanitiser removes some (UNSAFE_ALL's); a terminal shows the others as
// nothing or as blank.
const HIDDEN: Units = [
  [0x00, 0x1f],
  [0x7f, 0xa0],
  [0xad, 0xad],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
];
/** Characters of U+E0000 to U+E03FF, as the surrogate pairs of UTF-16 spell them: `low`, their second halves. */
const plane14Pair = (spell: Spelling, low: Units) => `${spell.one([[0xdb40, 0xdb40]])}${spell.one(low)}`;
/** The tags (U+E0000 to U+E007F). */
const tagPair = (spell: Spelling) => plane14Pair(spell, [[0xdc00, 0xdc7f]]);
const hiddenChar = (spell: Spelling) => `${spell.one(HIDDEN)}|${tagPair(spell)}`;

// Characters that only change how the one before them is drawn, and show nothing of their own: the
// variation selectors (U+FE00 to U+FE0F, and U+E0100 to U+E01EF beyond the first plane), the
// combining grapheme joiner (U+034F) and the Mongolian free variation selectors (U+180B to U+180D).
// Text needs them (an emoji's U+FE0F), so neither the sanitiser nor an echo of a refused input
// touches them; but between a key's characters a terminal shows the key whole, so the key mask
// looks across them as across what hides (hiddenPatterns), and only it.
const SELECTORS: Units = [
  [0x34f, 0x34f],
  [0x180b, 0x180d],
  [0xfe00, 0xfe0f],
];
/** Beyond the first plane: the tags and the supplementary variation selectors. */
const ASTRAL_GAPS: Units = [
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];
/** ASTRAL_GAPS as the surrogate pairs of UTF-16 spell them. */
const astralGapPair = (spell: Spelling) =>
  plane14Pair(spell, [
    [0xdc00, 0xdc7f],
    [0xdd00, 0xddef],
  ]);

/**
 * A spelling, and also each character percent-encoded, as a URL in an answer may write it (the
 * characters of HIDDEN and of escape sequences: none is a surrogate).
 */
function orPercent(spell: Spelling): Spelling {
  return {
    one: (units) => `(?:${spell.one(units)}|${percentEncoded(units)})`,
    not: (units) => `(?:(?!${percentEncoded(units)})${spell.not(units)})`,
  };
}

/**
 * The patterns of what hides (see hiddenPatterns) in `spell`, each character also percent-encoded
 * (%1B, %E2%80%8B: a URL that a reader decodes, or a browser shows decoded); `start` adds to the
 * characters they start with.
 */
function hiding(spell: Spelling, start: Units): HiddenPattern {
  const spelled = orPercent(spell);
  return {
    sequence: new RegExp(escapeSequence(spelled), 'y'),
    osc: new RegExp(oscStart(spelled), 'y'),
    char: new RegExp(
      `${spelled.one([...HIDDEN, ...SELECTORS])}|${astralGapPair(spell)}|${percentEncoded(ASTRAL_GAPS)}`,
      'y',
    ),
    start: new RegExp(`[${rangeClass([...HIDDEN, ...SELECTORS, [0x25, 0x25], [0xdb40, 0xdb40], ...start])}]`),
  };
}

/**
 * What hides a character from a reader, for the key mask (src/infra/client/redact.ts): a key with
 * these between its characters shows as the key once the sanitiser removes them, or where a
 * terminal shows them as nothing (SELECTORS too, which the sanitiser keeps). `sequence` is a whole escape sequence, as the sanitiser removes
 * it (its tail may also be the key's own characters: then only its ESC hides); `char` one hidden
 * character; `start`, a character either may start with (in JSON text, any escape's backslash;
 * `%`, which a character percent-encoded starts with). Each as it is in a string (`text`), and as
 * an answer's JSON text may write it (`json`, a JSON token at a time), every character also
 * percent-encoded. `sequence`, `osc` and `char` are sticky: they match at their lastIndex only.
 */
export function hiddenPatterns(): HiddenPatterns {
  hidden ??= { text: hiding(AS_IS, []), json: hiding(IN_JSON, [[0x5c, 0x5c]]) };
  return hidden;
}

interface HiddenPatterns {
  text: HiddenPattern;
  json: HiddenPattern;
}

export interface HiddenPattern {
  sequence: RegExp;
  /** How an OSC starts (its text runs to its end, and may hold the start of another). */
  osc: RegExp;
  char: RegExp;
  start: RegExp;
}

// Made on first use: only a client with a key to mask needs them, and the JSON ones take a moment.
let hidden: HiddenPatterns | undefined;

// What an echo of a refused input shows as an escape: the hidden characters.
const INVISIBLE = new RegExp(hiddenChar(AS_IS), 'g');
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

const NAMED: Record<number, MessageId> = {
  9: 'common.char.tab',
  10: 'common.char.lineFeed',
  13: 'common.char.carriageReturn',
  32: 'common.char.space',
};

/** `ch` for a message, not yet said: its name where it has a short one, and its code point ("a tab (U+0009)"). */
export function describedChar(ch: string): Said | string {
  const code = ch.codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMED[code];
  return name === undefined ? point : said('common.char.named', { name: said(name), point });
}

/** `\u202e`, or `\u{e0041}` beyond the first plane. */
function escapeOf(char: string): string {
  const code = char.codePointAt(0)!;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
