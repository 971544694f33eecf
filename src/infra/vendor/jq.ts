// --jq: real jq (jq 1.8 compiled to WebAssembly, the jq-wasm package), loaded only when --jq is
// given. jq-wasm stays outside the CLI bundle (the build marks it external): a run without --jq
// loads none of it, and the bundle does not grow by its WebAssembly.
//
// jq is loaded once a process (loadJq), and everything after that is the instance's synchronous
// raw(): the module-level async helpers would go through the loader again on every call. Only an
// instance whose WebAssembly failed is replaced, by a fresh one (compileJq).
//
// A user's filter may never end (`def f: f; f`, `repeat(1)`), and while a synchronous call holds
// the main thread no signal handler runs: Ctrl-C and SIGTERM would do nothing. So a call on the
// main thread has a short time limit (vm's timeout, V8 ending the WebAssembly), and a call that
// runs past it is run again, with every later call of the run, on a thread of jq's own, which the
// run's signal ends; a call on more input than jq reads within the limit goes there at once. The
// common call, well within the limit, starts no such thread.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import type { Worker } from 'node:worker_threads';
import type { Jq } from 'jq-wasm';
import { SocialError, usageError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import { jsonBytes, jsonLongerThan, wellFormed } from './jq-input.js';

/** --jq compiled: what jq prints for each input, and what failed on the inputs so far. */
export interface JqFilter {
  /**
   * The values jq gives for these inputs (each the JSON a command would print), in one call: jq
   * compiles the expression once a call, which costs more than running it on a record. A runtime
   * error ends that input's values, as in jq, and is kept for failure(): the next input still runs.
   * `onFailed` hears each input the filter failed on (the input itself), in order: jq does not say
   * which of a call's inputs failed, so the inputs of a call that failed are run again each alone
   * (their values are then those of the runs alone, the same as jq's together). A promise once
   * jq's WebAssembly has failed in this run, or a call ran past the main thread's limit: the inputs
   * then wait for a fresh instance of it, or for jq's thread, and so do later calls, which keep
   * their order. Once the run's signal has ended jq's thread, the promise rejects with an
   * 'interrupted' error.
   */
  run(inputs: readonly unknown[], onFailed?: (input: unknown) => void): unknown[] | Promise<unknown[]>;
  /** A runtime error on some input (the first one's words), or undefined. */
  failure(): SocialError | undefined;
}

/** The name of jq's WebAssembly among the single executable's assets (scripts/build-exe.js). */
const JQ_WASM_ASSET = 'jq-wasm';
/** jq-wasm's loader among the single executable's assets (scripts/build-exe.js). */
const JQ_LOADER_ASSET = 'node_modules/jq-wasm';

/** jq's exit status for an expression that does not compile (runtime errors are 5). */
const JQ_COMPILE_ERROR = 3;

/**
 * How long one call of jq may hold the main thread, in ms: a signal waits at most this long. A call
 * past it is ended and run again on jq's thread, so a filter that takes longer costs this much
 * more, and the thread's start.
 */
const MAIN_THREAD_MS = 200;

/**
 * The most JSON text one call gives jq on the main thread. jq-wasm hands jq its input a byte at a
 * time, so a call on more than this would run past MAIN_THREAD_MS on a busy machine, and be ended
 * there to run again on jq's thread: it goes to jq's thread at once. Run on the main thread first,
 * it cost a copy of the input as large as it and jq's memory for what jq read of it, in an instance
 * then thrown away but held till V8 collects it, beside all the thread holds.
 */
const MAIN_THREAD_TEXT = 4 * 2 ** 20;

/**
 * What one input is given to jq as: its JSON text, or, for a value whose text is longer than the
 * main thread takes, the value itself, written to bytes (jq-input.ts) as it goes to jq's thread.
 * `bytes` holds them from the nesting check until they are handed over.
 */
type JqText = string | { value: unknown; bytes?: Uint8Array<ArrayBuffer> };

/**
 * How many objects inside one another jq is given. jq's WebAssembly cannot read objects nested
 * some 650 deep, whatever the filter, and for one filter (tostring) on objects nested some 980
 * deep it never returns, rather than fail. An answer may nest up to the reader's 1,000 levels, and
 * what a server sends must not make a run spin, so a value with more objects inside one another
 * than this is not given to jq (it would fail there anyway): it fails --jq like any record jq
 * could not take. Arrays, which jq reads a thousand deep, are not counted.
 */
const JQ_MAX_OBJECT_NESTING = 640;

/**
 * A package's file as this module's require() finds it: from the bundle's own file once built, so
 * from the node_modules beside it.
 */
function resolveHere(id: string): string {
  return createRequire(__filename).resolve(id);
}

let compiled: Promise<WebAssembly.Module> | undefined;
/** The WebAssembly global, which Node's types declare as a namespace of types only. */
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: ArrayBuffer | Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly;

/**
 * jq's WebAssembly compiled, once a process, for every instance: the first, jq's thread, and a
 * fresh one for each record that broke one (a batch may have hundreds), each instantiated from it,
 * not compiled again. In the single executable (npm run build:exe) it is one of its assets, as
 * there is no node_modules beside it.
 */
function jqModule(): Promise<WebAssembly.Module> {
  // Read in one call: fs/promises' open, stat, reads and close, each a trip through the thread
  // pool, cost more CPU than the read itself, and nothing waits on the main thread meanwhile.
  compiled ??= import('node:sea').then((sea) =>
    wasm.compile(sea.isSea() ? sea.getAsset(JQ_WASM_ASSET) : readFileSync(resolveHere('jq-wasm/jq.wasm'))),
  );
  return compiled;
}

/** A fresh instance of jq (the process's first too): its own WebAssembly memory and stack. */
async function freshInstance(): Promise<Jq> {
  const [glue, wasmModule] = await Promise.all([import('jq-wasm'), jqModule()]);
  return loadWatched(glue, wasmModule);
}

/** An instance of jq that tells whether its WebAssembly was refused memory (see loadWatched). */
type Watched = Jq & { memory?: { refused: boolean } };

/**
 * An instance of jq from `wasmModule` whose `memory.refused` turns true when jq asks for more
 * memory than its WebAssembly may have (jq-wasm sets a limit): jq then aborts, as it does when its
 * small stack overflows, and only this tells the two apart. The ask is jq-wasm's import
 * `_emscripten_resize_heap`, found by its name; where a version of jq-wasm has none, nothing is
 * told. Refers to nothing outside itself: jq's thread runs its source (see serve).
 */
async function loadWatched(
  glue: Pick<typeof import('jq-wasm'), 'loadJq'>,
  wasmModule: WebAssembly.Module,
): Promise<Jq> {
  const memory = { refused: false };
  const jq: Watched = await glue.loadJq({
    instantiateWasm(imports, onSuccess) {
      for (const functions of Object.values(imports) as Array<Record<string, unknown>>) {
        for (const [name, grow] of Object.entries(functions)) {
          if (typeof grow !== 'function' || grow.name !== '_emscripten_resize_heap') continue;
          functions[name] = (size: number) => {
            const grown = grow(size);
            if (!grown) memory.refused = true;
            return grown;
          };
        }
      }
      const { WebAssembly: api } = globalThis as unknown as {
        WebAssembly: {
          instantiate(module: WebAssembly.Module, imports: object): Promise<Parameters<typeof onSuccess>[0]>;
        };
      };
      // Returned: jq-wasm rejects the load with what failed.
      return api.instantiate(wasmModule, imports).then((instance) => onSuccess(instance, wasmModule));
    },
  });
  jq.memory = memory;
  return jq;
}

let loaded: Promise<Jq> | undefined;
const checked = new Map<string, Promise<Jq | undefined>>();

/** The process's instance can no longer be trusted: the next run loads a fresh one. */
function discardLoaded(): void {
  loaded = undefined;
  checked.clear();
}

/** What one call of jq came to: its output, a failure of its WebAssembly, or the time limit. */
type JqCallResult = ReturnType<Jq['raw']> | Broken | Slow;

/**
 * What jq's WebAssembly itself failed with, when it did: the instance is then unsound.
 * `outOfMemory`: it was refused memory (see loadWatched), not the stack it overflows.
 */
interface Broken {
  broken: string;
  outOfMemory?: boolean;
}

/** The call ran past the main thread's limit and was ended: the instance is then unsound. */
interface Slow {
  slow: true;
}

/**
 * One call of jq, made by `within` (the main thread's time limit, or at once on jq's thread).
 * jq's WebAssembly has a small stack, which overflows on values some hundreds of levels deep
 * (within the 1,000 an answer may nest) for `.`, tojson, sort and the like: the call then throws,
 * or its runtime aborts, writing "Aborted(...)" with console.error (jq-wasm takes no other place
 * for it) and sometimes returning all the same. The call is synchronous, so console.error is
 * pointed away for its length only: no line of the library reaches stderr, and a call that aborted
 * is taken as failed, its output untrusted.
 *
 * Refers to nothing outside itself: jq's thread runs its source (see serve).
 */
function attempt(
  jq: Watched,
  input: string,
  expression: string,
  within: (call: () => ReturnType<Jq['raw']>) => ReturnType<Jq['raw']>,
): JqCallResult {
  const aborted = 'its runtime aborted';
  const write = console.error;
  let failed = false;
  console.error = () => {
    failed = true;
  };
  try {
    const result = within(() => jq.raw(input, expression, ['-c']));
    return failed ? { broken: aborted, outOfMemory: jq.memory?.refused } : result;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { slow: true };
    return { broken: failed ? aborted : (error as Error).message, outOfMemory: jq.memory?.refused };
  } finally {
    console.error = write;
  }
}

const CALL = Symbol.for('social.jq.call');
let limited: Script | undefined;

/**
 * `call` on the main thread, ended by V8 once it has run MAIN_THREAD_MS (vm's timeout, which ends
 * WebAssembly too). The script only calls it: compiled once.
 */
function onMainThread<T>(call: () => T): T {
  limited ??= new Script(`globalThis[Symbol.for('social.jq.call')]()`, { filename: 'social-jq' });
  const slot = globalThis as unknown as Record<symbol, unknown>;
  slot[CALL] = call;
  try {
    return limited.runInThisContext({ timeout: MAIN_THREAD_MS }) as T;
  } finally {
    delete slot[CALL];
  }
}

/** A call on jq's thread: its outcome, and whether its instance had run nothing before it. */
interface ThreadAnswer {
  outcome: ReturnType<Jq['raw']> | Broken;
  fresh: boolean;
}

/** How jq's thread gets jq-wasm's loader: its file, or (in the single executable) its source. */
type Loader = { path: string } | { source: string };

/**
 * jq's thread, as its source runs it (`load` is the thread's require, `call` is attempt): each
 * message is one call, answered in turn. An instance whose WebAssembly failed is replaced before
 * the next call. Refers to nothing outside itself.
 */
function serve(load: NodeJS.Require, call: typeof attempt, loadJq: typeof loadWatched): void {
  const { parentPort, workerData } = load('node:worker_threads') as typeof import('node:worker_threads');
  // jq-wasm takes its input as a string only, which it encodes to UTF-8 with a TextEncoder it
  // makes as it loads, and hands jq those bytes. Input that comes as bytes is given to jq as they
  // are: as the empty string, whose encoding this thread's TextEncoder gives as those bytes. No
  // other code runs in this thread.
  let handed: Uint8Array | undefined;
  const Encoder = TextEncoder;
  globalThis.TextEncoder = class extends Encoder {
    override encode(text?: string): Uint8Array<ArrayBuffer> {
      const bytes = handed;
      if (bytes === undefined || text !== '') return super.encode(text);
      handed = undefined;
      return bytes as Uint8Array<ArrayBuffer>;
    }
  };
  const { loader, wasmModule } = workerData as { loader: Loader; wasmModule: WebAssembly.Module };
  let glue: typeof import('jq-wasm');
  if ('path' in loader) glue = load(loader.path) as typeof glue;
  else {
    const module = { exports: {} };
    new Function('module', 'exports', 'require', loader.source)(module, module.exports, load);
    glue = module.exports as typeof glue;
  }
  let jq: Jq | undefined;
  let fresh = false;
  let turn = Promise.resolve();
  parentPort?.on(
    'message',
    ({ input, expression }: { input: string | Uint8Array<ArrayBuffer>; expression: string }) => {
      turn = turn.then(async () => {
        if (jq === undefined) {
          jq = await loadJq(glue, wasmModule);
          fresh = true;
        }
        if (typeof input !== 'string') handed = input;
        const outcome = call(jq, typeof input === 'string' ? input : '', expression, (run) => run());
        handed = undefined;
        // Freed now, not when this thread's collector gets to it.
        if (typeof input !== 'string') input.buffer.transfer(0);
        const answer = { outcome, fresh };
        fresh = false;
        if ('broken' in outcome) jq = undefined;
        parentPort.postMessage(answer);
      });
    },
  );
}

/** What a call on jq's thread rejects with once the run's signal ended the thread. */
function interrupted(): SocialError {
  return new SocialError('interrupted', said('errors.jq.interrupted'));
}

/**
 * A thread of jq's own for one run's filter, ended (with its instance) by the run's signal: the
 * calls waiting then reject with an 'interrupted' error. It keeps the process alive only while a
 * call is under way.
 */
class JqThread {
  private readonly answers: Array<{ resolve(answer: ThreadAnswer): void; reject(error: Error): void }> = [];
  private ended: Error | undefined;

  constructor(
    private readonly worker: Worker,
    private readonly expression: string,
    signal: AbortSignal,
  ) {
    worker.unref();
    worker.on('message', (answer: ThreadAnswer) => {
      this.answers.shift()?.resolve(answer);
      if (this.answers.length === 0) worker.unref();
    });
    worker.on('error', (error) => this.end(error));
    worker.on('exit', () => this.end(new Error("jq's thread ended")));
    const stop = () => {
      this.end(interrupted());
      void worker.terminate();
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  }

  /** jq on `input`: text, or bytes, which are handed to the thread (then empty here), not copied. */
  call(input: string | Uint8Array<ArrayBuffer>): Promise<ThreadAnswer> {
    if (this.ended !== undefined) return Promise.reject(this.ended);
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.answers.push({ resolve, reject });
      const message = { input, expression: this.expression };
      if (typeof input === 'string') this.worker.postMessage(message);
      else this.worker.postMessage(message, [input.buffer]);
    });
  }

  private end(error: Error): void {
    this.ended ??= error;
    for (const answer of this.answers.splice(0)) answer.reject(this.ended);
  }
}

async function startThread(expression: string, signal: AbortSignal): Promise<JqThread> {
  const [{ Worker }, sea, wasmModule] = await Promise.all([
    import('node:worker_threads'),
    import('node:sea'),
    jqModule(),
  ]);
  const loader: Loader = sea.isSea()
    ? { source: sea.getAsset(JQ_LOADER_ASSET, 'utf8') }
    : { path: resolveHere('jq-wasm') };
  const worker = new Worker(`(${serve.toString()})(require, ${attempt.toString()}, ${loadWatched.toString()})`, {
    eval: true,
    workerData: { loader, wasmModule },
  });
  return new JqThread(worker, expression, signal);
}

/**
 * Loads jq (once a process) and checks `expression` by running it once on null (once a process
 * for each expression), so a bad expression is refused (exit 2) before any request is sent. A
 * runtime error on null (`.[]`) is not a compile error: it may well work on the real answer, and
 * nor is a failure of jq's WebAssembly (the filter's first record gets a fresh instance), or a run
 * past the time limit (jq compiled it: the filter runs on jq's thread from the start, and the
 * promise gives undefined).
 */
function check(expression: string): Promise<Jq | undefined> {
  let ready = checked.get(expression);
  if (ready === undefined) {
    loaded ??= freshInstance();
    ready = loaded.then((jq) => {
      const trial = attempt(jq, 'null', expression, onMainThread);
      if ('slow' in trial) {
        discardLoaded();
        return undefined;
      }
      if (!('broken' in trial)) refuseUncompiled(trial, expression);
      return jq;
    });
    checked.set(expression, ready);
  }
  return ready;
}

/** jq's words (exit 2) when `result` is jq refusing `expression` itself: it did not compile. */
function refuseUncompiled(result: ReturnType<Jq['raw']>, expression: string): void {
  if (result.exitCode !== JQ_COMPILE_ERROR) return;
  const [line, ...more] = jqWords(result.stderr);
  throw usageError(
    said('errors.jq.refused', { jq: line }),
    more.length > 0 ? more.join('\n') : t('errors.jq.refused.hint', { expression }),
  );
}

/**
 * A filter for one run: `expression`, with its own count of failures. `signal` (the run's: Ctrl-C,
 * SIGTERM) ends jq's thread, once the filter has one. `checkFirst`: the expression is checked
 * before the promise resolves (see check), so that a bad one is refused before anything is sent.
 * Without it (a run whose requests cannot be charged) the filter is given at once, jq loads while
 * the request is under way, and its first call is the check: a bad expression throws the same
 * error from it (its promise rejects), and prints nothing. That saves jq a whole run (on null).
 */
export async function compileJq(expression: string, signal: AbortSignal, checkFirst = true): Promise<JqFilter> {
  /** The instance on the main thread; undefined once its WebAssembly failed, or a call ran too long. */
  let jq: Jq | undefined;
  /**
   * Whether a call ran past the main thread's limit (the check's, too), or had more input than the
   * main thread takes: every call then goes to jq's thread.
   */
  let moved = false;
  /** Calls waiting for jq's load, a fresh instance or jq's thread, in order: later calls wait behind them. */
  let waiting: Promise<unknown> | undefined;
  /** Whether no call has compiled the expression yet (without checkFirst): the first one checks it. */
  let unchecked = !checkFirst;
  if (checkFirst) {
    jq = await check(expression);
    moved = jq === undefined;
  } else {
    loaded ??= freshInstance();
    waiting = loaded.then(
      (instance) => {
        jq = instance;
      },
      (error: Error) => {
        // Said as what it is: where the answer is printed, any other error is stdout failing.
        throw new SocialError('unexpected', said('errors.jq.notLoaded', { reason: error.message }));
      },
    );
    // Told by the run that waits on it; a run that never filters (its call failed) is not failed by it.
    waiting.catch(() => {});
  }
  let thread: Promise<JqThread> | undefined;
  /** Whether `jq` has run nothing since it was loaded: a failure there is the input's own. */
  let fresh = false;
  let runs = 0;
  let failed = 0;
  /** Why it failed first: jq's own words, or social's (a message not yet said). */
  let firstReason: string | Said = '';
  const fail = (count: number, reason: string | Said) => {
    if (failed === 0) firstReason = reason;
    failed += count;
  };
  /** jq's values of one call's output; its runtime errors counted (one "jq: error" line each). */
  const values = (result: ReturnType<Jq['raw']>): unknown[] => {
    if (unchecked) {
      unchecked = false;
      refuseUncompiled(result, expression);
    }
    if (failedOn(result)) {
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('jq: error')).length;
      fail(Math.max(errors, 1), jqWords(result.stderr)[0]);
    }
    return result.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  };
  /** The main thread's instance failed or was ended: not used again, by this run or later ones. */
  const drop = (outcome: Broken | Slow) => {
    jq = undefined;
    discardLoaded();
    if ('slow' in outcome) moved = true;
  };
  /** A fresh instance, in place of one whose WebAssembly failed (the process's, for later runs). */
  const replace = async (): Promise<Jq> => {
    loaded = freshInstance();
    fresh = true;
    jq = await loaded;
    return jq;
  };
  const onThread = async (text: JqText): Promise<ThreadAnswer> => {
    thread ??= startThread(expression, signal);
    const running = await thread;
    if (typeof text === 'string') return running.call(text);
    // Handed over: an input run again (see oneByOne) is written again.
    const bytes = text.bytes ?? jsonBytes(text.value);
    text.bytes = undefined;
    return running.call(bytes);
  };
  /**
   * Each of `texts` (the JSON of `given`, in order) run alone: after a call whose instance failed,
   * or one whose inputs failed without saying which. A failure may come from an earlier input that
   * left the instance unsound without a word, so an input whose instance fails is run again on a
   * fresh one before it is counted as failed. Synchronous while the main thread's instance holds; a
   * promise once it must wait for a fresh one, or for jq's thread (`from`, `out`: where it goes on
   * then).
   */
  const oneByOne = (
    texts: readonly JqText[],
    given: readonly unknown[],
    onFailed: ((input: unknown) => void) | undefined,
    from = 0,
    out: unknown[] = [],
  ): unknown[] | Promise<unknown[]> => {
    /** Takes the outcome of the input at `at`; true when it must run again, on a fresh instance. */
    const again = (at: number, outcome: ThreadAnswer['outcome'], wasFresh: boolean): boolean => {
      if (!('broken' in outcome)) {
        out.push(...values(outcome));
        if (failedOn(outcome)) onFailed?.(given[at]);
        return false;
      }
      if (!wasFresh) return true;
      fail(
        1,
        outcome.outOfMemory === true
          ? said('errors.jq.outOfMemory')
          : said('errors.jq.broken', { broken: outcome.broken }),
      );
      onFailed?.(given[at]);
      return false;
    };
    for (let at = from; at < texts.length; at++) {
      const text = texts[at] as JqText;
      if (moved || typeof text !== 'string')
        return onThread(text).then((answer) =>
          oneByOne(texts, given, onFailed, again(at, answer.outcome, answer.fresh) ? at : at + 1, out),
        );
      const instance = jq;
      if (instance === undefined) return replace().then(() => oneByOne(texts, given, onFailed, at, out));
      const wasFresh = fresh;
      const outcome = attempt(instance, text, expression, onMainThread);
      fresh = false;
      if ('slow' in outcome || 'broken' in outcome) drop(outcome);
      if ('slow' in outcome || again(at, outcome, wasFresh)) at -= 1;
    }
    return out;
  };
  /** The inputs in one call, or each alone when the instance or some input failed (see oneByOne). */
  const together = (
    texts: readonly JqText[],
    given: readonly unknown[],
    onFailed: ((input: unknown) => void) | undefined,
  ): unknown[] | Promise<unknown[]> => {
    // A value given as itself goes to jq's thread alone, as its bytes: so do the others of the
    // call, in order (their values are those of the runs together).
    if (texts.some((text) => typeof text !== 'string')) {
      moved = true;
      return oneByOne(texts, given, onFailed);
    }
    const text = texts.length === 1 ? (texts[0] as string) : (texts as string[]).join('\n');
    // Moved for good, as after a call past the time limit: later calls keep their order behind it.
    if (text.length > MAIN_THREAD_TEXT) moved = true;
    /** The values of the call, or undefined when its inputs must be run each alone. */
    const whole = (outcome: ThreadAnswer['outcome']): unknown[] | undefined => {
      if ('broken' in outcome || (texts.length > 1 && failedOn(outcome))) return undefined;
      const out = values(outcome);
      if (onFailed !== undefined && failedOn(outcome)) onFailed(given[0]);
      return out;
    };
    if (moved) return onThread(text).then(({ outcome }) => whole(outcome) ?? oneByOne(texts, given, onFailed));
    if (jq !== undefined) {
      const outcome = attempt(jq, text, expression, onMainThread);
      fresh = false;
      if ('slow' in outcome) {
        drop(outcome);
        return together(texts, given, onFailed);
      }
      if ('broken' in outcome) drop(outcome);
      else {
        const done = whole(outcome);
        if (done !== undefined) return done;
      }
    }
    return oneByOne(texts, given, onFailed);
  };
  /** `turn` as the call later calls wait behind, till it ends. */
  const queue = (turn: Promise<unknown[]>): Promise<unknown[]> => {
    waiting = turn;
    const clear = () => {
      if (waiting === turn) waiting = undefined;
    };
    turn.then(clear, clear);
    return turn;
  };
  return {
    run(inputs, onFailed) {
      if (inputs.length === 0) return [];
      runs += inputs.length;
      const texts: JqText[] = [];
      // The inputs given to jq, in the order of texts: `inputs` itself until one is held back.
      let given: readonly unknown[] = inputs;
      for (let at = 0; at < inputs.length; at++) {
        const input = inputs[at];
        // Too large for the main thread: never made as one string (see jq-input.ts).
        const bytes = jsonLongerThan(input, MAIN_THREAD_TEXT) ? jsonBytes(input) : undefined;
        const text: JqText =
          bytes === undefined ? wellFormed(JSON.stringify(input) ?? 'null') : { value: input, bytes };
        if (objectsNestDeeperThan(bytes ?? (text as string), input, JQ_MAX_OBJECT_NESTING)) {
          fail(1, said('errors.jq.tooNested', { max: JQ_MAX_OBJECT_NESTING }));
          onFailed?.(input);
          if (given === inputs) given = inputs.slice(0, at);
        } else {
          texts.push(text);
          if (given !== inputs) (given as unknown[]).push(input);
        }
      }
      if (texts.length === 0) return [];
      if (waiting === undefined) {
        const now = together(texts, given, onFailed);
        return now instanceof Promise ? queue(now) : now;
      }
      return queue(waiting.then(() => together(texts, given, onFailed)));
    },
    failure() {
      if (failed === 0) return undefined;
      // Exit 2 like any bad filter, though a request may have been sent: whoever printed the
      // answer says where it went (runner.ts, a batch's input.ts).
      return new SocialError(
        'usage',
        runs === 1
          ? said('errors.jq.failedOnAnswer', { reason: firstReason })
          : said('errors.jq.failedOnRecords', { failed, n: runs, reason: firstReason }),
      );
    },
  };
}

/**
 * Whether the filter failed on some input of a call. jq's exit status is that of its last input
 * alone (an error on an earlier one, followed by one that works, is exit 0), so its error lines
 * are what tell: a runtime error writes one, an abort (halt_error) sets the status.
 */
function failedOn(result: ReturnType<Jq['raw']>): boolean {
  return result.exitCode !== 0 || result.stderr.includes('jq: error');
}

/**
 * Whether `value` (whose JSON is `text`, as a string or its bytes) has more than `limit` objects
 * inside one another (arrays between them not counted). A value with fewer than that in all
 * (counted by a native search of the text, braces in strings too), nearly every one, is not walked.
 */
function objectsNestDeeperThan(text: string | Uint8Array, value: unknown, limit: number): boolean {
  // Either's indexOf, with the brace as either holds it.
  const search = text as { indexOf(brace: string | number, from: number): number };
  const brace = typeof text === 'string' ? '{' : 0x7b;
  let count = 0;
  for (let at = search.indexOf(brace, 0); at !== -1 && count <= limit; at = search.indexOf(brace, at + 1)) count += 1;
  return count > limit && objectDepthOver(value, limit);
}

function objectDepthOver(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => objectDepthOver(item, limit));
  if (limit === 0) return true;
  return Object.values(value).some((child) => objectDepthOver(child, limit - 1));
}

/** jq's own words, without its "jq: error:" prefix and "compile error" trailer: a line, then the caret lines. */
function jqWords(stderr: string): [string, ...string[]] {
  const lines = stderr
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/^jq: (?:error(?: \(at [^)]*\))?: )?/, ''))
    .filter((line) => line.trim() !== '' && !/^\d+ compile errors?$/.test(line));
  return [lines[0] ?? 'jq failed', ...lines.slice(1)];
}
