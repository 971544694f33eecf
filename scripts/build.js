// The build. The CLI is one CommonJS file, dist/social.cjs, with commander, zod, undici and chalk in
// it, and bundles it loads when needed (ora, ECharts, the sandbox): bin/ loads it through
// its code cache (dist/tuning.cjs, from src/infra/tuning.ts), so a run compiles almost nothing, and
// esbuild keeps every module behind a dynamic import() uninitialised until it is used, so `social
// --help` runs commander and the command definitions and nothing else.
// Benchmarks and scripts import a few internals by path from an ESM bundle of their own under
// dist/internal/. Types: `npm run typecheck`.

import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // SOCIAL_NO_MINIFY=1 keeps names and the module comments, to read a CPU profile. (keepNames is
  // left off: it wraps every function in a __name() call that start-up pays for.)
  minify: process.env.SOCIAL_NO_MINIFY !== '1',
  logLevel: 'warning',
  // jq (for --jq) is loaded from node_modules when used: its WebAssembly is a file of its own, read
  // next to its loader, and a run without --jq must not carry any of it.
  external: ['jq-wasm'],
};

// Bundles of their own, loaded by the CLI bundle only when used: ora for the spinner, ECharts for
// SVG chart files, and the sandbox.
const SEPARATE = [
  { filter: /\/vendor\/ora\.js$/, file: './vendor-ora.cjs' },
  { filter: /\/vendor\/echarts\.js$/, file: './vendor-echarts.cjs' },
  // The emulator (src/sandbox/index.ts), not the sandbox command's folder (src/commands/sandbox/).
  { filter: /\.\.\/sandbox\/index\.js$/, file: './sandbox.cjs' },
];
const cliPlugin = {
  name: 'social-cli',
  setup(build) {
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
      'vendor-ora': 'src/infra/vendor/ora.ts',
      'vendor-echarts': 'src/infra/vendor/echarts.ts',
      sandbox: 'src/sandbox/index.ts',
      tuning: 'src/infra/tuning.ts',
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
    },
    outdir: 'dist/internal',
  }),
]);
