// The table format: human views at a terminal. Each View is an optional heading and a borderless,
// compact table (the style of `gh`) that fits the terminal width; each RecordView "label  value"
// lines. Every cell is sanitised to one safe line, cut with "…" to its column, and coloured only
// when colour is on. Laid out here rather than with cli-table3: measured on this 2-core machine,
// cli-table3 took 45-90 ms for a 250-row trends table (its width measure rebuilds a regex per
// cell) against 2.5 ms here, and the render budget for a 5,000-point trends table is 50 ms.

import { Chalk, type ChalkInstance } from 'chalk';
import { sanitiseLine } from '../domain/text.js';
import { isNumericKind, type RenderedCell, renderCell } from './cells.js';
import { sparkline } from './sparkline.js';
import type { CellKind, Column, RecordView, View } from './types.js';
import { displayWidth, type Fitted, fit, truncate, wrap } from './width.js';

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
/** What the flex column keeps while other columns can still give way. */
const FLEX_COMFORT = 30;
/** Columns are left out before the flex column goes below FLEX_COMFORT, down to this many. */
const KEEP_BEFORE_SQUEEZING = 3;
/** Other text columns are cut down to this before anything else is. */
const TEXT_MIN = 8;
const DEFAULT_EMPTY = 'No results.';

export function isRecordView(view: View | RecordView): view is RecordView {
  return 'fields' in view;
}

/** The whole table output: the views, a blank line between them, ending in a newline. */
export function renderTables(views: ReadonlyArray<View | RecordView>, options: TableOptions): string {
  if (views.length === 0) return '';
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const columns = Number.isFinite(options.columns) && options.columns >= 1 ? Math.floor(options.columns) : 80;
  const opts: TableOptions = { ...options, columns };
  const blocks = views.map((view) =>
    isRecordView(view) ? renderRecord(view, opts, chalk) : renderView(view, opts, chalk),
  );
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function headingLines(heading: readonly string[] | undefined, columns: number, chalk: ChalkInstance): string[] {
  if (heading === undefined) return [];
  return heading.map((line) => chalk.bold(truncate(sanitiseLine(line), columns)));
}

/** A cell fitted to `width` columns and coloured by its tone, with the columns it takes. */
function styleCell(cell: RenderedCell, width: number, chalk: ChalkInstance): Fitted {
  let fitted: Fitted;
  if (cell.series !== undefined && cell.text.length > width) {
    // A sparkline too long for its column is drawn again from fewer points, never cut.
    const line = sparkline(cell.series, width);
    fitted = line === null ? fit(cell.text, width) : { text: line, width: line.length };
  } else {
    fitted = fit(cell.text, width);
  }
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

/** One table line: the cells padded to their columns, GAP between them, no trailing spaces. */
function layoutLine(cells: readonly Fitted[], fitted: readonly FittedColumn[], right: readonly boolean[]): string {
  let line = '';
  let pending = 0; // spaces owed before the next text: padding is only written when text follows
  for (let k = 0; k < cells.length; k++) {
    const cell = cells[k] as Fitted;
    const width = (fitted[k] as FittedColumn).width;
    const pad = Math.max(0, width - cell.width);
    if (k > 0) pending += GAP;
    if (right[k] === true) pending += pad;
    if (cell.text !== '') {
      line += SPACES(pending) + cell.text;
      pending = 0;
    }
    if (right[k] !== true) pending += pad;
  }
  return line;
}

const SPACE_CACHE: string[] = [];
function SPACES(n: number): string {
  if (n <= 0) return '';
  let s = SPACE_CACHE[n];
  if (s === undefined) {
    s = ' '.repeat(n);
    if (n < 256) SPACE_CACHE[n] = s;
  }
  return s;
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
  const right = fitted.map(({ index }) => isNumericKind(allColumns[index]?.kind));

  const head = fitted.map(({ index, width }) => {
    const h = fit(headers[index] as string, width);
    return { text: chalk.bold(h.text), width: h.width };
  });
  lines.push(layoutLine(head, fitted, right));
  for (const row of cells) {
    const out = fitted.map(({ index, width }) => styleCell(row[index] as RenderedCell, width, chalk));
    lines.push(layoutLine(out, fitted, right));
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
    const l = fit(labels[i] as string, labelWidth);
    const label = chalk.dim(l.text) + SPACES(labelWidth - l.width);
    const cell = renderCell(field.value, field.kind, options.now);
    const long = cell.tone === 'plain' && (field.kind === undefined || field.kind === 'text');
    const parts = long ? wrap(cell.text, valueWidth) : [cell.text];
    parts.forEach((part, j) => {
      const value = styleCell({ text: part, tone: cell.tone }, valueWidth, chalk).text;
      lines.push(`${j === 0 ? label : indent}${SPACES(GAP)}${value}`.trimEnd());
    });
  });
  return lines;
}

export interface ColumnFit {
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
    const cuttable = cols.flatMap((c, k) =>
      !c.flex && (c.kind === undefined || c.kind === 'text' || c.kind === 'spark') ? [k] : [],
    );
    const shrinkCuttable = () => shrink(widths, cuttable, (k) => Math.min(widths[k] as number, TEXT_MIN), budget);
    // The flex column (a title, a post) keeps a readable width while other text and sparklines
    // give way, and while there are columns to leave out; only then does it go to its minimum.
    if (flex >= 0) {
      const natural = widths[flex] as number;
      const fitFlex = (floor: number) => {
        widths[flex] = Math.max(
          Math.min(natural, floor),
          Math.min(natural, budget - (sum() - (widths[flex] as number))),
        );
      };
      fitFlex(FLEX_COMFORT);
      if (sum() <= budget) return result();
      shrinkCuttable();
      fitFlex(FLEX_COMFORT);
      if (sum() <= budget) return result();
      if (kept.length <= KEEP_BEFORE_SQUEEZING) {
        fitFlex(FLEX_MIN);
        if (sum() <= budget) return result();
      }
    } else {
      shrinkCuttable();
      if (sum() <= budget) return result();
    }

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
    shrink(
      last,
      last.map((_, k) => k),
      () => 1,
      total - GAP * (kept.length - 1),
    );
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
