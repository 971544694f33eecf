// The build. The CLI is one CommonJS file, dist/social.cjs, with everything in it (commander, zod,
// undici's Pool, chalk, ora, conf, the sandbox): bin/ loads it through a V8 code cache, so a run
// compiles almost nothing, and esbuild keeps every module behind a dynamic import() uninitialised
// until it is used, so `social --help` runs commander and the command definitions and nothing else.
// Benchmarks and scripts import a few internals by path from an ESM bundle of their own under
// dist/internal/. Types: `npm run typecheck`.

import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // SOCIAL_NO_MINIFY=1 keeps names and the module comments, to read a CPU profile. (keepNames is
  // left off: its __name() call on every function cost ~8 ms of start-up.)
  minify: process.env.SOCIAL_NO_MINIFY !== '1',
  logLevel: 'warning',
};

// Parts of undici's client our Pool never runs, left out of the bundle: its HTTP/2 half (and
// node:http2, ~10 ms to load), used only when TLS negotiates h2 for a Pool created with allowH2,
// which ours never is; and the fetch body extractor (~40 KB), used only for request bodies, which
// GETs do not have.
const UNDICI_STUBS = [
  {
    filter: /\/client-h2\.js$/,
    contents: "module.exports = function connectH2() { throw new Error('HTTP/2 is not part of the social build'); };",
  },
  {
    filter: /\/web\/fetch\/body\.js$/,
    contents:
      "module.exports = { extractBody() { throw new Error('request bodies are not part of the social build'); } };",
  },
  // node:http (~1 ms to load: its client, server and agent) gives undici two things: the default
  // header size limit, Node's own default here, and IncomingMessage, which it checks request
  // bodies against (a GET has none).
  {
    filter: /^node:http$/,
    contents: 'module.exports = { maxHeaderSize: 16 * 1024, IncomingMessage: class IncomingMessage {} };',
  },
  // node:assert (~0.5 ms: its AssertionError pulls in more) serves the bundled undici files as a
  // bare assert(value) on internal invariants, which a plain Error reports as well.
  {
    filter: /^node:assert$/,
    contents:
      "module.exports = function assert(value, message) { if (!value) throw new Error('undici: ' + (message ?? 'internal assertion failed')); };",
  },
];
// commander requires node:child_process (which loads net, dgram and more, ~3 ms) for executable
// subcommands, which social does not have.
const COMMANDER_STUB =
  "module.exports = new Proxy({}, { get() { throw new Error('child processes are not part of the social build'); } });";
// Bundles of their own, loaded by the CLI bundle only when used: conf (with ajv) for config
// writes, ora for the spinner, and the sandbox. undici's plain (non-SIMD) HTTP parser, a 70 KB
// fallback for machines without WebAssembly SIMD, stays in node_modules until such a machine asks.
const SEPARATE = [
  { filter: /\/vendor\/conf\.js$/, file: './vendor-conf.cjs' },
  { filter: /\/vendor\/ora\.js$/, file: './vendor-ora.cjs' },
  { filter: /\/llhttp\/llhttp-wasm\.js$/, file: 'undici/lib/llhttp/llhttp-wasm.js' },
  { filter: /\/sandbox\/index\.js$/, file: './sandbox.cjs' },
];
const cliPlugin = {
  name: 'social-cli',
  setup(build) {
    for (const [index, stub] of UNDICI_STUBS.entries()) {
      build.onResolve({ filter: stub.filter }, (args) =>
        args.importer.includes('undici') ? { path: String(index), namespace: 'social-stub' } : undefined,
      );
    }
    build.onResolve({ filter: /^node:child_process$/ }, (args) =>
      args.importer.includes('commander') ? { path: 'commander', namespace: 'social-stub' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'social-stub' }, (args) => ({
      contents: args.path === 'commander' ? COMMANDER_STUB : UNDICI_STUBS[Number(args.path)].contents,
      loader: 'js',
    }));
    for (const separate of SEPARATE) {
      build.onResolve({ filter: separate.filter }, (args) =>
        args.importer.includes('/src/sandbox/') ? undefined : { path: separate.file, external: true },
      );
    }
  },
};

rmSync('dist', { recursive: true, force: true });
await Promise.all([
  build({
    ...common,
    entryPoints: { social: 'src/main.ts' },
    outdir: 'dist',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    // import() of the separate bundles becomes require(): the bundle runs in a vm.Script.
    supported: { 'dynamic-import': false },
    plugins: [cliPlugin],
  }),
  build({
    ...common,
    entryPoints: {
      'vendor-conf': 'src/infra/vendor/conf.ts',
      'vendor-ora': 'src/infra/vendor/ora.ts',
      sandbox: 'src/sandbox/index.ts',
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
      context: 'src/infra/context.ts',
      'completion/index': 'src/commands/completion/index.ts',
      'commands/trends': 'src/commands/trends.ts',
      'output/write': 'src/output/write.ts',
    },
    outdir: 'dist/internal',
  }),
]);
