// --fields: which columns a view shows, and in what order. Without it, a view shows its default
// columns; with it, exactly the columns named, in the order named, whatever their defaults. A view
// that holds none of the names (a dry-run plan, a list of refused inputs, a note under a table) is
// not the command's data and is shown whole.
import type { Column, RecordView } from './types.js';

export type Picked = 'table' | 'csv';

/** The columns `view` shows in `format`. */
export function pickColumns<Row>(
  columns: readonly Column<Row>[],
  format: Picked,
  fields: readonly string[] | undefined,
): Column<Row>[] {
  const named = fields === undefined ? [] : fields.flatMap((id) => columns.filter((c) => c.header === id).slice(0, 1));
  if (named.length > 0) return named;
  return columns.filter((c) => c.hidden !== true && (format === 'table' ? c.csvOnly !== true : c.tableOnly !== true));
}

/** The fields a record view shows, by the same rule. */
export function pickRecordFields(view: RecordView, fields: readonly string[] | undefined): RecordView['fields'] {
  const named =
    fields === undefined ? [] : fields.flatMap((id) => view.fields.filter((f) => (f.id ?? f.label) === id).slice(0, 1));
  if (named.length > 0) return named;
  return view.fields.filter((f) => f.hidden !== true);
}

/** Whether --fields chose `view`'s columns: a table then shows every one of them, none left out. */
export function chosen(columns: readonly Column<unknown>[], fields: readonly string[] | undefined): boolean {
  return fields !== undefined && columns.some((c) => fields.includes(c.header));
}

/**
 * A view's columns from a command's whole list: those of `shown`, in its order, then the others,
 * hidden (--fields can still name them). For views that show the same columns in another order.
 */
export function arrange<Row>(columns: readonly Column<Row>[], shown: readonly string[]): Column<Row>[] {
  const first = shown.flatMap((id) => columns.filter((c) => c.header === id));
  return [...first, ...columns.filter((c) => !shown.includes(c.header)).map((c) => ({ ...c, hidden: true }))];
}
