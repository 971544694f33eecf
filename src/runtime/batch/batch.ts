// The batch's scheduler: input lines (input-lines.ts) taken as they come, N calls at a time, each outcome written
// in input order as soon as its turn comes. Memory stays flat: no input is started more than a
// window ahead of the last one written. Nothing is lost or written twice: every input that was
// started is waited for and written, even after Ctrl-C, so what is written is always a prefix of
// the input, and `--skip N` resumes exactly at the first input of it not done (one a budget
// refused, or Ctrl-C stopped before it was sent), never past it. Inputs the --max-credits budget held back
// follow, each a record of its own (never sent), so the output names every input.

import type { AnswerCharge, Charge } from '../../domain/charges.js';
import { EXIT, exitStatus, SocialError } from '../../domain/errors.js';
import type { AnswerBudget, AnswerClaim } from '../../infra/client/answer-budget.js';
import type { Context } from '../../infra/context.js';
import { inEnglish } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import { heldBack, isHeldBack } from '../budget.js';
import { MAX_LINE_BYTES } from './flags.js';
import type { InputLine } from './input-lines.js';

export interface BatchEntry<Body> {
  /** 1-based position among the inputs (blank lines and comments do not count). */
  index: number;
  input: string;
  body?: Body;
  error?: SocialError;
}

export interface BatchSummary {
  /** Inputs sent, or refused locally: not those held back or stopped before they were sent. */
  inputs: number;
  ok: number;
  failed: number;
  /** Credits charged, counting calls that may have been charged at their route's full cost. */
  credits: number;
  /**
   * Calls that may have been charged, what they cost not known (counted in credits at their
   * route's full cost): failed after they were sent, or answered with a credit figure that is not
   * a count (`notCount` of them) or below the price beside cached false (`understated`).
   */
  uncertain: number;
  notCount: number;
  cached: number;
  /**
   * Answers that said they were not cached yet stated less than the route's price: each counted
   * at the price (a budget believes no smaller figure for a call that was not a cache hit).
   */
  understated: number;
  /** Answers that said they were cached yet stated credits used: counted as charged, as stated. */
  cachedCharged: number;
  /** Why the batch stopped before the end of its input: 'budget' only when inputs were held back. */
  stopped?: 'interrupted' | 'budget';
  /** Inputs not sent because the batch stopped: held back by the budget, or cut short by Ctrl-C. */
  notSent: number;
  /** False when inputs that were never read may also be left (stdin is not read to its end). */
  notSentExact: boolean;
  /** The first inputs the budget held back (a few, to name them where a table shows none). */
  heldBackFirst: string[];
  /**
   * The inputs before the first one not done (held back, or stopped by Ctrl-C before it was sent),
   * counting the skipped ones: what `--skip` takes to resume exactly at it. An input sent is done,
   * whatever it was charged (an uncertain one too): it is never counted as left to do.
   */
  resumeSkip: number;
  /**
   * Inputs sent after that first one not done (calls under way when a budget refused an earlier
   * one, or when Ctrl-C stopped it): `--skip` sends them again. The first few, to name them.
   */
  sentPastResume: string[];
  sentPastResumeCount: number;
  lastRemaining: number | null;
}

export interface BatchJob<Prepared, Body> {
  /** Checks and normalises one input; a SocialError refuses it locally (nothing sent). */
  prepare: (input: string) => Prepared;
  /**
   * The call's answer: its body is the entry's (a client's result as it is, without a layer to
   * unwrap it), its charge what the client counted it as (a failure's is on its error).
   */
  call: (prepared: Prepared, signals: CallSignals) => Promise<{ body: Body; charge: AnswerCharge }>;
  /**
   * Whether a finished call was a cache hit, and what the account has left, as its body says: not
   * what it cost, which its charge says (the client's, decided once).
   */
  balance: (body: Body) => { cached: boolean; remaining: number | null };
  /**
   * The route's price: the most one call can cost, reserved against --max-credits, and the least
   * an answer that says it was not cached counts, whatever credit figure it states.
   */
  maxCost: number;
  /**
   * Writes an entry's record. A promise when the output holds it on (--jq's thread): the answer
   * keeps its place in the memory budget until it settles.
   */
  emit: (entry: BatchEntry<Body>) => Promise<void> | undefined;
}

/**
 * A call as a batch makes it: `signal` ends it (never, in a batch), `stop` sends nothing more,
 * `claim` counts its answer against the batch's memory budget.
 */
interface CallSignals {
  signal: AbortSignal;
  stop: AbortSignal;
  claim?: AnswerClaim;
}

export interface BatchSettings {
  concurrency: number;
  maxCredits: number | undefined;
  /** --budget: the shared budget's name, which the held-back inputs' records name. */
  sharedBudget?: string;
  skip: number;
  onProgress?: (summary: BatchSummary) => void;
  /** The memory answers may take until their records are written: past it no call starts. */
  budget?: AnswerBudget;
}

/** What an input refused locally, or never sent, cost. */
const NOTHING_CHARGED: Charge = { credits: 0, uncertain: false };

/** How many held-back inputs the summary names (the records name them all). */
const HELD_BACK_NAMED = 5;
export async function runBatch<Prepared, Body>(
  ctx: Context,
  source: AsyncIterable<readonly InputLine[]>,
  job: BatchJob<Prepared, Body>,
  settings: BatchSettings,
): Promise<BatchSummary> {
  const summary: BatchSummary = {
    inputs: 0,
    ok: 0,
    failed: 0,
    credits: 0,
    uncertain: 0,
    notCount: 0,
    cached: 0,
    understated: 0,
    cachedCharged: 0,
    notSent: 0,
    notSentExact: true,
    heldBackFirst: [],
    resumeSkip: settings.skip,
    sentPastResume: [],
    sentPastResumeCount: 0,
    lastRemaining: null,
  };
  // Many calls from here on: V8 set for that where the line needs it (code-cache.ts, longRun).
  ctx.codeCache.longRun();
  const iterator = source[Symbol.asyncIterator]();
  const window = Math.max(64, settings.concurrency * 8);
  // Calls under way finish after Ctrl-C: they may be charged, so their answers are kept. Ctrl-C
  // (the context's signal) stops what was not sent yet, retries included.
  const signals: CallSignals = { signal: new AbortController().signal, stop: ctx.signal };
  // Finished entries waiting for their turn, at index % window: an input never starts more than a
  // window ahead of the next to write, so a slot is always free when its entry finishes. A ring,
  // not a Map: a Map rehashed by thousands of inserts and deletes keeps its old tables, and the
  // entries in them, alive through young-generation GCs.
  const finished: Array<BatchEntry<Body> | undefined> = new Array(window);
  // Each entry's claim on the memory budget, at the same place: given back once it is written.
  const claims: Array<AnswerClaim | undefined> = new Array(window);
  let position = 0;
  let nextToEmit = settings.skip + 1;
  let reserved = 0;
  // Inputs a shared budget refused as they were started (held back, as the ones after them).
  let refused = 0;
  let exhausted = false;
  let lines: readonly InputLine[] = [];
  let lineAt = 0;
  let refill: Promise<void> | undefined;
  // Workers waiting for the window to move wait on this, made when the first of them waits; the
  // next write that moves the window lets them go.
  let advanced: (() => void) | undefined;
  let windowMoved: Promise<void> | undefined;
  let progressAt = 0;
  // Whether an input not done was written yet: past it, --skip no longer moves.
  let leftToDo = false;

  /** Where an entry leaves --skip: moved past it while every input before it is done. */
  const resumeAfter = (entry: BatchEntry<Body>) => {
    const notDone = entry.error !== undefined && (neverSent(entry.error) || isHeldBack(entry.error));
    if (notDone) leftToDo = true;
    else if (!leftToDo) summary.resumeSkip = entry.index;
    else if (entry.body !== undefined || entry.error?.details.charge !== undefined) {
      // Sent (it has an answer, or a charge the client decided): a resume sends it again.
      summary.sentPastResumeCount += 1;
      if (summary.sentPastResume.length < HELD_BACK_NAMED) summary.sentPastResume.push(entry.input);
    }
  };

  const emitReady = () => {
    const before = nextToEmit;
    for (
      let entry = finished[nextToEmit % window];
      entry?.index === nextToEmit;
      entry = finished[nextToEmit % window]
    ) {
      finished[nextToEmit % window] = undefined;
      const claim = claims[nextToEmit % window];
      claims[nextToEmit % window] = undefined;
      const held = job.emit(entry);
      if (held === undefined) claim?.release();
      else if (claim !== undefined) void held.then(() => claim.release());
      resumeAfter(entry);
      nextToEmit += 1;
    }
    if (nextToEmit !== before && advanced !== undefined) {
      const release = advanced;
      advanced = undefined;
      windowMoved = undefined;
      release();
    }
    if (settings.onProgress !== undefined) {
      const now = Date.now();
      if (now - progressAt >= 100) {
        progressAt = now;
        settings.onProgress(summary);
      }
    }
  };

  /** The next line of input past --skip at hand, or undefined when none is (see fill). */
  const takeLine = (): { index: number; line: InputLine } | undefined => {
    while (lineAt < lines.length) {
      const line = lines[lineAt] as InputLine;
      lineAt += 1;
      position += 1;
      if (position > settings.skip) return { index: position, line };
    }
    return undefined;
  };

  /** Reads the next lines of input, or marks it exhausted. */
  const fill = (): Promise<void> =>
    (refill ??= iterator.next().then((item) => {
      refill = undefined;
      if (item.done) exhausted = true;
      else [lines, lineAt] = [item.value, 0];
    }));

  /**
   * The next input to start; undefined when the batch must stop taking inputs; or what to wait
   * for before asking again. An input at hand is taken at once, without a promise of its own.
   */
  const next = (): { index: number; line: InputLine } | undefined | Promise<void> => {
    if (ctx.signal.aborted) {
      summary.stopped ??= 'interrupted';
      return undefined;
    }
    // Every call under way is reserved at the most it can cost, until its answer says what it
    // cost: the budget holds whatever those answers turn out to be.
    if (
      refused > 0 ||
      (settings.maxCredits !== undefined && summary.credits + reserved + job.maxCost > settings.maxCredits)
    ) {
      summary.stopped ??= 'budget';
      return undefined;
    }
    // Flat memory: no input starts more than a window ahead of the last one written, and none
    // while the answers held (and the output not yet taken) fill the budget.
    if (position + 1 - nextToEmit >= window) {
      windowMoved ??= new Promise<void>((resolve) => {
        advanced = resolve;
      });
      return windowMoved;
    }
    if (settings.budget !== undefined && !settings.budget.hasRoom()) return settings.budget.room();
    // Checked and taken in one turn: no other worker passes the checks in between.
    const item = takeLine();
    if (item !== undefined) {
      // Reserved at once, so the next input's budget check already counts this call.
      reserved += job.maxCost;
      return item;
    }
    return exhausted ? undefined : fill();
  };

  /** The call of one input: its SocialError, thrown, refuses it locally (nothing sent). */
  const call = (index: number, line: InputLine): Promise<{ body: Body; charge: AnswerCharge }> => {
    if (typeof line !== 'string') {
      throw new SocialError(
        'usage',
        said('errors.batch.lineTooLong', { index: String(index), bytes: String(MAX_LINE_BYTES) }),
        { code: 'line_too_long', suggestion: t('errors.batch.lineTooLong.hint') },
      );
    }
    const claim = settings.budget?.claim(index);
    claims[index % window] = claim;
    // Not { ...signals, claim }: on Node 20 an object built by spreading is promoted far more
    // often, and a batch makes one a call.
    return job.call(
      job.prepare(line),
      claim === undefined ? signals : { signal: signals.signal, stop: signals.stop, claim },
    );
  };

  /** An input's answer, counted, and its entry among the finished. */
  const answered = (entry: BatchEntry<Body>, { body, charge }: { body: Body; charge: AnswerCharge }) => {
    entry.body = body;
    const balance = job.balance(body);
    // The charge the credit note, the spend ledger and the ceiling read: a figure that is not
    // a count (negative) is never subtracted, but counted at the full cost as uncertain.
    summary.credits += charge.credits;
    if (charge.reading === 'notCount') {
      summary.uncertain += 1;
      summary.notCount += 1;
    } else if (charge.reading === 'belowPrice') {
      // Counted at the price, as possibly charged: uncertain, as the spend ledger marks it.
      summary.uncertain += 1;
      summary.understated += 1;
    } else if (charge.reading === 'cachedCharged') summary.cachedCharged += 1;
    // An answer from the local store was not sent: its `cached` says the service's cache answered
    // it then, and its balance is what was left then. Neither is this run's (it is said apart).
    if (charge.reading !== 'stored') {
      if (balance.cached) summary.cached += 1;
      if (balance.remaining !== null) summary.lastRemaining = balance.remaining;
    }
    summary.ok += 1;
    placed(entry);
  };

  /** An input's failure (a SocialError; anything else is thrown on), counted, and its entry among the finished. */
  const failed = (entry: BatchEntry<Body>, error: unknown) => {
    if (!(error instanceof SocialError)) throw error;
    entry.error = error;
    // Refused locally, or never sent: nothing charged, and no charge on the error.
    const charge: Charge = error.details.charge ?? NOTHING_CHARGED;
    summary.credits += charge.credits;
    // An error envelope (404, 402, 451) states what is left as a success does.
    const { body } = error.details;
    if (body !== null && typeof body === 'object') {
      const { remaining } = job.balance(body as Body);
      if (remaining !== null) summary.lastRemaining = remaining;
    }
    if (charge.uncertain) summary.uncertain += 1;
    // Stopped by Ctrl-C before it was sent: not a failure, an input left to do. One stopped
    // after it was written may have been charged: a failure, counted uncertain above.
    if (neverSent(error)) {
      summary.inputs -= 1;
      summary.notSent += 1;
    } else if (isHeldBack(error)) {
      // A shared budget (--budget) refused its reservation: held back, and nothing more starts.
      summary.stopped ??= 'budget';
      summary.inputs -= 1;
      summary.notSent += 1;
      refused += 1;
      if (summary.heldBackFirst.length < HELD_BACK_NAMED) summary.heldBackFirst.push(entry.input);
    } else summary.failed += 1;
    placed(entry);
  };

  const placed = (entry: BatchEntry<Body>) => {
    finished[entry.index % window] = entry;
    emitReady();
  };

  // The batch ends when every lane has found no input left to start, or at the first error that is
  // not an input's (a failed read of the input, a failed write): then no lane starts another.
  let lanesLeft = settings.concurrency;
  let broken = false;
  let ended!: () => void;
  let broke!: (error: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    ended = resolve;
    broke = reject;
  });
  const fault = (error: unknown) => {
    broken = true;
    broke(error);
  };

  /**
   * One of the batch's `concurrency` lanes: it takes the next input, starts its call and, when the
   * call ends, takes the next. No async function: between two inputs a lane is its callbacks, and
   * while a call is under way it holds that input's entry alone, let go before the next is taken.
   * (A worker's suspended async function, or one a call, kept the values of its last turn, its
   * last answer among them, and what each call's frame and promise held was alive at every
   * young-generation GC that found the call under way.)
   */
  const lane = () => {
    let entry: BatchEntry<Body> | undefined;
    /** The entry of the call that just ended, let go by the lane; its reservation given back. */
    const took = () => {
      const current = entry as BatchEntry<Body>;
      entry = undefined;
      reserved -= job.maxCost;
      return current;
    };
    const onAnswer = (answer: { body: Body; charge: AnswerCharge }) => {
      try {
        answered(took(), answer);
        take();
      } catch (error) {
        fault(error);
      }
    };
    const onFailure = (error: unknown) => {
      try {
        failed(took(), error);
        take();
      } catch (thrown) {
        fault(thrown);
      }
    };
    const resume = () => {
      try {
        take();
      } catch (error) {
        fault(error);
      }
    };
    const take = (): void => {
      for (;;) {
        if (broken) return;
        const item = next();
        if (item instanceof Promise) {
          item.then(resume, fault);
          return;
        }
        if (item === undefined) {
          lanesLeft -= 1;
          if (lanesLeft === 0) ended();
          return;
        }
        entry = { index: item.index, input: inputText(item.line) };
        summary.inputs += 1;
        let under: Promise<{ body: Body; charge: AnswerCharge }>;
        try {
          under = call(item.index, item.line);
        } catch (error) {
          failed(took(), error);
          continue;
        }
        under.then(onAnswer, onFailure);
        return;
      }
    };
    return resume;
  };

  if (lanesLeft === 0) ended();
  for (let at = 0; at < settings.concurrency; at += 1) lane()();
  await done;
  if (summary.stopped === 'budget') {
    // Every input the budget did not let start is held back: written after the ones sent, in input
    // order, each a record of its own (stdin is read to its end, or to Ctrl-C).
    const refusal = heldBack(settings.maxCredits ?? 0, settings.sharedBudget);
    let held = 0;
    for (;;) {
      if (ctx.signal.aborted) {
        summary.notSentExact = false;
        break;
      }
      const item = takeLine();
      if (item !== undefined) {
        held += 1;
        const input = inputText(item.line);
        if (summary.heldBackFirst.length < HELD_BACK_NAMED) summary.heldBackFirst.push(input);
        job.emit({ index: item.index, input, error: refusal });
      } else if (exhausted) break;
      else await fill();
    }
    summary.notSent += held;
    // Nothing left to hold back: the batch ended as its results say, not at the budget.
    if (held === 0 && refused === 0 && summary.notSentExact) summary.stopped = undefined;
  }
  settings.onProgress?.(summary);
  return summary;
}

/** Whether a call's error says it was stopped before its request was written: nothing charged. */
export function neverSent(error: SocialError): boolean {
  return error.kind === 'interrupted' && error.details.code === 'not_sent';
}

/** An input as its record names it: the line, or the start of one refused for its length. */
function inputText(line: InputLine): string {
  return typeof line === 'string' ? line : line.preview;
}

/** One line per input: names its input, says how it ended, carries the server body. */
export function batchLine<Body>(entry: BatchEntry<Body>): Record<string, unknown> {
  return {
    input: entry.input,
    exit: entry.error ? exitStatus(entry.error) : EXIT.ok,
    error: entry.error
      ? { kind: entry.error.kind, code: entry.error.details.code ?? null, message: inEnglish(entry.error.message) }
      : null,
    body: entry.body ?? entry.error?.details.body ?? null,
  };
}
