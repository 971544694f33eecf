import type views from '../messages/en/views.js';
import type { ChartView } from './charts/destination.js';
import type { ColumnRecords } from './json.js';

// What a command hands to the output layer. A command never writes to stdout itself: it returns a
// Result, and `writeResult` (src/output/write.ts) renders it in the chosen format.

/**
 * How a cell is shown in a table (csv and json always get the raw value):
 * - text: sanitised to one line; null shows the unknown mark; any other type as its JSON text.
 * - count: exact (21,345) where the table has room or with --exact, else compact (21K); 0 shows 0;
 *   both in the language of the run (21.345; 21 mil).
 * - integer: as is (positions, movement); null shows the unknown mark.
 * - signed: integer with an arrow (▲3, ▼2, = 0) for movement.
 * - rate: a number as its command rounded it, a whole one with one decimal (7.3 or 7.0 points per
 *   hour; 7,3 in Portuguese tables), in a table and in csv (always 7.0); json keeps the number.
 * - percent: a per cent, every one to the places social rounds it to (PER_CENT_PLACES: 12.00
 *   beside 12.97; 12,00 in Portuguese tables), in a table and in csv; json keeps the number.
 * - time: an ISO date-time shown relative to now ("3h ago", "in 2d"); null shows the unknown mark.
 * - bool: yes / no (sim / não); null shows the unknown mark.
 * - spark: a sparkline of the number array in `value` (nulls are gaps), e.g. ▁▂▄▇█.
 */
export type CellKind = 'text' | 'count' | 'integer' | 'signed' | 'rate' | 'percent' | 'time' | 'bool' | 'spark';

/**
 * What a table too wide for the terminal may do to a column. The columns that go first are the
 * lowest of the view's `rank`; within what is kept:
 * - 'free': free text (a bio, a title, a post's text): takes the width the others leave, cut with
 *   "…" (or wrapped, with `wrap`) but never below a readable minimum.
 * - 'message': free text that is one sentence (a batch's error): as 'free', but shown whole before
 *   any column below the top ranks is; cut only where the top-ranked columns leave it no room.
 * - 'id': an identifier (a handle, a post id, a URL): never cut; ranked after every other column
 *   unless the view ranks it, and kept only while free text keeps a comfortable width.
 * - 'fixed' (the default: numbers, times, short labels): never cut, but a value of another type than
 *   documented (drift) is cut to a few columns, so it cannot push the others out.
 */
export type ColumnFit = 'free' | 'message' | 'id' | 'fixed';

export interface Column<Row> {
  /**
   * The column's id: the csv header, the name --fields takes, and the table header unless `label`
   * says otherwise. Lower case, unique within a command's columns, stable (scripts read csv
   * headers by it), never translated.
   */
  header: string;
  /**
   * The catalogue's id of what a table shows as the header, in the language of the run ("per
   * hour", "por hora"); without it the header is the id itself (a query's own column names).
   */
  label?: keyof typeof views;
  /**
   * Where the value is in the service's record, as a dotted path (metrics.likes), where that is not
   * `header`: json and ndjson with --fields keep it there, and --fields takes it as a name too.
   */
  key?: string;
  value: (row: Row) => unknown;
  /**
   * What a table shows instead of `value`, where that is words in the language of the run ("not
   * set", "não definido") and csv, json and --fields keep the value's own bytes.
   */
  tableValue?: (row: Row) => unknown;
  kind?: CellKind;
  /** What a table shows for null, where "unknown" would mislead ("still ranking"): its id, or '' for blank. */
  missing?: keyof typeof views | '';
  /** Not in the table unless --fields names it (what a table has no use for: avatar URLs, raw timestamps). */
  csvOnly?: boolean;
  /** Not in csv unless --fields names it (sparklines, arrows). */
  tableOnly?: boolean;
  /** Neither in the table nor in csv unless --fields names it. */
  hidden?: boolean;
  /** Default 'fixed'. */
  fit?: ColumnFit;
  /** Free text wrapped at word boundaries over as many lines as it needs, never cut (a transcript's lines). */
  wrap?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a view's row type is erased where views of any rows are listed
export interface View<Row = any> {
  columns: Column<Row>[];
  rows: Row[];
  /** Lines shown above the table (table format only), e.g. the author of a list of posts. */
  heading?: string[];
  /** Shown (table format only) instead of an empty table. */
  empty?: string;
  /**
   * The table's columns by what the user came for, most wanted first (headers). A narrow table
   * leaves out the last first; columns not named rank after these in their order, identifiers last.
   */
  rank?: readonly string[];
  /** Lines under the heading that explain columns (a sparkline's scale): shown only with one of `columns`. */
  legends?: ReadonlyArray<{ text: string; columns: readonly string[] }>;
  /**
   * At most this many rows are drawn (table format only), and `why` says so under the table: a
   * service that sent more than it ever does cannot make a terminal table take minutes. The first
   * rows, or with `last` the last ones (the newest of a history, oldest first). `of`: how many
   * rows there are when `rows` holds only those shown (a history read only as far as a terminal
   * shows it).
   */
  limit?: { rows: number; why: string; last?: boolean; of?: number };
}

/** A single record shown as "label  value" lines at a terminal (a profile). */
export interface RecordView {
  /**
   * `id` is what --fields takes, never translated; `label` what a table shows, in the language of
   * the run. A hidden field is shown only when --fields names it. `fit` 'id': shown whole on its
   * line, never wrapped or cut (a URL to paste).
   */
  fields: Array<{
    label: string;
    id: string;
    key?: string;
    value: unknown;
    kind?: CellKind;
    fit?: ColumnFit;
    hidden?: boolean;
    /** What a table shows for null (as a column's `missing`), in the language of the run. */
    missing?: string;
  }>;
  heading?: string[];
}

export interface Result {
  /** What --output json prints: the server body, untouched, one document. */
  json: unknown;
  /** A list command's records (posts, movers, trends items, niches); default: `json` is one record. */
  records?: Records;
  /** What --output table prints: one or more views (blank line between them). */
  table: Array<View | RecordView>;
  /** What --output csv prints: one view (header row + rows). */
  csv: View;
  /** A chart asked for with --chart (drawn instead of the table) or --chart-file (written too). */
  chart?: ChartView;
}

/** What json and ndjson print of a list: its records, and where they sit in the json document. */
interface Records {
  /** The records as the service sent them: -o ndjson prints one a line. */
  items: readonly unknown[];
  /** The json document with `items` in place of its list, the envelope kept (for --fields). */
  within: (items: unknown[]) => unknown;
  /** A row a record, with the columns --fields picks from (default: the csv view). */
  view?: View;
  /** One record (a profile): ndjson prints the json document on one line, as json does. */
  one?: boolean;
  /**
   * The same records as columns (a list whose json is the list itself: `within` returns its
   * items): json and ndjson without --fields are written from these, the same text, without an
   * object a record.
   */
  columns?: ColumnRecords;
}
