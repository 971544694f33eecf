// Streaming output for batches: each finished input is written as soon as its turn comes, so
// memory stays flat whatever the input size. ndjson writes a line an input; json writes one array
// (an element a line); csv writes the header once, then rows. A table needs every width before
// its first line, so it is the one format that collects (use ndjson for large batches). As in
// print.ts, json and ndjson load none of the csv and table machinery (the csv writer,
// string-width, chalk): csv's is loaded when the writer is made, the table's at the end.

import type { OutputFormat } from '../domain/formats.js';
import type { OutStream } from '../infra/context.js';
import { formatJson, renderFiltered } from './json.js';
import type { Column, Result, View } from './types.js';
import type { WriteOptions } from './write.js';

const FLUSH_AT = 64 * 1024;
/** Room for what is held and a piece of up to FLUSH_AT that joins it. */
const HELD_BYTES = 2 * FLUSH_AT;

/**
 * Many small writes made few: text is held until 64 KiB have gathered or the current turn of the
 * event loop ends, so a batch of thousands of lines costs a few hundred writes, not thousands,
 * and still comes out as it is produced. Each write carries every piece given before it (a batch
 * takes its records as written by that). Text is held as UTF-8 in one buffer outside the
 * JavaScript heap, each piece encoded as it comes: the pieces are not kept alive until the write
 * (a batch's young-generation GCs would copy every one of them), nor copied into one string to be
 * written. A piece is encoded whole, never cut in two.
 */
export function coalesce(out: OutStream): OutStream & { line(text: string): void; flush(): void; carry(): void } {
  let held: Buffer | undefined;
  let used = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (held === undefined || used === 0) return;
    const bytes = held.subarray(0, used);
    used = 0;
    // An output that may keep the chunk after write() returns is given a copy: the buffer is reused.
    out.write(out.synchronous === true ? bytes : Buffer.from(bytes));
  };
  const write = (chunk: string | Uint8Array, newline: boolean) => {
    // A UTF-16 unit takes at most 3 bytes in UTF-8: most pieces are measured by length alone.
    const most = (typeof chunk === 'string' ? chunk.length * 3 : chunk.length) + (newline ? 1 : 0);
    const size = most <= HELD_BYTES - used ? most : byteLength(chunk) + (newline ? 1 : 0);
    if (size > HELD_BYTES - used) {
      // Larger than FLUSH_AT: written at once, in one write with what is held.
      const whole = Buffer.allocUnsafeSlow(used + size);
      held?.copy(whole, 0, 0, used);
      let end = encode(whole, chunk, used);
      if (newline) whole[end++] = NEWLINE;
      used = 0;
      out.write(whole.subarray(0, end));
      return;
    }
    held ??= Buffer.allocUnsafeSlow(HELD_BYTES);
    used = encode(held, chunk, used);
    if (newline) held[used++] = NEWLINE;
    if (used >= FLUSH_AT) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    write(chunk: string | Uint8Array) {
      write(chunk, false);
      return true;
    },
    /** `text` and a newline. */
    line(text: string) {
      write(text, true);
    },
    flush,
    /**
     * A write of nothing, unless text held will be written anyway: it carries what was handed
     * over with no text of its own (see the batch's heldOutput), and is done once every write
     * before it is.
     */
    carry() {
      if (used === 0) out.write(NOTHING);
    },
  };
}

const NEWLINE = 0x0a;
const NOTHING = new Uint8Array(0);

function byteLength(chunk: string | Uint8Array): number {
  return typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
}

/** Puts `chunk` into `into` at `at` (which has room for it); where it ends. */
function encode(into: Buffer, chunk: string | Uint8Array, at: number): number {
  if (typeof chunk === 'string') return at + into.write(chunk, at);
  into.set(chunk, at);
  return at + chunk.length;
}

/**
 * How long a record waits for others to go to jq with it, in ms. Each call of jq compiles the
 * expression and, on the main thread, starts the watchdog of its time limit (see vendor/jq.ts),
 * which cost more than running it on a record: a batch's answers, which come a few at a time, go
 * in a few calls, not one a turn of the event loop.
 */
const JQ_GATHER_MS = 10;

/**
 * --jq on a stream: the records that finish within JQ_GATHER_MS go to jq together, as jq reads a
 * stream of documents (it compiles the expression once a call, which costs more than running it
 * on one record). Their values are written as jq gives them, unless jq gives them later (a fresh
 * jq, after its WebAssembly failed, or jq's thread): then later values wait behind them, in order.
 * `given` hears, just before their values are written, how many more of the records (in order)
 * they are: until then a record is held, not written, whatever writes are made meanwhile.
 */
function filtered(
  out: ReturnType<typeof coalesce>,
  filter: NonNullable<WriteOptions['filter']>,
  given?: (count: number) => void,
) {
  let held: unknown[] = [];
  let later: Promise<void> | undefined;
  /** Settles once the records held now have gone through jq: made only while jq gives them later. */
  let heldGone: { promise: Promise<void>; settle(): void } | undefined;
  const write = (values: unknown[], count: number) => {
    given?.(count);
    const text = renderFiltered(values);
    // Records that print nothing (select) are still written, as nothing: a batch holds a record
    // until a write carries it, and would hold every such record, its answer whole, to its end.
    if (text === '') out.carry();
    else out.write(text);
  };
  const flush = () => {
    const gone = heldGone;
    heldGone = undefined;
    if (held.length === 0) return;
    const inputs = held;
    held = [];
    const values = filter(inputs);
    if (later === undefined && !(values instanceof Promise)) write(values, inputs.length);
    else {
      later = Promise.all([later, values]).then(([, ready]) => {
        write(ready, inputs.length);
      });
      // A fresh jq that could not load rejects `later`, which only end() awaits, turns later:
      // till then it is handled here, or Node would end the process on an unhandled rejection.
      later.catch(() => {});
    }
    if (gone !== undefined) later?.then(gone.settle, gone.settle) ?? gone.settle();
  };
  return {
    /**
     * Holds `line` for jq. While jq gives its values later (jq's thread, a fresh instance), a
     * promise settled once the line has gone through it: a batch holds its answer's place in the
     * memory budget until then, so answers do not pile up behind a slow filter.
     */
    write(line: unknown): Promise<void> | undefined {
      held.push(line);
      if (held.length === 1) setTimeout(flush, JQ_GATHER_MS);
      if (later === undefined) return undefined;
      if (heldGone === undefined) {
        let settle!: () => void;
        const promise = new Promise<void>((resolve) => {
          settle = resolve;
        });
        heldGone = { promise, settle };
      }
      return heldGone.promise;
    },
    /** Writes what is held; resolves once jq's values, later ones included, are written. */
    async end() {
      flush();
      await later;
    },
  };
}

export interface StreamWriter<Row> {
  /**
   * One input's outcome: `line` for json/ndjson, `rows` (zero or more) for csv and table. A
   * promise while --jq gives its values later: settled once the line has gone through jq.
   */
  write(line: unknown, rows: readonly Row[]): Promise<void> | undefined;
  /** Ends the output; a table is written now (through the pager when it is taller than the screen). */
  end(): Promise<void>;
}

/**
 * The stream writer of a batch's output. With --jq, `filteredLines` hears how many more of the lines
 * given to write(), in order, have their values written now (to `stdout`, in this write or the
 * next): a line's values come at least a gathering later than the line, so writes made meanwhile
 * do not carry them.
 */
export async function createStreamWriter<Row>(
  stdout: OutStream,
  options: WriteOptions,
  view: {
    columns: Column<Row>[];
    /** The table's columns and rank, asked for once every row is in: they may depend on the rows. */
    table: () => Pick<View<Row>, 'columns' | 'rank'>;
    empty?: string;
  },
  filteredLines?: (count: number) => void,
): Promise<StreamWriter<Row>> {
  const format: OutputFormat = options.format;
  const csvRecords = format === 'csv' ? (await import('./csv.js')).csvRecords : undefined;
  const out = coalesce(stdout);
  const jq = options.filter && filtered(out, options.filter, filteredLines);
  let count = 0;
  const collected: Row[] = [];
  return {
    write(line, rows) {
      if (jq) {
        count += 1;
        return jq.write(line);
      }
      // The line and what goes around it written apart: a string built of both would be copied
      // whole to be encoded.
      else if (format === 'ndjson') out.line(formatJson(line, false));
      else if (format === 'json') {
        out.write(count === 0 ? '[\n' : ',\n');
        out.write(formatJson(line, false));
      } else if (csvRecords) out.write(csvRecords(view.columns, rows, count === 0, options.fields));
      else collected.push(...rows);
      count += 1;
      return undefined;
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
