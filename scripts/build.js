// The build. The CLI is CommonJS built by esbuild: dist/social.cjs, the start layer (the entry,
// the program with each command's head, help, commander), the run layer dist/social-run.cjs (each
// command's declaration and run, the HTTP client with undici, the schemas with zod, the output),
// read only by a run that gets past its start, and bundles of their own (ora, ECharts, the
// sandbox). bin/ runs both layers through their code cache (dist/code-cache.cjs, from
// src/infra/code-cache.ts), so a run compiles almost nothing and `social --help` reads, compiles and
// runs commander and the heads only.
// Benchmarks and scripts import a few internals by path from an ESM bundle of their own under
// dist/internal/. Types: `npm run typecheck`.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { zodFailure } from './zod-failure.js';

const root = fileURLToPath(new URL('..', import.meta.url));

// package.json as the code reads it: its version alone (the program's --version, the store's rows,
// the MCP server's name), not the whole file, scripts and dependencies, as an object that every
// start would make.
const packageFile = join(root, 'package.json');
const packageVersion = {
  name: 'package-version',
  setup(build) {
    build.onLoad({ filter: /[\\/]package\.json$/ }, (args) =>
      args.path === packageFile
        ? {
            contents: JSON.stringify({ version: JSON.parse(readFileSync(packageFile, 'utf8')).version }),
            loader: 'json',
          }
        : undefined,
    );
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  // SOCIAL_NO_MINIFY=1 keeps names and the module comments, to read a CPU profile. (keepNames is
  // left off: it wraps every function in a __name() call that start-up pays for.)
  minify: process.env.SOCIAL_NO_MINIFY !== '1',
  logLevel: 'warning',
  // jq (for --jq) is loaded from node_modules when used: its WebAssembly is a file of its own, read
  // next to its loader, and a run without --jq must not carry any of it.
  external: ['jq-wasm'],
  // zod's failed-parse result, rewritten so that V8 does not keep it (scripts/zod-failure.js).
  plugins: [zodFailure, packageVersion],
};

// Bundles of their own, loaded by the CLI bundle only when used: ora for the spinner, ECharts for
// SVG chart files, the MCP SDK for `social mcp` (over stdio its server side without Streamable
// HTTP; with --http all of it, in a bundle of its own: a session reads one), node-postgres for a postgres:// store, the
// sandbox, the messages of a language other than English (src/messages/registry.ts: English
// is in the layers, with the code that says it), and the English of the help topics' pages, which
// only `social help <topic>` says.
const SEPARATE = [
  { filter: /\/vendor\/ora\.js$/, file: './vendor-ora.cjs' },
  { filter: /\/vendor\/echarts\.js$/, file: './vendor-echarts.cjs' },
  { filter: /\/vendor\/mcp\.js$/, file: './vendor-mcp.cjs' },
  { filter: /\/vendor\/mcp-http\.js$/, file: './vendor-mcp-http.cjs' },
  // The handshake of `social mcp`, computed below once the bundles are built.
  { filter: /\/mcp\/handshake-data\.js$|^\.\/handshake-data\.js$/, file: './mcp-handshake.cjs' },
  { filter: /\/vendor\/pg\.js$/, file: './vendor-pg.cjs' },
  // The emulator (src/sandbox/index.ts), not the sandbox command's folder (src/commands/sandbox/).
  { filter: /\.\.\/sandbox\/index\.js$/, file: './sandbox.cjs' },
  { filter: /\/pt-BR\/index\.js$/, file: './messages-pt-BR.cjs' },
  // The help topics' pages in English, read by `social help <topic>` alone (src/messages/use-topics.ts).
  { filter: /\/en\/topics\.js$/, file: './messages-en-topics.cjs' },
];
// commander requires node:child_process as it loads, only to run executable subcommands, which
// social never declares; child_process brings net, dgram and their bindings, a large part of what
// starting the CLI costs. For commander alone it is replaced by a module that requires it when
// spawn is called, which is never.
const LAZY_CHILD_PROCESS = "exports.spawn = (...args) => require('node:child_process').spawn(...args);";
const cliPlugin = {
  name: 'social-cli',
  setup(build) {
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/')
        ? { path: 'child_process', namespace: 'lazy-builtin' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({ contents: LAZY_CHILD_PROCESS, loader: 'js' }));
    for (const separate of SEPARATE) {
      build.onResolve({ filter: separate.filter }, (args) =>
        args.importer.includes('/src/sandbox/') ? undefined : { path: separate.file, external: true },
      );
    }
  },
};

/**
 * The CLI in two layers: dist/social.cjs, the start layer, holds what every run needs (the entry,
 * the program with each command's head, help, commander), and dist/social-run.cjs everything a
 * dynamic import() reaches (each command's declaration and run, the HTTP client, the schemas, the
 * output), read only by a run that gets past its start (a command, or a command's help). esbuild splits only ESM, so the split is
 * made in ESM first, and its files are then bundled again into the two CommonJS layers (bin/ runs
 * them through vm.Script). In the run layer each module stays uninitialised until a run imports
 * it. The start-layer modules it uses come from dist/social.cjs's own exports
 * (`require("./social.cjs").shared(n)`), never a second copy: one instance of each module, so
 * instanceof and module state hold across the layers. One file, not a file a command: every run
 * that gets this far needs the HTTP client and the schemas, most of the layer, and each file read
 * and deserialised costs its own.
 */
async function buildCli() {
  const split = await build({
    ...common,
    entryPoints: { social: 'src/main.ts' },
    outdir: 'dist/.split',
    format: 'esm',
    splitting: true,
    chunkNames: '[name]-[hash]',
    metafile: true,
    write: false,
    plugins: [cliPlugin, zodFailure, packageVersion],
  });
  const outputs = split.metafile.outputs;
  const sources = new Map(split.outputFiles.map((file) => [basename(file.path), file.text]));
  const imports = (file, kind) =>
    outputs[`dist/.split/${file}`].imports.filter((i) => i.kind === kind && !i.external).map((i) => basename(i.path));
  // The start layer: the entry and what it imports statically.
  const start = new Set();
  const visit = (file) => {
    if (start.has(file)) return;
    start.add(file);
    for (const next of imports(file, 'import-statement')) visit(next);
  };
  visit('social.js');
  const run = [...sources.keys()].filter((file) => !start.has(file));
  // What the start layer imports of the run layer, and the start layer's files that the run layer
  // imports, handed to it by dist/social.cjs's shared(n).
  const entries = [...new Set([...start].flatMap((file) => imports(file, 'dynamic-import')))].filter(
    (file) => !start.has(file),
  );
  const shared = [...new Set(run.flatMap((file) => imports(file, 'import-statement')))].filter((file) =>
    start.has(file),
  );
  if (shared.includes('social.js')) throw new Error('the run layer imports the entry itself: build.js cannot share it');
  // Namespaces: `start` a file of the start layer bundled into it, `run` one of the run layer,
  // `shared` a start-layer file seen from the run layer, `lazy` a run-layer file seen from the start.
  const layers = {
    name: 'social-layers',
    setup(b) {
      b.onResolve({ filter: /^social:/ }, (args) => ({ path: args.path.slice(7), namespace: 'entry' }));
      b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => {
        const file = args.path.slice(2);
        if (!sources.has(file)) return undefined;
        const inStart = args.namespace === 'start' || (args.namespace === 'entry' && args.importer === 'social.js');
        if (start.has(file)) return { path: file, namespace: inStart ? 'start' : 'shared' };
        return { path: file, namespace: inStart ? 'lazy' : 'run' };
      });
      b.onLoad({ filter: /.*/, namespace: 'entry' }, (args) => ({
        contents:
          args.path === 'social.js'
            ? sharingEntry(shared, (file) => outputs[`dist/.split/${file}`].exports)
            : `export const parts = {\n${entries.map((file) => `  ${JSON.stringify(file)}: () => require('./${file}'),`).join('\n')}\n};`,
        resolveDir: root,
      }));
      b.onLoad({ filter: /.*/ }, (args) => {
        if (args.namespace === 'shared')
          return {
            contents: `module.exports = require('./social.cjs').shared(${shared.indexOf(args.path)});`,
            resolveDir: root,
          };
        if (args.namespace === 'lazy')
          return {
            contents: `module.exports = require('./social-run.cjs').parts[${JSON.stringify(args.path)}]();`,
            resolveDir: root,
          };
        if (args.namespace === 'start' || args.namespace === 'run')
          return { contents: sources.get(args.path), resolveDir: root };
        return undefined;
      });
    },
  };
  // Each layer is written as the function bin/'s loader runs (src/infra/code-cache.ts): CommonJS inside
  // the wrapper Node's own loader would put around it, so the loader compiles the file as it is
  // rather than a copy of it made at every run with the wrapper around it. Not a module to
  // require(): only that loader runs these files.
  const cjs = {
    ...common,
    format: 'cjs',
    supported: { 'dynamic-import': false },
    plugins: [layers],
    external: [...common.external, './*.cjs'],
    banner: { js: LAYER_WRAPPER[0] },
    footer: { js: LAYER_WRAPPER[1] },
  };
  await Promise.all([
    build({ ...cjs, entryPoints: ['social:social.js'], outfile: 'dist/social.cjs' }),
    build({ ...cjs, entryPoints: ['social:run'], outfile: 'dist/social-run.cjs' }),
  ]);
}

/**
 * The start layer's entry: the CLI's own exports, and `shared(n)`, the exports of the nth start-layer
 * file the run layer imports, each a getter (a binding, as an import is), made when the run layer
 * first asks for that file. Not a namespace object a file (`export * as`), which esbuild would make
 * with every getter at each start, `--version` and help included, for a layer they never read.
 */
function sharingEntry(shared, exportsOf) {
  const lines = [`export * from './social.js';`];
  const cases = shared.map((file, n) => {
    const names = exportsOf(file);
    lines.push(`import { ${names.map((name, i) => `${name} as s${n}_${i}`).join(', ')} } from './${file}';`);
    return `    case ${n}: return { ${names.map((name, i) => `get ${name}() { return s${n}_${i}; }`).join(', ')} };`;
  });
  lines.push(`export function shared(n) {\n  switch (n) {\n${cases.join('\n')}\n  }\n}`);
  return lines.join('\n');
}

/** The CommonJS function wrapper: Node's own (module.wrap), written around each layer. */
const LAYER_WRAPPER = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];

rmSync('dist', { recursive: true, force: true });
await Promise.all([
  buildCli(),
  // node-postgres bundled (in the package and the single executable alike, no node_modules at run
  // time); its optional native binding and its Cloudflare socket are never loaded by social.
  build({
    ...common,
    entryPoints: { 'vendor-pg': 'src/infra/vendor/pg.ts' },
    outdir: 'dist',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    external: [...common.external, 'pg-native', 'pg-cloudflare'],
  }),
  build({
    ...common,
    entryPoints: {
      'vendor-ora': 'src/infra/vendor/ora.ts',
      'vendor-echarts': 'src/infra/vendor/echarts.ts',
      'vendor-mcp': 'src/infra/vendor/mcp.ts',
      'vendor-mcp-http': 'src/infra/vendor/mcp-http.ts',
      sandbox: 'src/sandbox/index.ts',
      'messages-pt-BR': 'src/messages/pt-BR/index.ts',
      'messages-en-topics': 'src/messages/en/topics.ts',
      'code-cache': 'src/infra/code-cache.ts',
    },
    outdir: 'dist',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
  }),
  build({
    ...common,
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS dependencies call require(): give them one in ESM.
    banner: {
      js: "import { createRequire as __socialRequire } from 'node:module'; const require = __socialRequire(import.meta.url);",
    },
    entryPoints: {
      'sandbox/server': 'src/sandbox/server.ts',
      program: 'src/program.ts',
      'completion/render': 'src/commands/completion/render.ts',
      'commands/trends/run': 'src/commands/trends/run.ts',
      'output/write': 'src/output/write.ts',
      'output/charts/model': 'src/output/charts/model.ts',
      'output/charts/text-chart': 'src/output/charts/text-chart.ts',
      'output/charts/svg': 'src/output/charts/svg.ts',
      'infra/store/schema': 'src/infra/store/schema.ts',
      'commands/mcp/handshake-data': 'src/commands/mcp/handshake-data.ts',
    },
    outdir: 'dist/internal',
  }),
]);
await writeHandshake();

/**
 * dist/mcp-handshake.cjs: what `social mcp` answers to initialize and tools/list before it loads
 * the SDK (src/commands/mcp/stdio-front.ts), as the SDK's own server answers them for the tools of
 * the built program, under each listing. The CLI bundles read it in place of
 * src/commands/mcp/handshake-data.ts, which computes the same from the sources.
 */
async function writeHandshake() {
  const { buildProgram } = await import('../dist/internal/program.js');
  const { handshake } = await import('../dist/internal/commands/mcp/handshake-data.js');
  const sink = { write: () => true };
  const ctx = {
    io: {
      stdout: sink,
      stderr: sink,
      stdin: process.stdin,
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
      columns: 80,
    },
    env: {},
    now: () => new Date(0),
    signal: new AbortController().signal,
  };
  const mcp = buildProgram(ctx).commands.find((command) => command.name() === 'mcp');
  const data = JSON.stringify(await handshake(mcp));
  writeFileSync(
    'dist/mcp-handshake.cjs',
    `'use strict';\n// Written by scripts/build.js: the handshake of social mcp (src/commands/mcp/handshake.ts).\nconst HANDSHAKE = JSON.parse(${JSON.stringify(data)});\nexports.handshake = async () => HANDSHAKE;\n`,
  );
}
