// One call: `social niches --json` and `social profile github octocat --json`, each against bare
// scripts making the same GET and printing the body: on node:http (the floor), on undici's full
// entry point, and with the global fetch(); `curl -s` for reference. Whole processes in interleaved
// rounds, CPU and wall time (see measured() in lib.js). The server is a sandbox in this process
// (nothing else runs here while the clients do). The CLI gets a fresh, empty SOCIAL_CONFIG_DIR
// every run: cold, no coverage cache.
import { join } from 'node:path';
import {
  bin,
  cleanEnv,
  distModule,
  fixtures,
  measured,
  NOW,
  pairRatio,
  removeDir,
  rounds,
  run,
  tempDir,
} from './lib.js';

const KEY = 'sbx_demo';
export const hasNiches = (body) => Array.isArray(body.niches) && body.niches.length > 0;
const hasProfile = (body) => body.data?.author?.handle === 'octocat';

/** Starts an in-process sandbox for `fn({ url, niches, profile })`: the two URLs the rows GET. */
export async function withSandbox(fn) {
  const { startSandbox } = await distModule('sandbox/server');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
  try {
    return await fn({
      url: sandbox.url,
      niches: `${sandbox.url}/api/v1/nichos`,
      profile: `${sandbox.url}/api/v1/github/profile?handle=octocat`,
    });
  } finally {
    await sandbox.close();
  }
}

/**
 * A run of `command` (argv) as the CLI against `sandboxUrl`, in a fresh config dir removed after;
 * the warm-up runs (warm true) also check that it printed the answer (`check` on its JSON).
 */
export const cliRun = (sandboxUrl, command, check) => async (warm) => {
  const dir = tempDir();
  const env = cleanEnv({ SOCIAL_BASE_URL: sandboxUrl, SOCIAL_API_KEY: KEY, SOCIAL_CONFIG_DIR: dir });
  try {
    return await checked(measured(command, { env, stdout: warm ? 'pipe' : 'ignore' }), warm && check);
  } finally {
    removeDir(dir);
  }
};

export async function benchOneCall({ runs = 15 } = {}) {
  return withSandbox(async (urls) => {
    const node = process.execPath;
    const env = cleanEnv();
    const hasCurl = await run('curl', ['--version']).then(
      () => true,
      () => false,
    );
    const each = (command, check) => (warm) =>
      checked(measured(command, { env, stdout: warm ? 'pipe' : 'ignore' }), warm && check);
    const script = (name, url, check) => each([node, join(fixtures, name), url, KEY], check);
    const results = await rounds(
      {
        cli: cliRun(urls.url, [node, bin, 'niches', '--json'], hasNiches),
        nodeHttp: script('nodehttp-get.mjs', urls.niches, hasNiches),
        undici: script('undici-request.mjs', urls.niches, hasNiches),
        fetch: script('fetch-get.mjs', urls.niches, hasNiches),
        profile: cliRun(urls.url, [node, bin, 'profile', 'github', 'octocat', '--json'], hasProfile),
        profileNodeHttp: script('nodehttp-get.mjs', urls.profile, hasProfile),
        profileUndici: script('undici-request.mjs', urls.profile, hasProfile),
        ...(hasCurl ? { curl: each(['curl', '-s', '--fail', '--max-time', '10', urls.niches], hasNiches) } : {}),
      },
      { runs, warmup: 2 },
    );
    return {
      runs,
      nichesVsNodeHttp: pairRatio(results, 'cli', 'nodeHttp'),
      nichesVsUndici: pairRatio(results, 'cli', 'undici'),
      nichesVsFetch: pairRatio(results, 'cli', 'fetch'),
      profileVsNodeHttp: pairRatio(results, 'profile', 'profileNodeHttp'),
      profileVsUndici: pairRatio(results, 'profile', 'profileUndici'),
      undiciVsNodeHttp: pairRatio(results, 'undici', 'nodeHttp'),
      fetchVsNodeHttp: pairRatio(results, 'fetch', 'nodeHttp'),
      curlVsNodeHttp: hasCurl ? pairRatio(results, 'curl', 'nodeHttp') : null,
    };
  });
}

/** The untimed warm-up runs also check that each printed the answer, not an error. */
async function checked(promise, check) {
  const result = await promise;
  if (check && !check(JSON.parse(result.stdout)))
    throw new Error(`not the expected answer: ${result.stdout.slice(0, 200)}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchOneCall());
