// --fields: which columns a view shows, and in what order. Without it, a view shows its default
// columns; with it, exactly the columns named, in the order named, whatever their defaults. A view
// that holds none of the names (a dry-run plan, a list of refused inputs, a note under a table) is
// not the command's data and is shown whole.
import type { Column, RecordView } from './types.js';

export type Picked = 'table' | 'csv';

/** What --fields picked: `items` in the order named, or the defaults when it named none of them. */
export interface Pick<T> {
  items: T[];
  /** --fields named some of them: a table then shows every one, none left out. */
  named: boolean;
}

function pick<T>(
  items: readonly T[],
  fields: readonly string[] | undefined,
  idOf: (item: T) => string,
  keyOf: (item: T) => string | undefined,
  byDefault: (item: T) => boolean,
): Pick<T> {
  // A name is a column's id, else the key of its value in the record (metrics.likes).
  const find = (name: string) => items.find((i) => idOf(i) === name) ?? items.find((i) => keyOf(i) === name);
  const named = fields === undefined ? [] : fields.flatMap((name) => find(name) ?? []);
  return named.length > 0 ? { items: named, named: true } : { items: items.filter(byDefault), named: false };
}

/** The columns a view shows in `format`. */
export function pickColumns<Row>(
  columns: readonly Column<Row>[],
  format: Picked,
  fields: readonly string[] | undefined,
): Pick<Column<Row>> {
  return pick(
    columns,
    fields,
    (c) => c.header,
    (c) => c.key,
    (c) => c.hidden !== true && (format === 'table' ? c.csvOnly !== true : c.tableOnly !== true),
  );
}

/** The fields a record view shows, by the same rule. */
export function pickRecordFields(view: RecordView, fields: readonly string[] | undefined): RecordView['fields'] {
  return pick(
    view.fields,
    fields,
    (f) => f.id ?? f.label,
    (f) => f.key,
    (f) => f.hidden !== true,
  ).items;
}

/**
 * A view's columns from a command's whole list: those of `shown`, in its order, then the others,
 * hidden (--fields can still name them). For views that show the same columns in another order.
 */
export function arrange<Row>(columns: readonly Column<Row>[], shown: readonly string[]): Column<Row>[] {
  const first = shown.flatMap((id) => columns.filter((c) => c.header === id));
  return [...first, ...columns.filter((c) => !shown.includes(c.header)).map((c) => ({ ...c, hidden: true }))];
}

/**
 * A row's value in `column`, or undefined where the row is not the shape its accessor reads: the
 * service may send a list item that is null, a number or a list, and a paid answer is still shown
 * (the other cells of the row, this one as unknown).
 */
export function cellValue<Row>(column: { value: Column<Row>['value'] }, row: Row): unknown {
  try {
    return column.value(row);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
