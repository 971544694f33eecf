import type { ChartView } from './charts/print.js';
import type { SparkValue } from './sparkline.js';

// What a command hands to the output layer. A command never writes to stdout itself: it returns a
// Result, and `writeResult` (src/output/write.ts) renders it in the chosen format.

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['table', 'json', 'ndjson', 'csv'];

export type Cell = string | number | boolean | null | undefined;

/**
 * How a cell is shown in a table (csv and json always get the raw value):
 * - text: sanitised, truncated to the column width; null shows the unknown mark.
 * - count: compact at a terminal (12.3K, 4.5M); 0 shows 0; null shows the unknown mark.
 * - integer: as is (positions, movement); null shows the unknown mark.
 * - signed: integer with an arrow (▲3, ▼2, = 0) for movement.
 * - time: an ISO date-time shown relative to now ("3h ago", "in 2d"); null shows the unknown mark.
 * - bool: yes / no; null shows the unknown mark.
 * - spark: a sparkline of the number array in `value` (nulls are gaps), e.g. ▁▂▄▇█.
 */
export type CellKind = 'text' | 'count' | 'integer' | 'signed' | 'time' | 'bool' | 'spark';

export interface Column<Row> {
  header: string;
  value: (row: Row) => Cell | SparkValue[];
  kind?: CellKind;
  /** Only in csv (ids, URLs a table has no room for). */
  csvOnly?: boolean;
  /** Only in the table (sparklines, arrows). */
  tableOnly?: boolean;
  /** This column takes the width left over (titles, post texts); at most one per view. */
  flex?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a view's row type is erased where views of any rows are listed
export interface View<Row = any> {
  columns: Column<Row>[];
  rows: Row[];
  /** Lines shown above the table (table format only), e.g. the author of a list of posts. */
  heading?: string[];
  /** Shown (table format only) instead of an empty table. */
  empty?: string;
}

/** A single record shown as "label  value" lines at a terminal (a profile). */
export interface RecordView {
  fields: Array<{ label: string; value: Cell; kind?: CellKind }>;
  heading?: string[];
}

export interface Result {
  /** What --output json prints: the server body, untouched, one document. */
  json: unknown;
  /** What --output ndjson prints, one compact object a line; default [json]. */
  ndjson?: unknown[];
  /** What --output table prints: one or more views (blank line between them). */
  table: Array<View | RecordView>;
  /** What --output csv prints: one view (header row + rows). */
  csv: View;
  /** A chart asked for with --chart (drawn instead of the table) or --chart-file (written too). */
  chart?: ChartView;
}
