// The columns of `social store`: rows per table (info, prune), and a query's own columns (sql,
// export), named as the query names them.
import type { StoreRow } from '../../infra/store/store.js';
import type { Column } from '../../output/types.js';

export const INFO_TABLE_COLUMNS: Column<{ table: string; rows: number }>[] = [
  { header: 'table', label: 'views.column.table', value: (row) => row.table },
  { header: 'rows', label: 'views.column.rows', value: (row) => row.rows, kind: 'count' },
];

/** A column for every name the rows hold, in the order the query gave them. */
export function rowColumns(rows: readonly StoreRow[]): Column<StoreRow>[] {
  return namedColumns(Object.keys(rows[0] ?? {}), (row: StoreRow, name) => row[name]);
}

/** A column a name, each row read by `value` (of the row, the column's name and its place). */
export function namedColumns<Row>(names: readonly string[], value: (row: Row, name: string, at: number) => unknown) {
  return names.map(
    (name, at): Column<Row> => ({ header: name, value: (row: Row) => value(row, name, at), fit: 'free' as const }),
  );
}
