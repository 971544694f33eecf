// Start: `social --version` and `social help` against `node -e 0`, whole processes, in interleaved
// rounds; the figures are CPU time (user + sys, the kernel's) and wall time, each ratio the median
// of the ratios taken round by round. A fresh temp SOCIAL_CONFIG_DIR, so no config of the person
// running it.
import { bin, cleanEnv, measured, pairRatio, rounds, tempDir } from './lib.js';

export async function benchStart({ runs = 15 } = {}) {
  const env = cleanEnv({ SOCIAL_CONFIG_DIR: tempDir() });
  const node = process.execPath;
  const results = await rounds(
    {
      nodeE0: () => measured([node, '-e', '0'], { env }),
      version: () => measured([node, bin, '--version'], { env }),
      help: () => measured([node, bin, 'help'], { env }),
    },
    { runs, warmup: 2 },
  );
  return { runs, version: pairRatio(results, 'version', 'nodeE0'), help: pairRatio(results, 'help', 'nodeE0') };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchStart());
