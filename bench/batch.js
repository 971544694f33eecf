// Batch: `social profile github --file F --concurrency 32 -o ndjson --no-store > /dev/null`
// against a bare undici loop (fixtures/undici-loop.mjs) doing the same GETs at the same
// concurrency. --no-store: these rows measure the client and the batch; what keeping every paid
// answer adds has its own rows and target in bench/store.js (stored against --no-store). The sandbox
// runs in a process of its own (`social sandbox --port 0`), so neither client shares its event
// loop with the server. Throughput = inputs / wall time of the whole client process (start
// included, for both). Peak RSS of each client process, and of both at 10x the inputs (medians of
// a few interleaved runs).
//
// Inputs: every other line a known github account of the sandbox (a cache hit after its first
// call: a 200 with a full envelope, free), the rest unique handles the sandbox does not know
// (404 nao_encontrado: a full round trip, uncharged; the CLI reports each on stderr, which goes to
// /dev/null like stdout). So the CLI exits 12 (some inputs failed), as it should.
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, cleanEnv, fixtures, measured, median, pairRatio, rounds, withPeakRss } from './lib.js';

const KNOWN = ['octocat', 'lenafischer', 'mariam-okafor', 'quiet-committer', 'first-steps-2026'];
const KEY = 'sbx_demo';

const noPreload = { args: [], env: {} };

export function writeHandles(file, count) {
  const lines = [];
  for (let i = 0; i < count; i += 1)
    lines.push(i % 2 === 0 ? KNOWN[(i / 2) % KNOWN.length] : `bench-u${i.toString(36)}-x`);
  writeFileSync(file, `${lines.join('\n')}\n`);
}

export async function benchBatch({
  sandboxUrl,
  dir,
  inputs = 5000,
  bigInputs = 50_000,
  runs = 5,
  bigRuns = 3,
  concurrency = 32,
} = {}) {
  const file = join(dir, `handles-${inputs}.txt`);
  const bigFile = join(dir, `handles-${bigInputs}.txt`);
  writeHandles(file, inputs);
  writeHandles(bigFile, bigInputs);
  const cliEnv = cleanEnv({ SOCIAL_BASE_URL: sandboxUrl, SOCIAL_API_KEY: KEY, SOCIAL_CONFIG_DIR: dir });
  // ms: generous, but bounded; a shared machine under load stretches a batch's wall time many times over
  const perInput = (count) => Math.max(120_000, count * 20);

  // `preload`: node's own arguments before the script and the environment they need (the heap
  // census's --import).
  const cliRun = async (inputFile, count, check = false, preload = noPreload) => {
    const p = withPeakRss(
      [
        ...preload.args,
        bin,
        'profile',
        'github',
        '--file',
        inputFile,
        '--concurrency',
        String(concurrency),
        '-o',
        'ndjson',
        '--no-store',
      ],
      dir,
    );
    const outFile = join(dir, 'cli-out.ndjson');
    const errFile = join(dir, 'cli-err.txt');
    const fd = check ? openSync(outFile, 'w') : 'ignore';
    // stderr (a line per unknown handle) goes to a file, not through this process.
    const errFd = openSync(errFile, 'w');
    try {
      const r = await measured([p.cmd, ...p.args], {
        env: { ...cliEnv, ...p.env, ...preload.env },
        stdout: fd,
        stderr: errFd,
        timeoutMs: perInput(count),
        okCodes: [0, 12],
      }).catch((error) => {
        throw new Error(`${error.message}\n${readFileSync(errFile, 'utf8').slice(-2000)}`);
      });
      if (check) {
        const lines = readFileSync(outFile, 'utf8').trim().split('\n');
        const ok = lines.filter((l) => JSON.parse(l).exit === 0).length;
        if (lines.length !== count || ok !== count / 2)
          throw new Error(`CLI batch wrote ${lines.length} lines, ${ok} ok; expected ${count}, ${count / 2} ok`);
      }
      return { ms: r.ms, cpuMs: r.cpuMs, rssKiB: p.read() };
    } finally {
      if (typeof fd === 'number') closeSync(fd);
      closeSync(errFd);
    }
  };
  const loopRun = async (inputFile, count, preload = noPreload) => {
    const p = withPeakRss(
      [...preload.args, join(fixtures, 'undici-loop.mjs'), sandboxUrl, inputFile, String(concurrency), KEY],
      dir,
    );
    const r = await measured([p.cmd, ...p.args], {
      env: cleanEnv({ ...p.env, ...preload.env }),
      stdout: 'pipe',
      timeoutMs: perInput(count),
    });
    const summary = JSON.parse(r.stdout);
    if (summary.requests !== count || summary.status['200'] !== count / 2)
      throw new Error(`undici loop: ${r.stdout.trim()}`);
    return { ms: r.ms, cpuMs: r.cpuMs, rssKiB: p.read() };
  };

  // The loop that also parses each answer and writes it as a line: what the output alone costs.
  // Its lines are counted in the warm-up run; the measured runs write to /dev/null, as the CLI's do.
  const loopNdjsonRun = async (inputFile, count, check = false) => {
    const outFile = join(dir, 'loop-out.ndjson');
    const fd = check ? openSync(outFile, 'w') : 'ignore';
    try {
      const r = await measured(
        [
          process.execPath,
          join(fixtures, 'undici-loop.mjs'),
          sandboxUrl,
          inputFile,
          String(concurrency),
          KEY,
          'ndjson',
        ],
        { env: cleanEnv(), stdout: fd, timeoutMs: perInput(count) },
      );
      if (check) {
        const lines = readFileSync(outFile, 'utf8').trim().split('\n');
        if (lines.length !== count)
          throw new Error(`undici ndjson loop wrote ${lines.length} lines, expected ${count}`);
      }
      return { ms: r.ms, cpuMs: r.cpuMs };
    } finally {
      if (typeof fd === 'number') closeSync(fd);
    }
  };

  const rss = { cli: [], loop: [] };
  const results = await rounds(
    {
      cli: async (warm) => {
        const r = await cliRun(file, inputs, warm);
        if (!warm) rss.cli.push(r.rssKiB);
        return r;
      },
      loop: async (warm) => {
        const r = await loopRun(file, inputs);
        if (!warm) rss.loop.push(r.rssKiB);
        return r;
      },
      loopNdjson: (warm) => loopNdjsonRun(file, inputs, warm),
    },
    { runs, warmup: 1 },
  );
  // The loop over the same inputs: its own growth is the floor of the CLI's (undici and V8's).
  const big = await rounds(
    { cli: () => cliRun(bigFile, bigInputs), loop: () => loopRun(bigFile, bigInputs) },
    { runs: bigRuns, warmup: 0 },
  );
  // What the growth is made of: one run of each client at each size with the heap census preloaded
  // (apart from the timed runs, whose figures it would touch). The young generation is sized by
  // V8 from how much survives its collections over the run, for the loop as for the CLI; what a
  // client keeps is in the old generation.
  const heapFile = join(dir, 'heap-peaks.json');
  const censusPreload = { args: ['--import', join(fixtures, 'heap-peaks.mjs')], env: { BENCH_HEAP_FILE: heapFile } };
  const census = async (runClient, inputFile, count) => {
    await runClient(inputFile, count, censusPreload);
    const peaks = JSON.parse(readFileSync(heapFile, 'utf8'));
    return { newMiB: peaks.new / 2 ** 20, oldMiB: peaks.old / 2 ** 20 };
  };
  const heap = {
    cli: await census((f, n, preload) => cliRun(f, n, false, preload), file, inputs),
    cliBig: await census((f, n, preload) => cliRun(f, n, false, preload), bigFile, bigInputs),
    loop: await census(loopRun, file, inputs),
    loopBig: await census(loopRun, bigFile, bigInputs),
  };
  return {
    runs,
    inputs,
    bigInputs,
    concurrency,
    cliPerSec: inputs / (median(results.cli.map((r) => r.ms)) / 1000),
    loopPerSec: inputs / (median(results.loop.map((r) => r.ms)) / 1000),
    vsLoop: pairRatio(results, 'cli', 'loop'),
    ndjsonVsLoop: pairRatio(results, 'loopNdjson', 'loop'),
    vsLoopNdjson: pairRatio(results, 'cli', 'loopNdjson'),
    cliRssMiB: median(rss.cli) / 1024,
    loopRssMiB: median(rss.loop) / 1024,
    bigRuns,
    cliBigRssMiB: median(big.cli.map((r) => r.rssKiB)) / 1024,
    loopBigRssMiB: median(big.loop.map((r) => r.rssKiB)) / 1024,
    cliBigPerSec: bigInputs / (median(big.cli.map((r) => r.ms)) / 1000),
    heap,
  };
}
