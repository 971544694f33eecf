// The build: esbuild bundles with code splitting. The CLI bundle has one entry, so `social --help`
// loads commander and the command definitions and nothing else; every dynamic import() (HTTP
// client, schemas, output, sandbox, spinner, conf) becomes a chunk loaded only when used.
// Benchmarks and scripts import a few internals by path: they get a bundle of their own, so their
// entry points do not split the CLI's start-up code into more files. Types: `npm run typecheck`.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const common = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  // Readable stack traces under --debug despite minification.
  keepNames: true,
  // undici is loaded by path at the first request (see src/client/http.ts), never bundled.
  external: ['undici'],
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS dependencies call require(): give them one in ESM.
  banner: { js: "import { createRequire as __socialRequire } from 'node:module'; const require = __socialRequire(import.meta.url);" },
  logLevel: 'warning',
};

rmSync('dist', { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: { main: 'src/main.ts' }, outdir: 'dist' }),
  build({
    ...common,
    entryPoints: {
      'sandbox/server': 'src/sandbox/server.ts',
      program: 'src/program.ts',
      context: 'src/context.ts',
      'completion/index': 'src/completion/index.ts',
      'commands/trends': 'src/commands/trends.ts',
      'output/write': 'src/output/write.ts',
    },
    outdir: 'dist/internal',
  }),
]);
