// The context a command runs in: its streams, terminal and colour facts, environment, clock, an
// abort signal and the process's tuning. `systemContext()` is the real process; tests build one
// with buffers (`test/helpers/context.ts`), so commands run in-process with nothing global touched.
import { fstatSync, type Stats, writeFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Tuning } from './tuning.js';

export interface OutStream {
  write(chunk: string): unknown;
  /** Bytes written that the reader has not taken yet (a stream's own figure, where it has one). */
  readonly writableLength?: number;
  /** 'drain': the reader took what was held back. */
  on?(event: 'drain', listener: () => void): unknown;
  off?(event: 'drain', listener: () => void): unknown;
}

interface IO {
  stdout: OutStream;
  stderr: OutStream;
  stdin: NodeJS.ReadableStream;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Width of the terminal on stdout (else on stderr), or 80 when neither is one. */
  columns: number;
  /** Height of the terminal on stdout, or 0 when it is not one: output taller is paged. */
  rows: number;
}

type TerminalFacts = Pick<IO, 'stdoutIsTTY' | 'stderrIsTTY' | 'columns' | 'rows'>;

export interface Context {
  io: IO;
  env: Record<string, string | undefined>;
  now: () => Date;
  /** Aborted on Ctrl-C or SIGTERM: long work stops sending and writes what finished. */
  signal: AbortSignal;
  /** The process's tuning (src/infra/tuning.ts); noTuning in tests. */
  tuning: Tuning;
}

/**
 * Colour on a stream: FORCE_COLOR wins (0 turns it off), then NO_COLOR (any non-empty value) and
 * --no-color turn it off, and it is only on at a terminal.
 */
export function colourEnabled(env: Context['env'], isTTY: boolean, noColorFlag: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/**
 * The real process. Node builds process.stdout and process.stderr on first access, and for a pipe
 * or a terminal that loads its stream and socket modules: a run that writes nothing to stderr
 * (--version, help, a quiet call into a pipe) never builds it. So each stream, and the facts read
 * from it, are taken when first asked for; `watch` is given each stream as it is first taken, before
 * anything is written to it (the bin listens there for a reader that went away).
 */
export function systemContext(
  signal: () => AbortSignal,
  tuning: Tuning,
  watch: (stream: NodeJS.WriteStream) => void = () => {},
): Context {
  const watched = new Set<NodeJS.WriteStream>();
  // What stdout and stderr are, asked of the system once a run (whether a file, whether a terminal).
  const stats = new Map<number, Stats | undefined>();
  const stat = (fd: number): Stats | undefined => {
    if (!stats.has(fd)) stats.set(fd, statOf(fd));
    return stats.get(fd);
  };
  const take = (stream: NodeJS.WriteStream, fd: number): NodeJS.WriteStream => {
    if (!watched.has(stream)) {
      watched.add(stream);
      const kind = stat(fd);
      // A file, or a device that is not a terminal (/dev/null): Node writes to either at once.
      if (kind?.isFile() || (kind?.isCharacterDevice() && stream.isTTY !== true)) writeWhole(stream, fd);
      watch(stream);
    }
    return stream;
  };
  // Read once, when first asked for, like the streams: a run sees one width throughout.
  let facts: TerminalFacts | undefined;
  const fact = <K extends keyof TerminalFacts>(key: K): TerminalFacts[K] => {
    facts ??= terminalFacts(io, stat);
    return facts[key];
  };
  const io: IO = {
    get stdout() {
      return take(process.stdout, 1);
    },
    get stderr() {
      return take(process.stderr, 2);
    },
    // process.stdin likewise: most commands never read it.
    get stdin() {
      return process.stdin;
    },
    get stdinIsTTY() {
      return process.stdin.isTTY === true;
    },
    get stdoutIsTTY() {
      return fact('stdoutIsTTY');
    },
    get stderrIsTTY() {
      return fact('stderrIsTTY');
    },
    get columns() {
      return fact('columns');
    },
    get rows() {
      return fact('rows');
    },
  };
  return {
    io,
    env: process.env,
    now: () => new Date(),
    get signal() {
      return signal();
    },
    tuning,
  };
}

/**
 * Whether each output is a terminal, and its size. A terminal is a character device: an output
 * that is not one (a pipe, a file) is not asked, so its stream is not built for the question.
 */
function terminalFacts(io: IO, stat: (fd: number) => Stats | undefined): TerminalFacts {
  const stdout = stat(1)?.isCharacterDevice() ? (io.stdout as NodeJS.WriteStream) : undefined;
  const stderr = stat(2)?.isCharacterDevice() ? (io.stderr as NodeJS.WriteStream) : undefined;
  const stdoutIsTTY = stdout?.isTTY === true;
  return {
    stdoutIsTTY,
    stderrIsTTY: stderr?.isTTY === true,
    columns: (stdoutIsTTY ? stdout?.columns : undefined) ?? (stderr?.isTTY ? stderr.columns : undefined) ?? 80,
    rows: stdoutIsTTY ? (stdout?.rows ?? 0) : 0,
  };
}

/**
 * Node writes to a file (or a device that is not a terminal) through a stream that takes a short
 * write (the disk filled up, or the file reached its size limit, part way through a chunk) as
 * done: the rest of the chunk is lost, no error is raised, and a paid answer cut short would look
 * written, exit 0. Here each chunk is written whole or fails: the write after a short one meets the disk's error, which the run
 * reports as a failed output (and saves what it was printing). Set before anything is written.
 */
export function writeWhole(stream: NodeJS.WriteStream, fd: number): void {
  const writable = stream as unknown as Writable;
  // A failure of the direct write below, handed to the stream's own write of the same chunk.
  let failure: Error | undefined;
  writable._write = (chunk: Buffer, _encoding, done) => {
    const error = failure;
    failure = undefined;
    if (error !== undefined) {
      done(error);
      return;
    }
    try {
      // With a descriptor, writeFileSync writes until all is written or the system says why not.
      writeFileSync(fd, chunk);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  // The stream copies a string into a Buffer before _write sees it: a batch's output, thousands
  // of writes, pays for that copy and its garbage. While the stream holds nothing (it never does
  // between writes, each being made at once), a string is written as it is, as the stream would
  // write it (UTF-8, a lone surrogate as U+FFFD), with what the stream answers after a write made
  // at once: true, and the callback on the next tick. Any other chunk, and a failure (handed to
  // _write above), go the stream's own way, so its errors are raised as they always were.
  const write = writable.write;
  writable.write = function (this: Writable, ...args: unknown[]): boolean {
    const [chunk, encoding, callback] = args;
    if (
      typeof chunk === 'string' &&
      (encoding === undefined || typeof encoding === 'function') &&
      (callback === undefined || typeof callback === 'function') &&
      writable.writableLength === 0 &&
      writable.writableCorked === 0 &&
      !writable.writableEnded &&
      !writable.destroyed &&
      failure === undefined
    ) {
      try {
        writeFileSync(fd, chunk);
        const done = (encoding ?? callback) as ((error: null) => void) | undefined;
        if (done !== undefined) process.nextTick(done, null);
        return true;
      } catch (error) {
        failure = error as Error;
      }
    }
    return write.apply(this, args as Parameters<Writable['write']>);
  } as Writable['write'];
}

function statOf(fd: number): Stats | undefined {
  try {
    return fstatSync(fd);
  } catch {
    return undefined;
  }
}
