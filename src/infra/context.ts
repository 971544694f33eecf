// The context a command runs in: its streams, terminal and colour facts, environment, clock, an
// abort signal, the local store (opened only when asked) and the process's code cache.
// `systemContext()` is the real process; tests build one with buffers (`test/helpers/context.ts`),
// so commands run in-process with nothing global touched, as `social mcp` runs each tool call
// (runtime/buffered-context.ts).
import { fstatSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { type Language, languageFromEnv } from '../messages/language.js';
import type { CodeCache } from './code-cache.js';
import { type StoreAccess, storeAccess } from './store/access.js';

export interface OutStream {
  /** Writes `chunk` (bytes are UTF-8); `done`, when given, hears that it was written, or why it was not. */
  write(chunk: string | Uint8Array, done?: (error?: Error | null) => void): unknown;
  /** write() is done with a chunk when it returns: the caller may fill its bytes again. */
  readonly synchronous?: boolean;
  /** Bytes written that the reader has not taken yet (a stream's own figure, where it has one). */
  readonly writableLength?: number;
  /** The failure that ended the stream: nothing is written after it. */
  readonly errored?: Error | null;
  /** 'drain': the reader took what was held back. */
  on?(event: 'drain', listener: () => void): unknown;
  off?(event: 'drain', listener: () => void): unknown;
  /**
   * Takes a json result as the value itself, where the reader is in the process (a tool call of
   * `social mcp`): it is then neither printed nor parsed back.
   */
  document?(value: unknown): void;
}

/**
 * A write to stdout or stderr that failed (EPIPE: the reader went away), handed to the one who
 * made the context (the bin decides what it means for the process).
 */
type OutputFailure = (error: NodeJS.ErrnoException, output: 'stdout' | 'stderr') => void;

interface IO {
  stdout: OutStream;
  stderr: OutStream;
  stdin: NodeJS.ReadableStream;
  /**
   * stdin's descriptor when it is a regular file (`< handles.txt`): read with plain reads, no
   * stream built (see the batch's input). Undefined for anything else.
   */
  stdinFile?: number;
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
  /** The process's code cache (src/infra/code-cache.ts), told when the run is over; noCodeCache in tests. */
  codeCache: CodeCache;
  /** Where the local store is, and its opener: nothing is loaded or opened until a run asks. */
  store: StoreAccess;
  /**
   * The language messages, help and figures are in: the environment's (languageFromEnv), made
   * `--lang`'s by main before anything is said. What scripts read never depends on it.
   */
  language: Language;
}

/**
 * Colour on a stream: --no-color, this run's own word, wins; then FORCE_COLOR (0 turns it off),
 * then NO_COLOR (any non-empty value) turns it off, and it is only on at a terminal. A flag over
 * the environment, as for every setting (and as force-color.org and no-color.org ask).
 */
export function colourEnabled(env: Context['env'], isTTY: boolean, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

/**
 * The real process. Node builds process.stdout and process.stderr on first access, and that loads
 * its stream modules (for a pipe or a terminal, its socket modules too). An output that is a file,
 * or a device that is not a terminal (/dev/null), is written by a WholeWrites of our own instead,
 * and never built: a run with its output there (a script's, a benchmark's) loads none of it. Node's
 * streams stay for a terminal (its size, colours, the spinner) and a pipe or socket (written the
 * way each system needs, a reader that went away told as EPIPE). Each output, and the facts read
 * from it, is taken when first asked for: a run that writes nothing to stderr (--version, help, a
 * quiet call) never takes it. A failed write of either output goes to `failed` (OutputFailure).
 */
export function systemContext(signal: () => AbortSignal, codeCache: CodeCache, failed: OutputFailure): Context {
  let nullDevice: Stats | undefined | null = null;
  const devNull = () => {
    if (nullDevice === null) nullDevice = devNullStat();
    return nullDevice;
  };
  const kinds = new Map<Fd, Kind>();
  const kind = (fd: Fd): Kind => {
    let known = kinds.get(fd);
    if (known === undefined) {
      known = kindOf(fd, devNull);
      kinds.set(fd, known);
    }
    return known;
  };
  const outputs = new Map<Fd, OutStream>();
  const take = (fd: Fd): OutStream => {
    let output = outputs.get(fd);
    if (output === undefined) {
      const name = fd === 1 ? 'stdout' : 'stderr';
      const onFailure = (error: NodeJS.ErrnoException) => failed(error, name);
      if (kind(fd) === 'whole') output = new WholeWrites(fd, onFailure);
      else output = nodeStream(fd).on('error', onFailure);
      outputs.set(fd, output);
    }
    return output;
  };
  // Read once, when first asked for, like the outputs: a run sees one width throughout.
  let facts: TerminalFacts | undefined;
  const fact = <K extends keyof TerminalFacts>(key: K): TerminalFacts[K] => {
    facts ??= terminalFacts(kind(1) === 'terminal', kind(2) === 'terminal');
    return facts[key];
  };
  let stdinIsFile: boolean | undefined;
  const io: IO = {
    get stdout() {
      return take(1);
    },
    get stderr() {
      return take(2);
    },
    // process.stdin likewise: most commands never read it.
    get stdin() {
      return process.stdin;
    },
    get stdinFile() {
      stdinIsFile ??= statOf(0)?.isFile() === true;
      return stdinIsFile ? 0 : undefined;
    },
    get stdinIsTTY() {
      return this.stdinFile === undefined && process.stdin.isTTY === true;
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
    codeCache,
    store: storeAccess(process.env),
    language: languageFromEnv(process.env),
  };
}

type Fd = 1 | 2;

/** Node's stream for an output, built on first access. */
const nodeStream = (fd: Fd): NodeJS.WriteStream => (fd === 1 ? process.stdout : process.stderr);

/**
 * What an output is: `whole`, a file or a device that is not a terminal (written by WholeWrites);
 * a `terminal`; or a `stream`, a pipe or a socket (or what cannot be told), left to Node's stream.
 */
type Kind = 'whole' | 'terminal' | 'stream';

/**
 * Asked of the system, not of Node's stream, wherever that tells: a file, a pipe and a socket by
 * their type, and /dev/null, a character device as a terminal is, by its device number. Any
 * other character device (a terminal, or a rarer one like /dev/full) is asked of Node's stream,
 * which a terminal needs anyway.
 */
function kindOf(fd: Fd, devNull: () => Stats | undefined): Kind {
  const stat = statOf(fd);
  if (stat?.isFile()) return 'whole';
  if (stat?.isCharacterDevice() !== true) return 'stream';
  if (stat.rdev === devNull()?.rdev) return 'whole';
  return nodeStream(fd).isTTY === true ? 'terminal' : 'whole';
}

/** /dev/null, where there is one and it is the device (not on Windows, whose NUL Node's stream tells). */
function devNullStat(): Stats | undefined {
  try {
    const stat = statSync('/dev/null');
    return stat.isCharacterDevice() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** Whether each output is a terminal, and its size (only a terminal's stream is asked). */
function terminalFacts(stdoutIsTTY: boolean, stderrIsTTY: boolean): TerminalFacts {
  return {
    stdoutIsTTY,
    stderrIsTTY,
    columns:
      (stdoutIsTTY ? process.stdout.columns : undefined) ?? (stderrIsTTY ? process.stderr.columns : undefined) ?? 80,
    rows: stdoutIsTTY ? (process.stdout.rows ?? 0) : 0,
  };
}

/**
 * An output on a file or on a device that is not a terminal. Each chunk is written at once with
 * writeFileSync, which, given a descriptor, writes until all of it is written or the system says
 * why not: a short write (the disk filled up, or the file reached its size limit, part way through
 * a chunk) is an error, never a chunk cut short in silence, as Node's stream for a file leaves it,
 * and a paid answer cut short never looks written, exit 0. Nothing is held back: no backlog, no
 * 'drain'. A failure is told on the next tick, as a stream tells it: to the write's own callback,
 * then to `failed`; nothing is written after it.
 * @internal Exported for its test.
 */
export class WholeWrites implements OutStream {
  errored: Error | null = null;
  readonly synchronous = true;

  constructor(
    private readonly fd: number,
    private readonly failed: (error: NodeJS.ErrnoException) => void,
  ) {}

  write(chunk: string | Uint8Array, done?: (error?: Error | null) => void): boolean {
    if (this.errored === null) {
      try {
        // A string as it is (UTF-8, a lone surrogate as U+FFFD): no copy into a Buffer first.
        writeFileSync(this.fd, chunk);
        if (done !== undefined) process.nextTick(done, null);
        return true;
      } catch (error) {
        this.errored = error as Error;
        process.nextTick(() => {
          done?.(error as Error);
          this.failed(error as NodeJS.ErrnoException);
        });
        return false;
      }
    }
    if (done !== undefined) process.nextTick(done, this.errored);
    return false;
  }
}

function statOf(fd: number): Stats | undefined {
  try {
    return fstatSync(fd);
  } catch {
    return undefined;
  }
}
