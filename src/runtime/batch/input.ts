// Batch use of the envelope commands (profile, posts): options, input sources, the streamed
// output, progress and the summary. The per-input work is the command's own request.
import type { Command } from 'commander';
import { EXIT, usageError } from '../../domain/errors.js';
import type { Shard } from '../../domain/shard.js';
import { parseShard } from '../../domain/shard.js';
import { interruptedStatus } from '../../domain/signals.js';
import { sanitiseLine, thousands } from '../../domain/text.js';
import type { RequestSpec } from '../../infra/client/http.js';
import type { Column } from '../../output/types.js';
import type { Globals } from '../globals.js';
import { parseInteger } from '../options.js';
import type { Outcome, Runtime } from '../runner.js';
import { writeOptions } from '../runner.js';
import type { BatchEntry, BatchSummary, InputLine } from './batch.js';
import { batchLine, inputLines, MAX_LINE_BYTES, runBatch, shardInputs } from './batch.js';

export interface BatchFlags {
  file?: string;
  concurrency: number;
  maxCredits?: number;
  skip: number;
  shard?: Shard;
}

export const BATCH_HELP = `Batch: --file F (or -, stdin) takes one input a line; blank lines and # comments are skipped.
Inputs are streamed, --concurrency at a time, and each is written as soon as its turn comes
(ndjson: a line per input, {"input","exit","error","body"}; json: an array of those; csv: rows).
A bad line, or one over ${MAX_LINE_BYTES} bytes, is reported on its own line (exit 2) and costs nothing.
--max-credits reserves each call's price before sending and counts a call that may have been
charged (cut off, not understood) as charged: the batch never passes it; the summary says how many
inputs were not sent (budget), and the batch exits 12.
--dry-run reads the inputs and prints how many are valid, the invalid ones, and the most the batch
could cost; nothing is sent (exit 12 when some are invalid).
--shard K/N takes the Kth of N shares of the input, split by a stable hash of each normalised
input: N machines given the same list and K = 1..N do every input exactly once.
Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) stops sending, cancels retries waiting to be sent, writes
every call already under way, and prints the --skip N that resumes after what was written.
Exit 12 when some inputs failed or the budget stopped the batch; 130 on Ctrl-C or SIGTERM, 129 on
SIGHUP, 131 on SIGQUIT.`;

export function addBatchOptions<C extends Command>(command: C): C {
  return command
    .option('--file <path>', 'read inputs from a file, one a line (- for stdin)')
    .option('--concurrency <n>', 'calls at a time in batch use, 1..64', '4')
    .option('--max-credits <n>', 'stop before a call could take the batch past this many credits')
    .option('--skip <n>', 'skip the first N inputs (to resume an interrupted batch)', '0')
    .option('--shard <K/N>', 'take only the Kth of N shares of the inputs (a stable hash of each)');
}

export function parseBatchFlags(raw: Record<string, string | undefined>): BatchFlags {
  const shard = raw.shard === undefined ? undefined : parseShard(raw.shard);
  if (raw.shard !== undefined && shard === undefined) {
    throw usageError(
      `--shard takes K/N, whole numbers with 1 <= K <= N, like --shard 2/4; got ${JSON.stringify(raw.shard)}`,
    );
  }
  return {
    file: raw.file,
    concurrency: parseInteger('--concurrency', raw.concurrency ?? '4', 1, 64),
    maxCredits:
      raw.maxCredits === undefined
        ? undefined
        : parseInteger('--max-credits', raw.maxCredits, 0, Number.MAX_SAFE_INTEGER),
    skip: parseInteger('--skip', raw.skip ?? '0', 0, Number.MAX_SAFE_INTEGER),
    shard,
  };
}

/** Where the inputs come from: --file, a lone "-" (stdin), or the arguments. Never both. */
export function batchSource(flags: BatchFlags, args: readonly string[]): { file: string } | { args: string[] } {
  if (flags.file !== undefined) {
    if (args.length > 0) throw usageError('give inputs as arguments or with --file, not both');
    return { file: flags.file };
  }
  if (args.length === 1 && args[0] === '-') return { file: '-' };
  if (args.length === 0) throw usageError('give at least one input, or --file F (- for stdin)');
  return { args: [...args] };
}

interface EnvelopeBody {
  credits_used: number;
  credits_remaining?: number | null;
  cached: boolean;
}

export interface EnvelopeBatch<Prepared, Body extends EnvelopeBody, Row> {
  source: { file: string } | { args: string[] };
  flags: BatchFlags;
  prepare: (input: string) => Prepared;
  request: (prepared: Prepared) => RequestSpec<Body>;
  /** csv and table rows of one input's outcome. */
  rows: (entry: BatchEntry<Body>) => Row[];
  columns: Column<Row>[];
  tableColumns?: Column<Row>[];
}

/** The inputs of a batch, --shard applied: by the normalised input, or the line as given. */
function batchInputs<Prepared>(
  rt: Runtime,
  source: EnvelopeBatch<Prepared, EnvelopeBody, unknown>['source'],
  flags: BatchFlags,
  prepare: (input: string) => Prepared,
): AsyncIterable<readonly InputLine[]> {
  const lines = 'file' in source ? inputLines(rt.ctx, source.file) : iterate(source.args);
  if (flags.shard === undefined) return lines;
  return shardInputs(lines, flags.shard, (input) => {
    try {
      return String(prepare(input));
    } catch {
      return input;
    }
  });
}

/**
 * Whether a batch's rows include its failed inputs: always in csv; in a table (where failures are
 * told on stderr) only when --fields asks for the error column.
 */
export function failedRowsShown(globals: Pick<Globals, 'format' | 'fields'>): boolean {
  return globals.format !== 'table' || globals.fields?.includes('error') === true;
}

export async function runEnvelopeBatch<Prepared, Body extends EnvelopeBody, Row>(
  rt: Runtime,
  batch: EnvelopeBatch<Prepared, Body, Row>,
): Promise<Outcome> {
  const { ctx, globals } = rt;
  const { coalesce, createStreamWriter } = await import('../../output/stream.js');
  const writer = await createStreamWriter<Row>(ctx.io.stdout, writeOptions(ctx, globals), {
    columns: batch.columns,
    tableColumns: batch.tableColumns,
    empty: 'No results.',
  });
  if ('file' in batch.source && batch.source.file === '-' && ctx.io.stdinIsTTY && !globals.quiet) {
    // Otherwise `-` at a terminal just waits, with nothing to say what it waits for.
    ctx.io.stderr.write('reading inputs from the terminal, one a line; press Ctrl-D to finish (Ctrl-C to cancel)\n');
  }
  const progress = ctx.io.stderrIsTTY && !globals.quiet;
  // Failure lines are gathered into few writes, except at a terminal, where they interleave with
  // the progress line.
  const errors = progress
    ? { write: (text: string) => ctx.io.stderr.write(text), flush: () => {} }
    : coalesce(ctx.io.stderr);
  // Said at once: the calls under way may take a while, and the user should know they can leave.
  const onInterrupt = () => {
    if (!globals.quiet) {
      ctx.io.stderr.write(
        `${progress ? '\r\u001b[K' : ''}stopping: no more calls are sent; writing the ones under way (Ctrl-C again to leave at once)\n`,
      );
    }
  };
  ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  const summary = await runBatch(
    ctx,
    batchInputs(rt, batch.source, batch.flags, batch.prepare),
    {
      prepare: batch.prepare,
      call: async (prepared, signals) => (await rt.session.client.get(batch.request(prepared), signals)).body,
      // A negative figure (drift, named in the note) is never subtracted: runBatch counts the
      // call at its full price, as one that may have been charged.
      credits: (body) => ({
        used: body.credits_used,
        cached: body.cached,
        remaining: typeof body.credits_remaining === 'number' ? body.credits_remaining : null,
      }),
      maxCost: 1,
      emit: (entry) => {
        if (entry.error && !globals.quiet) {
          if (progress) ctx.io.stderr.write('\r\u001b[K');
          // A line refused for its length is named by its number, not echoed again.
          const name = entry.error.details.code === 'line_too_long' ? '' : `${sanitiseLine(entry.input)}: `;
          errors.write(`${name}${sanitiseLine(entry.error.message)}\n`);
        }
        writer.write(batchLine(entry), batch.rows(entry));
      },
    },
    {
      concurrency: batch.flags.concurrency,
      maxCredits: batch.flags.maxCredits,
      skip: batch.flags.skip,
      countRest: !('file' in batch.source && batch.source.file === '-'),
      onProgress: progress ? (s) => ctx.io.stderr.write(`\r\u001b[K${progressLine(s)}`) : undefined,
    },
  );
  ctx.signal.removeEventListener('abort', onInterrupt);
  if (progress) ctx.io.stderr.write('\r\u001b[K');
  errors.flush();
  await writer.end();
  const warnings: string[] = [];
  if (summary.stopped === 'interrupted') {
    warnings.push(`interrupted: every call under way was written; resume with --skip ${summary.resumeSkip}`);
  } else if (summary.stopped === 'budget') {
    warnings.push(
      `stopped at the --max-credits budget of ${batch.flags.maxCredits}; resume with --skip ${summary.resumeSkip} and a new budget`,
    );
  }
  if (summary.uncertain > 0) {
    warnings.push(
      `${summary.uncertain} call${summary.uncertain === 1 ? '' : 's'} failed after ${summary.uncertain === 1 ? 'it' : 'they'} may have been charged: counted as charged, not retried`,
    );
  }
  if (!globals.quiet) ctx.io.stderr.write(`${summaryLine(summary)}\n`);
  const status =
    summary.stopped === 'interrupted'
      ? interruptedStatus(ctx.signal.reason)
      : summary.failed > 0 || summary.stopped === 'budget'
        ? EXIT.partial
        : EXIT.ok;
  return { result: null, warnings, status };
}

// Invalid inputs a dry run lists; past this many it counts them only, so memory stays bounded.
const DRY_RUN_LISTED = 1000;

/**
 * --dry-run of a batch: reads the inputs (--skip and --shard applied), checks each as the batch
 * would, and reports how many are valid, the invalid ones, and the most the batch could cost.
 */
export async function dryRunBatch<Prepared, Body extends EnvelopeBody>(
  rt: Runtime,
  batch: Pick<EnvelopeBatch<Prepared, Body, unknown>, 'source' | 'flags' | 'prepare' | 'request'>,
): Promise<Outcome> {
  let position = 0;
  let valid = 0;
  let invalidCount = 0;
  let cost: number | null = 0;
  const invalid: Array<{ index: number; input: string; error: string }> = [];
  for await (const lines of batchInputs(rt, batch.source, batch.flags, batch.prepare)) {
    for (const line of lines) {
      position += 1;
      if (position <= batch.flags.skip) continue;
      let error: string | undefined;
      if (typeof line !== 'string') error = `a line over ${MAX_LINE_BYTES} bytes`;
      else {
        try {
          const price = batch.request(batch.prepare(line)).cost;
          cost = cost === null || price === null ? null : cost + price;
          valid += 1;
        } catch (refusal) {
          if (!(refusal instanceof Error)) throw refusal;
          error = refusal.message;
        }
      }
      if (error === undefined) continue;
      invalidCount += 1;
      if (invalid.length < DRY_RUN_LISTED) {
        invalid.push({ index: position, input: typeof line === 'string' ? line : line.preview, error });
      }
    }
  }
  const budget = batch.flags.maxCredits;
  const most = cost === null ? null : budget === undefined ? cost : Math.min(cost, budget);
  const inputs = valid + invalidCount;
  const plural = (n: number, word: string) => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;
  const costText =
    most === null
      ? 'the price of this route is not known'
      : `the batch could cost at most ${plural(most, 'credit')}${budget !== undefined && cost !== null && cost > budget ? ` (the --max-credits budget; ${plural(cost, 'credit')} without it)` : ''}`;
  const more = invalidCount - invalid.length;
  const heading = [
    `dry run: nothing sent; ${plural(inputs, 'input')}: ${thousands(valid)} valid, ${thousands(invalidCount)} invalid`,
    costText,
    ...(more > 0 ? [`(the first ${invalid.length} invalid inputs are listed; ${thousands(more)} more)`] : []),
  ];
  const columns = [
    { header: 'index', value: (r: (typeof invalid)[number]) => r.index, kind: 'integer' as const },
    { header: 'input', value: (r: (typeof invalid)[number]) => r.input },
    { header: 'error', value: (r: (typeof invalid)[number]) => r.error, flex: true },
  ];
  return {
    result: {
      json: {
        dry_run: true,
        inputs,
        valid,
        invalid_count: invalidCount,
        invalid,
        max_credits: most,
        budget: budget ?? null,
        shard: batch.flags.shard ? `${batch.flags.shard.index}/${batch.flags.shard.count}` : null,
        skip: batch.flags.skip,
      },
      table: [{ columns, rows: invalid, heading, empty: 'Every input is valid.' }],
      csv: { columns, rows: invalid },
    },
    status: invalidCount > 0 ? EXIT.partial : EXIT.ok,
  };
}

async function* iterate(items: readonly string[]): AsyncGenerator<readonly string[]> {
  yield items;
}

function progressLine(s: BatchSummary): string {
  return `${s.inputs} done · ${s.failed} failed · ${s.credits} credit${s.credits === 1 ? '' : 's'}`;
}

export function summaryLine(s: BatchSummary): string {
  const remaining = s.lastRemaining === null ? 'unknown' : thousands(s.lastRemaining);
  const notSent =
    s.stopped === undefined || (s.stopped === 'interrupted' && s.notSent === 0)
      ? ''
      : s.notSentExact
        ? `, ${thousands(s.notSent)} not sent (${s.stopped})`
        : `, ${s.notSent > 0 ? `at least ${thousands(s.notSent)}` : 'the rest'} not sent (${s.stopped})`;
  const uncertain = s.uncertain > 0 ? `, ${s.uncertain} uncertain` : '';
  return `${s.inputs} input${s.inputs === 1 ? '' : 's'}: ${s.ok} ok, ${s.failed} failed${notSent} · ${s.credits} credit${s.credits === 1 ? '' : 's'} used (${s.cached} cached${uncertain}) · ${remaining} remaining`;
}
