// The batch options of the envelope commands (profile, posts), as declared and checked before a
// run: --file, --concurrency, --skip, --shard, and where the inputs come from (--max-credits is
// every paid command's, with --dry-run: runtime/charge-options.ts, which declares --concurrency too,
// as it is accepted before the command word).
import { accessSync, constants, statSync } from 'node:fs';
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Shard } from '../../domain/shard.js';
import { parseShard } from '../../domain/shard.js';
import { fsReason, readFailure } from '../../domain/state-file.js';
import { quoted } from '../../domain/text.js';
import { addConcurrencyOption } from '../charge-options.js';
import { RECORD_FIELDS } from '../fields-option.js';
import { parseInteger } from '../options.js';

/** The longest input line taken: longer ones are refused, and never held whole in memory. */
export const MAX_LINE_BYTES = 4096;
/** How much of a line over MAX_LINE_BYTES is kept, to name it in its record (and of others, in a summary). */
export const PREVIEW_CHARS = 200;

export interface BatchFlags {
  file?: string;
  concurrency: number;
  skip: number;
  shard?: Shard;
}

export const BATCH_HELP = `Batch: --file F (or -, stdin) takes one input a line; blank lines and # comments are skipped.
Inputs are streamed, --concurrency at a time, and each is written as soon as its turn comes
(ndjson: a line per input, {"input","exit","error","body"}; json: an array of those; csv: rows).
A bad line, or one over ${MAX_LINE_BYTES} bytes, is reported on its own line (exit 2) and costs nothing;
a line over the limit is never held: its record, in every format, names it by its first ${PREVIEW_CHARS}
characters and "…".
--max-credits reserves each call's price before sending and counts a call that may have been
charged (cut off, not understood), or that says cached false, at no less than that price: the
batch never passes it. Each input it holds back is a record of its own, with "exit" 12, "error"
{"kind": "budget", "code": "not_sent"} and "body" null; the run then says how many, and the
--skip N that resumes at the first of them, and exits 12.
--fields takes each record's own names beside the answer's: --fields input,exit,handle keeps the
input, its exit status, and the handle in its body (csv and tables: an exit column).
--dry-run reads the inputs and prints how many are valid, the invalid ones, and the most the batch
could cost; nothing is sent (exit 12 when some are invalid).
--shard K/N takes the Kth of N shares of the input, split by a stable hash of each normalised
input: N machines given the same list and K = 1..N do every input exactly once.
Answers are held to a memory budget (4 MB, the next answer in input order always read): past
it, and while stdout has not taken what was written, no call starts and others wait to be read.
Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) stops sending, cancels retries waiting to be sent, writes
every call already under way, and prints the --skip N that resumes after what was written.
Exit 12 when some inputs failed or the budget stopped the batch; 130 on Ctrl-C or SIGTERM, 129 on
SIGHUP, 131 on SIGQUIT.`;

/**
 * The names --fields takes of a command that batches: its own, and each record's own where the
 * command's columns lack them (`exit`; `input` and `error` are its csv's columns already).
 */
export function withRecordFields([names, keys]: readonly [string[], string[]]): [string[], string[]] {
  return [[...names, ...RECORD_FIELDS.filter((name) => !names.includes(name))], keys];
}

/** The batch options; `file` false for a batch whose inputs are not the user's (`track run`'s watchlist). */
export function addBatchOptions<C extends Command>(command: C, { file = true } = {}): C {
  if (file) command.option('--file <path>', 'read inputs from a file, one a line (- for stdin)');
  return addConcurrencyOption(command)
    .option('--skip <n>', 'skip the first N inputs (to resume an interrupted batch)', '0')
    .option('--shard <K/N>', 'take only the Kth of N shares of the inputs (a stable hash of each)');
}

export function parseBatchFlags(raw: Record<string, string | undefined>): BatchFlags {
  const shard = raw.shard === undefined ? undefined : parseShard(raw.shard);
  if (raw.shard !== undefined && shard === undefined) {
    throw usageError(`--shard takes K/N, whole numbers with 1 <= K <= N, like --shard 2/4; got ${quoted(raw.shard)}`);
  }
  return {
    file: raw.file,
    concurrency: parseInteger('--concurrency', raw.concurrency ?? '4', 1, 64),
    skip: parseInteger('--skip', raw.skip ?? '0', 0, Number.MAX_SAFE_INTEGER),
    shard,
  };
}

/** An --file that cannot be read, named with the reason in words (exit 2, nothing sent). */
export function unreadable(path: string, reason: string) {
  return usageError(`cannot read --file ${quoted(path)}: ${reason}`);
}

/** Refuses, before anything is sent, an --file that is missing, a folder, or not readable. */
function checkReadable(path: string): void {
  try {
    if (statSync(path).isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw unreadable(path, readFailure(error) ?? fsReason(error));
  }
}

/** Where the inputs come from: --file, a lone "-" (stdin), or the arguments. Never both. */
export function batchSource(flags: BatchFlags, args: readonly string[]): { file: string } | { args: string[] } {
  if (flags.file !== undefined) {
    if (args.length > 0) throw usageError('give inputs as arguments or with --file, not both');
    if (flags.file !== '-') checkReadable(flags.file);
    return { file: flags.file };
  }
  if (args.length === 1 && args[0] === '-') return { file: '-' };
  if (args.length === 0) throw usageError('give at least one input, or --file F (- for stdin)');
  return { args: [...args] };
}
