// npm run bench: every figure of issue 6, measured side by side in one run (medians of several
// runs), printed as one table: measure, ours, baseline, ratio, target, result. Progress goes to
// stderr, the table to stdout. A missed target is reported, not fatal; a section that fails to run
// is shown as an error row and makes the exit status 1. Everything on 127.0.0.1; every process
// spawned is killed at the end, also on error or Ctrl-C.
import { benchAutocannon } from './autocannon.js';
import { benchBatch } from './batch.js';
import { benchChart } from './chart.js';
import { benchExe } from './exe.js';
import { benchHugeTable, HUGE_MOVERS } from './huge-table.js';
import { benchJq } from './jq.js';
import { killAll, rssMethod, spawnSandbox, tempDir } from './lib.js';
import { benchMcp } from './mcp.js';
import { benchMemory } from './memory.js';
import { benchModules } from './modules.js';
import { benchOneCall } from './one-call.js';
import { benchRender } from './render.js';
import { benchSandbox } from './sandbox.js';
import { benchStart } from './start.js';

const quick = process.argv.includes('--quick'); // fewer runs, for trying the bench itself
const json = process.argv.includes('--json'); // the rows as JSON on stdout, for bench/ab.js
// --rounds=N: N rounds in every section instead of its own number, for a figure with less noise
const roundsArg = process.argv.find((arg) => arg.startsWith('--rounds='));
const roundsSet = roundsArg === undefined ? undefined : Number(roundsArg.slice('--rounds='.length));
if (roundsSet !== undefined && !(Number.isInteger(roundsSet) && roundsSet > 0))
  throw new Error('--rounds=N: a whole number above 0');
/** A section's number of rounds: --rounds when given, else its own (fewer with --quick). */
const runsOf = (normal, fewer) => roundsSet ?? (quick ? fewer : normal);
// --only start,one-call,batch: just those sections (names as in the progress lines)
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const only = onlyArg === undefined ? undefined : new Set(onlyArg.slice('--only='.length).split(','));
const rows = [];
const notes = [];
let failed = false;

const ms = (x) => (x === null || x === undefined ? '—' : `${x.toFixed(x < 10 ? 2 : 1)} ms`);
const x = (r) => `${r.toFixed(2)}x`;
const mib = (m) => `${m.toFixed(1)} MB`;
const perSec = (n) => `${Math.round(n).toLocaleString('en-US')}/s`;

/** A row; `pass` true/false against the target, null for a figure given for reference. */
function row(measure, ours, baseline, ratio, target, pass, wall = '') {
  rows.push({
    measure,
    ours,
    baseline,
    ratio,
    wall,
    target,
    result: pass === null ? 'ref' : pass ? 'PASS' : 'FAIL',
  });
}

/**
 * Whole processes against a baseline's, from pairRatio(): CPU ms (medians), the median of the
 * per-round CPU ratios (checked against `limit`, or `ref` without one) and of the wall ratios.
 */
function pairRow(measure, pair, baselineName, limit = null) {
  row(
    measure,
    ms(pair.oursCpuMs),
    `${baselineName} ${ms(pair.baseCpuMs)}`,
    x(pair.cpu),
    limit === null ? '' : `cpu <= ${limit.toFixed(2)}x`,
    limit === null ? null : pair.cpu <= limit,
    x(pair.wall),
  );
}

async function section(name, fn) {
  if (only !== undefined && name !== 'separate sandbox' && !only.has(name.replaceAll(' ', '-'))) return;
  const t0 = performance.now();
  process.stderr.write(`bench: ${name}…`);
  try {
    await fn();
    process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  } catch (error) {
    failed = true;
    process.stderr.write(` failed\n${error.stack ?? error}\n`);
    rows.push({
      measure: `${name}: ERROR`,
      ours: String(error.message).split('\n')[0].slice(0, 60),
      baseline: '',
      ratio: '',
      target: '',
      result: 'ERROR',
    });
  }
}

const PAIR_NOTE =
  'Rows with a wall ratio compare whole processes, run in interleaved rounds (the order rotating each round): ours and baseline are median CPU times (user + sys, the kernel accounting of the process and all it waited for, read by bash `times`), ratio is the median of the round-by-round CPU ratios, wall ratio the same for wall time. Other ratios are of medians of wall time.';

const started = performance.now();
try {
  await section('start', async () => {
    const r = await benchStart({ runs: runsOf(15, 5) });
    pairRow('start: social --version', r.version, 'node -e 0', 1.3);
    pairRow('start: social help', r.help, 'node -e 0', 1.4);
    notes.push(`start: ${r.runs} interleaved rounds after 2 warm-up rounds.`);
  });

  await section('one call', async () => {
    const r = await benchOneCall({ runs: runsOf(15, 5) });
    pairRow('one call: social niches --json', r.nichesVsUndici, 'undici', 1.0);
    pairRow('  the same', r.nichesVsNodeHttp, 'node:http');
    pairRow('  the same', r.nichesVsFetch, 'fetch()');
    pairRow('one call: social profile --json', r.profileVsUndici, 'undici', 1.0);
    pairRow('  the same', r.profileVsNodeHttp, 'node:http');
    pairRow('  ref: undici full entry (request)', r.undiciVsNodeHttp, 'node:http');
    pairRow('  ref: global fetch()', r.fetchVsNodeHttp, 'node:http');
    if (r.curlVsNodeHttp !== null) pairRow('  ref: curl -s', r.curlVsNodeHttp, 'node:http');
    notes.push(
      `one call: GET /api/v1/nichos and /api/v1/github/profile?handle=octocat on an in-process sandbox, ${r.runs} interleaved rounds after 2 warm-up rounds; the baselines are bare scripts printing the body (bench/fixtures: nodehttp-get.mjs, undici-request.mjs on undici's full entry point, fetch-get.mjs); the CLI cold (a fresh empty SOCIAL_CONFIG_DIR every run, so no coverage cache).`,
    );
  });

  await section('jq', async () => {
    const r = await benchJq({ runs: runsOf(15, 5) });
    if (r.vsPipe !== null) pairRow(`--jq '${r.filter}'`, r.vsPipe, '--json | jq', 1.5);
    pairRow(`  ref: --jq '${r.filter}'`, r.vsJson, '--json');
    notes.push(
      r.vsPipe === null
        ? '--jq: no row against `--json | jq`: jq is not installed (apt-get install jq).'
        : `--jq: social niches on an in-process sandbox, against \`social niches --json | jq\` (${r.jqVersion}: the pipeline's CPU is both processes'), ${r.runs} interleaved rounds.`,
    );
  });

  await section('modules', async () => {
    const r = await benchModules({ runs: runsOf(15, 5) });
    for (const m of r.modules)
      row(
        `modules: ${m.name}`,
        `${m.addedCpuMs < 0 ? '-' : '+'}${ms(Math.abs(m.addedCpuMs))}`,
        `node -e 0 ${ms(r.baseCpuMs)}`,
        '',
        '',
        null,
      );
    notes.push(
      `modules: where one call's CPU goes. Each library bundled alone (esbuild, minified CommonJS, as the build bundles it) and loaded by a bare process, the CLI bundle's module code run without main, bare one-GET scripts and the CLI's call; each figure the median of ${r.runs} round-by-round differences in CPU time from \`node -e 0\`.`,
    );
  });

  await section('exe', async () => {
    const r = await benchExe({ runs: runsOf(15, 5) });
    const node = `node ${process.version} bin/social.js`;
    if (r === null) {
      notes.push('exe: no rows, the single executable is not built (npm run build:exe).');
      return;
    }
    pairRow('exe: social-<os>-<arch> --version', r.version, node, 1.1);
    pairRow('exe: niches --json', r.call, node, 1.1);
    notes.push(
      `exe: the single executable (${r.sizeMiB.toFixed(0)} MB, Node 26 inside) against bin/social.js on this Node, ${r.runs} interleaved rounds; the call cold as in one call.`,
    );
  });

  await section('render', async () => {
    const r = await benchRender({ runs: runsOf(20, 5) });
    row(
      `render: trends table, ${r.points.toLocaleString('en-US')} pts`,
      ms(r.renderMs),
      `JSON.parse ${ms(r.parseMs)}`,
      '',
      '<= 50 ms',
      r.renderMs <= 50,
    );
    row('  ref: first render (cold)', ms(r.renderColdMs), '', '', '', null);
    row('render: 100-row table', ms(r.render100Ms), '', '', '<= 60 ms', r.render100Ms <= 60);
    row('  ref: first render (cold)', ms(r.render100ColdMs), '', '', '', null);
    row('render: table of 1 MB cells (4 rows)', ms(r.megaMs), '', '', '<= 100 ms', r.megaMs <= 100);
    row('  ref: first render (cold)', ms(r.megaColdMs), '', '', '', null);
    row('  ref: --series table (a row a point)', ms(r.renderSeriesMs), '', '', '', null);
    if (r.validateMs !== null) row('  ref: zod check of the body', ms(r.validateMs), '', '', '', null);
    notes.push(
      `render: 90-day tech trends (${r.items} items, ${r.points} points${r.truncated ? ', truncated at the cap' : ''}, ${r.bodyKiB.toFixed(0)} KiB), in-process from the build, median of ${r.runs} after one cold call; 120 columns, no colour.`,
    );
  });

  await section('chart', async () => {
    const r = await benchChart({ runs: runsOf(7, 3) });
    row(
      `chart: terminal, ${r.points.toLocaleString('en-US')} pts, 80x24`,
      ms(r.terminal80Ms),
      '',
      '',
      '<= 100 ms',
      r.terminal80Ms <= 100,
    );
    row('chart: terminal, 200x50', ms(r.terminal200Ms), '', '', '<= 100 ms', r.terminal200Ms <= 100);
    row('chart: SVG, loading ECharts', ms(r.svgMs), '', '', '<= 500 ms', r.svgMs <= 500);
    notes.push(
      `chart: 90-day business trends (${r.items} items, ${r.points} points${r.truncated ? ', truncated at the cap' : ''}), top 8 by rank; each run a fresh process timed from before the chart modules are imported to the output in hand (the SVG, ${r.svgKiB.toFixed(0)} KiB, includes loading ECharts), medians of ${r.runs}.`,
    );
  });

  await section('memory', async () => {
    for (const r of await benchMemory()) {
      const ratio = r.alone === undefined ? '' : x(r.mb / r.alone);
      row(
        `memory: ${r.name}`,
        mib(r.mb),
        r.alone === undefined ? '' : `${r.against} ${mib(r.alone)}`,
        ratio,
        `<= ${r.limit.toFixed(0)} MB`,
        r.mb <= r.limit,
      );
    }
    notes.push(
      `memory: peak RSS of the CLI by ${rssMethod}, one run a case, against loopback servers in the bench process; a batch's target is 1.5x the same answers at --concurrency 1 (the paused stdout's, 1.5x the same batch read as it comes).`,
    );
  });

  await section('huge-table', async () => {
    const r = await benchHugeTable();
    row(
      `table: ${HUGE_MOVERS.toLocaleString('en-US')} movers, whole run`,
      ms(r.ms),
      '',
      '',
      '<= 5000 ms',
      r.ms <= 5000,
    );
    row('  peak RSS', mib(r.mb), '', '', '', null);
    notes.push(
      `table: movers tech -o table at 120 columns against a loopback server sending ${HUGE_MOVERS.toLocaleString('en-US')} movers (${r.bodyMiB.toFixed(1)} MiB), one spawned run from spawn to exit, peak RSS by ${rssMethod}; the table draws the first 100.`,
    );
  });

  await section('sandbox', async () => {
    const r = await benchSandbox({ runs: runsOf(7, 3), queries: quick ? 200 : 500 });
    row('sandbox: up (process start→listening)', ms(r.startupMs), '', '', '<= 300 ms', r.startupMs <= 300);
    row(
      'sandbox: 90-day trends p99',
      ms(r.trends90dP99Ms),
      `p50 ${ms(r.trends90dP50Ms)}`,
      '',
      '<= 20 ms',
      r.trends90dP99Ms <= 20,
    );
  });

  await section('mcp', async () => {
    const r = await benchMcp({ runs: runsOf(15, 5), calls: 200, memoryCalls: quick ? 2_000 : 10_000 });
    pairRow('mcp: ready to answer initialize', r.ready, '--help', 1.5);
    const callRatio = r.call.mcp / r.call.cli;
    row(
      `mcp: ${r.calls} tool calls (profile)`,
      ms(r.call.mcp),
      `CLI in-process ${ms(r.call.cli)}`,
      x(callRatio),
      'cpu <= 1.20x',
      callRatio <= 1.2,
    );
    for (const [what, rss] of [
      ['', r.rss],
      [` (${r.installed.nodeOptions}, as installed)`, r.installed],
    ]) {
      const growth = rss.end - rss.start;
      row(
        `mcp: RSS over ${r.memoryCalls.toLocaleString('en-US')} tool calls${what}`,
        `+${mib(growth)}`,
        `${mib(rss.start)} -> ${mib(rss.end)} (peak ${mib(rss.peak)})`,
        '',
        '<= 20 MB',
        growth <= 20,
      );
    }
    notes.push(
      "mcp: ready = `{ cat initialize.jsonl; sleep 1; } | social mcp` against `social --help`, whole processes, CPU (the sleep's own CPU counts against mcp); calls = the server process's CPU (/proc) over 200 profile calls after one, against bench/fixtures/cli-calls.cjs running main() 200 times in one process; RSS = /proc VmRSS after 500 calls and after the rest, 8 at a time; the sandbox in a process of its own.",
    );
  });

  // The batch and autocannon need the sandbox in a process of its own.
  const dir = tempDir();
  let sandbox;
  const needsSandbox = only === undefined || only.has('batch') || only.has('autocannon');
  if (needsSandbox)
    await section('separate sandbox', async () => {
      sandbox = await spawnSandbox({ configDir: dir });
    });
  if (sandbox) {
    try {
      await section('batch', async () => {
        const r = await benchBatch({
          sandboxUrl: sandbox.url,
          dir,
          runs: runsOf(7, 2),
          bigInputs: quick ? 20_000 : 50_000,
          bigRuns: quick ? 1 : 3,
        });
        pairRow(
          `batch: ${r.inputs.toLocaleString('en-US')} profiles, c=${r.concurrency}, CPU`,
          r.vsLoop,
          'undici Pool loop',
          1.2,
        );
        pairRow('  ref: the loop, parsing and writing each answer', r.ndjsonVsLoop, 'undici Pool loop');
        pairRow('  ref: the batch', r.vsLoopNdjson, 'that loop');
        const ratio = r.cliPerSec / r.loopPerSec;
        row(
          `batch: ${r.inputs.toLocaleString('en-US')} profiles, c=${r.concurrency}`,
          perSec(r.cliPerSec),
          `undici ${perSec(r.loopPerSec)}`,
          x(ratio),
          '>= 0.80x',
          ratio >= 0.8,
        );
        row(
          'batch: peak RSS of the CLI',
          mib(r.cliRssMiB),
          `undici ${mib(r.loopRssMiB)}`,
          x(r.cliRssMiB / r.loopRssMiB),
          '<= 150 MB',
          r.cliRssMiB <= 150,
        );
        const growth = r.cliBigRssMiB / r.cliRssMiB;
        row(
          `batch: RSS ${r.bigInputs.toLocaleString('en-US')} vs ${r.inputs.toLocaleString('en-US')} inputs`,
          mib(r.cliBigRssMiB),
          mib(r.cliRssMiB),
          x(growth),
          '<= 1.10x',
          growth <= 1.1,
        );
        row(
          `  ref: the undici loop's RSS, ${r.bigInputs.toLocaleString('en-US')} vs ${r.inputs.toLocaleString('en-US')}`,
          mib(r.loopBigRssMiB),
          mib(r.loopRssMiB),
          x(r.loopBigRssMiB / r.loopRssMiB),
          '',
          null,
        );
        const sizes = `${r.bigInputs.toLocaleString('en-US')} vs ${r.inputs.toLocaleString('en-US')}`;
        const { heap } = r;
        // The same two figures of each client, at each size: one row a heap space.
        for (const [space, key] of [
          ["V8's young generation", 'newMiB'],
          ["the old generation's peak", 'oldMiB'],
        ]) {
          row(
            `  ref: ${space}, ${sizes}`,
            `${mib(heap.cliBig[key])} / ${mib(heap.cli[key])}`,
            `undici ${mib(heap.loopBig[key])} / ${mib(heap.loop[key])}`,
            x(heap.cliBig[key] / heap.cli[key]),
            '',
            null,
          );
        }
        row(
          `  ref: throughput at ${r.bigInputs.toLocaleString('en-US')} inputs`,
          perSec(r.cliBigPerSec),
          '',
          '',
          '',
          null,
        );
        notes.push(
          `batch: sandbox in its own process; throughput = inputs / whole-process wall time (start included, both clients), ${r.runs} runs each interleaved after a checked warm-up, medians; ` +
            `${r.bigInputs.toLocaleString('en-US')} inputs run ${r.bigRuns === 1 ? 'once' : `${r.bigRuns} times`} by each, interleaved, medians. Inputs: half cache hits of the sandbox's 5 known github accounts (200), half unique unknown handles (404, uncharged). The CLI runs with --no-store (what the store adds: bench/store.js). ` +
            `Peak RSS by ${rssMethod}. The young and old generation rows: one more run of each client at each size, with bench/fixtures/heap-peaks.mjs preloaded (V8's heap spaces sampled every 10 ms, their peaks).`,
        );
      });
      await section('autocannon', async () => {
        const r = await benchAutocannon({ sandboxUrl: sandbox.url, seconds: quick ? 2 : 4 });
        for (const route of r.routes) {
          row(`sandbox: req/s ${route.name}`, perSec(route.reqPerSec), `p99 ${ms(route.p99Ms)}`, '', '', null);
        }
        notes.push(
          `sandbox req/s: autocannon, ${r.connections} connections, ${r.seconds} s a route, against the separate sandbox process.`,
        );
      });
    } finally {
      await sandbox.stop();
    }
  }
} finally {
  killAll();
}

if (json) console.log(JSON.stringify(rows));
else {
  const headers = {
    measure: 'measure',
    ours: 'ours',
    baseline: 'baseline',
    ratio: 'ratio',
    wall: 'wall ratio',
    target: 'target',
    result: 'result',
  };
  const keys = Object.keys(headers);
  const widths = Object.fromEntries(
    keys.map((k) => [k, Math.max(...[headers, ...rows].map((r) => String(r[k]).length))]),
  );
  const line = (r) =>
    keys
      .map((k) => String(r[k]).padEnd(widths[k]))
      .join('  ')
      .trimEnd();
  const os = await import('node:os');
  console.log(
    `social bench · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · node ${process.version} · ${os.cpus().length} cores · load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end · ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(line(headers));
  console.log(keys.map((k) => '-'.repeat(widths[k])).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const n of [PAIR_NOTE, ...notes]) console.log(`- ${n}`);
  const passed = rows.filter((r) => r.result === 'PASS').length;
  const targets = rows.filter((r) => r.result === 'PASS' || r.result === 'FAIL').length;
  console.log(`\n${passed} of ${targets} targets met.`);
}
if (failed) process.exitCode = 1;
