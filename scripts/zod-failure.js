// An esbuild plugin: zod's failed-parse result rebuilt with one shared accessor, in every bundle
// that holds zod (the CLI's and the MCP SDK's copies alike).
//
// zod answers a failed safeParse with an object literal whose `error` getter and setter are new
// closures at each call. V8 keeps an object whose own accessors are closures made per call, with
// everything they reach (the raw issues, so the parsed input, and the parse's context), through
// every young-generation GC until the next full one. The MCP SDK checks every incoming
// message against the response schemas first, which fail for every request, so in a long
// `social mcp` session the bytes surviving each young GC add up and V8 doubles the young
// generation again and again (docs/performance.md, "social mcp"). The same result with the state
// in a hidden slot and one descriptor shared by all of them keeps nothing past its last use, and
// looks the same from outside: an own, enumerable `error`, built on first read.
import { readFile } from 'node:fs/promises';

const ORIGINAL = 'function failure(Err, issues, ctx) {';
const REPLACEMENT = `const FAILURE_STATE = Symbol("failure");
const FAILURE_ERROR = {
    enumerable: true,
    configurable: true,
    get() {
        const state = this[FAILURE_STATE];
        if (!state.error) {
            state.error = new state.Err(state.issues.map((iss) => util.finalizeIssue(iss, state.ctx, core.config())));
            state.issues = undefined;
            state.ctx = undefined;
        }
        return state.error;
    },
    set(e) {
        const state = this[FAILURE_STATE];
        state.error = e;
        state.issues = undefined;
        state.ctx = undefined;
    },
};
function failure(Err, issues, ctx) {
    const result = { success: false };
    Object.defineProperty(result, FAILURE_STATE, { value: { Err, issues, ctx, error: undefined } });
    return Object.defineProperty(result, "error", FAILURE_ERROR);
}
`;

/** parse.js of zod with `failure` replaced; an error if zod no longer writes it as it did. */
export function rewriteFailure(source) {
  const start = source.indexOf(ORIGINAL);
  const end = start < 0 ? -1 : source.indexOf('\n}\n', start);
  const body = end < 0 ? '' : source.slice(start, end);
  if (!body.includes('get error()') || !body.includes('set error(e)'))
    throw new Error(
      "scripts/zod-failure.js: zod's parse.js no longer returns a failure with its own error accessors: check whether the rewrite is still needed",
    );
  return source.slice(0, start) + REPLACEMENT + source.slice(end + 3);
}

export const zodFailure = {
  name: 'zod-failure',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]parse\.js$/ }, async (args) => ({
      contents: rewriteFailure(await readFile(args.path, 'utf8')),
      loader: 'js',
    }));
  },
};
