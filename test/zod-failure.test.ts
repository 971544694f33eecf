// The build's rewrite of zod's failed-parse result (scripts/zod-failure.js): one shared accessor
// instead of closures made per call, which V8 keeps through young-generation GCs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rewriteFailure } from '../scripts/zod-failure.js';

const parseJs = readFileSync(fileURLToPath(new URL('../node_modules/zod/v4/core/parse.js', import.meta.url)), 'utf8');

describe("zod's failure, as the build rewrites it", () => {
  it('replaces the literal with per-call accessors by one shared descriptor', () => {
    const rewritten = rewriteFailure(parseJs);
    const failure = rewritten.slice(rewritten.indexOf('function failure('));
    expect(failure.slice(0, failure.indexOf('\n}\n'))).not.toContain('get error()');
    expect(rewritten).toContain('Object.defineProperty(result, "error", FAILURE_ERROR)');
    expect(rewritten).toContain('export const _safeParseAsync');
  });

  it('stops the build when zod no longer writes it so', () => {
    expect(() => rewriteFailure('function failure(Err, issues, ctx) {\n  return { success: false };\n}\n')).toThrow(
      /no longer returns a failure/,
    );
  });
});
