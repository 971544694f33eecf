// Batch use of the envelope commands (profile, posts), as a run: input sources, the streamed
// output, progress and the summary. The per-input work is the command's own request.

import { EXIT, exitStatus, localMessage, SocialError } from '../../domain/errors.js';
import { interruptedStatus } from '../../domain/signals.js';
import { sanitiseLine } from '../../domain/text.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import { configDir } from '../../infra/config.js';
import { formatDecimal } from '../../messages/intl.js';
import { t } from '../../messages/use-notes.js';
import { jsonDocuments } from '../../output/records.js';
import type { Column, Result, View } from '../../output/types.js';
import { exitColumn, RECORD_FIELDS } from '../fields-option.js';
import type { Globals } from '../globals.js';
import type { Outcome, Runtime } from '../runner.js';
import { outputSettled, writeOptions } from '../runner.js';
import { heldOutput, outputFailureText, type Saved, savedPath, saveUnwritten } from '../unwritten.js';
import '../../messages/use-errors.js';
import '../../messages/use-views.js';
import type { BatchEntry, BatchSummary } from './batch.js';
import { batchLine, neverSent, runBatch } from './batch.js';
import type { BatchFlags } from './flags.js';
import type { InputLine } from './input-lines.js';
import { inputLines, preview, shardInputs } from './input-lines.js';

/** The price of a call on the envelope routes a batch runs (profile, posts). */
const MAX_COST = 1;

export interface EnvelopeBody {
  credits_used: number;
  credits_remaining?: number | null;
  cached: boolean;
}

export interface EnvelopeBatch<Prepared, Body extends EnvelopeBody, Row extends object> {
  source: { file: string } | { args: string[] };
  flags: BatchFlags;
  prepare: (input: string) => Prepared;
  request: (prepared: Prepared) => RequestSpec<Body>;
  /** csv and table rows of one input's outcome. */
  rows: (entry: BatchEntry<Body>) => Row[];
  columns: Column<Row>[];
  /** The table's columns by value (see View.rank). */
  rank?: readonly string[];
  /** The column that names a row in a table, where it is not `input` (a profile's handle). */
  identifier?: string;
  /** What one input's answer prints alone: in json and ndjson, --fields picks its body's keys by it. */
  result: (input: string, body: Body) => Result;
  /**
   * A record's body in json and ndjson where it is not the answer as it came: posts with
   * --computed, each post's computed figures beside its keys (the answer's own keys untouched).
   */
  body?: (body: Body) => unknown;
}

/** The inputs of a batch, --shard applied: by the normalised input, or the line as given. */
export function batchInputs<Prepared>(
  rt: Runtime,
  source: EnvelopeBatch<Prepared, EnvelopeBody, object>['source'],
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
 * What a batch's answers may hold at once, read or waiting to be written, the backlog of stdout
 * and stderr included; the next answer in input order is always read. Well above what 64 calls of a
 * documented size hold (a few KB each), so only unusually large answers, or a stdout nobody
 * reads, wait. Small, because each byte held costs several in the process (its text, the parsed
 * value, the output line): peak RSS grows by about five times the budget.
 */
const ANSWER_BUDGET_BYTES = 4 * 2 ** 20;

/**
 * Whether a batch's rows include the inputs that failed or were not sent: always, but in a table
 * or csv whose --fields leave out the error and exit columns, which alone tell them from the
 * inputs found. Without them such a row would be empty cells, read as an answer of unknowns.
 */
export function failedRowsShown(globals: Pick<Globals, 'format' | 'fields'>): boolean {
  const { fields } = globals;
  return (
    (globals.format !== 'table' && globals.format !== 'csv') ||
    fields === undefined ||
    fields.includes('error') ||
    fields.includes('exit')
  );
}

/** A failed input's error cell in a table: an input not sent says why in a few words. */
function errorCell(error: SocialError): string {
  if (error.kind === 'budget') return 'not sent (budget)';
  if (neverSent(error)) return 'not sent (interrupted)';
  return localMessage(error);
}

/**
 * A batch's table. While every input was found, the command's own columns. Once a row is of an
 * input that failed or was not sent (`failed`: its row, its entry), that row names its input in
 * the identifier column, leaves its other cells blank (no value was read, so none is "unknown"),
 * and an error column, ranked right after the identifier so a narrow table keeps it, says why.
 */
function batchTable<Row extends object>(
  batch: Pick<EnvelopeBatch<unknown, EnvelopeBody, Row>, 'columns' | 'rank' | 'identifier'>,
  failed: ReadonlyMap<Row, BatchEntry<unknown>>,
): Pick<View<Row>, 'columns' | 'rank'> {
  if (failed.size === 0) return { columns: batch.columns, rank: batch.rank };
  const named = batch.identifier ?? 'input';
  const columns = batch.columns.map((column): Column<Row> => {
    const own = column.value;
    if (column.header === 'error') {
      // A sentence: whole before the row's lower-ranked columns are shown, cut only where even the
      // top ones leave it no room; stderr and csv have it whole.
      const value = (row: Row) => {
        const error = failed.get(row)?.error;
        return error === undefined ? null : errorCell(error);
      };
      return { ...column, value, csvOnly: false, hidden: false, fit: 'message' };
    }
    if (column.header === named) return { ...column, value: (row) => failed.get(row)?.input ?? own(row) };
    if (column.header === 'input' || column.header === 'exit') return column;
    return { ...column, value: (row) => (failed.has(row) ? '' : own(row)) };
  });
  return { columns, rank: [named, 'error', ...(batch.rank ?? []).filter((header) => header !== named)] };
}

export async function runEnvelopeBatch<Prepared, Body extends EnvelopeBody, Row extends object>(
  rt: Runtime,
  batch: EnvelopeBatch<Prepared, Body, Row>,
): Promise<Outcome> {
  const { ctx, globals } = rt;
  const { coalesce, createStreamWriter } = await import('../../output/stream.js');
  // The table's rows of inputs that failed or were not sent, with their entries.
  const failed = new Map<Row, BatchEntry<Body>>();
  // A stdout that cannot be written (a full disk, an I/O error) stops the batch as Ctrl-C does:
  // the calls under way may be charged, so they finish, and every record stdout did not take is
  // saved to one file the error names.
  const stop = new AbortController();
  const stopNow = () => stop.abort(ctx.signal.reason);
  if (ctx.signal.aborted) stopNow();
  else ctx.signal.addEventListener('abort', stopNow, { once: true });
  let outputFailure: Error | undefined;
  const output = heldOutput(ctx.io.stdout, configDir(ctx.env), ctx.now(), (error) => {
    outputFailure = error;
    stop.abort(error);
    budget.wake();
  });
  // --fields exit in csv or a table: the status of each failed input's row (an answer's is 0).
  const exits = new WeakMap<Row, number>();
  const exitNamed = globals.fields?.includes('exit') === true;
  const columns: Column<Row>[] = exitNamed
    ? [...batch.columns, exitColumn((row: Row) => exits.get(row) ?? EXIT.ok)]
    : batch.columns;
  const options = writeOptions(ctx, globals);
  const jq = globals.filter;
  // A record whose --jq filter fails prints nothing of its answer, which may have been paid for:
  // it goes to the batch's unwritten file, said once at the end.
  if (jq !== undefined) options.filter = (records) => jq.run(records, output.keep);
  const writer = await createStreamWriter<Row>(
    output.out,
    options,
    {
      columns,
      table: () => batchTable({ ...batch, columns }, failed),
    },
    output.given,
  );
  // A record is held until its text is in a write: with --jq, once its values are (output.given).
  const hold = jq === undefined ? output.hold : output.pend;
  if ('file' in batch.source && batch.source.file === '-' && ctx.io.stdinIsTTY && !globals.quiet) {
    // Otherwise `-` at a terminal just waits, with nothing to say what it waits for.
    ctx.io.stderr.write(`${t('notes.batch.readingTerminal')}\n`);
  }
  const progress = ctx.io.stderrIsTTY && !globals.quiet;
  // json and ndjson write each input's line: its table rows are made only for csv and table.
  const rowsWritten = globals.format === 'csv' || globals.format === 'table';
  // --fields with json or ndjson: the record keeps the keys of its own named (input, exit, error),
  // all of them when it names none; its answer keeps the keys named of it, as it would alone.
  const picked =
    globals.fields !== undefined && (globals.format === 'json' || globals.format === 'ndjson')
      ? recordPick(globals.fields)
      : undefined;
  // Failure lines are gathered into few writes, except at a terminal, where they interleave with
  // the progress line.
  const errors = progress
    ? { write: (text: string) => ctx.io.stderr.write(text), flush: () => {} }
    : coalesce(ctx.io.stderr);
  // Said at once: the calls under way may take a while, and the user should know they can leave.
  const onInterrupt = () => {
    if (!globals.quiet) {
      ctx.io.stderr.write(`${progress ? '\r\u001b[K' : ''}${t('notes.batch.stopping')}\n`);
    }
  };
  ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  const { AnswerBudget } = await import('../../infra/client/answer-budget.js');
  const { stdout, stderr } = ctx.io;
  const store = rt.session.store;
  const mb = (bytes: number) => t('notes.batch.megabytes', { size: formatDecimal(bytes / 2 ** 20, 1) });
  const budget = new AnswerBudget(
    ANSWER_BUDGET_BYTES,
    // stderr counts as stdout does: a line a failed input, held in memory while nobody reads it.
    // Once stdout failed, what it holds is never taken: no call waits for it (none starts). The
    // answers a store slower than the service has not written yet count as well.
    () =>
      (outputFailure === undefined ? (stdout.writableLength ?? 0) : 0) +
      (stderr.writableLength ?? 0) +
      (store?.backlog ?? 0),
    globals.debug
      ? (held, backlog) =>
          stderr.write(
            `${t('notes.debug', { text: t('notes.batch.memoryHeld', { held: mb(held), backlog: mb(backlog), budget: mb(ANSWER_BUDGET_BYTES) }) })}\n`,
          )
      : undefined,
  );
  rt.session.client.limitConnections(batch.flags.concurrency);
  const drained = () => budget.wake();
  stdout.on?.('drain', drained);
  stderr.on?.('drain', drained);
  const storeHeard = store?.onWritten(drained);
  // The run's own --max-credits, or the one its session holds every run to (social mcp's).
  const maxCredits = rt.globals.maxCredits ?? rt.session.sessionBudget?.max;
  const summary = await runBatch(
    { ...ctx, signal: stop.signal },
    batchInputs(rt, batch.source, batch.flags, batch.prepare),
    {
      prepare: batch.prepare,
      call: (prepared, signals) => rt.session.client.get(batch.request(prepared), signals),
      balance: (body) => ({
        cached: body.cached,
        remaining: typeof body.credits_remaining === 'number' ? body.credits_remaining : null,
      }),
      maxCost: MAX_COST,
      emit: (entry) => {
        // Inputs held back by the budget are counted in one warning at the end, not named each.
        // A failed input is an error, so --quiet (nothing on stderr but errors) keeps its line.
        if (entry.error && entry.error.kind !== 'budget') {
          if (progress) ctx.io.stderr.write('\r\u001b[K');
          // A line refused for its length is named by its number, not echoed again.
          const name = entry.error.details.code === 'line_too_long' ? '' : `${sanitiseLine(entry.input)}: `;
          errors.write(`${name}${sanitiseLine(localMessage(entry.error))}\n`);
        }
        let line = batchLine(entry);
        if (batch.body !== undefined && entry.body !== undefined) line.body = batch.body(entry.body);
        if (picked !== undefined) {
          if (picked.answer.length > 0 && entry.body !== undefined)
            line.body = jsonDocuments(batch.result(entry.input, entry.body), 'json', picked.answer)[0];
          const keys = picked.keys;
          if (keys !== undefined) line = Object.fromEntries(keys.map((key) => [key, line[key]]));
        }
        const rows = rowsWritten ? batch.rows(entry) : NO_ROWS;
        if (entry.error && globals.format === 'table') for (const row of rows) failed.set(row, entry);
        if (entry.error && exitNamed) for (const row of rows) exits.set(row, exitStatus(entry.error));
        hold(line);
        return writer.write(line, rows);
      },
    },
    {
      concurrency: batch.flags.concurrency,
      maxCredits,
      sharedBudget: rt.globals.budget,
      skip: batch.flags.skip,
      onProgress: progress ? (s) => ctx.io.stderr.write(`\r\u001b[K${progressLine(s)}`) : undefined,
      budget,
    },
  );
  stdout.off?.('drain', drained);
  stderr.off?.('drain', drained);
  storeHeard?.();
  ctx.signal.removeEventListener('abort', onInterrupt);
  ctx.signal.removeEventListener('abort', stopNow);
  if (progress) ctx.io.stderr.write('\r\u001b[K');
  errors.flush();
  // Ctrl-C or SIGTERM that ended --jq: the records it had not written are saved, as when stdout
  // fails, and the batch is interrupted even if every input was sent.
  const jqStopped = await writer.end().then(
    () => false,
    (error: unknown) => {
      if (error instanceof SocialError && error.kind === 'interrupted') return true;
      throw error;
    },
  );
  // The batch reports a failure of its last writes itself, with its records.
  await outputSettled(ctx);
  if (jqStopped) summary.stopped = 'interrupted';
  // Saved once, to one file: the records jq had not written when it was stopped and those stdout
  // did not take, after the ones --jq failed on (through its descriptor, closed after).
  const saved = jqStopped || outputFailure !== undefined ? saveUnwritten() : undefined;
  const savedTo = savedPath(saved);
  output.done();
  const warnings: string[] = [];
  // An error, not a warning: where the paid records went is said under -q too, as one call says it.
  // A count the user types back (--skip N): as digits, never grouped.
  const skip = String(summary.resumeSkip);
  const stoppedJq = jqStopped ? new SocialError('interrupted', jqInterrupted(saved, output.kept(), skip)) : undefined;
  if (summary.stopped === 'interrupted' && stoppedJq === undefined) {
    warnings.push(t('notes.batch.interrupted', { skip }));
  } else if (summary.stopped === 'budget') {
    const n = summary.notSent;
    const count = t(summary.notSentExact ? 'notes.batch.held' : 'notes.batch.heldAtLeast', { n });
    // Named, the first few: what is left to do, said where it is not scrolled away with the rows.
    const held = namedInputs(count, summary.heldBackFirst, summary.notSent);
    const lost = rt.session.budget?.unenforceable;
    if (lost !== undefined)
      // Not spent: the store that holds it went away past its wait. The same budget does, once it is back.
      warnings.push(
        t('notes.batch.budgetUnenforceable', { budget: rt.globals.budget ?? '', reason: lost, held, skip }),
      );
    else {
      const budget =
        rt.globals.budget === undefined
          ? t('notes.batch.maxCredits', { n: maxCredits ?? Number.NaN })
          : t('notes.batch.sharedBudget', { name: rt.globals.budget });
      warnings.push(t('notes.batch.stoppedAt', { budget, held, skip }));
    }
  }
  if (summary.sentPastResumeCount > 0) {
    const n = summary.sentPastResumeCount;
    const sent = namedInputs(t('notes.batch.sentPast', { n }), summary.sentPastResume, n);
    warnings.push(t('notes.batch.sentPastResume', { n, sent, skip }));
  }
  if (summary.understated > 0) warnings.push(t('notes.batch.understated', { n: summary.understated, price: MAX_COST }));
  if (summary.cachedCharged > 0) warnings.push(t('notes.batch.cachedCharged', { n: summary.cachedCharged }));
  if (summary.notCount > 0) warnings.push(t('notes.batch.notCount', { n: summary.notCount, price: MAX_COST }));
  // The uncertain calls that failed: those that were answered say so in their own warnings above.
  const failedUncertain = summary.uncertain - summary.notCount - summary.understated;
  if (failedUncertain > 0) warnings.push(t('notes.batch.failedUncertain', { n: failedUncertain }));
  // At a terminal wrapped at its width on word boundaries, as notes are; elsewhere one line, for logs.
  // The wrapper is loaded only then: a run in a pipe loads none of the table's measuring.
  if (!globals.quiet)
    ctx.io.stderr.write(
      progress
        ? (await import('../../output/message.js')).messageText(summaryLine(summary), ctx.io.columns)
        : `${summaryLine(summary)}\n`,
    );
  const jqFailure = jq?.failure();
  const kept = output.kept();
  if (outputFailure !== undefined) {
    // The records --jq failed on went to the same file, as they came: the path is said once.
    // The error is all that is said (no warning follows it): the interruption too.
    let message = outputFailureText(outputFailure.message, saved);
    if (jqStopped) message = t('errors.batch.jqStopped', { message, skip });
    if (jqFailure !== undefined) {
      const where =
        savedTo !== undefined && savedTo === kept?.path && kept.failure === undefined
          ? t('errors.batch.keptToo', { n: kept.count })
          : keptNote(kept);
      message = t('errors.batch.alsoJq', { message, jq: jqFailure.message, where });
    }
    throw new SocialError('unexpected', message);
  }
  const interrupted = summary.stopped === 'interrupted';
  const status = interrupted
    ? interruptedStatus(ctx.signal.reason)
    : summary.failed > 0 || summary.stopped === 'budget'
      ? EXIT.partial
      : EXIT.ok;
  if (jqFailure === undefined) return { result: null, warnings, status, failure: stoppedJq };
  const where = keptNote(kept);
  // Exit 2, as --jq that fails on one call's answer; a run that was interrupted keeps its own
  // status (the --skip that resumes it is the news), and says this as a warning.
  if (interrupted) {
    warnings.push(t('notes.batch.jqFailed', { message: jqFailure.message, where }));
    return { result: null, warnings, status, failure: stoppedJq };
  }
  jqFailure.details.suggestion = t('errors.batch.jq.hint', { where });
  return { result: null, warnings, status, failure: jqFailure };
}

/** A count of inputs with the first few of them named: `total` in all, `first` of them known. */
function namedInputs(count: string, first: readonly string[], total: number): string {
  const names = first.map((input) => sanitiseLine(preview(input))).join(', ');
  if (names === '') return count;
  const more = total - first.length;
  return more > 0
    ? t('notes.batch.heldNamesMore', { held: count, names, more })
    : t('notes.batch.heldNames', { held: count, names });
}

/**
 * What Ctrl-C during --jq left, and where: the records jq had not written, saved after the ones it
 * failed on when those went to the same file. Each figure is what was written (saveUnwritten's
 * count, keep's): together they are the file's records.
 */
function jqInterrupted(
  saved: Saved | undefined,
  kept: ReturnType<ReturnType<typeof heldOutput>['kept']>,
  skip: string,
): string {
  if (saved === undefined || !('path' in saved)) return t('errors.batch.jqInterrupted.notSaved', { skip });
  const unwritten = t('errors.batch.unwritten', { n: saved.count });
  if (kept === undefined || kept.path !== saved.path || kept.failure !== undefined)
    return t('errors.batch.jqInterrupted.saved', { unwritten, path: saved.path, skip });
  const failedOn = t('errors.batch.keptBefore', { n: kept.count });
  return t('errors.batch.jqInterrupted.savedAfterKept', { unwritten, path: saved.path, kept: failedOn, skip });
}

/** Where the records --jq failed on went (heldOutput's keep), as the end of a sentence. */
function keptNote(kept: ReturnType<ReturnType<typeof heldOutput>['kept']>): string {
  const n = kept?.count ?? 0;
  if (kept?.failure === undefined) return t('errors.batch.kept', { n, path: String(kept?.path) });
  const why = kept.failure.message;
  return kept.path === undefined
    ? t('errors.batch.notKept', { n, why })
    : t('errors.batch.notKeptSome', { n, why, path: kept.path });
}

const NO_ROWS: readonly never[] = [];

/**
 * What --fields picks of a batch's json and ndjson records: the names of the answer's keys, and the
 * record's keys in the order named (`body` where the first of the answer's is), or undefined when
 * it names none of the record's own: then every record keeps all four, as it always has.
 */
function recordPick(fields: readonly string[]): { answer: string[]; keys: string[] | undefined } {
  const answer = fields.filter((name) => !RECORD_FIELDS.includes(name));
  if (answer.length === fields.length) return { answer, keys: undefined };
  const keys = [...new Set(fields.map((name) => (RECORD_FIELDS.includes(name) ? name : 'body')))];
  return { answer, keys };
}

async function* iterate(items: readonly string[]): AsyncGenerator<readonly string[]> {
  yield items;
}

function progressLine(s: BatchSummary): string {
  return t('notes.batch.progress', { done: s.inputs, failed: s.failed, credits: t('notes.credits', { n: s.credits }) });
}

function summaryLine(s: BatchSummary): string {
  const why = s.stopped === 'budget' ? t('notes.batch.why.budget') : t('notes.batch.why.interrupted');
  const notSent =
    s.stopped === undefined || (s.stopped === 'interrupted' && s.notSent === 0)
      ? ''
      : s.notSentExact
        ? t('notes.batch.notSent', { n: s.notSent, why })
        : s.notSent > 0
          ? t('notes.batch.notSentAtLeast', { n: s.notSent, why })
          : t('notes.batch.restNotSent', { why });
  return t('notes.batch.summary', {
    inputs: t('notes.inputs', { n: s.inputs }),
    ok: s.ok,
    failed: s.failed,
    notSent,
    used: t('notes.batch.used', { n: s.credits }),
    cached: s.cached,
    uncertain: s.uncertain > 0 ? t('notes.batch.uncertain', { n: s.uncertain }) : '',
    remaining: s.lastRemaining ?? Number.NaN,
  });
}
