// Streaming output for batches: each finished input is written as soon as its turn comes, so
// memory stays flat whatever the input size. ndjson writes a line an input; json writes one array
// (an element a line); csv writes the header once, then rows. A table needs every width before
// its first line, so it is the one format that collects (use ndjson for large batches). As in
// print.ts, json and ndjson load none of the csv and table machinery (csv-stringify,
// string-width, chalk): csv's is loaded when the writer is made, the table's at the end.

import type { OutputFormat } from '../domain/formats.js';
import type { OutStream } from '../infra/context.js';
import { formatJson, renderFiltered } from './json.js';
import type { Column, Result, View } from './types.js';
import type { WriteOptions } from './write.js';

const FLUSH_AT = 64 * 1024;

/**
 * Many small writes made few: text is held until 64 KiB have gathered or the current turn of the
 * event loop ends, so a batch of thousands of lines costs a few hundred writes, not thousands,
 * and still comes out as it is produced.
 */
export function coalesce(out: OutStream): OutStream & { flush(): void } {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  return {
    write(chunk: string) {
      pending += chunk;
      if (pending.length >= FLUSH_AT) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
    flush,
  };
}

/**
 * --jq on a stream: the records that finish in one turn of the event loop go to jq together, as
 * jq reads a stream of documents (it compiles the expression once a call, which costs more than
 * running it on one record). Each is still written in that same turn, unless jq gives its values
 * later (a fresh jq, after its WebAssembly failed): then later values wait behind them, in order.
 */
function filtered(out: OutStream, filter: NonNullable<WriteOptions['filter']>) {
  let held: unknown[] = [];
  let later: Promise<void> | undefined;
  const write = (values: unknown[]) => out.write(renderFiltered(values));
  const flush = () => {
    if (held.length === 0) return;
    const inputs = held;
    held = [];
    const values = filter(inputs);
    if (later === undefined && !(values instanceof Promise)) write(values);
    else {
      later = Promise.all([later, values]).then(([, given]) => {
        write(given);
      });
      // A fresh jq that could not load rejects `later`, which only end() awaits, turns later:
      // till then it is handled here, or Node would end the process on an unhandled rejection.
      later.catch(() => {});
    }
  };
  return {
    write(line: unknown) {
      held.push(line);
      if (held.length === 1) setImmediate(flush);
    },
    /** Writes what is held; resolves once jq's values, later ones included, are written. */
    async end() {
      flush();
      await later;
    },
  };
}

export interface StreamWriter<Row> {
  /** One input's outcome: `line` for json/ndjson, `rows` (zero or more) for csv and table. */
  write(line: unknown, rows: readonly Row[]): void;
  /** Ends the output; a table is written now (through the pager when it is taller than the screen). */
  end(): Promise<void>;
}

export async function createStreamWriter<Row>(
  stdout: OutStream,
  options: WriteOptions,
  view: {
    columns: Column<Row>[];
    /** The table's columns and rank, asked for once every row is in: they may depend on the rows. */
    table: () => Pick<View<Row>, 'columns' | 'rank'>;
    empty?: string;
  },
): Promise<StreamWriter<Row>> {
  const format: OutputFormat = options.format;
  const csvRecords = format === 'csv' ? (await import('./csv.js')).csvRecords : undefined;
  const out = coalesce(stdout);
  const jq = options.filter && filtered(out, options.filter);
  let count = 0;
  const collected: Row[] = [];
  return {
    write(line, rows) {
      if (jq) jq.write(line);
      else if (format === 'ndjson') out.write(`${formatJson(line, false)}\n`);
      else if (format === 'json') out.write(`${count === 0 ? '[\n' : ',\n'}${formatJson(line, false)}`);
      else if (csvRecords) out.write(csvRecords(view.columns, rows, count === 0, options.fields));
      else collected.push(...rows);
      count += 1;
    },
    async end() {
      await jq?.end();
      if (format === 'json' && jq === undefined) out.write(count === 0 ? '[]\n' : '\n]\n');
      if (csvRecords && count === 0) out.write(csvRecords(view.columns, [], true, options.fields));
      if (format === 'table') {
        const result: Result = {
          json: null,
          table: [{ ...view.table(), rows: collected, empty: view.empty }],
          csv: { columns: view.columns, rows: [] },
        };
        const { writeResult } = await import('./write.js');
        await writeResult(out, result, options);
      }
      out.flush();
    },
  };
}
