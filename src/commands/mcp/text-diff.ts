// What `mcp install --dry-run` shows: the change to the client's file as a unified diff (diff -u),
// what goes and what comes, as a careful tool shows it before writing a file someone else owns.
// One hunk: the lines alike at both ends are cut, leaving three of context either side. Install
// changes one place (its entry), or, when the JSON was laid out otherwise than it writes it, the
// whole file, which the diff then shows as such rather than hide.

const CONTEXT = 3;

/** The text's lines, each with its line break (the last may have none). */
function linesOf(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\n)/);
}

/** A hunk's range as diff -u writes it: the first line (1-based; the line before for none) and the count. */
function range(start: number, count: number): string {
  if (count === 0) return `${start},0`;
  return count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}

/** `before` changed into `after` (they differ), the file named `path` in the headers; '' for a new file. */
export function unifiedDiff(before: string, after: string, path: string): string {
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
    tail += 1;
  const from = Math.max(0, head - CONTEXT);
  const aEnd = Math.min(a.length, a.length - tail + CONTEXT);
  const bEnd = Math.min(b.length, b.length - tail + CONTEXT);
  const out = [
    `--- ${before === '' ? '/dev/null' : path}\n`,
    `+++ ${path}\n`,
    `@@ -${range(from, aEnd - from)} +${range(from, bEnd - from)} @@\n`,
  ];
  const line = (mark: string, text: string) =>
    out.push(mark, text.endsWith('\n') ? text : `${text}\n\\ No newline at end of file\n`);
  for (let i = from; i < head; i++) line(' ', a[i] as string);
  for (let i = head; i < a.length - tail; i++) line('-', a[i] as string);
  for (let i = head; i < b.length - tail; i++) line('+', b[i] as string);
  for (let i = a.length - tail; i < aEnd; i++) line(' ', a[i] as string);
  return out.join('');
}
