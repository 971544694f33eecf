// Words laid on lines of a width: the one word-wrapper of help, tables, messages and charts. It
// measures with the function it is given (help, plain text, counts characters; a table or a chart
// counts the columns of the terminal), so it loads nothing itself: `--help` wraps with it at start.

/** Pieces of a word wider than a line, each with the columns it takes. */
export type Piece = { text: string; width: number };

export interface WordWrap {
  /** Columns `text` takes. */
  measure(text: string): number;
  /**
   * A word too wide for an empty line, in pieces: the first on that line, each other on a line of
   * its own, and the last the line that the next word may join. Without it the word stays whole,
   * wider than the line.
   */
  long?: (word: string, width: number) => Piece[];
  /** What stands between two words on a line (a space unless given). */
  gap?: string;
  /** The first line's start, and every other line's. */
  indent?: string;
  hanging?: string;
}

/**
 * `words` on lines of at most `width` columns, each line taking words while the next fits after
 * the gap. A line is written once it holds text; an empty word joins a line as a gap more, and
 * starts none.
 */
export function wrapWords(words: Iterable<string>, width: number, rule: WordWrap): string[] {
  const gap = rule.gap ?? ' ';
  const gapWidth = rule.measure(gap);
  const hanging = rule.hanging ?? '';
  const lines: string[] = [];
  let line = rule.indent ?? '';
  let lineWidth = rule.measure(line);
  let held = false;
  for (const word of words) {
    const wordWidth = rule.measure(word);
    if (held) {
      if (lineWidth + gapWidth + wordWidth <= width) {
        line += gap + word;
        lineWidth += gapWidth + wordWidth;
        continue;
      }
      lines.push(line);
      line = hanging;
      lineWidth = rule.measure(hanging);
      held = false;
    }
    if (lineWidth + wordWidth <= width || rule.long === undefined) {
      line += word;
      lineWidth += wordWidth;
      held = word !== '';
      continue;
    }
    const pieces = rule.long(word, width - lineWidth);
    pieces.forEach((piece, i) => {
      if (i > 0) {
        lines.push(line);
        line = hanging;
        lineWidth = rule.measure(hanging);
      }
      line += piece.text;
      lineWidth += piece.width;
      held = true;
    });
  }
  if (held) lines.push(line);
  return lines;
}
