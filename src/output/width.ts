// Display width of already-sanitised, single-line text at a terminal, and fitting text into a width.
// ASCII (the common case) is measured by length; anything else grapheme by grapheme, with East Asian
// wide/fullwidth characters and emoji counted as two columns and combining marks as none.

// eslint-disable-next-line no-control-regex
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]+$/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function isWideCodePoint(cp: number): boolean {
  return (
    cp >= 0x1100 &&
    (cp <= 0x115f ||
      cp === 0x2329 ||
      cp === 0x232a ||
      (cp >= 0x2e80 && cp <= 0x3247 && cp !== 0x303f) ||
      (cp >= 0x3250 && cp <= 0x4dbf) ||
      (cp >= 0x4e00 && cp <= 0xa4c6) ||
      (cp >= 0xa960 && cp <= 0xa97c) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe10 && cp <= 0xfe19) ||
      (cp >= 0xfe30 && cp <= 0xfe6b) ||
      (cp >= 0xff01 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) ||
      (cp >= 0x1b000 && cp <= 0x1b001) ||
      (cp >= 0x1f200 && cp <= 0x1f251) ||
      (cp >= 0x20000 && cp <= 0x3fffd))
  );
}

function graphemeWidth(g: string): number {
  if (g.length === 1) {
    const cp = g.charCodeAt(0);
    if (cp >= 0x20 && cp < 0x7f) return 1;
  }
  if (ZERO_WIDTH.test(g)) return 0;
  const cp = g.codePointAt(0) ?? 0;
  if (isWideCodePoint(cp) || EMOJI_PRESENTATION.test(g) || g.includes('\ufe0f')) return 2;
  return 1;
}

/** Columns `text` takes at a terminal (no escape sequences expected in it). */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const { segment } of segmenter.segment(text)) width += graphemeWidth(segment);
  return width;
}

/** `text` cut to at most `width` columns, ending in "…" when something was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (PRINTABLE_ASCII.test(text)) {
    return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
  }
  if (displayWidth(text) <= width) return text;
  const room = width - 1;
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(text)) {
    const w = graphemeWidth(segment);
    if (used + w > room) break;
    used += w;
    end = index + segment.length;
  }
  return `${text.slice(0, end)}…`;
}

/** `text` padded with spaces on the right to `width` columns (never cut). */
export function padEnd(text: string, width: number): string {
  const w = displayWidth(text);
  return w >= width ? text : text + ' '.repeat(width - w);
}

/**
 * `text` (one line) broken into lines of at most `width` columns, at spaces where possible; a word
 * wider than a line is cut into pieces.
 */
export function wrap(text: string, width: number): string[] {
  if (width <= 0) return [text];
  if (displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(' ')) {
    if (word === '') continue;
    let rest = word;
    let restWidth = displayWidth(rest);
    if (lineWidth > 0 && lineWidth + 1 + restWidth <= width) {
      line += ` ${rest}`;
      lineWidth += 1 + restWidth;
      continue;
    }
    if (lineWidth > 0) {
      lines.push(line);
      line = '';
      lineWidth = 0;
    }
    while (restWidth > width) {
      const [head, tail] = splitAt(rest, width);
      lines.push(head);
      rest = tail;
      restWidth = displayWidth(rest);
    }
    line = rest;
    lineWidth = restWidth;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** The longest head of `text` that fits `width` columns (at least one grapheme), and the rest. */
function splitAt(text: string, width: number): [string, string] {
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(text)) {
    const w = graphemeWidth(segment);
    if (used + w > width && end > 0) break;
    used += w;
    end = index + segment.length;
  }
  return [text.slice(0, end), text.slice(end)];
}
