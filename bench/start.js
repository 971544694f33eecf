// Start: wall time of whole processes, `social --version` and `social --help` against `node -e 0`,
// interleaved, medians. A fresh temp SOCIAL_CONFIG_DIR, so no config of the person running it.
import { bin, cleanEnv, interleaved, median, run, tempDir } from './lib.js';

export async function benchStart({ runs = 15 } = {}) {
  const env = cleanEnv({ SOCIAL_CONFIG_DIR: tempDir() });
  const node = process.execPath;
  const times = await interleaved(
    {
      nodeE0: () => run(node, ['-e', '0'], { env }),
      version: () => run(node, [bin, '--version'], { env }),
      help: () => run(node, [bin, '--help'], { env }),
    },
    { runs, warmup: 2 },
  );
  return { runs, nodeE0Ms: median(times.nodeE0), versionMs: median(times.version), helpMs: median(times.help) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchStart());
