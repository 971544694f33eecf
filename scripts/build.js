// The build. The CLI is one CommonJS file, dist/social.cjs, with everything in it (commander, zod,
// undici's Pool, chalk, ora, conf, the sandbox): bin/ loads it through a V8 code cache, so a run
// compiles almost nothing, and esbuild keeps every module behind a dynamic import() uninitialised
// until it is used, so `social --help` runs commander and the command definitions and nothing else.
// Benchmarks and scripts import a few internals by path from an ESM bundle of their own under
// dist/internal/. Types: `npm run typecheck`.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // SOCIAL_NO_MINIFY=1 keeps names and the module comments, to read a CPU profile. (keepNames is
  // left off: its __name() call on every function cost ~8 ms of start-up.)
  minify: process.env.SOCIAL_NO_MINIFY !== '1',
  logLevel: 'warning',
};

// undici's client loads its HTTP/2 half (and node:http2, ~10 ms) at start even though HTTP/2 is
// only used when TLS negotiates it and the Pool was created with allowH2, which ours never is.
const withoutHttp2 = {
  name: 'undici-without-http2',
  setup(build) {
    build.onResolve({ filter: /\/client-h2\.js$/ }, (args) =>
      args.importer.includes('undici') ? { path: 'client-h2', namespace: 'social-stub' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'social-stub' }, () => ({
      contents: "module.exports = function connectH2() { throw new Error('HTTP/2 is not part of the social build'); };",
      loader: 'js',
    }));
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
    plugins: [withoutHttp2],
  }),
  build({
    ...common,
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS dependencies call require(): give them one in ESM.
    banner: { js: "import { createRequire as __socialRequire } from 'node:module'; const require = __socialRequire(import.meta.url);" },
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
