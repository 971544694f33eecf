// The batch runner: inputs streamed from a file or stdin, N calls at a time, each outcome written
// in input order as soon as its turn comes. Memory stays flat: no input is started more than a
// window ahead of the last one written. Nothing is lost or written twice: every input that was
// started is waited for and written, even after Ctrl-C, so what is written is always a prefix of
// the input, and `--skip N` resumes exactly after it.
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { EXIT, exitStatus, SocialError, usageError } from '../domain/errors.js';
import type { Context } from '../infra/context.js';

export interface BatchEntry<Body> {
  /** 1-based position among the inputs (blank lines and comments do not count). */
  index: number;
  input: string;
  body?: Body;
  error?: SocialError;
}

export interface BatchSummary {
  inputs: number;
  ok: number;
  failed: number;
  credits: number;
  cached: number;
  /** Why the batch stopped before the end of its input, if it did. */
  stopped?: 'interrupted' | 'budget';
  /** Inputs written, counting the skipped ones: what `--skip` takes to resume. */
  resumeSkip: number;
  lastRemaining: number | null;
}

export interface BatchJob<Prepared, Body> {
  /** Checks and normalises one input; a SocialError refuses it locally (nothing sent). */
  prepare: (input: string) => Prepared;
  call: (prepared: Prepared, signal: AbortSignal) => Promise<Body>;
  /** What a finished call cost and what is left, from its body. */
  credits: (body: Body) => { used: number; cached: boolean; remaining: number | null };
  /** The most one call can cost, for --max-credits. */
  maxCost: number;
  emit: (entry: BatchEntry<Body>) => void;
}

export interface BatchSettings {
  concurrency: number;
  maxCredits: number | undefined;
  skip: number;
  onProgress?: (summary: BatchSummary) => void;
}

/**
 * Non-blank, non-comment lines of a file or of stdin ("-"), trimmed, a chunk's worth at a time:
 * a batch of thousands takes them without a promise per line.
 */
export async function* inputLines(ctx: Context, source: string): AsyncGenerator<string[]> {
  const stream = source === '-' ? ctx.io.stdin : createReadStream(source);
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const keep = (raw: string): boolean => raw !== '' && !raw.startsWith('#');
  try {
    for await (const chunk of stream) {
      const parts = (carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer))).split('\n');
      carry = parts.pop() ?? '';
      const lines = parts.map((line) => line.trim()).filter(keep);
      if (lines.length > 0) yield lines;
    }
    const last = (carry + decoder.end()).trim();
    if (keep(last)) yield [last];
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw usageError(`cannot read ${source}: ${code}`);
    throw error;
  }
}

export async function runBatch<Prepared, Body>(
  ctx: Context,
  source: AsyncIterable<readonly string[]>,
  job: BatchJob<Prepared, Body>,
  settings: BatchSettings,
): Promise<BatchSummary> {
  const summary: BatchSummary = {
    inputs: 0,
    ok: 0,
    failed: 0,
    credits: 0,
    cached: 0,
    resumeSkip: settings.skip,
    lastRemaining: null,
  };
  const iterator = source[Symbol.asyncIterator]();
  const window = Math.max(64, settings.concurrency * 8);
  // Calls under way finish after Ctrl-C: they may be charged, so their answers are kept.
  const callSignal = new AbortController().signal;
  // Finished entries waiting for their turn, at index % window: an input never starts more than a
  // window ahead of the next to write, so a slot is always free when its entry finishes. A ring,
  // not a Map: a Map rehashed by thousands of inserts and deletes keeps its old tables, and the
  // entries in them, alive through young-generation GCs.
  const finished: Array<BatchEntry<Body> | undefined> = new Array(window);
  let position = 0;
  let nextToEmit = settings.skip + 1;
  let reserved = 0;
  let exhausted = false;
  let lines: readonly string[] = [];
  let lineAt = 0;
  let refill: Promise<void> | undefined;
  // Workers waiting for the window to move wait on this; each write moves it and makes a new one.
  let advanced: () => void = () => {};
  let windowMoved = new Promise<void>((resolve) => (advanced = resolve));
  let progressAt = 0;

  const emitReady = () => {
    const before = nextToEmit;
    for (
      let entry = finished[nextToEmit % window];
      entry?.index === nextToEmit;
      entry = finished[nextToEmit % window]
    ) {
      finished[nextToEmit % window] = undefined;
      job.emit(entry);
      summary.resumeSkip = nextToEmit;
      nextToEmit += 1;
    }
    if (nextToEmit !== before) {
      const release = advanced;
      windowMoved = new Promise<void>((resolve) => (advanced = resolve));
      release();
    }
    const now = Date.now();
    if (settings.onProgress && now - progressAt >= 100) {
      progressAt = now;
      settings.onProgress(summary);
    }
  };

  /** The next input to start, or undefined when the batch must stop taking inputs. */
  const next = async (): Promise<{ index: number; input: string } | undefined> => {
    for (;;) {
      if (ctx.signal.aborted) {
        summary.stopped ??= 'interrupted';
        return undefined;
      }
      if (settings.maxCredits !== undefined && summary.credits + reserved + job.maxCost > settings.maxCredits) {
        summary.stopped ??= 'budget';
        return undefined;
      }
      if (lineAt < lines.length) {
        // Flat memory: no input starts more than a window ahead of the last one written.
        if (position + 1 - nextToEmit >= window) {
          await windowMoved;
          continue;
        }
        const input = lines[lineAt] as string;
        lineAt += 1;
        position += 1;
        if (position <= settings.skip) continue;
        // Reserved at once, so the next input's budget check already counts this call.
        reserved += job.maxCost;
        return { index: position, input };
      }
      if (exhausted) return undefined;
      refill ??= iterator.next().then((item) => {
        refill = undefined;
        if (item.done) exhausted = true;
        else [lines, lineAt] = [item.value, 0];
      });
      await refill;
    }
  };

  const worker = async () => {
    for (let item = await next(); item !== undefined; item = await next()) {
      const entry: BatchEntry<Body> = { index: item.index, input: item.input };
      summary.inputs += 1;
      try {
        try {
          entry.body = await job.call(job.prepare(item.input), callSignal);
        } finally {
          reserved -= job.maxCost;
        }
        const cost = job.credits(entry.body);
        summary.credits += cost.used;
        if (cost.cached) summary.cached += 1;
        if (cost.remaining !== null) summary.lastRemaining = cost.remaining;
        summary.ok += 1;
      } catch (error) {
        if (!(error instanceof SocialError)) throw error;
        entry.error = error;
        summary.failed += 1;
      }
      finished[entry.index % window] = entry;
      emitReady();
    }
  };

  await Promise.all(Array.from({ length: settings.concurrency }, () => worker()));
  settings.onProgress?.(summary);
  return summary;
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
