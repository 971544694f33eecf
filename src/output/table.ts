// The table format: human views at a terminal. Each View is an optional heading and a borderless,
// compact table (the style of `gh`) that fits the terminal width; each RecordView "label  value"
// lines. Every cell is sanitised to one safe line, cut with "…" to its column, and coloured only
// when colour is on.

import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { sanitiseLine } from '../text.js';
import { isNumericKind, renderCell, type RenderedCell } from './cells.js';
import type { CellKind, Column, RecordView, View } from './types.js';
import { sparkline } from './sparkline.js';
import { displayWidth, padEnd, truncate, wrap } from './width.js';

export interface TableOptions {
  color: boolean;
  /** Terminal width: no line is wider. */
  columns: number;
  now: Date;
}

/** Columns between two table columns. */
const GAP = 2;
/** The flex column keeps at least this much before other columns are cut. */
const FLEX_MIN = 10;
/** Other text columns are cut down to this before anything else is. */
const TEXT_MIN = 8;
const DEFAULT_EMPTY = 'No results.';

const CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: ' ',
} as const;

// The cell's right padding and the middle char make the GAP between columns.
const STYLE = { 'padding-left': 0, 'padding-right': GAP - 1, head: [], border: [], compact: true };

export function isRecordView(view: View | RecordView): view is RecordView {
  return 'fields' in view;
}

/** The whole table output: the views, a blank line between them, ending in a newline. */
export function renderTables(views: ReadonlyArray<View | RecordView>, options: TableOptions): string {
  if (views.length === 0) return '';
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const columns = Number.isFinite(options.columns) && options.columns >= 1 ? Math.floor(options.columns) : 80;
  const opts: TableOptions = { ...options, columns };
  const blocks = views.map((view) => (isRecordView(view) ? renderRecord(view, opts, chalk) : renderView(view, opts, chalk)));
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function headingLines(heading: readonly string[] | undefined, columns: number, chalk: ChalkInstance): string[] {
  if (heading === undefined) return [];
  return heading.map((line) => chalk.bold(truncate(sanitiseLine(line), columns)));
}

function styleCell(cell: RenderedCell, width: number, chalk: ChalkInstance): string {
  // A sparkline too long for its column is drawn again from fewer points, never cut.
  const text =
    cell.series !== undefined && displayWidth(cell.text) > width
      ? (sparkline(cell.series, width) ?? truncate(cell.text, width))
      : truncate(cell.text, width);
  switch (cell.tone) {
    case 'unknown':
      return chalk.dim(text);
    case 'up':
      return chalk.green(text);
    case 'down':
      return chalk.red(text);
    default:
      return text;
  }
}

function renderView(view: View, options: TableOptions, chalk: ChalkInstance): string[] {
  const lines = headingLines(view.heading, options.columns, chalk);
  if (view.rows.length === 0) {
    lines.push(truncate(sanitiseLine(view.empty ?? DEFAULT_EMPTY), options.columns));
    return lines;
  }
  const allColumns: Column<unknown>[] = view.columns.filter((c) => c.csvOnly !== true);
  if (allColumns.length === 0) return lines;

  const headers = allColumns.map((c) => sanitiseLine(c.header));
  const cells: RenderedCell[][] = view.rows.map((row: unknown) =>
    allColumns.map((c) => renderCell(c.value(row), c.kind, options.now)),
  );
  const natural = headers.map((h) => displayWidth(h));
  for (const row of cells) {
    for (let c = 0; c < row.length; c++) {
      const w = displayWidth((row[c] as RenderedCell).text);
      if (w > (natural[c] as number)) natural[c] = w;
    }
  }
  const fitted = fitColumns(
    allColumns.map((c, i) => ({ natural: natural[i] as number, kind: c.kind, flex: c.flex === true })),
    options.columns,
  );

  const table = new Table({
    head: fitted.map(({ index, width }) => chalk.bold(truncate(headers[index] as string, width))),
    colWidths: fitted.map(({ width }) => width + GAP - 1),
    colAligns: fitted.map(({ index }) => (isNumericKind(allColumns[index]?.kind) ? 'right' : 'left')),
    wordWrap: false,
    truncate: '…',
    chars: CHARS,
    style: STYLE,
  });
  for (const row of cells) {
    table.push(fitted.map(({ index, width }) => styleCell(row[index] as RenderedCell, width, chalk)));
  }
  for (const line of table.toString().split('\n')) {
    const trimmed = line.trimEnd();
    if (trimmed !== '') lines.push(trimmed);
  }
  return lines;
}

function renderRecord(view: RecordView, options: TableOptions, chalk: ChalkInstance): string[] {
  const lines = headingLines(view.heading, options.columns, chalk);
  const labels = view.fields.map((f) => sanitiseLine(f.label));
  const longest = labels.reduce((m, l) => Math.max(m, displayWidth(l)), 0);
  // The value keeps at least 10 columns when the terminal is narrow: labels give way first.
  const labelWidth = Math.max(1, Math.min(longest, options.columns - GAP - FLEX_MIN));
  const valueWidth = Math.max(1, options.columns - labelWidth - GAP);
  const indent = ' '.repeat(labelWidth);
  view.fields.forEach((field, i) => {
    const label = chalk.dim(padEnd(truncate(labels[i] as string, labelWidth), labelWidth));
    const cell = renderCell(field.value, field.kind, options.now);
    const long = cell.tone === 'plain' && (field.kind === undefined || field.kind === 'text');
    const parts = long ? wrap(cell.text, valueWidth) : [cell.text];
    parts.forEach((part, j) => {
      const value = styleCell({ text: part, tone: cell.tone }, valueWidth, chalk);
      lines.push(`${j === 0 ? label : indent}${' '.repeat(GAP)}${value}`.trimEnd());
    });
  });
  return lines;
}

interface ColumnFit {
  natural: number;
  kind: CellKind | undefined;
  flex: boolean;
}

export interface FittedColumn {
  /** Index into the columns given. */
  index: number;
  width: number;
}

/**
 * Which columns to show, and how wide, so the table fits `total` columns: the flex column takes
 * what the others leave (at least FLEX_MIN), other text columns and sparklines are cut (down to
 * TEXT_MIN); if that is not enough, the rightmost columns (never the first, never the flex one) are
 * left out rather than showing numbers cut short; on a terminal narrower still, what is left is cut.
 */
export function fitColumns(fits: readonly ColumnFit[], total: number): FittedColumn[] {
  const kept = fits.map((_, i) => i);
  for (;;) {
    const cols = kept.map((i) => fits[i] as ColumnFit);
    const widths = cols.map((c) => Math.max(1, c.natural));
    const budget = total - GAP * (cols.length - 1);
    const sum = (): number => widths.reduce((a, b) => a + b, 0);
    const result = (): FittedColumn[] => kept.map((index, k) => ({ index, width: widths[k] as number }));
    if (sum() <= budget) return result();

    const flex = cols.findIndex((c) => c.flex);
    if (flex >= 0) {
      const natural = widths[flex] as number;
      const others = sum() - natural;
      widths[flex] = Math.max(Math.min(natural, FLEX_MIN), Math.min(natural, budget - others));
      if (sum() <= budget) return result();
    }

    const cuttable = cols.flatMap((c, k) =>
      !c.flex && (c.kind === undefined || c.kind === 'text' || c.kind === 'spark') ? [k] : [],
    );
    shrink(widths, cuttable, (k) => Math.min(widths[k] as number, TEXT_MIN), budget);
    if (sum() <= budget) return result();

    let drop = -1;
    for (let k = kept.length - 1; k > 0; k--) {
      if (!(cols[k] as ColumnFit).flex) {
        drop = k;
        break;
      }
    }
    if (drop > 0) {
      kept.splice(drop, 1);
      continue;
    }
    // Only the first column and the flex one are left: cut them to what there is.
    if (kept.length > 1 && kept.length + GAP * (kept.length - 1) > total) kept.splice(1);
    const last = kept.map((i) => Math.max(1, (fits[i] as ColumnFit).natural));
    shrink(last, last.map((_, k) => k), () => 1, total - GAP * (kept.length - 1));
    return kept.map((index, k) => ({ index, width: Math.min(last[k] as number, Math.max(1, total)) }));
  }
}

/**
 * Cuts the widest of the columns `which` down to one level (never below their minimum) so the whole
 * row fits `budget`, handing any columns left over back one by one from the left.
 */
function shrink(widths: number[], which: readonly number[], min: (i: number) => number, budget: number): void {
  if (which.length === 0) return;
  const mins = new Map(which.map((i) => [i, min(i)]));
  const fixed = widths.reduce((a, w, i) => (mins.has(i) ? a : a + w), 0);
  const room = budget - fixed;
  const at = (level: number): number =>
    which.reduce((a, i) => a + Math.max(mins.get(i) as number, Math.min(widths[i] as number, level)), 0);
  let lo = 0;
  let hi = which.reduce((m, i) => Math.max(m, widths[i] as number), 0);
  if (at(lo) > room) {
    for (const i of which) widths[i] = mins.get(i) as number;
    return;
  }
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (at(mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  let spare = room - at(lo);
  for (const i of which) {
    const w = Math.max(mins.get(i) as number, Math.min(widths[i] as number, lo));
    const grow = spare > 0 && w === lo && (widths[i] as number) > lo ? 1 : 0;
    spare -= grow;
    widths[i] = w + grow;
  }
}
