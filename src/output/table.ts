// The table format: human views at a terminal. Each View is an optional heading and a borderless,
// compact table (the style of `gh`) drawn by cli-table3; each RecordView "label  value" lines.
// cli-table3 draws; what it cannot decide is done here: which columns to show and how wide
// (free text gives way first, identifiers and numbers are never cut), numbers exact where there is
// room. Every cell is sanitised (src/domain/text.ts) and cut to its column before cli-table3 sees
// it; headings and messages are wrapped, never cut.

import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { sanitiseLine } from '../domain/text.js';
import { type CellOptions, isNumericKind, type RenderedCell, renderCell } from './cells.js';
import { chosen, pickColumns, pickRecordFields } from './fields.js';
import { type Fitted, fitText, textWidth, wrapText } from './measure.js';
import { sparkline } from './sparkline.js';
import type { Column, ColumnFit, RecordView, View } from './types.js';

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
/** Free text keeps at least this many columns before columns are left out. */
const FREE_MIN = 10;
/** What free text keeps while fixed columns can still be left out. */
const FREE_COMFORT = 30;
/** Fixed columns are left out before free text goes below FREE_COMFORT, down to this many. */
const KEEP_BEFORE_SQUEEZING = 3;
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
  const shown: Column<unknown>[] = pickColumns(view.columns, 'table', options.fields);
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
    chosen(view.columns, options.fields),
  );
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
    return { text: sanitiseLine(column.missing), tone: 'plain' };
  }
  return renderCell(value, column.kind, options);
}

function renderRecord(view: RecordView, options: TableOptions, chalk: ChalkInstance): string[] {
  const lines = headingLines(view.heading, options.columns, chalk);
  const fields = pickRecordFields(view, options.fields);
  const labels = fields.map((f) => sanitiseLine(f.label));
  const longest = labels.reduce((m, l) => Math.max(m, textWidth(l)), 0);
  // The value keeps at least FREE_MIN columns when the terminal is narrow: labels give way first.
  const labelWidth = Math.max(1, Math.min(longest, options.columns - GAP - FREE_MIN));
  const valueWidth = Math.max(1, options.columns - labelWidth - GAP);
  const textWidthMax = Math.min(valueWidth * RECORD_TEXT_LINES, CELL_MAX * RECORD_TEXT_LINES);
  const cellOpts = cellOptions(options, true, textWidthMax);
  const indent = ' '.repeat(labelWidth + GAP);
  fields.forEach((field, i) => {
    const label = fitText(labels[i] as string, labelWidth);
    const cell = renderCell(field.value, field.kind, cellOpts);
    const long = cell.tone === 'plain' && (field.kind === undefined || field.kind === 'text');
    const parts = long ? wrapText(fitText(cell.text, textWidthMax).text, valueWidth) : [cell.text];
    parts.forEach((part, j) => {
      const value = styleCell({ text: part, tone: cell.tone }, valueWidth, chalk);
      const start = j === 0 ? `${chalk.dim(label.text)}${' '.repeat(labelWidth - label.width + GAP)}` : indent;
      lines.push(`${start}${value}`.trimEnd());
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

/**
 * Which columns to show, and how wide, so the table fits `total` columns. In order, until it fits:
 * numbers exact, then compact (when `compact` widths are given); free text cut, down to
 * FREE_COMFORT; fixed columns left out, the rightmost first, while more than KEEP_BEFORE_SQUEEZING
 * are shown; free text cut down to FREE_MIN; the remaining fixed columns left out; free text left
 * out; identifiers left out, the rightmost first, down to the last one, cut only on a terminal
 * narrower than it. With `keepAll` (the columns --fields asked for) no column is left out: free
 * text is cut down to FREE_MIN, and a table still too wide is wider than `total`.
 */
export function fitColumns(
  fits: readonly ColumnWidths[],
  total: number,
  compact: readonly number[] | null,
  keepAll = false,
): { columns: FittedColumn[]; compact: boolean } {
  const kept = fits.map((_, i) => i);
  const left: number[] = [];
  // A column left out for a wider one that was left out later may fit again: the last left out
  // (the most kept) are offered back first.
  const takeBack = (fitted: ReturnType<typeof result>, floor: number): ReturnType<typeof result> => {
    let best = fitted;
    for (const index of left.reverse()) {
      const at = kept.findIndex((k) => k > index);
      kept.splice(at < 0 ? kept.length : at, 0, index);
      const wider = attempt(floor);
      if (wider === null) kept.splice(kept.indexOf(index), 1);
      else best = wider;
    }
    return best;
  };
  const widthsFor = (useCompact: boolean): number[] =>
    kept.map((i) => (useCompact && compact !== null ? (compact[i] as number) : (fits[i] as ColumnWidths).exact));
  const result = (widths: number[], useCompact: boolean) => ({
    columns: kept.map((index, k) => ({ index, width: widths[k] as number })),
    compact: useCompact,
  });
  const attempt = (floor: number): ReturnType<typeof result> | null => {
    for (const useCompact of compact === null ? [false] : [false, true]) {
      const widths = widthsFor(useCompact);
      if (fitFree(widths, kept, fits, total - GAP * (kept.length - 1), floor)) return result(widths, useCompact);
    }
    return null;
  };
  const leaveOut = (fit: ColumnFit, keepAtLeast: number): boolean => {
    if (kept.length <= keepAtLeast) return false;
    let drop = -1;
    for (let k = kept.length - 1; k >= 0; k--) {
      const column = fits[kept[k] as number] as ColumnWidths;
      if (column.fit === fit && (drop < 0 || column.keep < (fits[kept[drop] as number] as ColumnWidths).keep)) drop = k;
    }
    if (drop >= 0) left.push(...kept.splice(drop, 1));
    return drop >= 0;
  };
  if (keepAll) {
    const fitted = attempt(FREE_COMFORT) ?? attempt(FREE_MIN);
    if (fitted !== null) return fitted;
    const widths = widthsFor(compact !== null).map((w, k) => {
      const column = fits[k] as ColumnWidths;
      return column.fit === 'free' ? Math.min(w, Math.max(FREE_MIN, column.header)) : w;
    });
    return result(widths, compact !== null);
  }
  for (;;) {
    const comfortable = attempt(FREE_COMFORT);
    if (comfortable !== null) return takeBack(comfortable, FREE_COMFORT);
    if (leaveOut('fixed', KEEP_BEFORE_SQUEEZING)) continue;
    const squeezed = attempt(FREE_MIN);
    if (squeezed !== null) return takeBack(squeezed, FREE_MIN);
    if (!(leaveOut('fixed', 1) || leaveOut('free', 1) || leaveOut('id', 1))) break;
  }
  // One column left, wider than the terminal: the one place anything but free text is cut.
  const widths = widthsFor(compact !== null).map((w) => Math.min(w, total));
  return result(widths, compact !== null);
}

/**
 * Cuts the free columns among `widths` (widest first, to a common level, never below
 * min(their width, max(floor, header))) so the row fits `budget`; false when it cannot.
 */
function fitFree(
  widths: number[],
  kept: readonly number[],
  fits: readonly ColumnWidths[],
  budget: number,
  floor: number,
): boolean {
  const sum = widths.reduce((a, b) => a + b, 0);
  if (sum <= budget) return true;
  const free = kept.flatMap((i, k) => ((fits[i] as ColumnWidths).fit === 'free' ? [k] : []));
  const mins = free.map((k) =>
    Math.min(widths[k] as number, Math.max(floor, (fits[kept[k] as number] as ColumnWidths).header)),
  );
  const room = budget - (sum - free.reduce((a, k) => a + (widths[k] as number), 0));
  const at = (level: number): number =>
    free.reduce((a, k, j) => a + Math.max(mins[j] as number, Math.min(widths[k] as number, level)), 0);
  if (free.length === 0 || at(0) > room) return false;
  let lo = 0;
  let hi = free.reduce((m, k) => Math.max(m, widths[k] as number), 0);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (at(mid) <= room) lo = mid;
    else hi = mid - 1;
  }
  let spare = room - at(lo);
  free.forEach((k, j) => {
    const w = Math.max(mins[j] as number, Math.min(widths[k] as number, lo));
    const grow = spare > 0 && w === lo && (widths[k] as number) > lo ? 1 : 0;
    spare -= grow;
    widths[k] = w + grow;
  });
  return true;
}
