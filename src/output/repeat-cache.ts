// A column's value as the row before had it (a history's source, a count that did not move) takes
// what was made of that one again: the csv writer's fields and the table's cells, made once.

/**
 * `make` of column `c`'s value, kept for the next row: a value that is not an object (null too),
 * the same as the one before in its column, takes what was made of it; an object is made again
 * each time, since one object may hold other values by the next row.
 */
export function repeatCache<T>(
  columns: number,
  make: (c: number, value: unknown) => T,
): (c: number, value: unknown) => T {
  const seen: unknown[] = new Array(columns).fill(NOT_SEEN);
  const made: T[] = new Array(columns);
  return (c, value) => {
    if (value !== seen[c] || (typeof value === 'object' && value !== null)) {
      seen[c] = value;
      made[c] = make(c, value);
    }
    return made[c] as T;
  };
}

/** What no column's value is: the first row's are all made. */
const NOT_SEEN = Symbol('not seen');
