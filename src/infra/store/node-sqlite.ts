// node:sqlite, loaded when a command first needs the store (never at start-up, for help or
// `niches`). Node 22 prints an ExperimentalWarning when the module loads ("SQLite is an
// experimental feature..."); that one warning, and only it, is dropped: the store is a part of
// social, not an experiment the user opted into. Every other warning goes through untouched.
// The part of node:sqlite the store uses, typed here: the project's @types/node predates it.

type SqlValue = null | number | bigint | string | Uint8Array;

export interface StatementSync {
  run(...values: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...values: SqlValue[]): unknown;
  all(...values: SqlValue[]): unknown[];
  iterate(...values: SqlValue[]): IterableIterator<unknown>;
  /** Rows as arrays, not objects: Node 24, and 22 from 22.16. */
  setReturnArrays?(enabled: boolean): void;
  /** The columns a row holds: Node 24, and 22 from 22.16. */
  columns?(): Array<{ name: string }>;
  /** The text of the statement compiled: the first of the text prepared, from its start. */
  readonly sourceSQL: string;
}

export interface DatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): StatementSync;
  close(): void;
}

interface Sqlite {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => DatabaseSync;
}

let loaded: Promise<Sqlite> | undefined;

export function loadSqlite(): Promise<Sqlite> {
  // The specifier as a string: the types of node:sqlite are not in this @types/node.
  loaded ??= withoutSqliteWarning(() => import('node:sqlite' as string) as Promise<Sqlite>);
  return loaded;
}

const SQLITE_WARNING = /^SQLite is an experimental feature/;

/** @internal Exported for its test. */
export async function withoutSqliteWarning<T>(load: () => Promise<T>): Promise<T> {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const first = rest[0];
    const type = typeof first === 'string' ? first : (first as { type?: string } | undefined)?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && SQLITE_WARNING.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return await load();
  } finally {
    process.emitWarning = emitWarning;
  }
}
