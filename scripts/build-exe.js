// npm run build:exe: one executable file for this machine, `social-<platform>-<arch>` in the
// project's folder, that needs neither Node nor any other file: a Node 26 binary with a single
// executable application (SEA) blob injected. The blob holds bin/social.js as its main script and,
// as assets, every bundle of dist/ (the sandbox's data is inside its bundle) and each runtime
// dependency that the bundles leave outside (jq-wasm, bundled here into one file, and jq's
// WebAssembly). In the executable, bin/social.js's dist/code-cache.cjs is scripts/exe-bundles.cjs,
// which hands the CLI bundle from those assets to the real one, code cache and all. Runs after `npm run build` (the npm script does
// both), on any supported Node: when this Node is not 26, Node 26 comes from the npm registry's `node`
// package into node_modules/.cache/. See docs/guide.md, "A single executable".
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inject } from 'postject';

// The newest LTS line (Node 26, Active LTS since 2026-10-28).
const NODE_MAJOR = '26';
// The sentinel Node's binary carries, which postject flips to say a blob is injected.
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'package.json'));
const exe = process.platform === 'win32' ? '.exe' : '';
const output = join(root, `social-${process.platform}-${process.arch}${exe}`);
const say = (text) => process.stderr.write(`build:exe: ${text}\n`);

/** A Node 26 binary to inject into: this one, or the npm registry's `node` package. */
function nodeToInject() {
  if (process.versions.node.split('.')[0] === NODE_MAJOR && readFileSync(process.execPath).includes(FUSE))
    return process.execPath;
  const prefix = join(root, 'node_modules', '.cache', 'social-exe', `node-${NODE_MAJOR}`);
  say(`Node ${NODE_MAJOR} from the npm registry's node package, into ${prefix}`);
  execFileSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node@${NODE_MAJOR}`],
    { stdio: 'inherit', shell: process.platform === 'win32' },
  );
  return join(prefix, 'node_modules', 'node', 'bin', `node${exe}`);
}

/** The runtime dependencies the bundles require() by name, each bundled into one CommonJS file. */
async function dependencyAssets(bundles, work) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const assets = {};
  for (const name of Object.keys(dependencies)) {
    if (!bundles.some((text) => text.includes(`require("${name}")`))) continue;
    const file = join(work, `dep-${name.replaceAll('/', '+')}.cjs`);
    await build({
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: root },
      bundle: true,
      platform: 'node',
      target: `node${NODE_MAJOR}`,
      format: 'cjs',
      minify: true,
      // Functions keep their names: jq.ts knows jq-wasm's memory import by its function's name.
      keepNames: true,
      logLevel: 'warning',
      outfile: file,
    });
    assets[`node_modules/${name}`] = file;
  }
  return assets;
}

const work = mkdtempSync(join(tmpdir(), 'social-build-exe-'));
try {
  const node = nodeToInject();
  const dist = readdirSync(join(root, 'dist')).filter((name) => name.endsWith('.cjs'));
  if (dist.length === 0) throw new Error('dist/ has no bundles: run npm run build first');
  const assets = Object.fromEntries(dist.map((name) => [`dist/${name}`, join(root, 'dist', name)]));
  Object.assign(
    assets,
    await dependencyAssets(
      dist.map((name) => readFileSync(join(root, 'dist', name), 'utf8')),
      work,
    ),
  );
  // jq's WebAssembly, read through node:sea by src/infra/vendor/jq.ts.
  assets['jq-wasm'] = require.resolve('jq-wasm/jq.wasm');
  // The build's name, which keys the code cache (scripts/exe-bundles.cjs): a hash of every asset.
  const hash = createHash('sha256');
  for (const [name, file] of Object.entries(assets).sort()) hash.update(name).update(readFileSync(file));
  assets.build = join(work, 'build.txt');
  writeFileSync(assets.build, hash.digest('hex').slice(0, 16));

  const main = join(work, 'main.cjs');
  await build({
    entryPoints: [join(root, 'bin', 'social.js')],
    bundle: true,
    platform: 'node',
    target: `node${NODE_MAJOR}`,
    format: 'cjs',
    logLevel: 'warning',
    outfile: main,
    plugins: [
      {
        name: 'exe-bundles',
        setup(b) {
          // bin/social.js's own require of it only: scripts/exe-bundles.cjs requires the real one.
          b.onResolve({ filter: /\/dist\/code-cache\.cjs$/ }, (args) =>
            args.importer.endsWith(join('bin', 'social.js'))
              ? { path: join(root, 'scripts', 'exe-bundles.cjs') }
              : undefined,
          );
        },
      },
    ],
  });

  const blob = join(work, 'sea.blob');
  const config = join(work, 'sea-config.json');
  writeFileSync(config, JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, assets }, null, 2));
  execFileSync(node, ['--experimental-sea-config', config], { stdio: 'inherit' });

  rmSync(output, { force: true });
  copyFileSync(node, output);
  chmodSync(output, 0o755);
  // macOS: the copied binary's signature would no longer match; sign it again after.
  if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', output], { stdio: 'inherit' });
  await inject(output, 'NODE_SEA_BLOB', readFileSync(blob), {
    sentinelFuse: FUSE,
    ...(process.platform === 'darwin' ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
  if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', output], { stdio: 'inherit' });
  say(`${output} (${(readFileSync(output).length / 1024 / 1024).toFixed(1)} MB)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
