// Text in a standalone SVG, measured without a font engine: the reader's viewer picks the font
// (Helvetica or Arial where they exist; DejaVu Sans, wider, on most Linux systems, rsvg-convert's
// fallback), so widths here are DejaVu Sans' advance widths, an upper bound for the fonts the file
// names. Anything else than printable ASCII counts an em (a CJK glyph's square), and 1.3 em where
// a terminal gives it two columns (emoji are drawn wider than an em by colour fonts).
import stringWidth from 'string-width';

/** DejaVu Sans advance widths of ' ' to '~', in hundredths of an em, rounded up. */
const ASCII_WIDTHS = [
  32, 41, 46, 84, 64, 96, 78, 28, 40, 40, 50, 84, 32, 37, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84,
  84, 84, 54, 100, 69, 69, 70, 78, 64, 58, 78, 76, 30, 30, 66, 56, 87, 75, 79, 61, 79, 70, 64, 62, 74, 69, 99, 69, 62,
  69, 40, 34, 40, 84, 50, 50, 62, 64, 55, 64, 62, 36, 64, 64, 28, 28, 58, 28, 98, 64, 62, 64, 64, 42, 53, 40, 64, 60,
  82, 60, 60, 53, 64, 34, 64, 84,
];
const ELLIPSIS = '…';

function graphemeEms(segment: string): number {
  const code = segment.charCodeAt(0);
  if (segment.length === 1 && code >= 0x20 && code < 0x7f) return ASCII_WIDTHS[code - 0x20]! / 100;
  return stringWidth(segment) >= 2 ? 1.3 : 1;
}

let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Pixels `text` takes at most at `fontSize`. */
export function svgTextWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const segment of graphemes(text)) ems += graphemeEms(segment);
  return ems * fontSize;
}

/** `text` cut to at most `width` pixels at `fontSize`, ending in "…" when something was cut. */
export function fitSvgText(text: string, width: number, fontSize: number): string {
  if (svgTextWidth(text, fontSize) <= width) return text;
  const room = width / fontSize - graphemeEms(ELLIPSIS);
  let used = 0;
  let kept = '';
  for (const segment of graphemes(text)) {
    used += graphemeEms(segment);
    if (used > room) break;
    kept += segment;
  }
  return `${kept.trimEnd()}${ELLIPSIS}`;
}

/** `text` as XML character data or attribute value. */
export function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
