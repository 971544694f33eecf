// The table format: human views at a terminal. Each View is an optional heading and a borderless,
// compact table (the style of `gh`) drawn by cli-table3; each RecordView "label  value" lines.
// cli-table3 draws; what it cannot decide is done here: which columns to show and how wide, by
// priority (identifiers always and whole, free text cut first, then the least kept columns left
// out; see fitColumns), numbers exact where there is room, and the expanded form (psql's `\x auto`):
// a table that does not fit even so, or a single row it cannot show whole, is shown row by row,
// field by field, every value whole. Every cell is sanitised (src/domain/text.ts) and cut to its column before
// cli-table3 sees it; headings and messages are wrapped, never cut.

import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { sanitiseLine } from '../domain/text.js';
import { type CellOptions, isNumericKind, type RenderedCell, renderCell } from './cells.js';
import { pickColumns, pickRecordFields } from './fields.js';
import { type Fitted, fitText, textWidth, wrapText } from './measure.js';
import { sparkline } from './sparkline.js';
import type { CellKind, Column, ColumnFit, RecordView, View } from './types.js';

export interface TableOptions {
  color: boolean;
  /** Width no line may pass: the terminal's, or COLUMNS; Infinity for none (a file, a pipe). */
  columns: number;
  now: Date;
  /** Counts always exact (--exact); otherwise exact where the table has room. */
  exact?: boolean;
  /** The columns asked for with --fields, in order: shown, every one (see fields.ts). */
  fields?: readonly string[];
}

/** Columns between two table columns. */
const GAP = 2;
/** Free text is cut down to this many columns (or its header's) before any column is left out. */
const FREE_MIN = 16;
/** No cell shows more than this many columns, whatever the width: a bound for hostile text. */
const CELL_MAX = 1024;
/** Lines of free text a record view shows (a bio) before it is cut. */
const RECORD_TEXT_LINES = 12;
/** Rows a cli-table3 table is given at a time: its layout is quadratic in the rows it holds. */
const CHUNK_ROWS = 32;
const DEFAULT_EMPTY = 'No results.';

const BORDERLESS = {
  chars: {
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
    middle: ' '.repeat(GAP),
  },
  style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
};

export function isRecordView(view: View | RecordView): view is RecordView {
  return 'fields' in view;
}

/** The whole table output: the views, a blank line between them, ending in a newline. */
export function renderTables(views: ReadonlyArray<View | RecordView>, options: TableOptions): string {
  if (views.length === 0) return '';
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const columns = options.columns >= 1 ? Math.floor(options.columns) : 80;
  const opts: TableOptions = { ...options, columns };
  const blocks = views.map((view) =>
    isRecordView(view) ? renderRecord(view, opts, chalk) : renderView(view, opts, chalk),
  );
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** Lines of a heading or a message: sanitised, wrapped at the width, never cut. */
function messageLines(text: string, width: number): string[] {
  return wrapText(sanitiseLine(text), width);
}

function headingLines(heading: readonly string[] | undefined, width: number, chalk: ChalkInstance): string[] {
  return (heading ?? []).flatMap((line) => messageLines(line, width).map((l) => chalk.bold(l)));
}

function cellOptions(options: TableOptions, exact: boolean, width: number): CellOptions {
  return { now: options.now, exact, limit: 4 * Math.min(width, CELL_MAX) + 16 };
}

/** A cell fitted to `width` columns and coloured by its tone. */
function styleCell(cell: RenderedCell, width: number, chalk: ChalkInstance): string {
  let fitted: Fitted;
  const line = cell.series !== undefined && cell.text.length > width ? sparkline(cell.series, width) : null;
  // A sparkline too long for its column is drawn again from fewer points, never cut.
  if (line !== null) fitted = { text: line, width: line.length };
  else if (cell.series !== undefined) fitted = { text: cell.text, width: cell.text.length };
  else fitted = fitText(cell.text, width);
  switch (cell.tone) {
    case 'unknown':
      return chalk.dim(fitted.text);
    case 'up':
      return chalk.green(fitted.text);
    case 'down':
      return chalk.red(fitted.text);
    default:
      return fitted.text;
  }
}

function renderView(view: View, options: TableOptions, chalk: ChalkInstance): string[] {
  const lines = headingLines(view.heading, options.columns, chalk);
  const picked = pickColumns(view.columns, 'table', options.fields);
  const shown: Column<unknown>[] = picked.items;
  if (view.rows.length === 0 || shown.length === 0) {
    if (view.rows.length === 0) lines.push(...messageLines(view.empty ?? DEFAULT_EMPTY, options.columns));
    return lines;
  }
  const cap = Math.min(options.columns, CELL_MAX);
  const exactOpts = cellOptions(options, true, CELL_MAX);
  const exactCells = view.rows.map((row: unknown) => shown.map((c) => columnCell(c, row, exactOpts)));
  const hasCounts = options.exact !== true && shown.some((c) => c.kind === 'count');
  const compactOpts = cellOptions(options, false, CELL_MAX);
  const compactCells = hasCounts
    ? exactCells.map((cells, r) =>
        cells.map((cell, c) => {
          const column = shown[c] as Column<unknown>;
          return column.kind === 'count' ? columnCell(column, view.rows[r], compactOpts) : cell;
        }),
      )
    : exactCells;
  const headers = shown.map((c) => sanitiseLine(c.label ?? c.header));
  // Free text is measured no wider than the table; anything else (never cut) up to CELL_MAX.
  const caps = shown.map((c) => (c.fit === 'free' ? cap : CELL_MAX));
  const natural = (cells: RenderedCell[][]): number[] => {
    const widths = headers.map((h, c) => Math.min(textWidth(h), caps[c] as number));
    for (const row of cells) {
      for (let c = 0; c < row.length; c++) {
        const cell = row[c] as RenderedCell;
        // A sparkline is a column a bar: its length is its width.
        const w = cell.series !== undefined ? cell.text.length : fitText(cell.text, caps[c] as number).width;
        if (w > (widths[c] as number)) widths[c] = w;
      }
    }
    return widths;
  };
  const exactWidths = natural(exactCells);
  const fitted = fitColumns(
    shown.map((c, i) => ({
      exact: exactWidths[i] as number,
      header: Math.min(textWidth(headers[i] as string), CELL_MAX),
      fit: c.fit ?? 'fixed',
      keep: c.keep ?? 0,
    })),
    options.columns,
    hasCounts ? natural(compactCells) : null,
    picked.named,
  );
  // The expanded form (psql's \x auto), each row field by field with every value whole: for a
  // table wider than the width even with its identifiers alone whole and its free text at its
  // minimum (its lines would wrap at the terminal), and for one row the table cannot show whole
  // (a column left out, a cell cut, a count rounded).
  const tableWidth = fitted.columns.reduce((sum, f) => sum + f.width + GAP, -GAP);
  const whole =
    !fitted.compact &&
    fitted.columns.length === shown.length &&
    fitted.columns.every(({ index, width }) => width >= (exactWidths[index] as number));
  if (tableWidth > options.columns || (view.rows.length === 1 && !whole)) {
    return [...lines, ...expandedLines(view.rows, shown, options, chalk)];
  }
  const cells = fitted.compact ? compactCells : exactCells;
  const head = fitted.columns.map(({ index, width }) => chalk.bold(fitText(headers[index] as string, width).text));
  const body = cells.map((row) =>
    fitted.columns.map(({ index, width }) => styleCell(row[index] as RenderedCell, width, chalk)),
  );
  const colWidths = fitted.columns.map((f) => f.width);
  const colAligns = fitted.columns.map(({ index }) => (isNumericKind(shown[index]?.kind) ? 'right' : 'left'));
  const all = [head, ...body];
  for (let at = 0; at < all.length; at += CHUNK_ROWS) {
    const table = new Table({ ...BORDERLESS, colWidths, colAligns, wordWrap: false });
    table.push(...all.slice(at, at + CHUNK_ROWS));
    for (const line of table.toString().split('\n')) lines.push(line.trimEnd());
  }
  return lines;
}

/** A row's cell in `column`: its `missing` text where the value is null. */
function columnCell(column: Column<unknown>, row: unknown, options: CellOptions): RenderedCell {
  const value = column.value(row);
  if ((value === null || value === undefined) && column.missing !== undefined) {
    return { text: column.missing, tone: 'plain' };
  }
  return renderCell(value, column.kind, options);
}

/** Rows as records: each row's "label  value" lines, a blank line between rows. */
function expandedLines(
  rows: readonly unknown[],
  shown: readonly Column<unknown>[],
  options: TableOptions,
  chalk: ChalkInstance,
): string[] {
  return rows.flatMap((row, r) => {
    const fields = shown.map((c) => ({
      label: c.label ?? c.header,
      kind: c.kind,
      fit: c.fit,
      cell: (cellOpts: CellOptions) => columnCell(c, row, cellOpts),
    }));
    const block = recordLines(fields, options, chalk);
    return r === 0 ? block : ['', ...block];
  });
}

function renderRecord(view: RecordView, options: TableOptions, chalk: ChalkInstance): string[] {
  const fields: RecordItem[] = pickRecordFields(view, options.fields).map((field) => ({
    label: field.label,
    kind: field.kind,
    fit: field.fit,
    cell: (cellOpts) => renderCell(field.value, field.kind, cellOpts),
  }));
  return [...headingLines(view.heading, options.columns, chalk), ...recordLines(fields, options, chalk)];
}

interface RecordItem {
  label: string;
  kind?: CellKind;
  fit?: ColumnFit;
  cell: (options: CellOptions) => RenderedCell;
}

/**
 * "label  value" lines: text wrapped under its value (RECORD_TEXT_LINES at most), numbers exact,
 * identifiers never cut nor wrapped: one too wide to go beside its label is on the next line, by
 * itself from the first column (only a line that holds nothing else is wider than the width).
 */
function recordLines(fields: readonly RecordItem[], options: TableOptions, chalk: ChalkInstance): string[] {
  const lines: string[] = [];
  const labels = fields.map((f) => sanitiseLine(f.label));
  const longest = labels.reduce((m, l) => Math.max(m, textWidth(l)), 0);
  // Labels are never cut; on a terminal too narrow for them and FREE_MIN columns of value, the
  // lines are wider than it.
  const labelWidth = Math.min(longest, CELL_MAX);
  const valueWidth = Math.max(FREE_MIN, options.columns - labelWidth - GAP);
  const textWidthMax = Math.min(valueWidth * RECORD_TEXT_LINES, CELL_MAX * RECORD_TEXT_LINES);
  const cellOpts = cellOptions(options, true, textWidthMax);
  const indent = ' '.repeat(labelWidth + GAP);
  fields.forEach((field, i) => {
    const label = fitText(labels[i] as string, labelWidth);
    const start = `${chalk.dim(label.text)}${' '.repeat(labelWidth - label.width + GAP)}`;
    const cell = field.cell(cellOpts);
    if (field.fit === 'id') {
      const value = styleCell(cell, CELL_MAX, chalk);
      if (Math.min(textWidth(cell.text), CELL_MAX) <= valueWidth) lines.push(`${start}${value}`.trimEnd());
      else lines.push(chalk.dim(label.text), value);
      return;
    }
    const long = cell.tone === 'plain' && (field.kind === undefined || field.kind === 'text');
    const parts = long ? wrapText(fitText(cell.text, textWidthMax).text, valueWidth) : [cell.text];
    parts.forEach((part, j) => {
      const value = styleCell({ ...cell, text: part }, valueWidth, chalk);
      lines.push(`${j === 0 ? start : indent}${value}`.trimEnd());
    });
  });
  return lines;
}

export interface ColumnWidths {
  /** Columns' natural widths with exact numbers. */
  exact: number;
  /** The header's width: free text is never cut below it. */
  header: number;
  fit: ColumnFit;
  /** See Column.keep. */
  keep: number;
}

export interface FittedColumn {
  /** Index into the columns given. */
  index: number;
  width: number;
}

interface FittedColumns {
  columns: FittedColumn[];
  compact: boolean;
}

/**
 * Which columns to show, and how wide, so the table fits `total` columns. One rule, by priority:
 * identifiers whole and free text at its minimum (min(its width, max(FREE_MIN, its header))) are
 * always shown; then the fixed columns, highest `keep` first (the leftmost of equals first), each
 * while it fits; then free text takes what is left. Numbers are exact unless compact ones (when
 * `compact` widths are given) let more columns in. Nothing but free text is ever cut: a table
 * whose identifiers do not fit is wider than `total` (renderView then shows it expanded). With `keepAll` (the columns --fields asked
 * for) every column is shown.
 */
export function fitColumns(
  fits: readonly ColumnWidths[],
  total: number,
  compact: readonly number[] | null,
  keepAll = false,
): FittedColumns {
  const exact = layout(
    fits.map((f) => f.exact),
    fits,
    total,
    keepAll,
  );
  if (compact === null || (exact.columns.length === fits.length && exact.fits)) return exact.result(false);
  const small = layout(compact, fits, total, keepAll);
  const better = small.columns.length > exact.columns.length || (small.fits && !exact.fits);
  return better ? small.result(true) : exact.result(false);
}

function layout(widths: readonly number[], fits: readonly ColumnWidths[], total: number, keepAll: boolean) {
  const floor = (i: number): number => {
    const column = fits[i] as ColumnWidths;
    const width = widths[i] as number;
    return column.fit === 'free' ? Math.min(width, Math.max(FREE_MIN, column.header)) : width;
  };
  const shown = fits.map((f) => keepAll || f.fit !== 'fixed');
  // What the shown columns take, a gap after each: a column fits when its width and `used` do.
  let used = fits.reduce((sum, _, i) => (shown[i] ? sum + floor(i) + GAP : sum), 0);
  const optional = fits
    .map((_, i) => i)
    .filter((i) => !shown[i])
    .sort((a, b) => (fits[b] as ColumnWidths).keep - (fits[a] as ColumnWidths).keep || a - b);
  for (const i of optional) {
    if (used + (widths[i] as number) <= total) {
      shown[i] = true;
      used += (widths[i] as number) + GAP;
    }
  }
  const kept = fits.flatMap((_, i) => (shown[i] ? [i] : []));
  const sized = kept.map((i) => widths[i] as number);
  const free = kept.flatMap((i, k) => ((fits[i] as ColumnWidths).fit === 'free' ? [k] : []));
  const fixedSum = kept.reduce(
    (sum, i) => ((fits[i] as ColumnWidths).fit === 'free' ? sum : sum + (widths[i] as number)),
    0,
  );
  shareFree(
    sized,
    free,
    free.map((k) => floor(kept[k] as number)),
    total - fixedSum - GAP * Math.max(0, kept.length - 1),
  );
  const width = sized.reduce((a, b) => a + b, 0) + GAP * Math.max(0, kept.length - 1);
  return {
    columns: kept,
    fits: width <= total,
    result: (useCompact: boolean): FittedColumns => ({
      columns: kept.map((index, k) => ({ index, width: sized[k] as number })),
      compact: useCompact,
    }),
  };
}

/**
 * Cuts the free columns among `widths` (at `free`), widest first to a common level and never below
 * their `mins`, so they take no more than `room` columns (at their mins when even those do not fit).
 */
function shareFree(widths: number[], free: readonly number[], mins: readonly number[], room: number): void {
  const at = (level: number): number =>
    free.reduce((a, k, j) => a + Math.max(mins[j] as number, Math.min(widths[k] as number, level)), 0);
  if (free.length === 0 || at(Number.POSITIVE_INFINITY) <= room) return;
  let lo = 0;
  let hi = free.reduce((m, k) => Math.max(m, widths[k] as number), 0);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (at(mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  let spare = Math.max(0, room - at(lo));
  free.forEach((k, j) => {
    const w = Math.max(mins[j] as number, Math.min(widths[k] as number, lo));
    const grow = spare > 0 && w === lo && (widths[k] as number) > lo ? 1 : 0;
    spare -= grow;
    widths[k] = w + grow;
  });
}
