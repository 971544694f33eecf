// Batch use of the envelope commands (profile, posts): options, input sources, the streamed
// output, progress and the summary. The per-input work is the command's own request.
import type { Command } from 'commander';
import { EXIT, usageError } from '../domain/errors.js';
import { sanitiseLine, thousands } from '../domain/text.js';
import type { RequestSpec } from '../infra/client/http.js';
import type { Column } from '../output/types.js';
import type { BatchEntry, BatchSummary } from './batch.js';
import { batchLine, inputLines, runBatch } from './batch.js';
import { parseInteger } from './options.js';
import type { Outcome, Runtime } from './runner.js';
import { writeOptions } from './runner.js';

export interface BatchFlags {
  file?: string;
  concurrency: number;
  maxCredits?: number;
  skip: number;
}

export const BATCH_HELP = `Batch: --file F (or -, stdin) takes one input a line; blank lines and # comments are skipped.
Inputs are streamed, --concurrency at a time, and each is written as soon as its turn comes
(ndjson: a line per input, {"input","exit","error","body"}; json: an array of those; csv: rows).
A bad line is reported on its own line and costs nothing. --max-credits stops before a call could
pass the budget. Ctrl-C stops sending, writes every call already under way, and prints the
--skip N that resumes after what was written. Exit 12 when some inputs failed.`;

export function addBatchOptions<C extends Command>(command: C): C {
  return command
    .option('--file <path>', 'read inputs from a file, one a line (- for stdin)')
    .option('--concurrency <n>', 'calls at a time in batch use, 1..64', '4')
    .option('--max-credits <n>', 'stop before a call could take the batch past this many credits')
    .option('--skip <n>', 'skip the first N inputs (to resume an interrupted batch)', '0');
}

export function parseBatchFlags(raw: Record<string, string | undefined>): BatchFlags {
  return {
    file: raw.file,
    concurrency: parseInteger('--concurrency', raw.concurrency ?? '4', 1, 64),
    maxCredits:
      raw.maxCredits === undefined
        ? undefined
        : parseInteger('--max-credits', raw.maxCredits, 0, Number.MAX_SAFE_INTEGER),
    skip: parseInteger('--skip', raw.skip ?? '0', 0, Number.MAX_SAFE_INTEGER),
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

export async function runEnvelopeBatch<Prepared, Body extends EnvelopeBody, Row>(
  rt: Runtime,
  batch: EnvelopeBatch<Prepared, Body, Row>,
): Promise<Outcome> {
  const { ctx, globals } = rt;
  const { coalesce, createStreamWriter } = await import('../output/stream.js');
  const writer = createStreamWriter<Row>(ctx.io.stdout, writeOptions(ctx, globals), {
    columns: batch.columns,
    tableColumns: batch.tableColumns,
    empty: 'No results.',
  });
  if ('file' in batch.source && batch.source.file === '-' && ctx.io.stdinIsTTY && !globals.quiet) {
    // Otherwise `-` at a terminal just waits, with nothing to say what it waits for.
    ctx.io.stderr.write('reading inputs from the terminal, one a line; press Ctrl-D to finish (Ctrl-C to cancel)\n');
  }
  const source = 'file' in batch.source ? inputLines(ctx, batch.source.file) : iterate(batch.source.args);
  const progress = ctx.io.stderrIsTTY && !globals.quiet;
  // Failure lines are gathered into few writes, except at a terminal, where they interleave with
  // the progress line.
  const errors = progress
    ? { write: (text: string) => ctx.io.stderr.write(text), flush: () => {} }
    : coalesce(ctx.io.stderr);
  const summary = await runBatch(
    ctx,
    source,
    {
      prepare: batch.prepare,
      call: async (prepared, signal) => (await rt.session.client.get(batch.request(prepared), { signal })).body,
      // A negative figure (drift, named in the note) is never subtracted from the total.
      credits: (body) => ({
        used: Math.max(0, body.credits_used),
        cached: body.cached,
        remaining: typeof body.credits_remaining === 'number' ? body.credits_remaining : null,
      }),
      maxCost: 1,
      emit: (entry) => {
        if (entry.error && !globals.quiet) {
          if (progress) ctx.io.stderr.write('\r\u001b[K');
          errors.write(`${sanitiseLine(entry.input)}: ${sanitiseLine(entry.error.message)}\n`);
        }
        writer.write(batchLine(entry), batch.rows(entry));
      },
    },
    {
      concurrency: batch.flags.concurrency,
      maxCredits: batch.flags.maxCredits,
      skip: batch.flags.skip,
      onProgress: progress ? (s) => ctx.io.stderr.write(`\r\u001b[K${progressLine(s)}`) : undefined,
    },
  );
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
  if (!globals.quiet) ctx.io.stderr.write(`${summaryLine(summary)}\n`);
  const status =
    summary.stopped === 'interrupted'
      ? EXIT.interrupted
      : summary.failed > 0 || summary.stopped === 'budget'
        ? EXIT.partial
        : EXIT.ok;
  return { result: null, warnings, status };
}

async function* iterate(items: readonly string[]): AsyncGenerator<readonly string[]> {
  yield items;
}

function progressLine(s: BatchSummary): string {
  return `${s.inputs} done · ${s.failed} failed · ${s.credits} credit${s.credits === 1 ? '' : 's'}`;
}

function summaryLine(s: BatchSummary): string {
  const remaining = s.lastRemaining === null ? 'unknown' : thousands(s.lastRemaining);
  return `${s.inputs} input${s.inputs === 1 ? '' : 's'}: ${s.ok} ok, ${s.failed} failed · ${s.credits} credit${s.credits === 1 ? '' : 's'} used (${s.cached} cached) · ${remaining} remaining`;
}
