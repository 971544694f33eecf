// The one output layer: a command returns a Result and this writes it to stdout in the chosen
// format. Pure: nothing global is read, everything goes to the stream passed in.

import type { OutStream } from '../infra/context.js';
import { renderCsv } from './csv.js';
import { formatJson, renderJson, renderNdjson } from './json.js';
import { renderTables } from './table.js';
import type { OutputFormat, Result } from './types.js';

export interface WriteOptions {
  format: OutputFormat;
  /** Colour on stdout (table format only; the other formats never carry colour). */
  color: boolean;
  /** Terminal width: table lines are never wider. */
  columns: number;
  /** Now, for relative times ("3h ago"). */
  now: Date;
}

/** `result` rendered in `options.format`, as a string (what writeResult writes). */
export function renderResult(result: Result, options: WriteOptions): string {
  switch (options.format) {
    case 'json':
      return renderJson(result.json);
    case 'ndjson':
      return renderNdjson(result.ndjson ?? [result.json]);
    case 'csv':
      return renderCsv(result.csv);
    case 'table':
      return renderTables(result.table, options);
    default: {
      const never: never = options.format;
      throw new Error(`unknown output format ${String(never)}`);
    }
  }
}

/** Writes `result` to `out` in `options.format`, in one write. */
export function writeResult(out: OutStream, result: Result, options: WriteOptions): void {
  const text = renderResult(result, options);
  if (text !== '') out.write(text);
}

// Shared by json and ndjson; also for callers that render one part themselves (an error body).
export { formatJson, renderJson, renderNdjson };
