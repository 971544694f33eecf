// The one output layer: a command returns a Result and this writes it to stdout in the chosen
// format. Nothing global is read: everything comes in the options, everything goes to the streams
// passed in.

import type { OutputFormat } from '../domain/formats.js';
import type { OutStream } from '../infra/context.js';
import { renderCsv, writeCsv } from './csv.js';
import { formatJson, renderJson, renderNdjson } from './json.js';
import { writePaged } from './pager.js';
import { jsonDocuments } from './records.js';
import { renderTables } from './table.js';
import type { Pager } from './terminal.js';
import type { Result } from './types.js';

export interface WriteOptions {
  format: OutputFormat;
  /** Colour on stdout (table format only; the other formats never carry colour). */
  color: boolean;
  /** Width table lines fit (see tableWidth in table.ts); Infinity for no limit. */
  columns: number;
  /** Now, for relative times ("3h ago"). */
  now: Date;
  /** Counts in tables always exact (--exact). */
  exact?: boolean;
  /** Columns of tables and csv, named and ordered by --fields (see fields.ts). */
  fields?: readonly string[];
  /** A table taller than the terminal goes through this pager (table format only). */
  pager?: Pager | null;
  /**
   * Where a pager that cannot start is told, taken only then (a stream is built on first access).
   * A function, not a getter: an object with own accessors made per run is kept by V8 through
   * every young-generation GC (see BufferedIo in runtime/buffered-context.ts).
   */
  stderr?: () => OutStream;
  /** --jq: the values to print for the JSON documents a result would print (then the format is not used). */
  filter?: (inputs: readonly unknown[]) => unknown[] | Promise<unknown[]>;
}

/** `result` rendered in `options.format`, as a string (what writeResult writes). */
export function renderResult(result: Result, options: WriteOptions): string {
  switch (options.format) {
    case 'json':
      return renderJson(jsonDocuments(result, 'json', options.fields)[0]);
    case 'ndjson':
      return renderNdjson(jsonDocuments(result, 'ndjson', options.fields));
    case 'csv':
      return renderCsv(result.csv, options.fields);
    case 'table':
      return renderTables(result.table, options);
    default: {
      const never: never = options.format;
      throw new Error(`unknown output format ${String(never)}`);
    }
  }
}

/**
 * Writes `result` to `out` in `options.format`, in one write (made at once unless a pager is
 * started: the promise ends when the pager does); csv a piece at a time (writeCsv).
 */
export async function writeResult(out: OutStream, result: Result, options: WriteOptions): Promise<void> {
  if (options.format === 'csv') {
    writeCsv(result.csv, options.fields, (text) => out.write(text));
    return;
  }
  const text = renderResult(result, options);
  if (text === '') return;
  if (options.format === 'table' && options.pager) {
    await writePaged(out, options.stderr?.() ?? out, text, options.pager);
  } else out.write(text);
}

// Shared by json and ndjson; also for callers that render one part themselves (an error body).
export { formatJson, renderJson, renderNdjson };
