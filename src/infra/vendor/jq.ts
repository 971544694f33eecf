// --jq: real jq (jq 1.8 compiled to WebAssembly, the jq-wasm package), loaded only when --jq is
// given. jq-wasm stays outside the CLI bundle (the build marks it external): a run without --jq
// loads none of it, and the bundle does not grow by its WebAssembly.
//
// jq is loaded once a process (loadJq), and everything after that is the instance's synchronous
// raw(): the module-level async helpers would go through the loader again on every call.
import type { Jq } from 'jq-wasm';
import { SocialError, usageError } from '../../domain/errors.js';

/** --jq compiled: what jq prints for each input, and what failed on the inputs so far. */
export interface JqFilter {
  /**
   * The values jq gives for these inputs (each the JSON a command would print), in one call: jq
   * compiles the expression once a call, which costs more than running it on a record. A runtime
   * error ends that input's values, as in jq, and is kept for failure(): the next input still runs.
   */
  run(inputs: readonly unknown[]): unknown[];
  /** A runtime error on some input (the first one's words), or undefined. */
  failure(): SocialError | undefined;
}

/** The name of jq's WebAssembly among the single executable's assets (scripts/build-exe.js). */
const JQ_WASM_ASSET = 'jq-wasm';

/** jq's exit status for an expression that does not compile (runtime errors are 5). */
const JQ_COMPILE_ERROR = 3;

let loaded: Promise<Jq> | undefined;
const checked = new Map<string, Promise<Jq>>();

/**
 * Loads jq (once a process) and checks `expression` by running it once on null (once a process
 * for each expression), so a bad expression is refused (exit 2) before any request is sent. A
 * runtime error on null (`.[]`) is not a compile error: it may well work on the real answer.
 */
function check(expression: string): Promise<Jq> {
  let ready = checked.get(expression);
  if (ready === undefined) {
    loaded ??= Promise.all([import('jq-wasm'), import('node:sea')]).then(([{ loadJq }, sea]) =>
      // In the single executable (npm run build:exe) jq's WebAssembly is one of its assets, as
      // there is no node_modules beside it; elsewhere jq-wasm reads it from beside its loader.
      loadJq(sea.isSea() ? { wasmBinary: sea.getAsset(JQ_WASM_ASSET) } : undefined),
    );
    ready = loaded.then((jq) => {
      const trial = jq.raw('null', expression, ['-c']);
      if (trial.exitCode === JQ_COMPILE_ERROR) {
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
  const jq = await check(expression);
  let runs = 0;
  let failed = 0;
  let firstReason = '';
  /** Why jq can take no more inputs in this run, once its WebAssembly has failed. */
  let broken: string | undefined;
  return {
    run(inputs) {
      if (inputs.length === 0) return [];
      runs += inputs.length;
      const fail = (count: number, reason: string) => {
        if (failed === 0) firstReason = reason;
        failed += count;
      };
      if (broken !== undefined) {
        fail(inputs.length, broken);
        return [];
      }
      const texts = inputs.map((input) => wellFormed(JSON.stringify(input) ?? 'null'));
      let result: ReturnType<Jq['raw']>;
      try {
        result = jq.raw(texts.join('\n'), expression, ['-c']);
      } catch (error) {
        // jq's WebAssembly itself failed: its small stack overflows on a value some 640 levels
        // deep (`.` prints it recursively), within the 1,000 an answer may nest, and such an
        // overflow may even pass unnoticed until the next call. The instance is no longer sound:
        // the rest of this run's inputs fail with these, and the next run loads jq afresh.
        broken = `jq's WebAssembly failed (${(error as Error).message}), as it does on values nested hundreds of levels deep`;
        loaded = undefined;
        checked.clear();
        fail(inputs.length, broken);
        return [];
      }
      if (result.exitCode !== 0) {
        // One "jq: error" line for each input that failed (a message may run on over more lines).
        const errors = result.stderr.split('\n').filter((line) => line.startsWith('jq: error')).length;
        fail(Math.max(errors, 1), jqWords(result.stderr)[0]);
      }
      return result.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as unknown);
    },
    failure() {
      if (failed === 0) return undefined;
      const one = runs === 1;
      // Exit 2 like any bad filter, though here the request was sent: the hint says so.
      return new SocialError(
        'usage',
        `--jq failed on ${one ? 'the answer' : `${failed} of ${runs} records`}: ${firstReason}`,
        {
          suggestion: `${one ? 'The request was' : 'Every request was'} made (and charged, where the route charges); run without --jq to see what came back.`,
        },
      );
    },
  };
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
