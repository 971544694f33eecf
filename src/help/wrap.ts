// Help text fitted to the screen: paragraphs reflowed to the width on word boundaries, indented
// lines (examples, lists) kept as lines and wrapped under their own indent when too long. Help is
// written as paragraphs, so it reads the same at 80 columns and at 200.

/** The width help is wrapped to: the terminal's, and 80 columns at most anywhere else. */
export function helpWidth(isTTY: boolean, columns: number): number {
  const width = isTTY && Number.isFinite(columns) && columns > 0 ? Math.floor(columns) : 80;
  return Math.max(20, isTTY ? width : Math.min(width, 80));
}

/** `words` joined into lines of at most `width` (a longer word stands on its own line). */
function fill(words: readonly string[], width: number, indent: string, hanging: string): string[] {
  const lines: string[] = [];
  let line = indent;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = hanging + word;
    } else {
      line += empty ? word : ` ${word}`;
    }
    empty = false;
  }
  if (!empty) lines.push(line);
  return lines;
}

/** A paragraph line starts anew after a blank line, an indented line, or a line ending in ":". */
function startsParagraph(previous: string | undefined): boolean {
  return previous === undefined || previous.trim() === '' || /^\s/.test(previous) || previous.trimEnd().endsWith(':');
}

/** A line of its own: "Label: text" at the start of a line opens a new paragraph. */
const LABEL = /^[A-Za-z][\w-]*: /;

/**
 * An indented line too long for the width. A line laid out in columns ("  term   description")
 * keeps its layout and wraps the description under itself; any other continues 4 columns in.
 */
function wrapIndented(line: string, width: number): string[] {
  const column = /^( *\S+(?: \S+)*? {2,})(\S.*)$/.exec(line);
  if (column !== null && (column[1] as string).length <= width / 2) {
    const head = column[1] as string;
    const [first = '', ...rest] = fill((column[2] as string).split(/ +/), width - head.length, '', '');
    return [head + first, ...rest.map((part) => ' '.repeat(head.length) + part)];
  }
  const indent = /^ */.exec(line)?.[0] ?? '';
  // A shell command is broken with a backslash, so what is copied still runs.
  if (!SHELL_LINE.test(line.trim())) return fill(line.trim().split(/ +/), width, indent, `${indent}    `);
  const lines = fill(line.trim().split(/ +/), width - 2, indent, `${indent}    `);
  return lines.map((part, i) => (i < lines.length - 1 ? `${part} \\` : part));
}

const SHELL_LINE = /^(?:social |[A-Z_]+=|printf |cat |echo |\*\/)/;

export function wrapHelp(text: string, width: number): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(...fill(paragraph.join(' ').split(/ +/), width, '', ''));
    paragraph = [];
  };
  let previous: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    const indent = /^ */.exec(line)?.[0] ?? '';
    if (line === '') {
      flush();
      out.push('');
    } else if (indent !== '') {
      flush();
      if (line.length <= width) out.push(line);
      else out.push(...wrapIndented(line, width));
    } else {
      if (startsParagraph(previous) || LABEL.test(line)) flush();
      paragraph.push(line);
    }
    previous = line;
  }
  flush();
  return out.join('\n');
}
