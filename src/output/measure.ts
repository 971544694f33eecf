// Columns text takes at a terminal (string-width, with a fast path for printable ASCII), cutting it
// to a width with "…", and wrapping it on word boundaries. Every function here looks at no more of
// its text than the width it can show (a few code units per column), so a megabyte cell costs what
// its visible part costs: string-width segments graphemes, which on a long string is slow.

import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import { type Piece, wrapWords } from './word-wrap.js';

const PLAIN = /^[\x20-\x7e]*$/;
/**
 * Text whose every code point is a grapheme by itself: nothing that extends, joins or is joined
 * to a neighbour (marks, joiners, variation selectors, controls, regional indicators, skin tones,
 * Hangul jamo, the letters that prepend or are spacing marks), nothing unassigned. Such text is
 * walked by code point: the segmenter costs a few microseconds a grapheme, and loads ICU data.
 */
const SINGLES =
  /^[^\p{M}\p{Grapheme_Extend}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}\p{Regional_Indicator}\p{Emoji_Modifier}\p{Script=Hangul}\u0E33\u0EB3\u0D4E\u{111C2}\u{111C3}\u{113D1}\u{1193F}\u{11941}\u{11A3A}\u{11A84}-\u{11A89}\u{11D46}\u{11F02}]*$/u;
let segmenter: Intl.Segmenter | undefined;
/** Graphemes of `text` (the segmenter is made on first use: it loads ICU data). */
function graphemes(text: string): Iterable<string> {
  if (SINGLES.test(text)) return text;
  segmenter ??= new Intl.Segmenter();
  return segments(segmenter.segment(text));
}

function* segments(segmented: Intl.Segments): Iterable<string> {
  for (const { segment } of segmented) yield segment;
}

/** Widths of the graphemes met so far: text repeats few of them, and string-width's rules cost. */
const widths = new Map<string, number>();
/** Bound of `widths`: hostile text of distinct graphemes is measured, not remembered. */
const WIDTHS_MAX = 4096;

/** Code points string-width counts as no column (its `visibleCharacterRegex`, the other way). */
const INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/u;
/** Of one code point, the RGI emoji (two columns) are these but the regional indicators. */
const PRESENTATION = /\p{Emoji_Presentation}/u;

/**
 * Columns of one code point, by string-width's own rules and tables (its East Asian Width
 * package): string-width's first call compiles a pattern of all RGI emoji strings, which costs
 * more than a table takes to render. Undefined for a cluster of several: string-width decides.
 */
function codePointWidth(segment: string): number | undefined {
  const code = segment.codePointAt(0) as number;
  if (segment.length !== (code > 0xffff ? 2 : 1)) return undefined;
  if (INVISIBLE.test(segment)) return 0;
  if (PRESENTATION.test(segment) && !(code >= 0x1f1e6 && code <= 0x1f1ff)) return 2;
  return eastAsianWidth(code);
}

/** Columns one grapheme takes: string-width's answer, remembered. */
function graphemeWidth(segment: string): number {
  if (segment.length === 1 && segment >= ' ' && segment < '\x7f') return 1;
  let width = widths.get(segment);
  if (width === undefined) {
    width = codePointWidth(segment) ?? stringWidth(segment);
    if (widths.size >= WIDTHS_MAX) widths.clear();
    widths.set(segment, width);
  }
  return width;
}

/** Code units that can matter for `width` columns: a grapheme rarely takes more than 4 a column. */
function reach(width: number): number {
  return width * 4 + 16;
}

/** `text` without what lies past `units` code units (never a lone high surrogate at the end). */
function head(text: string, units: number): string {
  if (text.length <= units) return text;
  const code = text.charCodeAt(units - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? units - 1 : units);
}

/** Whether `text` may hold ANSI codes, which string-width leaves out of a width. */
function hasAnsi(text: string): boolean {
  return text.includes('\u001b') || text.includes('\u009b');
}

/** Columns `text` takes (sanitised, one line). */
export function textWidth(text: string): number {
  if (PLAIN.test(text)) return text.length;
  // string-width's answer is the sum of its graphemes' widths, once it has stripped ANSI codes.
  if (hasAnsi(text)) return stringWidth(text);
  let width = 0;
  for (const segment of graphemes(text)) width += graphemeWidth(segment);
  return width;
}

export interface Fitted {
  text: string;
  width: number;
}

/** `text` cut to at most `width` columns, ending in "…" when something was cut; its width. */
export function fitText(text: string, width: number): Fitted {
  if (width <= 0) return { text: '', width: 0 };
  if (!Number.isFinite(width)) return { text, width: textWidth(text) };
  const near = head(text, reach(width));
  if (PLAIN.test(near)) {
    return text.length <= width ? { text, width: text.length } : { text: `${text.slice(0, width - 1)}…`, width };
  }
  const ansi = near === text && hasAnsi(text);
  if (ansi) {
    const whole = stringWidth(text);
    if (whole <= width) return { text, width: whole };
  }
  // One pass: where the text would be cut (room for "…" left), and whether it fits whole.
  let used = 0;
  let end = 0;
  let cut = -1;
  let cutWidth = 0;
  for (const segment of graphemes(near)) {
    const columns = graphemeWidth(segment);
    if (cut < 0 && used + columns > width - 1) {
      cut = end;
      cutWidth = used;
    }
    used += columns;
    end += segment.length;
    if (used > width) break;
  }
  if (near === text && !ansi && used <= width) return { text, width: used };
  return cut < 0 ? { text: `${near}…`, width: used + 1 } : { text: `${near.slice(0, cut)}…`, width: cutWidth + 1 };
}

/**
 * `text` (one line) broken into lines of at most `width` columns at spaces; a word wider than a
 * line is broken between graphemes. Linear in the length of the text. Never cuts anything off.
 */
export function wrapText(text: string, width: number): string[] {
  if (!Number.isFinite(width) || width < 1) return [text];
  if (text.length <= width && PLAIN.test(text)) return [text];
  const words = text.split(' ').filter((word) => word !== '');
  // A word longer than any line could hold is broken without measuring all of it.
  const measure = (word: string) => (word.length > reach(width) ? Number.POSITIVE_INFINITY : textWidth(word));
  const lines = wrapWords(words, width, { measure, long: breakWord });
  return lines.length === 0 ? [''] : lines;
}

/**
 * `word` in pieces of at most `width` columns, broken between graphemes (a grapheme wider than
 * `width` is a piece by itself), each with its width. The first piece is the word cut to `width`.
 */
export function breakWord(word: string, width: number): Piece[] {
  const pieces: Piece[] = [];
  if (PLAIN.test(word)) {
    for (let at = 0; at < word.length; at += width) {
      const text = word.slice(at, at + width);
      pieces.push({ text, width: text.length });
    }
    return pieces;
  }
  let piece = '';
  let pieceWidth = 0;
  for (const segment of graphemes(word)) {
    const columns = graphemeWidth(segment);
    if (pieceWidth + columns > width && pieceWidth > 0) {
      pieces.push({ text: piece, width: pieceWidth });
      piece = '';
      pieceWidth = 0;
    }
    piece += segment;
    pieceWidth += columns;
  }
  pieces.push({ text: piece, width: pieceWidth });
  return pieces;
}
