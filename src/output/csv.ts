// The csv format: RFC 4180, a header row, CRLF after every record. Text is sanitised (escape
// sequences and controls dropped, newlines kept inside quotes, U+2028 and U+2029 written as
// newlines by sanitiseText) and guarded against formula injection; numbers are written as they
// are. A field is quoted when it holds a quote, a comma or a line break (CR or LF), its quotes
// doubled: the bytes csv-stringify wrote (csv.test.ts holds them to it), at a twentieth of its
// CPU, which went on options and casts for every record (100,000 rows of `history` or `store
// export` took 380 ms).

import { sanitiseText } from '../domain/text.js';
import { cellText, isNumericKind, perCentText, rateText } from './cells.js';
import { cellValue, pickColumns } from './fields.js';
import { repeatCache } from './repeat-cache.js';
import type { CellKind, Column, View } from './types.js';

// A spreadsheet runs a cell starting with one of these as a formula (the fullwidth forms too: some
// spreadsheets normalise them).
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uff1d', '\uff0b', '\uff0d', '\uff20']);
const NUMERIC_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A text cell as csv carries it: sanitised (a line or paragraph separator, which text tools and
 * spreadsheets' importers may break a line at, written as the line break it means, so the cell is
 * quoted as any of several lines is), and prefixed with `'` when it could run as a formula.
 */
export function csvText(text: string): string {
  const clean = sanitiseText(text);
  // The raw first character counts too: a leading tab or CR is a formula trigger that sanitising
  // might remove, and what sanitising leaves at the front counts as well.
  if (FORMULA_START.has(text.charAt(0)) || FORMULA_START.has(clean.charAt(0))) return `'${clean}`;
  return clean;
}

/** One value as csv text: null is an empty cell, numbers and booleans as they are, text guarded. */
export function csvCell(value: unknown, kind: CellKind | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    if (kind === 'rate') return rateText(value);
    return kind === 'percent' ? perCentText(value) : String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // A series: its numbers separated by ;, an unknown one empty (4;;7).
  if (kind === 'spark' && Array.isArray(value))
    return value.map((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '')).join(';');
  const text = cellText(value);
  // A number the service sent as a string, in a numeric column, is still a number.
  if (isNumericKind(kind) && NUMERIC_TEXT.test(text)) return text;
  return csvText(text);
}

/** The csv document for `view`: header row from the columns (see fields.ts), then a row each. */
export function renderCsv(view: View, fields?: readonly string[]): string {
  return csvRecords(view.columns, view.rows, true, fields);
}

/**
 * The csv document for `view` given to `write` CSV_PIECE rows at a time: the text renderCsv
 * gives. Never one string of the whole: a long view's text held at once (100,000 rows of
 * `history`, 5 MB) outlived the young generation, and collecting it cost more than writing it.
 */
export function writeCsv(view: View, fields: readonly string[] | undefined, write: (text: string) => void): void {
  csvPieces(view.columns, view.rows, true, fields, write);
}

/** Rows as csv records, with the header row first when asked: what a streaming writer needs. */
export function csvRecords(
  // biome-ignore lint/suspicious/noExplicitAny: columns of any row type are rendered alike
  allColumns: ReadonlyArray<Column<any>>,
  rows: readonly unknown[],
  header: boolean,
  fields?: readonly string[],
): string {
  let text = '';
  csvPieces(allColumns, rows, header, fields, (piece) => {
    text += piece;
  });
  return text;
}

/** Rows a piece of csvPieces holds. */
const CSV_PIECE = 1000;

/** Rows as csv records (the header row first when asked), given to `write` CSV_PIECE rows at a time. */
function csvPieces(
  // biome-ignore lint/suspicious/noExplicitAny: columns of any row type are rendered alike
  allColumns: ReadonlyArray<Column<any>>,
  rows: readonly unknown[],
  header: boolean,
  fields: readonly string[] | undefined,
  write: (text: string) => void,
): void {
  const writer = csvWriter(allColumns, fields);
  let piece = header ? writer.header : '';
  for (let i = 0; i < rows.length; i++) {
    piece += writer.line(rows[i]);
    if (i % CSV_PIECE === CSV_PIECE - 1) {
      write(piece);
      piece = '';
    }
  }
  if (piece !== '') write(piece);
}

/**
 * The csv of rows given one at a time, the columns picked once (a writer of a million rows picks
 * them once, not a million times): the header row, and a row's record, CRLF included.
 */
export function csvWriter(
  // biome-ignore lint/suspicious/noExplicitAny: columns of any row type are rendered alike
  allColumns: ReadonlyArray<Column<any>>,
  fields?: readonly string[],
): { header: string; line: (row: unknown) => string } {
  const columns = pickColumns(allColumns as Column<unknown>[], 'csv', fields).items;
  // A field is its value's and its column's alone.
  const field = repeatCache(columns.length, (c, value) => csvField(csvCell(value, columns[c]?.kind)));
  return {
    header: csvRecord(columns.map((c) => csvText(c.header))),
    line: (row) => {
      let line = '';
      for (let c = 0; c < columns.length; c++) {
        const text = field(c, cellValue(columns[c] as Column<unknown>, row));
        line += c === 0 ? text : `,${text}`;
      }
      return `${line}\r\n`;
    },
  };
}

/** One record's fields as a csv line, CRLF included. */
function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** What makes a field quoted: a quote, the field delimiter or a line break (a bare LF too, which a reader ends a record at). */
const QUOTED = /[",\r\n]/;

function csvField(field: string): string {
  return QUOTED.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}
