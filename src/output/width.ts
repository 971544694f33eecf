// Display width of already-sanitised, single-line text at a terminal, and fitting text into a width.
// Text made only of narrow characters (ASCII, Latin, Cyrillic, box drawing, block elements, …) is
// measured by its length after one precompiled test; anything else code point by code point:
// East Asian wide/fullwidth characters and emoji take two columns, combining marks, zero-width
// characters and the parts of an emoji sequence after a zero-width joiner none.

// Anything that is not one narrow column per UTF-16 unit: combining/format/control characters,
// wide ranges, surrogates (astral characters), variation selectors and emoji shown as pictures.
const COMPLEX =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: surrogate halves are listed on purpose, to catch astral characters
  /[\p{Mn}\p{Me}\p{Cf}\p{Cc}\u1100-\u115f\u2329\u232a\u2e80-\ua4cf\ua960-\ua97f\uac00-\ud7a3\ud800-\udfff\uf900-\ufaff\ufe00-\ufe6f\uff00-\uff60\uffe0-\uffe6\p{Emoji_Presentation}]/u;
const ZERO_WIDTH_CP = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u;
const EMOJI_PRESENTATION_CP = /^\p{Emoji_Presentation}$/u;
const EMOJI_CP = /^\p{Extended_Pictographic}$/u;

const ZWJ = 0x200d;
const VS16 = 0xfe0f;

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
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
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/**
 * Walks the code points of `text` with the columns each adds (0, 1 or 2), stopping when `visit`
 * returns false. A joined emoji sequence counts once; a text-style emoji made a picture by VS16
 * counts two; the second of a pair of regional indicators (a flag) none.
 */
function walk(text: string, visit: (start: number, end: number, columns: number) => boolean): void {
  let prev = 0;
  let prevColumns = 0;
  let flagOpen = false;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const end = i + (cp > 0xffff ? 2 : 1);
    const ch = text.slice(i, end);
    let columns: number;
    if (cp >= 0x20 && cp < 0x300) columns = 1;
    else if (prev === ZWJ) columns = 0;
    else if (cp === VS16) columns = prevColumns === 1 && EMOJI_CP.test(String.fromCodePoint(prev)) ? 1 : 0;
    else if (ZERO_WIDTH_CP.test(ch)) columns = 0;
    else if (cp >= 0x1f1e6 && cp <= 0x1f1ff) {
      columns = flagOpen ? 0 : 2;
      flagOpen = !flagOpen;
    } else if (isWide(cp) || EMOJI_PRESENTATION_CP.test(ch)) columns = 2;
    else columns = 1;
    if (!(cp >= 0x1f1e6 && cp <= 0x1f1ff)) flagOpen = false;
    if (!visit(i, end, columns)) return;
    if (cp !== VS16) prevColumns = columns;
    prev = cp;
    i = end;
  }
}

/** Columns `text` takes at a terminal (no escape sequences expected in it). */
export function displayWidth(text: string): number {
  if (!COMPLEX.test(text)) return text.length;
  let width = 0;
  walk(text, (_s, _e, columns) => {
    width += columns;
    return true;
  });
  return width;
}

export interface Fitted {
  text: string;
  width: number;
}

/** `text` cut to at most `width` columns, ending in "…" when something was cut, and its width. */
export function fit(text: string, width: number): Fitted {
  if (width <= 0) return { text: '', width: 0 };
  if (!COMPLEX.test(text)) {
    return text.length <= width ? { text, width: text.length } : { text: `${text.slice(0, width - 1)}…`, width };
  }
  const full = displayWidth(text);
  if (full <= width) return { text, width: full };
  const room = width - 1;
  let used = 0;
  let cut = 0;
  walk(text, (_start, end, columns) => {
    if (used + columns > room) return false;
    used += columns;
    cut = end;
    return true;
  });
  let head = text.slice(0, cut);
  // Do not leave a joiner hanging at the cut.
  while (head.endsWith('\u200d')) head = head.slice(0, -1);
  return { text: `${head}…`, width: used + 1 };
}

/** `text` cut to at most `width` columns, ending in "…" when something was cut. */
export function truncate(text: string, width: number): string {
  return fit(text, width).text;
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
      const cut = splitAt(rest, width);
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
      restWidth = displayWidth(rest);
    }
    line = rest;
    lineWidth = restWidth;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Where to cut `text` so its head fits `width` columns (at least one code point in the head). */
function splitAt(text: string, width: number): number {
  let used = 0;
  let cut = 0;
  walk(text, (_start, end, columns) => {
    if (used + columns > width && cut > 0) return false;
    used += columns;
    cut = end;
    return true;
  });
  return cut;
}
