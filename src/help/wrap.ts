// Help text fitted to the screen: paragraphs reflowed to the width on word boundaries, indented
// lines (examples, lists) kept as lines and wrapped under their own indent when too long. Help is
// written as paragraphs, so it reads the same at 80 columns and at 200.
import { wrapWords } from '../output/word-wrap.js';

/** The width help is wrapped to: the terminal's, and 80 columns at most anywhere else. */
export function helpWidth(isTTY: boolean, columns: number): number {
  const width = isTTY && Number.isFinite(columns) && columns > 0 ? Math.floor(columns) : 80;
  return Math.max(20, isTTY ? width : Math.min(width, 80));
}

/**
 * `words` joined into lines of at most `width` characters (a longer word stands on its own line).
 * Help is plain text: its width is its length, and nothing of the terminal's measure loads.
 */
function fill(words: readonly string[], width: number, indent: string, hanging: string): string[] {
  return wrapWords(words, width, { measure: (text) => text.length, indent, hanging });
}

/** A paragraph line starts anew after a blank line, an indented line, or a line ending in ":". */
function startsParagraph(previous: string | undefined): boolean {
  return previous === undefined || previous.trim() === '' || /^\s/.test(previous) || previous.trimEnd().endsWith(':');
}

/**
 * A line of its own: "Label: text" at the start of a line opens a new paragraph, when the line
 * before ended a sentence. Mid-sentence, a line that happens to start "word: " is prose
 * ("…by a stable hash of each normalised\ninput: N machines…").
 */
const LABEL = /^[A-Za-z][\w-]*: /;
const ENDS_SENTENCE = /[.!?]["')\]}]*$/;

function startsLabel(line: string, previous: string | undefined): boolean {
  return LABEL.test(line) && previous !== undefined && ENDS_SENTENCE.test(previous.trimEnd());
}

/** An indented line laid out in columns: "  term   description", two spaces or more between. */
const COLUMN = /^( *\S+(?: \S+)*? {2,})(\S.*)$/;

/** A line that is not a column: kept whole when it fits, else wrapped 4 columns further in. */
function wrapLine(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const indent = /^ */.exec(line)?.[0] ?? '';
  // A shell command is broken with a backslash, so what is copied still runs.
  if (!SHELL_LINE.test(line.trim())) return fill(line.trim().split(/ +/), width, indent, `${indent}    `);
  const lines = fill(line.trim().split(/ +/), width - 2, indent, `${indent}    `);
  return lines.map((part, i) => (i < lines.length - 1 ? `${part} \\` : part));
}

const SHELL_LINE = /^(?:social |[A-Z_]+=|printf |cat |echo |\*\/)/;

/**
 * A run of indented lines (examples, a list). A column line keeps its layout and wraps its
 * description under itself. When a term is too wide to leave its description room beside it (more
 * than half the width) and the run does not fit, the descriptions of such terms go on the next
 * line, 4 columns in, as gh lays out its examples: never glued to the command.
 */
function wrapIndented(block: readonly string[], width: number): readonly string[] {
  // Every line fits, so each is kept as it is (commander's lists come laid out to the width).
  if (block.every((line) => line.length <= width)) return block;
  return block.flatMap((line) => {
    const column = COLUMN.exec(line);
    if (column === null) return wrapLine(line, width);
    const head = column[1] as string;
    const description = (column[2] as string).split(/ +/);
    if (head.length > width / 2) {
      const indent = `${/^ */.exec(head)?.[0] ?? ''}    `;
      return [...wrapLine(head.trimEnd(), width), ...fill(description, width, indent, indent)];
    }
    if (line.length <= width) return [line];
    const [first = '', ...rest] = fill(description, width - head.length, '', '');
    return [head + first, ...rest.map((part) => ' '.repeat(head.length) + part)];
  });
}

export function wrapHelp(text: string, width: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(...fill(paragraph.join(' ').split(/ +/), width, '', ''));
    paragraph = [];
  };
  let block: string[] = [];
  const flushBlock = () => {
    if (block.length > 0) out.push(...wrapIndented(block, width));
    block = [];
  };
  let previous: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    const indent = /^ */.exec(line)?.[0] ?? '';
    if (indent !== '') {
      flush();
      block.push(line);
      previous = line;
      continue;
    }
    flushBlock();
    if (line === '') {
      flush();
      out.push('');
    } else {
      if (startsParagraph(previous) || startsLabel(line, previous)) flush();
      paragraph.push(line);
    }
    previous = line;
  }
  flushBlock();
  flush();
  return out.join('\n');
}
