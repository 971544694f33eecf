// A/B of builds: runs each tree's bench (node TREE/bench/run.js --json) in turn, several rounds,
// the order rotating each round so machine noise hits all alike, and prints for each measure the
// median over rounds of each tree's ratio to its baseline, and of the pairwise ratio of its own
// figure to the first tree's in the same round.
// Usage: node bench/ab.js [--rounds=N] [--only=start,one-call,batch] [--quick] NAME=TREE NAME=TREE…
// Each TREE is a checkout with node_modules, a build (npm run build) and this bench.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './lib.js';

const args = process.argv.slice(2);
const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(option('rounds') ?? 3);
const passOn = args.filter((arg) => arg.startsWith('--only=') || arg === '--quick');
const trees = args.filter((arg) => !arg.startsWith('--')).map((arg) => arg.split('='));
if (trees.length < 2) throw new Error('give at least two NAME=TREE');

const number = (text) => Number.parseFloat(String(text).replaceAll(',', ''));
const results = Object.fromEntries(trees.map(([name]) => [name, []]));
for (let round = 0; round < rounds; round += 1) {
  for (let i = 0; i < trees.length; i += 1) {
    const [name, tree] = trees[(i + round) % trees.length];
    process.stderr.write(`round ${round + 1}/${rounds}: ${name}\n`);
    const run = spawnSync(process.execPath, [join(tree, 'bench', 'run.js'), '--json', ...passOn], {
      cwd: tree,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`${name}: bench exit ${run.status}`);
    results[name].push(Object.fromEntries(JSON.parse(run.stdout).map((row) => [row.measure, row])));
  }
}

const [first] = trees[0];
const rows = [];
for (const measure of Object.keys(results[first][0])) {
  for (const [name] of trees) {
    const mine = results[name].map((r) => r[measure]);
    const ratio = median(mine.map((row) => number(row.ratio)).filter((n) => !Number.isNaN(n)));
    const ours = median(mine.map((row) => number(row.ours)));
    const pairwise = median(
      results[name].map((r, i) => number(r[measure].ours) / number(results[first][i][measure].ours)),
    );
    rows.push([
      measure,
      name,
      String(ours),
      Number.isNaN(ratio) ? '' : `${ratio.toFixed(2)}x`,
      `${pairwise.toFixed(3)}`,
    ]);
  }
}
const header = ['measure', 'tree', 'ours (median)', 'ratio to baseline (median)', `ours / ${first} (median of pairs)`];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [header, ...rows])
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
console.log(`\n${rounds} rounds; each ratio is the median over rounds, each pair from the same round.`);
