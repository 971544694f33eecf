// The layers of src/ and the rules between them. Imports point down only: entry (main, program,
// help) over commands, commands over the runtime (settings, session, runner, batch), the runtime
// over output, output over infrastructure (client, config, state files, context), everything over
// the domain (platforms, routes, schemas, errors), and the message catalogue (src/messages/: t(),
// the language, Intl's formats) under them all, so that any layer that says something can reach
// it; it imports nothing of the others. infra never imports output. A command's folder
// imports no other command's folder, only commands/shared/; help imports no command. The sandbox,
// an emulator of the service, shares only the domain with the CLI.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importsOf, SRC, sourceFiles } from './helpers/source-graph.js';

const LAYERS: ReadonlyArray<{ name: string; rank: number; matches: (path: string) => boolean }> = [
  { name: 'messages', rank: 6, matches: (p) => p.startsWith('messages/') },
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

  it("no two source files share a name but a folder's index, the parts of a command folder (head, options, run, columns, tool) and a catalogue area in each language", () => {
    const byName = new Map<string, string[]>();
    for (const path of files.map((file) => relative(SRC, file))) {
      const name = path.split('/').at(-1)!;
      if (name === 'index.ts' || COMMAND_PART.test(path) || AREA.test(path)) continue;
      byName.set(name, [...(byName.get(name) ?? []), path]);
    }
    const twice = [...byName].filter(([, paths]) => paths.length > 1).map(([, paths]) => paths.join(' and '));
    expect(twice).toEqual([]);
  });

  it('no import loop, through types and import() too: what two modules both need lives below them', () => {
    const graph = new Map(files.map((file) => [relative(SRC, file), importsOf(file).map(asSource)]));
    expect(importLoops(graph)).toEqual([]);
  });

  it('the loop check finds a loop through a type import, and one through import()', () => {
    const graph = new Map([
      ['a/index.ts', ['a/run.ts']],
      ['a/run.ts', ['a/index.ts', 'domain/x.ts']],
      ['domain/x.ts', []],
      ['b/head.ts', ['b/index.ts']],
      ['b/index.ts', ['b/render.ts']],
      ['b/render.ts', ['b/head.ts']],
    ]);
    expect(importLoops(graph)).toEqual([
      'a/index.ts -> a/run.ts -> a/index.ts',
      'b/head.ts -> b/index.ts -> b/render.ts -> b/head.ts',
    ]);
    expect(importsOf(`${SRC}/commands/profile/run.ts`)).toContain('commands/profile/options.js');
  });

  it('the import graph holds every import the TypeScript parser finds, however it is written', () => {
    const missed = files.flatMap((file) => {
      const found = new Set(importsOf(file));
      return ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => relative(SRC, resolve(dirname(file), name)))
        .filter((target) => !target.startsWith('..') && !found.has(target))
        .map((target) => `${relative(SRC, file)} -> ${target}`);
    });
    expect(missed).toEqual([]);
  });

  it("V8's tuning is one module's: only infra/v8-tuning.ts sets a flag or names a heap size", () => {
    const tuning = files
      .filter((file) => /setFlagsFromString|--max-(semi|old)-space-size/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(tuning).toEqual(['infra/v8-tuning.ts']);
  });

  it('help imports no command: it is built from the program the declarations made', () => {
    expect(crossings((from, to) => from.startsWith('help/') && to.startsWith('commands/'))).toEqual([]);
  });
});

/** A catalogue area in one language (messages/en/errors.ts), which each language has by the same name. */
const AREA = /^messages\/[^/]+\/[^/]+\.ts$/;

/** A command folder's own parts, which every command folder has by the same names. */
const COMMAND_PART = /^commands\/[^/]+\/(head|options|run|columns|tool)\.ts$/;

/** An import's target (`x.js`, as imports name it) as the source file's path (`x.ts`). */
function asSource(target: string): string {
  return target.replace(/\.js$/, '.ts');
}

/**
 * Each import loop of `graph` (a module -> the modules it imports), once, as the path round it
 * from its first module in sort order: the strongly connected parts (Tarjan), then a shortest way
 * back to that module inside its part.
 */
function importLoops(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const parts: string[][] = [];
  const visit = (module: string) => {
    order.set(module, order.size);
    low.set(module, order.get(module)!);
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(module, Math.min(low.get(module)!, order.get(next)!));
    }
    if (low.get(module) !== order.get(module)) return;
    const part: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      part.push(top);
    } while (top !== module);
    if (part.length > 1 || graph.get(module)?.includes(module)) parts.push(part.sort());
  };
  for (const module of [...graph.keys()].sort()) if (!order.has(module)) visit(module);
  return parts.map((part) => wayRound(graph, part[0]!, new Set(part)).join(' -> ')).sort();
}

/** A shortest path from `start` back to itself through `within` (breadth first). */
function wayRound(graph: ReadonlyMap<string, readonly string[]>, start: string, within: ReadonlySet<string>): string[] {
  const came = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const module = queue[at]!;
    for (const next of graph.get(module) ?? []) {
      if (next === start) {
        const path = [module];
        while (path[0] !== start) path.unshift(came.get(path[0]!)!);
        return [...path, start];
      }
      if (within.has(next) && !came.has(next)) {
        came.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** The imports `from` -> `to` for which `forbidden` holds, as readable lines. */
function crossings(forbidden: (from: string, to: string) => boolean): string[] {
  return sourceFiles().flatMap((file) => {
    const from = relative(SRC, file);
    return importsOf(file)
      .filter((to) => forbidden(from, to))
      .map((to) => `${from} imports ${to}`);
  });
}
