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
  const names = new Set<string>();
  for (const row of rows.slice(0, 1)) for (const name of Object.keys(row)) names.add(name);
  return [...names].map((name) => ({
    header: name,
    value: (row: StoreRow) => row[name],
    fit: 'free' as const,
  }));
}
