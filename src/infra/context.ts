// The context a command runs in: its streams, terminal and colour facts, environment, clock, an
// abort signal and the process's tuning. `systemContext()` is the real process; tests build one
// with buffers (`test/helpers/context.ts`), so commands run in-process with nothing global touched.
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

export function systemContext(signal: AbortSignal, tuning: Tuning): Context {
  return {
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      // process.stdin is built on first access (a stream, with net or tty behind it): most
      // commands never read it, so neither the stream nor its TTY check is made until one does.
      get stdin() {
        return process.stdin;
      },
      stdoutIsTTY: process.stdout.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
      get stdinIsTTY() {
        return process.stdin.isTTY === true;
      },
      columns: process.stdout.columns ?? process.stderr.columns ?? 80,
      rows: process.stdout.isTTY === true ? (process.stdout.rows ?? 0) : 0,
    },
    env: process.env,
    now: () => new Date(),
    signal,
    tuning,
  };
}
