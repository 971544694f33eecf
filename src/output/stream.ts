// Streaming output for batches: each finished input is written as soon as its turn comes, so
// memory stays flat whatever the input size. ndjson writes a line an input; json writes one array
// (an element a line); csv writes the header once, then rows. A table needs every width before
// its first line, so it is the one format that collects (use ndjson for large batches). As in
// print.ts, json and ndjson load none of the csv and table machinery (csv-stringify, cli-table3,
// string-width, chalk): csv's is loaded when the writer is made, the table's at the end.

import type { OutputFormat } from '../domain/formats.js';
import type { OutStream } from '../infra/context.js';
import { JsonBytes, jsonText, renderFiltered, terminalSafe } from './json.js';
import type { Column, Result, View } from './types.js';
import type { WriteOptions } from './write.js';

const FLUSH_AT = 64 * 1024;

/** A function that asks for `flush` to run once the current turn of the event loop ends, once a turn. */
function flushSoon(flush: () => void): () => void {
  let scheduled = false;
  const run = () => {
    scheduled = false;
    flush();
  };
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(run);
  };
}

/**
 * Many small writes made few: text is held until 64 KiB have gathered or the current turn of the
 * event loop ends, so a batch of thousands of lines costs a few hundred writes, not thousands,
 * and still comes out as it is produced.
 */
export function coalesce(out: OutStream): OutStream & { flush(): void } {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  const soon = flushSoon(flush);
  return {
    write(chunk: string) {
      pending += chunk;
      if (pending.length >= FLUSH_AT) flush();
      else soon();
      return true;
    },
    flush,
  };
}

/**
 * coalesce for JSON text (records, and the separators between them): gathered as UTF-8 bytes,
 * terminal-active chars escaped (see JsonBytes), so each record's text is encoded and searched
 * once, and no string of the whole write is made.
 */
function coalesceJson(out: OutStream) {
  // Room for a record of 40,000 characters or so after 64 KiB have gathered.
  const bytes = new JsonBytes(2 * FLUSH_AT);
  const flush = () => {
    if (bytes.length > 0) out.write(bytes.take());
  };
  const soon = flushSoon(flush);
  return {
    /** `text` between the separators `before` and `after`. */
    write(text: string, before = '', after = '') {
      if (!bytes.put(text, before, after)) {
        // Too large to gather: written now, in the same write as what gathered before it. Each
        // write carries every record handed over so far: a batch takes a record as written when
        // a write after it is done, and saves the rest when one fails (see heldOutput).
        const record = Buffer.from(`${before}${terminalSafe(text)}${after}`);
        out.write(bytes.length === 0 ? record : Buffer.concat([bytes.take(), record]));
        return;
      }
      if (bytes.length >= FLUSH_AT) flush();
      else soon();
    },
    flush,
  };
}

/**
 * --jq on a stream: the records that finish in one turn of the event loop go to jq together, as
 * jq reads a stream of documents (it compiles the expression once a call, which costs more than
 * running it on one record). Each is still written in that same turn.
 */
function filtered(out: OutStream, filter: (inputs: readonly unknown[]) => unknown[]) {
  let held: unknown[] = [];
  const flush = () => {
    if (held.length === 0) return;
    const inputs = held;
    held = [];
    out.write(renderFiltered(filter(inputs)));
  };
  return {
    write(line: unknown) {
      held.push(line);
      if (held.length === 1) setImmediate(flush);
    },
    flush,
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
  const json = !jq && (format === 'json' || format === 'ndjson') ? coalesceJson(stdout) : undefined;
  let count = 0;
  const collected: Row[] = [];
  return {
    write(line, rows) {
      if (jq) jq.write(line);
      else if (json) {
        if (format === 'ndjson') json.write(jsonText(line), '', '\n');
        else json.write(jsonText(line), count === 0 ? '[\n' : ',\n');
      } else if (csvRecords) out.write(csvRecords(view.columns, rows, count === 0, options.fields));
      else collected.push(...rows);
      count += 1;
    },
    async end() {
      jq?.flush();
      if (format === 'json') json?.write(count === 0 ? '[]\n' : '\n]\n');
      json?.flush();
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
