// The table format: human views at a terminal. Each View is an optional heading and a borderless,
// compact table (the style of `gh`); each RecordView "label  value" lines. Which columns to show
// and how wide is decided here, by priority (identifiers always and whole, free text cut first,
// then the least kept columns left out; see fitColumns), numbers exact where there is room, and
// the expanded form (psql's `\x auto`): a table that does not fit even so, or a single row it
// cannot show whole, is shown row by row, field by field, every value whole. Every cell is
// sanitised (src/domain/text.ts), then cut to its column and measured once (measure.ts), and the
// rows are laid out here by padding each cell to its column: a table drawer (cli-table3) would
// measure every cell again, several times, with a string-width of its own that counts some text
// (combining marks, zero-width spaces) wider than ours, and so cut cells that fit. Headings and
// messages are wrapped, never cut.

import { Chalk, type ChalkInstance } from 'chalk';
import { sanitiseLine } from '../domain/text.js';
import { formatNumber } from '../messages/intl.js';
import { t } from '../messages/use-views.js';
import { type CellOptions, isNumericKind, type RenderedCell, renderCell } from './cells.js';
import { cellValue, pickColumns, pickRecordFields } from './fields.js';
import { type Fitted, fitText, textWidth, wrapText } from './measure.js';
import { repeatCache } from './repeat-cache.js';
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

/** Whether a column's text is cut to fit (free text and sentences), rather than shown whole or left out. */
function isFree(fit: ColumnFit | undefined): boolean {
  return fit === 'free' || fit === 'message';
}

/** Columns between two table columns. */
const GAP = 2;
/** Free text is cut down to this many columns (or its header's) before a column is left out. */
const FREE_MIN = 20;
/** Free text keeps this many columns (or its own width) before a column below the top ranks is shown. */
const FREE_ROOM = 40;
/** A value of another type than its column's (drift) takes at most this many columns of it. */
const DRIFT_MAX = 12;
/** The top-ranked columns: a table that cannot show these is shown as cards. */
const CORE = 3;
/** A card's values take at least this many columns, however narrow the terminal. */
const VALUE_MIN = 16;
/** No cell shows more than this many columns, whatever the width: a bound for hostile text. */
const CELL_MAX = 1024;
/** Lines of free text a record view shows (a bio) before it is cut. */
const RECORD_TEXT_LINES = 12;

const SEPARATOR = ' '.repeat(GAP);

function isRecordView(view: View | RecordView): view is RecordView {
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

/** A cell fitted to `width` columns and coloured by its tone; the columns it takes. */
function styleCell(cell: RenderedCell, width: number, chalk: ChalkInstance): Fitted {
  return toned(cell, fitCell(cell, width), chalk);
}

/** A cell's text fitted to `width` columns. */
function fitCell(cell: RenderedCell, width: number): Fitted {
  const line = cell.series !== undefined && cell.text.length > width ? sparkline(cell.series, width) : null;
  // A sparkline too long for its column is drawn again from fewer points, never cut.
  if (line !== null) return { text: line, width: line.length };
  if (cell.series !== undefined) return { text: cell.text, width: cell.text.length };
  if (cell.width !== undefined && cell.width <= width) return { text: cell.text, width: cell.width };
  return fitText(cell.text, width);
}

/** `fitted`, the text of `cell`, coloured by the cell's tone. */
function toned(cell: RenderedCell, fitted: Fitted, chalk: ChalkInstance): Fitted {
  switch (cell.tone) {
    case 'unknown':
      return { text: chalk.dim(fitted.text), width: fitted.width };
    case 'up':
      return { text: chalk.green(fitted.text), width: fitted.width };
    case 'down':
      return { text: chalk.red(fitted.text), width: fitted.width };
    default:
      return fitted;
  }
}

function renderView(view: View, options: TableOptions, chalk: ChalkInstance): string[] {
  const lines = headingLines(view.heading, options.columns, chalk);
  const picked = pickColumns(view.columns, 'table', options.fields);
  const shown: Column<unknown>[] = picked.items;
  if (view.rows.length === 0 || shown.length === 0) {
    if (view.rows.length === 0) lines.push(...messageLines(view.empty ?? t('views.table.empty'), options.columns));
    return lines;
  }
  const total = view.limit?.of ?? view.rows.length;
  const limited = view.limit !== undefined && total > view.limit.rows;
  const rows = !limited
    ? view.rows
    : view.limit?.last
      ? view.rows.slice(-view.limit.rows)
      : view.rows.slice(0, view.limit?.rows);
  const exactOpts = cellOptions(options, true, CELL_MAX);
  const exactCells = columnCells(rows, shown, exactOpts);
  const hasCounts = options.exact !== true && shown.some((c) => c.kind === 'count');
  // The compact cells are made only when the exact ones do not fit: a table of 100,000 rows that
  // fits spends nothing on a second rendering of its counts.
  let compact: RenderedCell[][] | undefined;
  const compactCells = (): RenderedCell[][] => {
    if (compact !== undefined) return compact;
    const compactOpts = cellOptions(options, false, CELL_MAX);
    compact = exactCells.map((cells, r) =>
      cells.map((cell, c) => {
        const column = shown[c] as Column<unknown>;
        return column.kind === 'count' ? columnCell(column, rows[r], compactOpts) : cell;
      }),
    );
    return compact;
  };
  const headers = shown.map((c) => sanitiseLine(columnLabel(c)));
  const exactWidths = naturalWidths(headers, shown, exactCells, options.columns);
  const fitted = fitColumns(
    shown.map((c, i) => ({
      exact: exactWidths[i] as number,
      header: Math.min(textWidth(headers[i] as string), CELL_MAX),
      fit: c.fit ?? 'fixed',
    })),
    options.columns,
    hasCounts ? () => naturalWidths(headers, shown, compactCells(), options.columns) : null,
    { order: rankOrder(shown, view.rank), keepAll: picked.named },
  );
  const kept = new Set(fitted.columns.map((f) => f.index));
  // Cards (psql's \x auto: each row field by field, every value whole) when even the top-ranked
  // columns do not fit, and for one row the table cannot show whole (a column left out, a cell
  // cut, a count rounded).
  const whole =
    !fitted.compact &&
    kept.size === shown.length &&
    fitted.columns.every(({ index, width }) => width >= (exactWidths[index] as number));
  const legends = (cards: boolean) =>
    (view.legends ?? [])
      .filter((legend) => shown.some((c, i) => (cards || kept.has(i)) && legend.columns.includes(c.header)))
      .flatMap((legend) => messageLines(legend.text, options.columns));
  const footer = limited
    ? messageLines(
        t(view.limit?.last ? 'views.table.limitedLast' : 'views.table.limited', {
          why: view.limit?.why ?? '',
          shown: formatNumber(rows.length),
          total: formatNumber(total),
        }),
        options.columns,
      ).map((l) => chalk.dim(l))
    : [];
  if (!fitted.core || (rows.length === 1 && !whole)) {
    return [...lines, ...legends(true), ...expandedLines(rows, shown, options, chalk), ...footer];
  }
  lines.push(...legends(false));
  const cells = fitted.compact ? compactCells() : exactCells;
  const head = fitted.columns.map(({ index, width }) => {
    const header = fitText(headers[index] as string, width);
    return [{ text: chalk.bold(header.text), width: header.width }];
  });
  const right = fitted.columns.map(({ index }) => isNumericKind(shown[index]?.kind));
  tableLines(head, fitted.columns, right, lines);
  // Each row laid out as it is fitted: the fitted cells of 100,000 rows are never held at once.
  for (const row of cells) {
    const line = fitted.columns.map(({ index, width }) => {
      const cell = row[index] as RenderedCell;
      return shown[index]?.wrap === true ? wrappedCell(cell, width, chalk) : [styleCell(cell, width, chalk)];
    });
    tableLines(line, fitted.columns, right, lines);
  }
  const hidden = shown.filter((_, i) => !kept.has(i)).map((c) => c.header);
  if (hidden.length > 0) {
    const note = t('views.table.hidden', { columns: hidden.join(', ') });
    lines.push(...messageLines(note, options.columns).map((l) => chalk.dim(l)));
  }
  return [...lines, ...footer];
}

/**
 * Each column's natural width over `cells`: free text no wider than the table, a drifted value
 * (another type than the column's) at most DRIFT_MAX, anything else up to CELL_MAX. A cell that
 * is whole within that keeps its width (RenderedCell.width), so drawing measures it no more.
 */
function naturalWidths(
  headers: readonly string[],
  shown: readonly Column<unknown>[],
  cells: readonly RenderedCell[][],
  columns: number,
): number[] {
  const caps = shown.map((c) => (isFree(c.fit) ? Math.min(columns, CELL_MAX) : CELL_MAX));
  const widths = headers.map((h, c) => Math.min(textWidth(h), caps[c] as number));
  for (const row of cells) {
    for (let c = 0; c < row.length; c++) {
      const cell = row[c] as RenderedCell;
      // A sparkline is a column a bar: its length is its width.
      const cap = cell.drift === true ? Math.min(DRIFT_MAX, caps[c] as number) : (caps[c] as number);
      let w = cell.text.length;
      // A cell already found whole (a value the row before had too) is not measured again.
      if (cell.width !== undefined) w = cell.width;
      else if (cell.series === undefined) {
        const fitted = fitText(cell.text, cap);
        w = fitted.width;
        // Whole: drawn at this width wherever its column holds it, without measuring it again.
        if (fitted.text === cell.text) cell.width = w;
      }
      if (w > (widths[c] as number)) widths[c] = w;
    }
  }
  return widths;
}

/** The columns' indexes by rank: the view's `rank` first, then the rest in order, identifiers last. */
function rankOrder(shown: readonly Column<unknown>[], rank: readonly string[] | undefined): number[] {
  const place = (i: number): number => {
    const column = shown[i] as Column<unknown>;
    const ranked = rank?.indexOf(column.header) ?? -1;
    if (ranked >= 0) return ranked;
    return (column.fit === 'id' ? 2 : 1) * shown.length + i + (rank?.length ?? 0);
  };
  return shown.map((_, i) => i).sort((a, b) => place(a) - place(b));
}

/** Free text wrapped at word boundaries to `width`, one cell of as many lines as it needs. */
function wrappedCell(cell: RenderedCell, width: number, chalk: ChalkInstance): Fitted[] {
  return wrapText(cell.text, width).map((line) => styleCell({ ...cell, text: line, width: undefined }, width, chalk));
}

/**
 * One row's lines, appended to `out`: each cell (its lines, fitted and measured) padded to its
 * column's width, on the left where `right` says, the columns GAP apart; a row is as many lines
 * as its tallest cell; no line ends in spaces.
 */
function tableLines(
  row: readonly (readonly Fitted[])[],
  columns: readonly { width: number }[],
  right: readonly boolean[],
  out: string[],
): void {
  const height = row.reduce((most, cell) => Math.max(most, cell.length), 1);
  for (let at = 0; at < height; at++) {
    let line = '';
    for (let c = 0; c < row.length; c++) {
      const part = (row[c] as readonly Fitted[])[at];
      const pad = ' '.repeat(Math.max(0, (columns[c] as { width: number }).width - (part?.width ?? 0)));
      const text = part?.text ?? '';
      line += `${c === 0 ? '' : SEPARATOR}${right[c] === true ? pad + text : text + pad}`;
    }
    out.push(line.trimEnd());
  }
}

/** What a table shows as a column's header: its label in the language of the run, else its id. */
function columnLabel(column: Column<unknown>): string {
  return column.label === undefined ? column.header : t(column.label);
}

/**
 * Every row's cells: a column's value as the row before had it takes that row's cell, rendered
 * and measured once (repeatCache). A cell is its value's, its column's and the options' alone,
 * and is never changed once measured.
 */
function columnCells(
  rows: readonly unknown[],
  shown: readonly Column<unknown>[],
  options: CellOptions,
): RenderedCell[][] {
  const cell = repeatCache(shown.length, (c, value) => valueCell(shown[c] as Column<unknown>, value, options));
  return rows.map((row) => shown.map((column, c) => cell(c, columnValue(column, row))));
}

/** A row's cell in `column`: its `missing` text where the value is null. */
function columnCell(column: Column<unknown>, row: unknown, options: CellOptions): RenderedCell {
  return valueCell(column, columnValue(column, row), options);
}

/** What a column shows of a row: its table value where it has one. */
function columnValue(column: Column<unknown>, row: unknown): unknown {
  return column.tableValue === undefined ? cellValue(column, row) : cellValue({ value: column.tableValue }, row);
}

/** `value`'s cell in `column`: its `missing` text where the value is null. */
function valueCell(column: Column<unknown>, value: unknown, options: CellOptions): RenderedCell {
  if ((value === null || value === undefined) && column.missing !== undefined)
    return { text: column.missing === '' ? '' : t(column.missing), tone: 'plain' };
  return renderCell(value, column.kind, options);
}

/** `value`'s cell, or the column's or field's own `missing` text where the value is null. */
function missingOrCell(
  value: unknown,
  shape: { kind?: CellKind; missing?: string },
  options: CellOptions,
): RenderedCell {
  if ((value === null || value === undefined) && shape.missing !== undefined)
    return { text: shape.missing, tone: 'plain' };
  return renderCell(value, shape.kind, options);
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
      label: columnLabel(c),
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
    cell: (cellOpts) => missingOrCell(field.value, field, cellOpts),
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
 * identifiers never cut nor wrapped: one too wide for the values' column follows its label after
 * GAP where the line holds both, else is on the next line, by itself from the first column (only
 * a line that holds nothing else is wider than the width).
 */
function recordLines(fields: readonly RecordItem[], options: TableOptions, chalk: ChalkInstance): string[] {
  const lines: string[] = [];
  const labels = fields.map((f) => sanitiseLine(f.label));
  const longest = labels.reduce((m, l) => Math.max(m, textWidth(l)), 0);
  // Labels are never cut; on a terminal too narrow for them and VALUE_MIN columns of value, the
  // lines are wider than it.
  const labelWidth = Math.min(longest, CELL_MAX);
  const valueWidth = Math.max(VALUE_MIN, options.columns - labelWidth - GAP);
  const textWidthMax = Math.min(valueWidth * RECORD_TEXT_LINES, CELL_MAX * RECORD_TEXT_LINES);
  const cellOpts = cellOptions(options, true, textWidthMax);
  const indent = ' '.repeat(labelWidth + GAP);
  fields.forEach((field, i) => {
    const label = fitText(labels[i] as string, labelWidth);
    const start = `${chalk.dim(label.text)}${' '.repeat(labelWidth - label.width + GAP)}`;
    const cell = field.cell(cellOpts);
    if (field.fit === 'id') {
      const fitted = fitCell(cell, CELL_MAX);
      const value = toned(cell, fitted, chalk).text;
      // Its width, measured as it was cut; one cut to CELL_MAX counts as that wide.
      const wide = fitted.text === cell.text ? fitted.width : CELL_MAX;
      if (wide <= valueWidth) lines.push(`${start}${value}`.trimEnd());
      // Beside its own label, out of the values' column, when the line holds it: a value on the
      // label's line is not read as a label.
      else if (label.width + GAP + wide <= options.columns)
        lines.push(`${chalk.dim(label.text)}${' '.repeat(GAP)}${value}`);
      else lines.push(chalk.dim(label.text), value);
      return;
    }
    const long = cell.tone === 'plain' && (field.kind === undefined || field.kind === 'text');
    const parts = long ? wrapText(fitText(cell.text, textWidthMax).text, valueWidth) : [cell.text];
    parts.forEach((part, j) => {
      const value = styleCell({ ...cell, text: part, width: undefined }, valueWidth, chalk).text;
      lines.push(`${j === 0 ? start : indent}${value}`.trimEnd());
    });
  });
  return lines;
}

interface ColumnWidths {
  /** Columns' natural widths with exact numbers. */
  exact: number;
  /** The header's width: free text is never cut below it. */
  header: number;
  fit: ColumnFit;
}

interface FittedColumn {
  /** Index into the columns given. */
  index: number;
  width: number;
}

interface FittedColumns {
  /** The columns shown, in the order given. */
  columns: FittedColumn[];
  compact: boolean;
  /** The top-ranked columns (CORE of them; all, with `keepAll`) are all shown: else cards. */
  core: boolean;
}

interface FitOrder {
  /** The columns' indexes, most wanted first (default: as given). */
  order?: readonly number[];
  /** Every column is shown (the columns --fields asked for): the table fits, or cards. */
  keepAll?: boolean;
}

/**
 * Which columns to show, and how wide, so the table fits `total` columns. One rule, by rank: each
 * column in `order` is shown if it fits beside those before it, with free text at its minimum
 * (min(its width, max(FREE_MIN, its header))) for the top CORE columns, at FREE_ROOM for the others
 * (identifiers rank last, so they go first when text needs room). Then free text takes what is left. Numbers are exact unless compact
 * ones (when `compact` widths are given, or a function that measures them, called only when the
 * exact ones do not fit) let more columns in.
 * @internal Exported for its test.
 */
export function fitColumns(
  fits: readonly ColumnWidths[],
  total: number,
  compact: readonly number[] | (() => readonly number[]) | null,
  { order = fits.map((_, i) => i), keepAll = false }: FitOrder = {},
): FittedColumns {
  const exact = layout(
    fits.map((f) => f.exact),
    fits,
    total,
    order,
    keepAll,
  );
  if (compact === null || (exact.columns.length === fits.length && exact.core)) return exact.result(false);
  const small = layout(typeof compact === 'function' ? compact() : compact, fits, total, order, keepAll);
  const better = small.columns.length > exact.columns.length || (small.core && !exact.core);
  return better ? small.result(true) : exact.result(false);
}

function layout(
  widths: readonly number[],
  fits: readonly ColumnWidths[],
  total: number,
  order: readonly number[],
  keepAll: boolean,
) {
  const floor = (i: number, room: number): number => {
    const column = fits[i] as ColumnWidths;
    const width = widths[i] as number;
    // A sentence is whole before a column below the top ranks comes in beside it.
    if (column.fit === 'message' && room === FREE_ROOM) return width;
    return isFree(column.fit) ? Math.min(width, Math.max(room, column.header)) : width;
  };
  const need = (set: readonly number[], room: number): number =>
    set.reduce((sum, i) => sum + floor(i, room), GAP * Math.max(0, set.length - 1));
  const top = order.slice(0, CORE);
  let kept: number[];
  if (keepAll) kept = fits.map((_, i) => i);
  else {
    kept = [];
    for (const i of order) {
      const room = top.includes(i) ? FREE_MIN : FREE_ROOM;
      if (need([...kept, i], room) <= total) kept.push(i);
    }
    kept.sort((a, b) => a - b);
  }
  const core = keepAll ? need(kept, FREE_MIN) <= total : top.every((i) => kept.includes(i));
  const sized = kept.map((i) => widths[i] as number);
  const free = kept.flatMap((i, k) => (isFree((fits[i] as ColumnWidths).fit) ? [k] : []));
  const fixedSum = kept.reduce(
    (sum, i) => (isFree((fits[i] as ColumnWidths).fit) ? sum : sum + (widths[i] as number)),
    0,
  );
  shareFree(
    sized,
    free,
    free.map((k) => floor(kept[k] as number, FREE_MIN)),
    total - fixedSum - GAP * Math.max(0, kept.length - 1),
  );
  return {
    columns: kept,
    core,
    result: (useCompact: boolean): FittedColumns => ({
      columns: kept.map((index, k) => ({ index, width: sized[k] as number })),
      compact: useCompact,
      core,
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
