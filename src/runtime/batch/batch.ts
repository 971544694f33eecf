// The batch runner: inputs streamed from a file or stdin, N calls at a time, each outcome written
// in input order as soon as its turn comes. Memory stays flat: no input is started more than a
// window ahead of the last one written. Nothing is lost or written twice: every input that was
// started is waited for and written, even after Ctrl-C, so what is written is always a prefix of
// the input, and `--skip N` resumes exactly after it. Inputs the --max-credits budget held back
// follow, each a record of its own (never sent), so the output names every input.

import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { AnswerCharge, Charge } from '../../domain/charges.js';
import { EXIT, exitStatus, SocialError } from '../../domain/errors.js';
import type { Shard } from '../../domain/shard.js';
import { shardOf } from '../../domain/shard.js';
import { readFailure } from '../../domain/state-file.js';
import type { AnswerBudget, AnswerClaim } from '../../infra/client/answer-budget.js';
import type { Context } from '../../infra/context.js';
import { heldBack } from '../budget.js';
import { MAX_LINE_BYTES, PREVIEW_CHARS, unreadable } from './flags.js';

export interface BatchEntry<Body> {
  /** 1-based position among the inputs (blank lines and comments do not count). */
  index: number;
  input: string;
  body?: Body;
  error?: SocialError;
}

export interface BatchSummary {
  /** Inputs started (sent, or refused locally). */
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
  /** Inputs done and written, counting the skipped ones: what `--skip` takes to resume. */
  resumeSkip: number;
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
  /** Whether a finished call was a cache hit, and what is left, from its body (its charge says what it cost). */
  credits: (body: Body) => { cached: boolean; remaining: number | null };
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
  skip: number;
  onProgress?: (summary: BatchSummary) => void;
  /** The memory answers may take until their records are written: past it no call starts. */
  budget?: AnswerBudget;
}

/** What an input refused locally, or never sent, cost. */
const NOTHING_CHARGED: Charge = { credits: 0, uncertain: false };

/** How many held-back inputs the summary names (the records name them all). */
const HELD_BACK_NAMED = 5;
/**
 * How much input is split into lines at a time. A piece's lines stay alive until the batch has
 * taken the last of them, and every young-generation GC of a batch copies those of the piece at
 * hand: a piece of a few dozen lines keeps that copying small. A file is read a piece at a
 * time; stdin's chunks (up to 64 KiB from a pipe) are cut into pieces, their bytes kept outside
 * the JavaScript heap until their turn.
 */
const PIECE_BYTES = 1024;

/** A line over MAX_LINE_BYTES: refused without a request; `preview` is its start, to name it. */
class LongLine {
  constructor(readonly preview: string) {}
}

export type InputLine = string | LongLine;

/**
 * Non-blank, non-comment lines of a file or of stdin ("-"), trimmed, a chunk's worth at a time:
 * a batch of thousands takes them without a promise per line. A line over MAX_LINE_BYTES is given
 * as a LongLine as soon as it passes the limit, and the rest of it is read past, not kept: memory
 * stays bounded whatever the input (/dev/zero, one line of gigabytes). An abort ends the reading.
 */
export async function* inputLines(ctx: Context, source: string): AsyncGenerator<InputLine[]> {
  const stdinFile = source === '-' ? ctx.io.stdinFile : undefined;
  const stream =
    source === '-'
      ? stdinFile === undefined
        ? ctx.io.stdin
        : new FilePieces({ fd: stdinFile })
      : isRegularFile(source)
        ? new FilePieces({ path: source })
        : createReadStream(source, { highWaterMark: PIECE_BYTES });
  const stop = () => (stream as { destroy?: () => void }).destroy?.();
  ctx.signal.addEventListener('abort', stop, { once: true });
  const decoder = new StringDecoder('utf8');
  const splitter = new LineSplitter();
  try {
    for await (const piece of pieces(stream as AsyncIterable<string | Buffer>)) {
      const lines = splitter.lines(typeof piece === 'string' ? piece : decoder.write(piece));
      if (lines.length > 0) yield lines;
    }
    const last = splitter.last(decoder.end());
    if (last !== undefined) yield [last];
  } catch (error) {
    if (ctx.signal.aborted) return;
    const reason = readFailure(error);
    if (reason !== undefined) throw unreadable(source, reason);
    throw error;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}

/**
 * Text cut into input lines, a piece at a time: the end of a piece that is not a whole line is
 * carried to the next. Apart from the generator that reads, so the pieces cut into lines are not
 * kept in its frame while it waits for the batch to take them.
 */
class LineSplitter {
  private carry = '';
  /** Inside a line already refused: everything up to its end is dropped. */
  private pastLimit = false;

  /** The inputs of the whole lines `text` completes. */
  lines(piece: string): InputLine[] {
    let text = piece;
    const lines: InputLine[] = [];
    if (this.pastLimit) {
      const end = text.indexOf('\n');
      if (end === -1) return lines;
      text = text.slice(end + 1);
      this.pastLimit = false;
    }
    const parts = (this.carry + text).split('\n');
    this.carry = parts.pop() ?? '';
    for (const part of parts) {
      const line = inputLine(part);
      if (line !== undefined) lines.push(line);
    }
    if (overLimit(this.carry)) {
      const line = inputLine(this.carry);
      if (line !== undefined) lines.push(line);
      this.carry = '';
      this.pastLimit = true;
    }
    return lines;
  }

  /** The input of the last line, which ends without a newline: `rest` is the decoder's end. */
  last(rest: string): InputLine | undefined {
    return this.pastLimit ? undefined : inputLine(this.carry + rest);
  }
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    // Said by the stream's own open, as for any other file.
    return false;
  }
}

/**
 * A regular file, a piece at a time, each read when the batch asks for more input: a read of a
 * local file takes microseconds, and needs no stream. A file stream would be the one stream of a
 * batch that is not a socket: Node's stream code, which reads every answer from its socket, would
 * meet two kinds of stream, and V8 makes code that meets several shapes slower for all of them.
 * Pipes, terminals and devices (whose reads may wait) are streamed. The file is a path (opened and
 * closed here) or stdin's descriptor (`- < handles.txt`: left open).
 */
class FilePieces implements AsyncIterable<Buffer> {
  private fd: number | undefined;
  private ended = false;

  constructor(private readonly file: { path: string } | { fd: number }) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    try {
      if (!this.ended) this.fd = 'fd' in this.file ? this.file.fd : openSync(this.file.path, 'r');
      while (this.fd !== undefined) {
        const piece = Buffer.allocUnsafe(PIECE_BYTES);
        const read = readSync(this.fd, piece, 0, PIECE_BYTES, null);
        if (read === 0) return;
        yield read === PIECE_BYTES ? piece : piece.subarray(0, read);
      }
    } finally {
      this.destroy();
    }
  }

  /** Ends the reading (an abort, or the file's end): nothing more is read. */
  destroy(): void {
    this.ended = true;
    if (this.fd === undefined) return;
    if ('path' in this.file) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The chunks of `stream`, each cut into pieces of at most PIECE_BYTES (a string's: characters). */
async function* pieces(stream: AsyncIterable<string | Buffer>): AsyncGenerator<string | Buffer> {
  for await (const chunk of stream) {
    if (chunk.length <= PIECE_BYTES) yield chunk;
    else
      for (let at = 0; at < chunk.length; at += PIECE_BYTES)
        yield typeof chunk === 'string' ? chunk.slice(at, at + PIECE_BYTES) : chunk.subarray(at, at + PIECE_BYTES);
  }
}

function overLimit(raw: string): boolean {
  // UTF-8 takes at most 3 bytes for a UTF-16 unit: most lines are measured by length alone.
  return raw.length > MAX_LINE_BYTES || (raw.length * 3 > MAX_LINE_BYTES && Buffer.byteLength(raw) > MAX_LINE_BYTES);
}

/** One raw line as an input: undefined for a blank line or a comment (however long). */
function inputLine(raw: string): InputLine | undefined {
  if (overLimit(raw)) {
    const start = raw.slice(0, MAX_LINE_BYTES).trimStart();
    if (start.startsWith('#')) return undefined;
    return new LongLine(preview(start));
  }
  const line = raw.trim();
  return line === '' || line.startsWith('#') ? undefined : line;
}

/** The first PREVIEW_CHARS characters, never half a surrogate pair, marked as cut. */
export function preview(text: string): string {
  if (text.length <= PREVIEW_CHARS) return text;
  const end = /[\ud800-\udbff]/.test(text[PREVIEW_CHARS - 1] ?? '') ? PREVIEW_CHARS - 1 : PREVIEW_CHARS;
  return `${text.slice(0, end)}…`;
}

/** The inputs of shard K of N: each input by a stable hash of its normalised form (`key`). */
export async function* shardInputs(
  source: AsyncIterable<readonly InputLine[]>,
  shard: Shard,
  key: (input: string) => string,
): AsyncGenerator<InputLine[]> {
  for await (const lines of source) {
    const mine = lines.filter(
      (line) => shardOf(typeof line === 'string' ? key(line) : line.preview, shard.count) === shard.index,
    );
    if (mine.length > 0) yield mine;
  }
}

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
    lastRemaining: null,
  };
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
  let exhausted = false;
  let lines: readonly InputLine[] = [];
  let lineAt = 0;
  let refill: Promise<void> | undefined;
  // Workers waiting for the window to move wait on this, made when the first of them waits; the
  // next write that moves the window lets them go.
  let advanced: (() => void) | undefined;
  let windowMoved: Promise<void> | undefined;
  let progressAt = 0;

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
      summary.resumeSkip = nextToEmit;
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
    if (settings.maxCredits !== undefined && summary.credits + reserved + job.maxCost > settings.maxCredits) {
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

  const worker = async () => {
    for (;;) {
      let item = next();
      while (item instanceof Promise) {
        await item;
        item = next();
      }
      if (item === undefined) return;
      const { index, line } = item;
      const entry: BatchEntry<Body> = { index, input: inputText(line) };
      summary.inputs += 1;
      try {
        let answer: { body: Body; charge: AnswerCharge };
        try {
          if (typeof line !== 'string') {
            throw new SocialError(
              'usage',
              `input ${index} is a line over ${MAX_LINE_BYTES} bytes: refused, nothing sent`,
              {
                code: 'line_too_long',
                suggestion: 'An input is a handle or a URL a line: check that this is the right file.',
              },
            );
          }
          const claim = settings.budget?.claim(index);
          claims[index % window] = claim;
          // Not { ...signals, claim }: on Node 20 an object built by spreading is promoted far more
          // often, and a batch makes one a call.
          answer = await job.call(
            job.prepare(line),
            claim === undefined ? signals : { signal: signals.signal, stop: signals.stop, claim },
          );
        } finally {
          reserved -= job.maxCost;
        }
        const { body, charge } = answer;
        entry.body = body;
        const cost = job.credits(body);
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
        if (cost.cached) summary.cached += 1;
        if (cost.remaining !== null) summary.lastRemaining = cost.remaining;
        summary.ok += 1;
      } catch (error) {
        if (!(error instanceof SocialError)) throw error;
        entry.error = error;
        // Refused locally, or never sent: nothing charged, and no charge on the error.
        const charge: Charge = error.details.charge ?? NOTHING_CHARGED;
        summary.credits += charge.credits;
        // An error envelope (404, 402, 451) states what is left as a success does.
        const { body } = error.details;
        if (body !== null && typeof body === 'object') {
          const { remaining } = job.credits(body as Body);
          if (remaining !== null) summary.lastRemaining = remaining;
        }
        if (charge.uncertain) summary.uncertain += 1;
        // Stopped by Ctrl-C before it was sent: not a failure, an input left to do. One stopped
        // after it was written may have been charged: a failure, counted uncertain above.
        if (notSent(error)) summary.notSent += 1;
        else summary.failed += 1;
      }
      finished[entry.index % window] = entry;
      emitReady();
    }
  };

  await Promise.all(Array.from({ length: settings.concurrency }, () => worker()));
  if (summary.stopped === 'budget') {
    // Every input the budget did not let start is held back: written after the ones sent, in input
    // order, each a record of its own (stdin is read to its end, or to Ctrl-C).
    const refusal = heldBack(settings.maxCredits ?? 0);
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
    if (held === 0 && summary.notSentExact) summary.stopped = undefined;
  }
  settings.onProgress?.(summary);
  return summary;
}

/** Whether a call's error says it was stopped before its request was written: nothing charged. */
export function notSent(error: SocialError): boolean {
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
      ? { kind: entry.error.kind, code: entry.error.details.code ?? null, message: entry.error.message }
      : null,
    body: entry.body ?? entry.error?.details.body ?? null,
  };
}
