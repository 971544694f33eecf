// What json and ndjson print: the service's document, or a list command's records one a line; with
// --fields, each record keeps only the keys named (gh's --json a,b). Loads no table machinery.
import { cellValue, pickColumns } from './fields.js';
import type { Column, Result, View } from './types.js';

/** The JSON documents `result` prints in `format`: one for json, one a line for ndjson. */
export function jsonDocuments(result: Result, format: 'json' | 'ndjson', fields?: readonly string[]): unknown[] {
  const records = result.records;
  if (records === undefined) {
    if (fields === undefined) return [result.json];
    // A command with no list of records (status, credits, config list): its rows are the records.
    const rows = pickKeys(result.csv, fields);
    return format === 'json' ? [rows] : rows;
  }
  const items = fields === undefined ? records.items : pickKeys(records.view ?? result.csv, fields);
  if (format === 'ndjson' && records.one !== true) return [...items];
  return [fields === undefined ? result.json : records.within([...items])];
}

/**
 * Each row of `view` as a record of the fields named, in that order: a column's value at its key
 * (nested as in the service's record: metrics.likes is {"metrics":{"likes":…}}), null where the
 * record has none.
 */
function pickKeys(view: View, fields: readonly string[]): Array<Record<string, unknown>> {
  const columns = pickColumns(view.columns as Column<unknown>[], 'csv', fields).items;
  return view.rows.map((row: unknown) => {
    const record: Record<string, unknown> = {};
    for (const column of columns) put(record, (column.key ?? column.header).split('.'), cellValue(column, row) ?? null);
    return record;
  });
}

function put(record: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let at = record;
  path.slice(0, -1).forEach((step) => {
    const next = at[step];
    if (next === null || typeof next !== 'object') at[step] = {};
    at = at[step] as Record<string, unknown>;
  });
  at[path[path.length - 1] as string] = value;
}
