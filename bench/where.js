// Where one call's CPU goes, module by module: `social niches --json` and the bare node:http script
// (bench/fixtures/nodehttp-get.mjs) each run `--runs` times under `node --cpu-prof` against an
// in-process sandbox, after warm-up runs that fill the code cache as a user's runs would; every
// sample's time is given to the module its function is in: a package of node_modules or a folder
// of src/ (from the module comments esbuild leaves in an unminified bundle), Node's own JavaScript
// (its module loaders, its bundled undici, the rest), WebAssembly, or V8's own ((program): native work such as compiling
// and start-up; (garbage collector); (idle): waiting, for the answer or at exit). Prints, per module, the milliseconds a run (mean over runs) for each of the two.
// Needs an unminified build: SOCIAL_NO_MINIFY=1 npm run build (npm run build restores the normal one).
// Usage: node bench/where.js [--runs=10]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, cleanEnv, fixtures, removeDir, root, run, tempDir } from './lib.js';
import { withSandbox } from './one-call.js';

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 10);
const bundle = readFileSync(join(root, 'dist', 'social.cjs'), 'utf8');
if (!/^\/\/ src\//m.test(bundle))
  throw new Error('the bundle is minified: build with SOCIAL_NO_MINIFY=1 npm run build');

/** For a line of the CLI bundle, the module it is in: the last module comment above it. */
const moduleOfLine = [];
let current = '(bundle glue)';
for (const line of bundle.split('\n')) {
  const comment = /^\/\/ (node_modules\/(?:@[^/]+\/)?[^/]+|src\/(?:[^/]+\/)?[^/]+)/.exec(line);
  if (comment) current = comment[1].replace(/\.ts$/, '');
  moduleOfLine.push(current);
}

function moduleOf(frame) {
  const { url, functionName, lineNumber } = frame;
  // V8's own nodes: (program), (garbage collector), (idle), (root).
  if (url === '') return /^\(.*\)$/.test(functionName) ? functionName : '(native functions)';
  if (url.endsWith('/dist/social.cjs')) return moduleOfLine[lineNumber] ?? '(bundle glue)';
  // Node's own JavaScript: its module loaders, its bundled undici (fetch), the rest.
  if (url.startsWith('node:internal/modules/')) return 'node: module loaders';
  if (url.startsWith('node:internal/deps/undici')) return 'node: bundled undici (fetch)';
  if (url.startsWith('node:')) return 'node: other built-in modules';
  if (url.includes('/node_modules/')) return `node_modules/${url.split('/node_modules/').pop().split('/')[0]}`;
  if (url.startsWith('wasm://')) return 'WebAssembly (llhttp)';
  return url.replace(`file://${root}`, '');
}

/** Milliseconds of samples per module in one .cpuprofile. */
function attribute(profile, into) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const module = moduleOf(nodes.get(id).callFrame);
    into.set(module, (into.get(module) ?? 0) + profile.timeDeltas[i] / 1000);
  });
}

async function profiled(name, argvFor) {
  const dir = tempDir();
  const totals = new Map();
  try {
    for (let i = 0; i < runs + 2; i += 1) {
      const profileDir = join(dir, `p${i}`);
      const args =
        i < 2
          ? argvFor(dir)
          : ['--cpu-prof', '--cpu-prof-interval', '100', '--cpu-prof-dir', profileDir, ...argvFor(dir)];
      await run(process.execPath, args, { env: cleanEnv({ SOCIAL_CONFIG_DIR: join(dir, `config${i}`), ...env }) });
      if (i >= 2)
        for (const file of readdirSync(profileDir))
          attribute(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), totals);
    }
  } finally {
    removeDir(dir);
  }
  return { name, perRun: new Map([...totals].map(([module, ms]) => [module, ms / runs])) };
}

let env = {};
const results = await withSandbox(async ({ url, niches }) => {
  env = { SOCIAL_BASE_URL: url, SOCIAL_API_KEY: 'sbx_demo' };
  return [
    await profiled('social niches --json', () => [bin, 'niches', '--json']),
    await profiled('node:http script', () => [join(fixtures, 'nodehttp-get.mjs'), niches]),
  ];
});

const modules = [...new Set(results.flatMap((r) => [...r.perRun.keys()]))].sort(
  (a, b) => (results[0].perRun.get(b) ?? 0) - (results[0].perRun.get(a) ?? 0),
);
console.log(`node ${process.version}, ${runs} profiled runs each (sampling every 0.1 ms), ms a run:`);
console.log(`${'module'.padEnd(40)}  ${results.map((r) => r.name.padStart(22)).join('  ')}`);
for (const module of modules) {
  const cells = results.map((r) => (r.perRun.get(module) ?? 0).toFixed(1).padStart(22));
  if (results.some((r) => (r.perRun.get(module) ?? 0) >= 0.5)) console.log(`${module.padEnd(40)}  ${cells.join('  ')}`);
}
const total = (r) => [...r.perRun].reduce((sum, [module, ms]) => (module === '(idle)' ? sum : sum + ms), 0);
console.log(`${'total but (idle)'.padEnd(40)}  ${results.map((r) => total(r).toFixed(1).padStart(22)).join('  ')}`);
