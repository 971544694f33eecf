// The layers of src/ and the rules between them. Imports point down only: entry (main, program,
// help) over commands, commands over the runtime (settings, session, runner, batch), the runtime
// over output, output over infrastructure (client, config, state files, context), everything over
// the domain (platforms, routes, schemas, errors). infra never imports output. A command's folder
// imports no other command's folder, only commands/shared/; help imports no command. The sandbox,
// an emulator of the service, shares only the domain with the CLI.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, SRC, sourceFiles } from './helpers/source-graph.js';

const LAYERS: ReadonlyArray<{ name: string; rank: number; matches: (path: string) => boolean }> = [
  { name: 'domain', rank: 5, matches: (p) => p.startsWith('domain/') },
  { name: 'infrastructure', rank: 4, matches: (p) => p.startsWith('infra/') },
  { name: 'sandbox', rank: 4, matches: (p) => p.startsWith('sandbox/') },
  { name: 'output', rank: 3, matches: (p) => p.startsWith('output/') },
  { name: 'runtime', rank: 2, matches: (p) => p.startsWith('runtime/') },
  { name: 'commands', rank: 1, matches: (p) => p.startsWith('commands/') },
  { name: 'entry', rank: 0, matches: (p) => !p.includes('/') || p.startsWith('help/') },
];

function layerOf(path: string): { name: string; rank: number } {
  const layer = LAYERS.find((l) => l.matches(path));
  if (!layer) throw new Error(`${path} is in no layer: place it in one of ${LAYERS.map((l) => l.name).join(', ')}`);
  return layer;
}

describe('layers', () => {
  const files = sourceFiles();

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
    expect(crossings((from, to) => from.startsWith('sandbox/') && !/^(sandbox|domain)\//.test(to))).toEqual([]);
  });

  it('a command folder imports no other command folder, only commands/shared/', () => {
    const folder = (path: string) => /^commands\/([^/]+)\//.exec(path)?.[1];
    expect(
      crossings((from, to) => {
        const [a, b] = [folder(from), folder(to)];
        return a !== undefined && b !== undefined && a !== b && b !== 'shared';
      }),
    ).toEqual([]);
  });

  it('no two source files share a name but the parts of a command folder (head, index, run, columns)', () => {
    const byName = new Map<string, string[]>();
    for (const path of files.map((file) => relative(SRC, file))) {
      const name = path.split('/').at(-1)!;
      byName.set(name, [...(byName.get(name) ?? []), path]);
    }
    const twice = [...byName]
      .filter(([name, paths]) => paths.length > 1 && !['head.ts', 'index.ts', 'run.ts', 'columns.ts'].includes(name))
      .map(([, paths]) => paths.join(' and '));
    expect(twice).toEqual([]);
  });

  it('help imports no command: it is built from the program the declarations made', () => {
    expect(crossings((from, to) => from.startsWith('help/') && to.startsWith('commands/'))).toEqual([]);
  });
});

/** The imports `from` -> `to` for which `forbidden` holds, as readable lines. */
function crossings(forbidden: (from: string, to: string) => boolean): string[] {
  return sourceFiles().flatMap((file) => {
    const from = relative(SRC, file);
    return importsOf(file)
      .filter((to) => forbidden(from, to))
      .map((to) => `${from} imports ${to}`);
  });
}
