// The csv format: RFC 4180 (quoting by csv-stringify), a header row, CRLF between records. Text is
// sanitised (escape sequences and controls dropped, newlines kept inside quotes, U+2028 and U+2029
// written as newlines by sanitiseText) and guarded against formula injection; numbers are written
// as they are.

import { stringify } from 'csv-stringify/sync';
import { sanitiseText } from '../domain/text.js';
import { cellText, isNumericKind, rateText } from './cells.js';
import { cellValue, pickColumns } from './fields.js';
import type { CellKind, Column, View } from './types.js';

// A spreadsheet runs a cell starting with one of these as a formula (the fullwidth forms too: some
// spreadsheets normalise them).
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\uff1d', '\uff0b', '\uff0d', '\uff20']);
const NUMERIC_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const LINE_BREAK = /[\r\n]/;

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
    return kind === 'rate' ? rateText(value) : String(value);
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

/** Rows as csv records, with the header row first when asked: what a streaming writer needs. */
export function csvRecords(
  // biome-ignore lint/suspicious/noExplicitAny: columns of any row type are rendered alike
  allColumns: ReadonlyArray<Column<any>>,
  rows: readonly unknown[],
  header: boolean,
  fields?: readonly string[],
): string {
  const columns = pickColumns(allColumns as Column<unknown>[], 'csv', fields).items;
  const records: string[][] = [];
  if (header) records.push(columns.map((c) => csvText(c.header)));
  for (const row of rows) {
    const record = new Array<string>(columns.length);
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c] as Column<unknown>;
      record[c] = csvCell(cellValue(column, row), column.kind);
    }
    records.push(record);
  }
  // csv-stringify quotes a field with the record delimiter (CRLF) in it, not one with a bare line
  // feed: a reader would end the record there. Every cell of several lines is quoted (RFC 4180).
  return records.length === 0
    ? ''
    : stringify(records, { record_delimiter: '\r\n', eof: true, quoted_match: LINE_BREAK });
}
