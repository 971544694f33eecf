// The import graph of src/, read from the source text: what the layer rules and the start-up
// checks walk. Paths are relative to src/, with the .js the imports name (a .ts file on disk).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const SRC = resolve(import.meta.dirname, '..', '..', 'src');

/** Every source file under `dir` (tests, which sit beside the code, left out). */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /(?<!\.test|\.d)\.ts$/.test(entry.name) ? [path] : [];
  });
}

// A quoted path, or a template literal without substitutions (import(`./run.js`) loads as well).
const ANY_IMPORT = /(?:from|import)\s*\(?\s*['"`](\.{1,2}\/[^'"`$]+)['"`]/g;
// A static import or re-export that is not type-only: what runs when the importing module does.
const VALUE_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The files under src/ that `file` imports by a relative path, types and import() included. */
export function importsOf(file: string): string[] {
  return targets(file, ANY_IMPORT);
}

function targets(file: string, pattern: RegExp): string[] {
  return [...readFileSync(file, 'utf8').matchAll(pattern)]
    .map((match) => relative(SRC, resolve(dirname(file), match[1]!)))
    .filter((target) => !target.startsWith('..'));
}

/**
 * What evaluating `entry` (a path under src/) evaluates: its static value imports, followed. An
 * import() is not followed (the bundle leaves such a module uninitialised until it is called), nor
 * is an import of types only, or of nothing but types (`import { type A, type B }`).
 */
export function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const path = stack.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const file = join(SRC, path.replace(/\.js$/, '.ts'));
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(VALUE_IMPORT)) {
      if (/^import\s*\{(\s*type\s+\w+\s*,?)+\s*\}/.test(match[0])) continue;
      const target = relative(SRC, resolve(dirname(file), match[1]!));
      if (!target.startsWith('..') && existsSync(join(SRC, target.replace(/\.js$/, '.ts')))) stack.push(target);
    }
  }
  return [...seen].map((path) => path.replace(/\.js$/, '.ts')).sort();
}
