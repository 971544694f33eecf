// The single executable (npm run build:exe, Node 26 inside) against `node bin/social.js` on the Node
// running the bench: `--version`, and one call (`niches --json`, cold, on an in-process sandbox).
// Whole processes in interleaved rounds, CPU and wall time. Skipped when the executable is not built.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bin, cleanEnv, measured, pairRatio, root, rounds, tempDir } from './lib.js';
import { cliRun, hasNiches, withSandbox } from './one-call.js';

export const exePath = join(
  root,
  `social-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`,
);

export async function benchExe({ runs = 15 } = {}) {
  if (!existsSync(exePath)) return null;
  const node = process.execPath;
  const env = cleanEnv({ SOCIAL_CONFIG_DIR: tempDir() });
  return withSandbox(async ({ url }) => {
    const results = await rounds(
      {
        exeVersion: () => measured([exePath, '--version'], { env }),
        nodeVersion: () => measured([node, bin, '--version'], { env }),
        exeCall: cliRun(url, [exePath, 'niches', '--json'], hasNiches),
        nodeCall: cliRun(url, [node, bin, 'niches', '--json'], hasNiches),
      },
      { runs, warmup: 2 },
    );
    return {
      runs,
      sizeMiB: statSync(exePath).size / 2 ** 20,
      version: pairRatio(results, 'exeVersion', 'nodeVersion'),
      call: pairRatio(results, 'exeCall', 'nodeCall'),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchExe());
