// One call: `social niches --json` and `social profile github octocat --json`, each against a
// minimal node:http script making the same GET and printing the body; for niches also `curl -s`
// and a one-request script on undici's full entry point for reference. The server is a sandbox in
// this process (nothing else runs here while the clients do). The CLI gets a fresh, empty
// SOCIAL_CONFIG_DIR every run: cold, no coverage cache.
import { join } from 'node:path';
import { bin, cleanEnv, distModule, fixtures, interleaved, median, NOW, removeDir, run, tempDir } from './lib.js';

export async function benchOneCall({ runs = 15 } = {}) {
  const { startSandbox } = await distModule('sandbox/server');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
  try {
    const url = `${sandbox.url}/api/v1/nichos`;
    const profileUrl = `${sandbox.url}/api/v1/github/profile?handle=octocat`;
    const node = process.execPath;
    const env = cleanEnv();
    const hasCurl = await run('curl', ['--version']).then(
      () => true,
      () => false,
    );
    const cli = (args, check) => async (warm) => {
      const dir = tempDir();
      const options = {
        env: cleanEnv({ SOCIAL_BASE_URL: sandbox.url, SOCIAL_API_KEY: KEY, SOCIAL_CONFIG_DIR: dir }),
      };
      try {
        if (warm) return await verified(run(node, [bin, ...args], { ...options, stdout: 'pipe' }), check);
        return await run(node, [bin, ...args], options);
      } finally {
        removeDir(dir);
      }
    };
    const each = (cmd, args, check) => (warm) =>
      warm ? verified(run(cmd, args, { env, stdout: 'pipe' }), check) : run(cmd, args, { env });
    const times = await interleaved(
      {
        cli: cli(['niches', '--json'], hasNiches),
        nodeHttp: each(node, [join(fixtures, 'nodehttp-get.mjs'), url], hasNiches),
        profile: cli(['profile', 'github', 'octocat', '--json'], hasProfile),
        profileNodeHttp: each(node, [join(fixtures, 'nodehttp-get.mjs'), profileUrl, KEY], hasProfile),
        ...(hasCurl ? { curl: each('curl', ['-s', '--fail', '--max-time', '10', url], hasNiches) } : {}),
        undici: each(node, [join(fixtures, 'undici-request.mjs'), url], hasNiches),
      },
      { runs, warmup: 2 },
    );
    return {
      runs,
      cliMs: median(times.cli),
      nodeHttpMs: median(times.nodeHttp),
      profileMs: median(times.profile),
      profileNodeHttpMs: median(times.profileNodeHttp),
      curlMs: hasCurl ? median(times.curl) : null,
      undiciMs: median(times.undici),
    };
  } finally {
    await sandbox.close();
  }
}

const KEY = 'sbx_demo';
const hasNiches = (body) => Array.isArray(body.niches) && body.niches.length > 0;
const hasProfile = (body) => body.data?.author?.handle === 'octocat';

/** The untimed warm-up runs also check that each printed the answer, not an error. */
async function verified(promise, check) {
  const result = await promise;
  if (!check(JSON.parse(result.stdout))) throw new Error(`not the expected answer: ${result.stdout.slice(0, 200)}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchOneCall());
