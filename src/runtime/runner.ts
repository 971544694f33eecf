// The one runner: a command's run returns an Outcome (data, notes, a status) and the runner prints
// it through the output layer. runApiCommand is the whole life of a command that talks to the
// service: resolve globals, open a session, run, print the result and the credit note, close. A
// server error body still goes to stdout in json and ndjson output; the error itself goes up to
// main for stderr and exit status.

import { SocialError } from '../domain/errors.js';
import type { OutputFormat } from '../domain/formats.js';
import { sanitiseLine } from '../domain/text.js';
import { COMMAND_HELP } from '../infra/client/service-errors.js';
import { configDir } from '../infra/config.js';
import type { Context } from '../infra/context.js';
import { printErrorBody, printResult as printOutput } from '../output/print.js';
import { choosePager, tableWidth } from '../output/terminal.js';
import type { Result } from '../output/types.js';
import type { WriteOptions } from '../output/write.js';
import type { Globals, RawGlobals } from './globals.js';
import { resolveGlobals } from './globals.js';
import type { Session, SessionNeeds } from './session.js';
import { openSession } from './session.js';
import { holdAnswer, outputFailureText, savedPath, saveUnwritten } from './unwritten.js';
import '../messages/use-errors.js';
import { t } from '../messages/use-notes.js';

export interface Outcome {
  /** What to print; null when the command streamed its output itself (batches). */
  result: Result | null;
  /** Credit note lines for stderr at a terminal. */
  notes?: string[];
  /** Warnings for stderr whatever the terminal (unless --quiet). */
  warnings?: string[];
  /** Non-zero when some inputs of a batch failed. */
  status?: number;
  /** What ends the run once its output and notes are written (a batch's --jq that failed). */
  failure?: SocialError;
  /** The format the result is printed in whatever -o says (a document no table can hold). */
  format?: OutputFormat;
  /**
   * Runs once the output is written and stdout took it: what may be saved only after the user
   * got the result (movers' --new-only state). It reports its own failures.
   */
  afterOutput?: () => void;
}

export interface Runtime {
  ctx: Context;
  globals: Globals;
  session: Session;
  /** Shows a spinner on stderr at a terminal while the promise runs longer than a moment. */
  spin<T>(text: string, work: Promise<T>): Promise<T>;
  /** Runs `release` when the run ends, however it ends, after the session closed (a held lock). */
  onClose(release: () => unknown): void;
}

export async function runApiCommand(
  given: Context,
  raw: RawGlobals,
  needs: SessionNeeds,
  body: (runtime: Runtime) => Promise<Outcome>,
): Promise<number> {
  const resolved = resolveGlobals(raw, given);
  const ctx = withRunClock(given, resolved);
  // jq starts loading now, as the session opens (undici's set-up on this thread, jq's
  // WebAssembly compiled on V8's background threads meanwhile). With the key, a request may cost
  // credits: a bad --jq expression is refused (exit 2) before anything is sent, so the session
  // (which sends nothing until the body runs) waits for jq's check. Without it (the free coverage
  // route) nothing can be charged: the request goes out while jq loads, and jq's first run, on
  // the answer, is the check.
  const [filtered, opened] = await Promise.allSettled([
    withFilter(resolved, ctx.signal, needs.key),
    openSession(resolved, ctx, needs),
  ]);
  if (filtered.status === 'rejected') {
    if (opened.status === 'fulfilled') await opened.value.close();
    throw filtered.reason;
  }
  if (opened.status === 'rejected') throw opened.reason;
  const globals = filtered.value;
  const session = opened.value;
  const releases: Array<() => unknown> = [];
  const runtime: Runtime = {
    ctx,
    globals,
    session,
    spin: (text, work) => spin(ctx, globals, text, work),
    onClose: (release) => releases.push(release),
  };
  try {
    const outcome = await body(runtime);
    if (outcome.result !== null) holdAnswer(configDir(ctx.env), outcome.result.json, ctx.now());
    return await printOutcome(ctx, globals, outcome, outcome.result !== null);
  } catch (error) {
    // A bad expression is what a run ends with, exit 2, though its request went out unchecked
    // (without the key) and failed: checked now.
    if (!needs.key && !(error instanceof SocialError && error.kind === 'interrupted'))
      await withFilter(resolved, ctx.signal);
    if (error instanceof SocialError && error.details.suggestion?.includes(COMMAND_HELP)) {
      error.details.suggestion = error.details.suggestion.replace(COMMAND_HELP, `\`social ${needs.command} --help\``);
    }
    if (
      error instanceof SocialError &&
      error.details.body !== undefined &&
      (globals.format === 'json' || globals.format === 'ndjson')
    ) {
      await printErrorBody(ctx.io.stdout, error.details.body, writeOptions(ctx, globals));
    }
    throw error;
  } finally {
    const drift = session.client.driftNote();
    if (drift !== undefined && !globals.quiet) ctx.io.stderr.write(`${sanitiseLine(drift)}\n`);
    try {
      await session.close();
    } finally {
      for (const release of releases) await release();
    }
  }
}

/**
 * The context of a run: under --sandbox-now its clock is fixed at that instant, as the sandbox's
 * is, so what the run stamps (the store's fetch times, "5d ago") agrees with the answers.
 */
export function withRunClock(ctx: Context, globals: Globals): Context {
  const fixed = globals.sandboxNow;
  return fixed === undefined ? ctx : { ...ctx, now: () => new Date(fixed.getTime()) };
}

/**
 * Prints what a run returned: its result, then its notes; then what waits for the output
 * (afterOutput). The status the run asked for, or 0. Also for commands that send nothing (status
 * --offline, config get and list). `held`: the result is the service's answer, held to be saved
 * (see unwritten.ts).
 */
export async function printOutcome(ctx: Context, globals: Globals, outcome: Outcome, held = false): Promise<number> {
  if (outcome.result !== null)
    await printResult(ctx, outcome.format ? { ...globals, format: outcome.format } : globals, outcome.result, held);
  await printNotes(ctx, globals, outcome);
  if (outcome.failure !== undefined) throw outcome.failure;
  if (outcome.afterOutput !== undefined && (await outputSettled(ctx))) outcome.afterOutput();
  return outcome.status ?? 0;
}

/**
 * Waits for what the last writes to stdout say (a failed write is told on the next tick at the
 * earliest): a broken pipe then ends the process before state is saved, a batch hears a failure
 * of its last writes. Whether stdout is still sound.
 */
export async function outputSettled(ctx: Context): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return !ctx.io.stdout.errored;
}

/**
 * The globals with --jq's filter compiled (jq loaded only then); as they were without --jq.
 * `checkFirst`: a bad expression is refused (exit 2) before this resolves, so before anything is
 * sent; otherwise by the filter's first run (see compileJq). `signal` stops the filter.
 */
async function withFilter(globals: Globals, signal: AbortSignal, checkFirst = true): Promise<Globals> {
  if (globals.jq === undefined || globals.filter !== undefined) return globals;
  const { compileJq } = await import('../infra/vendor/jq.js');
  return { ...globals, filter: await compileJq(globals.jq, signal, checkFirst) };
}

/**
 * After the output: --jq that failed on an answer is exit 2 (what it printed stays). A `held`
 * answer is saved, as one that could not be written is, and the error says where: it may have
 * been paid for, and running again without --jq to see it would pay again. (A batch says where its
 * records went itself: runEnvelopeBatch.)
 */
function throwJqFailure(globals: Globals, held: boolean): void {
  const failure = globals.filter?.failure();
  if (failure === undefined) return;
  if (!held) failure.details.suggestion = t('errors.jq.notSent.hint');
  throw held ? withAnswerSaved(failure) : failure;
}

/** `error`, which left the held answer unprinted, saying where that answer is now saved. */
function withAnswerSaved(error: SocialError): SocialError {
  const saved = savedPath(saveUnwritten());
  error.details.suggestion = saved === undefined ? t('errors.notSaved.hint') : t('errors.saved.hint', { path: saved });
  return error;
}

/** Prints a result; a stdout that cannot be written (full disk, I/O error) is one clear error. */
async function printResult(ctx: Context, given: Globals, result: Result, held: boolean): Promise<void> {
  const globals = await withFilter(given, ctx.signal);
  try {
    const chart = result.chart;
    const charts = chart ? await import('../output/charts/destination.js') : undefined;
    if (chart?.draw) charts?.drawChart(ctx, chart, globals.colorOut);
    else await printOutput(ctx.io.stdout, result, writeOptions(ctx, globals));
    // The file last: stdout already holds the answer if the file cannot be written.
    if (chart?.file !== undefined && charts !== undefined) {
      const note = await charts.writeChartFile({ ...chart, file: chart.file });
      if (!globals.quiet) ctx.io.stderr.write(`${note}\n`);
    }
  } catch (error) {
    // Ctrl-C or SIGTERM ended --jq on the answer: it is saved, as it is when stdout fails.
    if (error instanceof SocialError) throw held && error.kind === 'interrupted' ? withAnswerSaved(error) : error;
    throw new SocialError('unexpected', outputFailureText((error as Error).message, saveUnwritten()));
  }
  throwJqFailure(globals, held);
}

/** How results are written in this run: format, colour, table width, numbers, pager. */
export function writeOptions(ctx: Context, globals: Globals): WriteOptions {
  const jq = globals.filter;
  return {
    format: globals.format,
    color: globals.colorOut,
    columns: tableWidth(ctx.io, ctx.env),
    now: ctx.now(),
    exact: globals.exact,
    fields: globals.fields,
    pager: choosePager(ctx.io, ctx.env, globals),
    // Taken when the output has something to say there: a stream is built on first access.
    stderr: () => ctx.io.stderr,
    filter: jq && ((inputs) => jq.run(inputs)),
  };
}

/**
 * Warnings (unless --quiet) and, at a terminal, credit notes. At a terminal they are wrapped at its
 * width, never cut; elsewhere each is one line, for logs and grep.
 */
async function printNotes(ctx: Context, globals: Globals, outcome: Pick<Outcome, 'notes' | 'warnings'>): Promise<void> {
  if (globals.quiet) return;
  const warnings = (outcome.warnings ?? []).map((warning) => t('notes.warning', { text: warning }));
  if (!ctx.io.stderrIsTTY) {
    for (const warning of warnings) ctx.io.stderr.write(`${sanitiseLine(warning)}\n`);
    return;
  }
  const lines = [...warnings, ...(outcome.notes ?? [])];
  if (lines.length === 0) return;
  const { messageText } = await import('../output/message.js');
  for (const line of lines) ctx.io.stderr.write(messageText(line, ctx.io.columns));
}

const SPINNER_DELAY_MS = 300;

async function spin<T>(ctx: Context, globals: Globals, text: string, work: Promise<T>): Promise<T> {
  if (!ctx.io.stderrIsTTY || globals.quiet || globals.debug) return work;
  // A terminal that reports 0 columns (script(1), some editors' shells) would make ora count
  // infinitely many lines to clear, and spin forever.
  if ((ctx.io.stderr as { columns?: number }).columns === 0) return work;
  let spinner: { stop(): void } | undefined;
  let settled = false;
  const timer = setTimeout(() => {
    void import('../infra/vendor/ora.js').then(({ ora }) => {
      if (settled) return;
      // discardStdin off: the spinner must not take over a stdin that a batch may be reading.
      spinner = ora({
        text,
        stream: ctx.io.stderr as NodeJS.WritableStream,
        color: globals.colorErr ? 'cyan' : undefined,
        isEnabled: true,
        discardStdin: false,
      }).start();
    });
  }, SPINNER_DELAY_MS);
  try {
    return await work;
  } finally {
    settled = true;
    clearTimeout(timer);
    spinner?.stop();
  }
}
