// Where one call's CPU goes, module by module: each library the CLI bundles, and the CLI's own
// bundle, loaded alone by a bare process (bundled by esbuild as the build bundles it: one minified
// CommonJS file, nothing resolved from node_modules at run time), against `node -e 0`; and a bare
// node:http request script, a bare undici one and the CLI's one call against the same. Each figure is the median of the round-by-round
// differences in CPU time (user + sys, the kernel's), so it is what loading that module adds.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { bin, cleanEnv, fixtures, measured, median, root, rounds, tempDir } from './lib.js';
import { cliRun, hasNiches, withSandbox } from './one-call.js';

// name -> what the bare process runs (ESM source bundled into one file), in the order of the table.
const ENTRIES = {
  commander: "import { Command } from 'commander'; new Command('x');",
  zod: "import * as z from 'zod'; z.object({ a: z.string() }).parse({ a: 'b' });",
  'zod + the schemas': "import * as s from './src/domain/schemas.ts'; globalThis.s = s;",
  chalk: "import chalk from 'chalk'; chalk.level;",
  undici: "import { Pool } from 'undici'; new Pool('http://127.0.0.1:9');",
  'node:http': "import { request } from 'node:http'; request;",
};

export async function benchModules({ runs = 15 } = {}) {
  const dir = tempDir();
  const node = process.execPath;
  const env = cleanEnv({ SOCIAL_CONFIG_DIR: dir });
  const commands = { base: () => measured([node, '-e', '0'], { env }) };
  for (const [name, contents] of Object.entries(ENTRIES)) {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.cjs`);
    await build({
      stdin: { contents, resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      minify: true,
      logLevel: 'error',
      outfile: file,
    });
    commands[name] = () => measured([node, file], { env });
  }
  // The CLI's start layer (dist/social.cjs) run by the bin's loader with no code cache, and main
  // not called: what it costs to load.
  const loader = join(dir, 'load-cli.cjs');
  writeFileSync(
    loader,
    `require(${JSON.stringify(join(root, 'dist', 'code-cache.cjs'))}).startBundle(${JSON.stringify(join(root, 'dist', 'social.cjs'))}, []);\n`,
  );
  const uncached = { ...env, SOCIAL_CACHE_DIR: 'off' };
  commands['the CLI start layer, loaded'] = () => measured([node, loader], { env: uncached });
  const results = await withSandbox(({ url, niches }) => {
    commands['node:http script, one GET'] = () => measured([node, join(fixtures, 'nodehttp-get.mjs'), niches], { env });
    commands['undici script, one GET'] = () => measured([node, join(fixtures, 'undici-request.mjs'), niches], { env });
    commands['social niches --json'] = cliRun(url, [node, bin, 'niches', '--json'], hasNiches);
    return rounds(commands, { runs, warmup: 1 });
  });
  const added = (name) => median(results[name].map((r, i) => r.cpuMs - results.base[i].cpuMs));
  return {
    runs,
    baseCpuMs: median(results.base.map((r) => r.cpuMs)),
    modules: Object.keys(commands)
      .filter((name) => name !== 'base')
      .map((name) => ({ name, addedCpuMs: added(name) })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchModules());
