import type { ChartView } from './charts/destination.js';

// What a command hands to the output layer. A command never writes to stdout itself: it returns a
// Result, and `writeResult` (src/output/write.ts) renders it in the chosen format.

/**
 * How a cell is shown in a table (csv and json always get the raw value):
 * - text: sanitised to one line; null shows the unknown mark; any other type as its JSON text.
 * - count: exact (21,345) where the table has room or with --exact, else compact (21K); 0 shows 0.
 * - integer: as is (positions, movement); null shows the unknown mark.
 * - signed: integer with an arrow (▲3, ▼2, = 0) for movement.
 * - time: an ISO date-time shown relative to now ("3h ago", "in 2d"); null shows the unknown mark.
 * - bool: yes / no; null shows the unknown mark.
 * - spark: a sparkline of the number array in `value` (nulls are gaps), e.g. ▁▂▄▇█.
 */
export type CellKind = 'text' | 'count' | 'integer' | 'signed' | 'time' | 'bool' | 'spark';

/**
 * What a table too wide for the terminal may do to a column. Nothing but free text is ever cut:
 * - 'free': free text (a bio, a title, a post's text): cut first, with "…", down to a few columns;
 *   the free columns share the width the others leave.
 * - 'id': an identifier (a handle, a post id, a URL: what a user pastes into the next command):
 *   never cut and never left out; a table too narrow for its identifiers is wider than the terminal.
 * - 'fixed' (the default: numbers, times, short labels, secondary identifiers): never cut; when
 *   the table does not fit, fixed columns are left out, lowest `keep` first.
 */
export type ColumnFit = 'free' | 'id' | 'fixed';

export interface Column<Row> {
  /**
   * The column's id: the csv header, the name --fields takes, and the table header unless `label`
   * says otherwise. Lower case, unique within a command's columns, stable (scripts read csv
   * headers by it), never translated.
   */
  header: string;
  /** What a table shows as the header, where it reads better than the id ("per hour"). */
  label?: string;
  value: (row: Row) => unknown;
  kind?: CellKind;
  /** What a table shows for null, where "unknown" would mislead ("still ranking"). */
  missing?: string;
  /** Not in the table unless --fields names it (what a table has no use for: avatar URLs, raw timestamps). */
  csvOnly?: boolean;
  /** Not in csv unless --fields names it (sparklines, arrows). */
  tableOnly?: boolean;
  /** Neither in the table nor in csv unless --fields names it. */
  hidden?: boolean;
  /** Default 'fixed'. */
  fit?: ColumnFit;
  /** Among fixed columns, which a narrow table leaves out first: lower first, the rightmost of equals first. Default 0. */
  keep?: number;
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
  /**
   * `id` is what --fields takes (default the label); a hidden field is shown only when --fields
   * names it. `fit` 'id': shown whole on its line, never wrapped or cut (a URL to paste).
   */
  fields: Array<{ label: string; id?: string; value: unknown; kind?: CellKind; fit?: ColumnFit; hidden?: boolean }>;
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
