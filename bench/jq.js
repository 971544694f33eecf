// --jq: what it adds to a run. `social profile github octocat --json` against the same with
// `--jq .data.author.handle`, interleaved (A, B, then B, A, …) against an in-process sandbox; the
// figure is the median of the per-round differences and of the per-round ratios, so that a machine
// that is busier in one round than in another moves both of a pair.
import { bin, cleanEnv, distModule, interleaved, median, NOW, removeDir, run, tempDir } from './lib.js';

export async function benchJq({ runs = 15 } = {}) {
  const { startSandbox } = await distModule('sandbox/server');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
  try {
    const cli = (extra, check) => async (warm) => {
      const dir = tempDir();
      const env = cleanEnv({ SOCIAL_BASE_URL: sandbox.url, SOCIAL_API_KEY: 'sbx_demo', SOCIAL_CONFIG_DIR: dir });
      try {
        const result = await run(process.execPath, [bin, 'profile', 'github', 'octocat', ...extra], {
          env,
          stdout: warm ? 'pipe' : undefined,
        });
        if (warm && !check(result.stdout)) throw new Error(`not the expected answer: ${result.stdout.slice(0, 200)}`);
        return result;
      } finally {
        removeDir(dir);
      }
    };
    const times = await interleaved(
      {
        json: cli(['--json'], (out) => JSON.parse(out).data.author.handle === 'octocat'),
        jq: cli(['--jq', '.data.author.handle'], (out) => out === 'octocat\n'),
      },
      { runs, warmup: 2 },
    );
    const added = times.jq.map((ms, i) => ms - times.json[i]);
    const ratios = times.jq.map((ms, i) => ms / times.json[i]);
    return {
      runs,
      jsonMs: median(times.json),
      jqMs: median(times.jq),
      addedMs: median(added),
      ratio: median(ratios),
    };
  } finally {
    await sandbox.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchJq());
