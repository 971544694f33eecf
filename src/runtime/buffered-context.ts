// A context whose outputs are held in memory: a command run in-process by `social mcp`, whose
// stdout is the protocol's. Its json result is taken as a value (neither printed nor parsed
// back); what else it prints (a batch's records) and what it says on stderr (warnings, the drift
// note, local state not saved) are taken from the buffers when it ends; its stdin is empty.
import { Readable } from 'node:stream';
import type { Context, OutStream } from '../infra/context.js';

export interface BufferedContext {
  ctx: Context;
  /** What the run wrote to stdout, and to stderr. */
  stdout(): string;
  stderr(): string;
  /** The json result the run handed stdout as a value (OutStream.document), if it did. */
  document(): { value: unknown } | undefined;
}

class Buffered implements OutStream {
  readonly synchronous = true;
  readonly errored = null;
  #chunks: string[] = [];

  write(chunk: string | Uint8Array, done?: (error?: Error | null) => void): boolean {
    this.#chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    if (done !== undefined) process.nextTick(done, null);
    return true;
  }

  text(): string {
    return this.#chunks.join('');
  }
}

/** stdout of a run in-process: a json result is taken as it is, the rest (a batch's lines) as text. */
class BufferedOut extends Buffered {
  taken: { value: unknown } | undefined;

  document(value: unknown): void {
    this.taken = { value };
  }
}

/**
 * The streams of a run in-process. A class, not an object literal with a `stdin` getter: V8 keeps
 * an object whose own accessors are closures made per call, and all they reach, through every
 * young-generation GC until the next full one, so a long session's young generation grows (see
 * docs/performance.md). Its stdin, built only when asked for, is empty.
 */
class BufferedIo {
  readonly stdoutIsTTY = false;
  readonly stderrIsTTY = false;
  readonly stdinIsTTY = false;
  readonly columns = 80;
  readonly rows = 0;

  constructor(
    readonly stdout: BufferedOut,
    readonly stderr: Buffered,
  ) {}

  get stdin(): NodeJS.ReadableStream {
    return Readable.from([]);
  }
}

/** `from`'s environment, clock, store and code cache, with outputs of its own and `signal`. */
export function bufferedContext(from: Context, signal: AbortSignal): BufferedContext {
  const stdout = new BufferedOut();
  const stderr = new Buffered();
  const ctx: Context = {
    io: new BufferedIo(stdout, stderr),
    env: from.env,
    now: from.now,
    signal,
    codeCache: from.codeCache,
    store: from.store,
    language: from.language,
  };
  return { ctx, stdout: () => stdout.text(), stderr: () => stderr.text(), document: () => stdout.taken };
}
