// A context with buffers for in-process command tests: the idea of gh's iostreams.Test().
import { PassThrough } from 'node:stream';
import { noCodeCache } from '../../src/infra/code-cache.js';
import type { Context } from '../../src/infra/context.js';
import { storeAccess } from '../../src/infra/store/access.js';
import { languageFromEnv } from '../../src/messages/language.js';

export interface TestContext {
  ctx: Context;
  stdout: () => string;
  stderr: () => string;
  controller: AbortController;
}

export interface TestContextOptions {
  tty?: boolean;
  env?: Record<string, string | undefined>;
  stdin?: string;
  /** stdin is a terminal (what is typed still comes from `stdin`). */
  stdinTTY?: boolean;
  now?: Date;
  columns?: number;
  rows?: number;
}

/** A chunk written to a test's output, as text (bytes are UTF-8). */
export function text(chunk: string | Uint8Array): string {
  return typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
}

export function testContext(options: TestContextOptions = {}): TestContext {
  let out = '';
  let err = '';
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const controller = new AbortController();
  const env = options.env ?? {};
  const ctx: Context = {
    io: {
      stdout: {
        write: (chunk: string | Uint8Array) => {
          out += text(chunk);
          return true;
        },
      },
      stderr: {
        write: (chunk: string | Uint8Array) => {
          err += text(chunk);
          return true;
        },
      },
      stdin,
      stdoutIsTTY: options.tty ?? false,
      stderrIsTTY: options.tty ?? false,
      stdinIsTTY: options.stdinTTY ?? false,
      columns: options.columns ?? 100,
      rows: options.rows ?? 0,
    },
    env,
    now: () => options.now ?? new Date('2026-11-21T12:00:00Z'),
    signal: controller.signal,
    codeCache: noCodeCache,
    store: storeAccess(env),
    language: languageFromEnv(env),
  };
  return { ctx, stdout: () => out, stderr: () => err, controller };
}
