// The layers of src/ and the one rule between them: imports point down only. Entry (main,
// program, help) over commands, commands over the runtime (settings, session, runner, batch), the
// runtime over the sandbox and infrastructure (client, config, state files, output, context),
// everything over the domain (platforms, routes, schemas, errors). The sandbox, an emulator of the
// service, shares only the domain with the CLI.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..', 'src');

const LAYERS: ReadonlyArray<{ name: string; rank: number; matches: (path: string) => boolean }> = [
  { name: 'domain', rank: 5, matches: (p) => p.startsWith('domain/') },
  { name: 'infrastructure', rank: 4, matches: (p) => p.startsWith('infra/') || p.startsWith('output/') },
  { name: 'sandbox', rank: 3, matches: (p) => p.startsWith('sandbox/') },
  { name: 'runtime', rank: 2, matches: (p) => p.startsWith('runtime/') },
  { name: 'commands', rank: 1, matches: (p) => p.startsWith('commands/') },
  { name: 'entry', rank: 0, matches: (p) => !p.includes('/') || p.startsWith('help/') },
];

function layerOf(path: string): { name: string; rank: number } {
  const layer = LAYERS.find((l) => l.matches(path));
  if (!layer) throw new Error(`${path} is in no layer: place it in one of ${LAYERS.map((l) => l.name).join(', ')}`);
  return layer;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files under src/ that `file` imports by a relative path (package.json and the like left out). */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)]
    .map((match) => relative(SRC, resolve(dirname(file), match[1]!)))
    .filter((target) => !target.startsWith('..'));
}

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

describe('layers', () => {
  const files = sourceFiles(SRC);

  it('every source file belongs to a layer', () => {
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) layerOf(relative(SRC, file));
  });

  it('imports point down only', () => {
    const upward: string[] = [];
    for (const file of files) {
      const from = relative(SRC, file);
      for (const target of importsOf(file)) {
        if (layerOf(target).rank < layerOf(from).rank) {
          upward.push(`${from} (${layerOf(from).name}) imports ${target} (${layerOf(target).name})`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('the sandbox imports only the domain', () => {
    const outside = files
      .filter((file) => relative(SRC, file).startsWith('sandbox/'))
      .flatMap((file) => importsOf(file).map((target) => `${relative(SRC, file)} imports ${target}`))
      .filter((line) => !/ imports (sandbox|domain)\//.test(line));
    expect(outside).toEqual([]);
  });
});
