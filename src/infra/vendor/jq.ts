// --jq: real jq (jq 1.8 compiled to WebAssembly, the jq-wasm package), loaded only when --jq is
// given. jq-wasm stays outside the CLI bundle (the build marks it external): a run without --jq
// loads none of it, and the bundle does not grow by its WebAssembly.
//
// jq is loaded once a process (loadJq), and everything after that is the instance's synchronous
// raw(): the module-level async helpers would go through the loader again on every call. Only an
// instance whose WebAssembly failed is replaced, by a fresh one (compileJq).
import type { Jq } from 'jq-wasm';
import { SocialError, usageError } from '../../domain/errors.js';

/** --jq compiled: what jq prints for each input, and what failed on the inputs so far. */
export interface JqFilter {
  /**
   * The values jq gives for these inputs (each the JSON a command would print), in one call: jq
   * compiles the expression once a call, which costs more than running it on a record. A runtime
   * error ends that input's values, as in jq, and is kept for failure(): the next input still runs.
   * `onFailed` hears each input the filter failed on (the input itself), in order: jq does not say
   * which of a call's inputs failed, so the inputs of a call that failed are run again each alone
   * (their values are then those of the runs alone, the same as jq's together). A promise only
   * once jq's WebAssembly has failed in this run: the inputs then wait for a fresh instance of it,
   * and so do later calls, which keep their order.
   */
  run(inputs: readonly unknown[], onFailed?: (input: unknown) => void): unknown[] | Promise<unknown[]>;
  /** A runtime error on some input (the first one's words), or undefined. */
  failure(): SocialError | undefined;
}

/** The name of jq's WebAssembly among the single executable's assets (scripts/build-exe.js). */
const JQ_WASM_ASSET = 'jq-wasm';

/** jq's exit status for an expression that does not compile (runtime errors are 5). */
const JQ_COMPILE_ERROR = 3;

/**
 * How many objects inside one another jq is given. jq's WebAssembly cannot read objects nested
 * some 650 deep, whatever the filter, and for one filter (tostring) on objects nested some 980
 * deep it never returns, rather than fail: the call is synchronous, so nothing would end it, Ctrl-C
 * included. An answer may nest up to the reader's 1,000 levels, and what a server sends must not
 * hang a run, so a value with more objects inside one another than this is not given to jq (it
 * would fail there anyway): it fails --jq like any record jq could not take. Arrays, which jq
 * reads a thousand deep, are not counted.
 */
const JQ_MAX_OBJECT_NESTING = 640;

/** A fresh instance of jq: its own WebAssembly memory and stack. */
async function loadInstance(): Promise<Jq> {
  const [{ loadJq }, sea] = await Promise.all([import('jq-wasm'), import('node:sea')]);
  // In the single executable (npm run build:exe) jq's WebAssembly is one of its assets, as there
  // is no node_modules beside it; elsewhere jq-wasm reads it from beside its loader.
  return loadJq(sea.isSea() ? { wasmBinary: sea.getAsset(JQ_WASM_ASSET) } : undefined);
}

let loaded: Promise<Jq> | undefined;
const checked = new Map<string, Promise<Jq>>();

/** Said for an abort of jq's runtime, in place of its own words (its C source's assertions). */
const ABORTED = 'its runtime aborted';

/** What jq's WebAssembly itself failed with, when it did: the instance is then unsound. */
interface Broken {
  broken: string;
}

/**
 * One call of jq. jq's WebAssembly has a small stack, which overflows on values some hundreds of
 * levels deep (within the 1,000 an answer may nest) for `.`, tojson, sort and the like: the call
 * then throws, or its runtime aborts, writing "Aborted(...)" with console.error (jq-wasm takes no
 * other place for it) and sometimes returning all the same. The call is synchronous, so
 * console.error is pointed away for its length only: no line of the library reaches stderr, and a
 * call that aborted is taken as failed, its output untrusted.
 */
function attempt(jq: Jq, input: string, expression: string): ReturnType<Jq['raw']> | Broken {
  const write = console.error;
  let aborted = false;
  console.error = () => {
    aborted = true;
  };
  try {
    const result = jq.raw(input, expression, ['-c']);
    return aborted ? { broken: ABORTED } : result;
  } catch (error) {
    return { broken: aborted ? ABORTED : (error as Error).message };
  } finally {
    console.error = write;
  }
}

/**
 * Loads jq (once a process) and checks `expression` by running it once on null (once a process
 * for each expression), so a bad expression is refused (exit 2) before any request is sent. A
 * runtime error on null (`.[]`) is not a compile error: it may well work on the real answer, and
 * nor is a failure of jq's WebAssembly (the filter's first record gets a fresh instance).
 */
function check(expression: string): Promise<Jq> {
  let ready = checked.get(expression);
  if (ready === undefined) {
    loaded ??= loadInstance();
    ready = loaded.then((jq) => {
      const trial = attempt(jq, 'null', expression);
      if (!('broken' in trial) && trial.exitCode === JQ_COMPILE_ERROR) {
        const [line, ...more] = jqWords(trial.stderr);
        throw usageError(`--jq: ${line}`, more.length > 0 ? more.join('\n') : `The expression was: ${expression}`);
      }
      return jq;
    });
    checked.set(expression, ready);
  }
  return ready;
}

/** A filter for one run: `expression`, checked, with its own count of failures. */
export async function compileJq(expression: string): Promise<JqFilter> {
  /** The instance this run uses; undefined once its WebAssembly failed, until a fresh one is up. */
  let jq: Jq | undefined = await check(expression);
  /** Whether `jq` has run nothing since it was loaded: a failure there is the input's own. */
  let fresh = false;
  /** Calls waiting for a fresh instance, in order: later calls wait behind them. */
  let waiting: Promise<unknown> | undefined;
  let runs = 0;
  let failed = 0;
  let firstReason = '';
  const fail = (count: number, reason: string) => {
    if (failed === 0) firstReason = reason;
    failed += count;
  };
  /** jq's values of one call's output; its runtime errors counted (one "jq: error" line each). */
  const values = (result: ReturnType<Jq['raw']>): unknown[] => {
    if (failedOn(result)) {
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('jq: error')).length;
      fail(Math.max(errors, 1), jqWords(result.stderr)[0]);
    }
    return result.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  };
  /** A fresh instance, in place of one whose WebAssembly failed (the process's, for later runs). */
  const replace = async (): Promise<Jq> => {
    loaded = loadInstance();
    checked.clear();
    fresh = true;
    jq = await loaded;
    return jq;
  };
  /**
   * Each of `texts` (the JSON of `given`, in order) run alone: after a call whose instance failed,
   * or one whose inputs failed without saying which. A failure may come from an earlier input that
   * left the instance unsound without a word, so an input whose instance fails is run again on a
   * fresh one before it is counted as failed. Synchronous while the instance holds; a promise once
   * it must wait for a fresh one (`from`, `out`: where it goes on then).
   */
  const oneByOne = (
    texts: readonly string[],
    given: readonly unknown[],
    onFailed: ((input: unknown) => void) | undefined,
    from = 0,
    out: unknown[] = [],
  ): unknown[] | Promise<unknown[]> => {
    for (let at = from; at < texts.length; at++) {
      const instance = jq;
      if (instance === undefined) return replace().then(() => oneByOne(texts, given, onFailed, at, out));
      const wasFresh = fresh;
      const result = attempt(instance, texts[at] as string, expression);
      fresh = false;
      if (!('broken' in result)) {
        out.push(...values(result));
        if (failedOn(result)) onFailed?.(given[at]);
        continue;
      }
      jq = undefined;
      if (wasFresh) {
        fail(1, `jq's WebAssembly failed (${result.broken}), as it does on values nested hundreds of levels deep`);
        onFailed?.(given[at]);
      } else at -= 1;
    }
    return out;
  };
  /** The inputs in one call, or each alone when the instance or some input failed (see oneByOne). */
  const together = (
    texts: readonly string[],
    given: readonly unknown[],
    onFailed: ((input: unknown) => void) | undefined,
  ): unknown[] | Promise<unknown[]> => {
    if (jq !== undefined) {
      const result = attempt(jq, texts.length === 1 ? (texts[0] as string) : texts.join('\n'), expression);
      fresh = false;
      if ('broken' in result) jq = undefined;
      else if (texts.length === 1 || !failedOn(result)) {
        if (onFailed !== undefined && failedOn(result)) onFailed(given[0]);
        return values(result);
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
      const texts: string[] = [];
      // The inputs given to jq, in the order of texts: `inputs` itself until one is held back.
      let given: readonly unknown[] = inputs;
      for (let at = 0; at < inputs.length; at++) {
        const input = inputs[at];
        const text = wellFormed(JSON.stringify(input) ?? 'null');
        if (objectsNestDeeperThan(text, input, JQ_MAX_OBJECT_NESTING)) {
          fail(
            1,
            `the value has more than ${JQ_MAX_OBJECT_NESTING} objects inside one another, more than the built-in jq reads`,
          );
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
      const one = runs === 1;
      // Exit 2 like any bad filter, though a request may have been sent: whoever printed the
      // answer says where it went (runner.ts, a batch's input.ts).
      return new SocialError(
        'usage',
        `--jq failed on ${one ? 'the answer' : `${failed} of ${runs} records`}: ${firstReason}`,
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
 * Whether `value` (whose JSON is `text`) has more than `limit` objects inside one another (arrays
 * between them not counted). A value with fewer than that in all (counted by a native search of
 * the text, braces in strings too), nearly every one, is not walked.
 */
function objectsNestDeeperThan(text: string, value: unknown, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf('{'); at !== -1 && count <= limit; at = text.indexOf('{', at + 1)) count += 1;
  return count > limit && objectDepthOver(value, limit);
}

function objectDepthOver(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => objectDepthOver(item, limit));
  if (limit === 0) return true;
  return Object.values(value).some((child) => objectDepthOver(child, limit - 1));
}

/**
 * JSON text jq takes: a lone surrogate (half of a UTF-16 pair, not a character; a server may send
 * one as \udXXX) becomes U+FFFD, the replacement character, as jq makes of bytes that are not
 * UTF-8. jq refuses the escape, and with it every input after it in the same call. JSON.stringify
 * writes a surrogate as an escape only when it is alone, so an escape of one, not itself escaped
 * (after an even run of backslashes), is one.
 */
function wellFormed(text: string): string {
  return text.includes('\\ud') ? text.replace(LONE_SURROGATE, '$1\\ufffd') : text;
}

const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/** jq's own words, without its "jq: error:" prefix and "compile error" trailer: a line, then the caret lines. */
function jqWords(stderr: string): [string, ...string[]] {
  const lines = stderr
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/^jq: (?:error(?: \(at [^)]*\))?: )?/, ''))
    .filter((line) => line.trim() !== '' && !/^\d+ compile errors?$/.test(line));
  return [lines[0] ?? 'jq failed', ...lines.slice(1)];
}
