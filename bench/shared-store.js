// A batch on a PostgreSQL store with a shared budget against the same batch on the local store:
// `social profile github --file F --concurrency 32 -o ndjson > /dev/null` (bench/batch.js's
// inputs: every other line a sandbox account, the rest unknown handles), once with the store as
// it is by default (this machine's own) and once with SOCIAL_STORE a postgres:// URL and
// `--max-credits N --budget bench` (each call reserved before it is sent and settled after, its
// charge in the shared ledger); and, for the budget's own part, on the PostgreSQL store without
// --budget. The sandbox runs in a process of its own. CPU of the whole CLI process, runs
// interleaved after a warm-up, the median of the ratios pair by pair; target 1.3x.
//
//   node bench/shared-store.js postgres://user:pw@127.0.0.1:5432/db [--inputs 2000] [--runs 5]
//
// The database is the bench's to use: it makes the budget `bench` there and fills its tables.
import { join } from 'node:path';
import { writeHandles } from './batch.js';
import { bin, cleanEnv, measured, pairRatio, removeDir, rounds, spawnSandbox, tempDir } from './lib.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const url = args.find((arg) => /^postgres(ql)?:\/\//.test(arg));
if (url === undefined) {
  process.stderr.write(
    'usage: node bench/shared-store.js postgres://user:pw@host:port/db [--inputs 2000] [--runs 5] [--concurrency 32]\n',
  );
  process.exit(2);
}
const inputs = option('--inputs', 2000);
const runs = option('--runs', 5);
const concurrency = option('--concurrency', 32);

const dir = tempDir();
const sandbox = await spawnSandbox({ configDir: join(dir, 'sandbox') });
try {
  const file = join(dir, 'handles.txt');
  writeHandles(file, inputs);
  const batch = (env, extra = []) => ({
    command: [
      process.execPath,
      bin,
      'profile',
      'github',
      '--file',
      file,
      '--concurrency',
      String(concurrency),
      '-o',
      'ndjson',
      ...extra,
    ],
    env: cleanEnv({
      SOCIAL_BASE_URL: sandbox.url,
      SOCIAL_API_KEY: 'sbx_demo',
      SOCIAL_CONFIG_DIR: join(dir, 'config'),
      ...env,
    }),
  });
  const local = batch({});
  const shared = batch({ SOCIAL_STORE: url, SOCIAL_MACHINE: 'bench' }, [
    '--max-credits',
    '100000000',
    '--budget',
    'bench',
  ]);
  // The budget's own part: the same PostgreSQL store without --budget (the ledger alone).
  const unbudgeted = batch({ SOCIAL_STORE: url, SOCIAL_MACHINE: 'bench' });
  const timed = (what) => () =>
    measured(what.command, { env: what.env, stdout: 'ignore', okCodes: [0, 12], timeoutMs: 120_000 });
  const results = await rounds({ local: timed(local), shared: timed(shared), unbudgeted: timed(unbudgeted) }, { runs });
  const r = pairRatio(results, 'shared', 'local');
  const b = pairRatio(results, 'shared', 'unbudgeted');
  const figure = (ms) => `${Math.round(ms)} ms`;
  process.stdout.write(
    `shared store: ${inputs} profiles at c=${concurrency}, ${runs} runs interleaved after a warm-up, medians\n` +
      `  CPU  local store ${figure(r.baseCpuMs)}, PostgreSQL store + shared budget ${figure(r.oursCpuMs)}: ${r.cpu.toFixed(2)}x (target <= 1.3x)\n` +
      `  wall local store ${figure(r.baseMs)}, PostgreSQL store + shared budget ${figure(r.oursMs)}: ${r.wall.toFixed(2)}x\n` +
      `  CPU  PostgreSQL store without --budget ${figure(b.baseCpuMs)}: the budget ${b.cpu.toFixed(2)}x of it\n`,
  );
} finally {
  await sandbox.stop();
  removeDir(dir);
}
