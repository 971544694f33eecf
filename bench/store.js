// The local store's cost (issue 36): what storing adds to one `profile` call and to a batch of
// 2,000 at concurrency 32, against `--no-store` in the same interleaved rounds (CPU, the median of
// the round-by-round ratios), the floor under the batch (node:sqlite alone writing its rows:
// bench/fixtures/store-write-floor.mjs), and the peak RSS of `store export` of a table of 1,000,000 rows.
// Each variant keeps its own config dir, and so its own store, across rounds: a store that exists,
// as a cron job's does (the first, untimed round makes it). Runnable alone: node bench/store.js.
// Given a postgres:// URL (node bench/store.js postgres://user:pw@host:port/db), the same calls
// and batches also run with the store on that database, in the same rounds: its cost against
// --no-store and against the SQLite store, and its export's peak RSS (the database is the
// bench's: it fills its tables).
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bin,
  cleanEnv,
  fixtures,
  measured,
  median,
  NOW,
  pairRatio,
  removeDir,
  rounds,
  run,
  spawnSandbox,
  tempDir,
  withPeakRss,
} from './lib.js';

const KEY = 'sbx_demo';
const HANDLES = ['octocat', 'lenafischer', 'mariam-okafor', 'quiet-committer', 'first-steps-2026'];

function envOf(url, dir) {
  return cleanEnv({ SOCIAL_BASE_URL: url, SOCIAL_API_KEY: KEY, SOCIAL_CONFIG_DIR: dir, SOCIAL_CACHE_DIR: 'off' });
}

export async function benchStore({ runs = 15, batchRuns = 5, exportRows = 1_000_000, postgres } = {}) {
  const work = tempDir();
  const sandboxDir = tempDir();
  const sandbox = await spawnSandbox({ configDir: sandboxDir });
  try {
    const url = sandbox.url;
    const dirs = { store: join(work, 'store'), off: join(work, 'off'), postgres: join(work, 'postgres') };
    const envFor = (name) => ({
      ...envOf(url, dirs[name]),
      ...(name === 'postgres' ? { SOCIAL_STORE: postgres } : {}),
    });
    const one = (name, extra) => async () =>
      measured([process.execPath, bin, 'profile', 'github', 'octocat', '--json', ...extra], {
        env: envFor(name),
        stdout: 'ignore',
        timeoutMs: 120_000,
      });
    const onPostgres = (variant) => (postgres === undefined ? {} : { postgres: variant('postgres', []) });
    const single = await rounds(
      { store: one('store', []), off: one('off', ['--no-store']), ...onPostgres(one) },
      { runs, warmup: 1 },
    );
    const file = join(work, 'handles.txt');
    writeFileSync(file, `${Array.from({ length: 2000 }, (_, i) => HANDLES[i % HANDLES.length]).join('\n')}\n`);
    const batch = (name, extra) => async () =>
      measured(
        [process.execPath, bin, 'profile', 'github', '--file', file, '--concurrency', '32', '-o', 'ndjson', ...extra],
        { env: envFor(name), stdout: 'ignore', timeoutMs: 600_000 },
      );
    const many = await rounds(
      { store: batch('store', []), off: batch('off', ['--no-store']), ...onPostgres(batch) },
      { runs: batchRuns },
    );
    const rows = [
      {
        measure: 'one profile call, stored vs --no-store',
        ...pairRatio(single, 'store', 'off'),
        target: 'cpu ≤ 1.05x',
      },
      {
        measure: 'batch of 2,000 at c=32, stored vs --no-store',
        ...pairRatio(many, 'store', 'off'),
        target: 'cpu ≤ 1.10x',
      },
    ];
    // The floor under the batch's figure: node:sqlite alone writing the same rows into a copy of the
    // store the batches grew, in a process of its own, beside the --no-store batch's CPU.
    const floorFile = join(work, 'floor.db');
    copyFileSync(join(dirs.store, 'store.db'), floorFile);
    const floorMs = [];
    for (let i = 0; i < batchRuns * 2 + 1; i += 1) {
      const { stdout } = await run(process.execPath, [join(fixtures, 'store-write-floor.mjs'), floorFile], {
        stdout: 'pipe',
        timeoutMs: 120_000,
      });
      floorMs.push(Number(stdout));
    }
    const floorCpuMs = median(floorMs);
    const offCpuMs = rows[1].baseCpuMs;
    rows.push({
      measure: "the batch's floor: node:sqlite alone writing its rows, over --no-store",
      floorCpuMs,
      baseCpuMs: offCpuMs,
      cpu: (offCpuMs + floorCpuMs) / offCpuMs,
    });
    if (postgres !== undefined)
      rows.push(
        { measure: 'one profile call, stored on PostgreSQL vs --no-store', ...pairRatio(single, 'postgres', 'off') },
        { measure: 'one profile call, stored on PostgreSQL vs on SQLite', ...pairRatio(single, 'postgres', 'store') },
        { measure: 'batch of 2,000 at c=32, on PostgreSQL vs --no-store', ...pairRatio(many, 'postgres', 'off') },
        { measure: 'batch of 2,000 at c=32, on PostgreSQL vs on SQLite', ...pairRatio(many, 'postgres', 'store') },
      );
    // A table of a million rows, made by SQLite itself, exported as ndjson and as csv.
    const big = join(work, 'big');
    const env = envOf(url, big);
    await run(process.execPath, [bin, 'store', 'info', '--json'], { env });
    await run(process.execPath, [bin, 'profile', 'github', 'octocat', '--json'], { env, stdout: 'ignore' });
    execFileSync('sqlite3', [
      join(big, 'store.db'),
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${exportRows})
       INSERT INTO post_metrics (fetch_id, platform, post_id, fetched_at, likes, replies, reposts, quotes, author_followers)
       SELECT 1, 'bluesky', 'at://did:plc:x/app.bsky.feed.post/' || i, '2026-11-21T12:00:00.000Z', i % 1000, i % 100, i % 10, NULL, 5000 FROM n;`,
    ]);
    const exported = async (engine, envOfEngine) => {
      for (const format of ['ndjson', 'csv']) {
        const peak = withPeakRss([bin, 'store', 'export', 'post_metrics', '-o', format], work);
        const result = await run(peak.cmd, peak.args, {
          env: { ...envOfEngine, ...peak.env },
          stdout: 'ignore',
          timeoutMs: 600_000,
        });
        rows.push({
          measure: `store export of ${exportRows.toLocaleString('en')} rows (${format}${engine})`,
          peakMb: peak.read() / 1024,
          ms: result.ms,
          target: '≤ 150 MB',
        });
      }
    };
    await exported('', env);
    if (postgres !== undefined) {
      // The same million rows on PostgreSQL, made by the server itself (psql, from the URL).
      const pgEnv = envFor('postgres');
      await run(process.execPath, [bin, 'profile', 'github', 'octocat', '--json'], { env: pgEnv, stdout: 'ignore' });
      execFileSync('psql', [
        postgres,
        '-qc',
        `INSERT INTO post_metrics (fetch_id, platform, post_id, fetched_at, likes, replies, reposts, quotes, author_followers)
         SELECT (SELECT min(id) FROM fetches), 'bluesky', 'at://did:plc:x/app.bsky.feed.post/' || i, '2026-11-21T12:00:00.000Z',
           i % 1000, i % 100, i % 10, NULL, 5000 FROM generate_series(1, ${exportRows}) i ON CONFLICT DO NOTHING`,
      ]);
      await exported(', PostgreSQL', pgEnv);
    }
    return rows;
  } finally {
    await sandbox.stop();
    removeDir(work);
    removeDir(sandboxDir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchStore({ postgres: process.argv.slice(2).find((arg) => /^postgres(ql)?:\/\//.test(arg)) });
  const load = (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `store bench · ${new Date().toISOString()} · Node ${process.version} · load ${load} · sandbox clock ${NOW}`,
  );
  for (const row of rows) console.log(JSON.stringify(row));
}
