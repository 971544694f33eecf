// One call: `social niches --json` against a minimal node:http script making the same GET and
// printing the body; `curl -s` and a one-request script on undici's full entry point for
// reference. The server is a sandbox in this process (nothing else runs here while the clients
// do). The CLI gets a fresh, empty SOCIAL_CONFIG_DIR every run: cold, no coverage cache.
import { join } from 'node:path';
import { bin, cleanEnv, distModule, fixtures, interleaved, median, NOW, removeDir, run, tempDir } from './lib.js';

export async function benchOneCall({ runs = 15 } = {}) {
  const { startSandbox } = await distModule('sandbox/server');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
  try {
    const url = `${sandbox.url}/api/v1/nichos`;
    const node = process.execPath;
    const env = cleanEnv();
    const hasCurl = await run('curl', ['--version']).then(
      () => true,
      () => false,
    );
    const cli = async (warm) => {
      const dir = tempDir();
      const options = { env: cleanEnv({ SOCIAL_BASE_URL: sandbox.url, SOCIAL_CONFIG_DIR: dir }) };
      try {
        if (warm) return await verified(run(node, [bin, 'niches', '--json'], { ...options, stdout: 'pipe' }));
        return await run(node, [bin, 'niches', '--json'], options);
      } finally {
        removeDir(dir);
      }
    };
    const each = (cmd, args) => (warm) =>
      warm ? verified(run(cmd, args, { env, stdout: 'pipe' })) : run(cmd, args, { env });
    const times = await interleaved(
      {
        cli,
        nodeHttp: each(node, [join(fixtures, 'nodehttp-get.mjs'), url]),
        ...(hasCurl ? { curl: each('curl', ['-s', '--fail', '--max-time', '10', url]) } : {}),
        undici: each(node, [join(fixtures, 'undici-request.mjs'), url]),
      },
      { runs, warmup: 2 },
    );
    return {
      runs,
      cliMs: median(times.cli),
      nodeHttpMs: median(times.nodeHttp),
      curlMs: hasCurl ? median(times.curl) : null,
      undiciMs: median(times.undici),
    };
  } finally {
    await sandbox.close();
  }
}

/** The untimed warm-up runs also check that each printed the coverage, not an error. */
async function verified(promise) {
  const result = await promise;
  const body = JSON.parse(result.stdout);
  if (!Array.isArray(body.niches) || body.niches.length === 0)
    throw new Error(`no niches in ${result.stdout.slice(0, 200)}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchOneCall());
