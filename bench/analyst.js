// The analyst's commands on a large store: `history` of an account with 100,000 snapshots, `track
// report` over 1,000 watched accounts with 100 snapshots and 10 posts each, and `search` over
// 200,000 stored posts, each against a target of 150 ms of CPU for the whole process. The store is
// built here, straight into SQLite with the store's own schema (nothing is fetched), in a temp
// folder removed after. `node --version`-like start (`social --version`) is given for reference:
// what any run of the CLI costs before it reads the store.
//   node bench/analyst.js [--rounds=7] [--json] [--only=history,search] [--against=TREE] [--floor] [--store=FILE]
// `history terminal` is the table a person sees at a terminal (its newest 1,000 snapshots under a
// heading spanning them all), run through script(1)'s pseudo-terminal; the others write to a file.
// --floor runs bench/fixtures/history-floor.mjs and history-floor-sql.mjs beside each history
// command, interleaved the same way: node:sqlite, the same rows, the same bytes (checked in the
// warm-up round) and nothing else, the floor under any tool giving that answer (rows written by JS,
// or the text written by SQLite); each history row then gives both.
// --store=FILE keeps the store in FILE (built there when missing, used as it is when present), for
// timing by hand between runs.
// --against=TREE runs that tree's build too (TREE/bin/social.js: a checkout of main, built), each
// command of the two in interleaved pairs on the same store; each row then gives both trees' CPU
// and the median of the pairs' CPU ratios (this tree's over TREE's).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { bin, cleanEnv, distModule, fixtures, measured, median, removeDir, shellQuote, tempDir } from './lib.js';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const ROUNDS = Number(args.get('rounds') ?? 7);
const AGAINST = args.get('against');
const ONLY = args.get('only')?.split(',');
const STORE = args.get('store');
const FLOOR = args.has('floor');
const TARGET_MS = 150;
const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const WORDS =
  'rust terminal release layoffs hiring garden ceramics glaze kiln photo launch roadmap meetup tokyo feed labeler moderation driftwood logs tail regex server queue cache latency postgres sqlite index query planner stream batch shard cron report growth'.split(
    ' ',
  );

/** A small seeded generator (mulberry32): the same store every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The store: schema by the store's own migrations, then rows as fetches would have left them. */
async function buildStore(file) {
  const { MIGRATIONS } = await distModule('infra/store/schema');
  // The rows name fetch ids whose fetch log rows the bench does not make: no foreign keys here.
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: false });
  db.exec('PRAGMA journal_mode = WAL');
  for (const [step, sql] of MIGRATIONS.entries()) {
    db.exec(sql);
    db.exec(`PRAGMA user_version = ${step + 1}`);
  }
  const next = random(36);
  const profile = db.prepare(
    `INSERT INTO profiles (fetch_id, source, platform, handle, fetched_at, author_handle, followers, following, posts_count)
     VALUES (?, 'profile', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const post = db.prepare(
    `INSERT INTO posts (platform, id, handle, text, published_at, first_fetched_at, last_fetched_at, last_fetch_id)
     VALUES ('bluesky', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const metrics = db.prepare(
    `INSERT INTO post_metrics (fetch_id, platform, post_id, fetched_at, likes, replies, reposts, quotes, author_followers)
     VALUES (?, 'bluesky', ?, ?, ?, ?, ?, ?, ?)`,
  );
  const watch = db.prepare(
    "INSERT INTO watchlist (platform, handle, added_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z')",
  );
  let fetchId = 0;
  db.exec('BEGIN');
  // history: one account fetched 100,000 times, every 5 minutes.
  for (let i = 0, followers = 20_000; i < 100_000; i++, followers += Math.floor(next() * 5) - 1)
    profile.run(
      ++fetchId,
      'github',
      'octocat',
      new Date(START + i * 300_000).toISOString(),
      'octocat',
      followers,
      9,
      8,
    );
  // track report: 1,000 watched accounts, a snapshot a day for 100 days, 10 posts each.
  for (let a = 0; a < 1000; a++) {
    const platform = a % 2 === 0 ? 'bluesky' : 'github';
    const handle = platform === 'bluesky' ? `user${a}.bsky.social` : `user${a}`;
    watch.run(platform, handle);
    let followers = 1000 + Math.floor(next() * 100_000);
    for (let d = 0; d < 100; d++) {
      followers += Math.floor(next() * 200) - 50;
      const at = new Date(START + d * DAY_MS).toISOString();
      profile.run(++fetchId, platform, handle, at, handle, followers, 100, 50);
    }
    if (platform !== 'bluesky') continue;
    for (let p = 0; p < 10; p++) {
      const at = new Date(START + 99 * DAY_MS).toISOString();
      post.run(`at://${handle}/${p}`, handle, `post ${p} of ${handle}`, at, at, at, fetchId);
      metrics.run(fetchId, `at://${handle}/${p}`, at, 50 + p, 5, 3, 1, followers);
    }
  }
  // search: 200,000 posts of 12 to 40 words (the 5,000 above included), every word indexed.
  for (let i = 0; i < 195_000; i++) {
    const words = Array.from({ length: 12 + Math.floor(next() * 28) }, () => WORDS[Math.floor(next() * WORDS.length)]);
    const at = new Date(START + (i % 100) * DAY_MS).toISOString();
    post.run(`at://bulk/${i}`, `bulk${i % 500}.bsky.social`, words.join(' '), at, at, at, ++fetchId);
  }
  db.exec('COMMIT');
  db.close();
  return storeSizes(file);
}

function storeSizes(file) {
  const db = new DatabaseSync(file, { readOnly: true });
  const count = (table) => db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
  const sizes = { profiles: count('profiles'), posts: count('posts'), watchlist: count('watchlist') };
  db.close();
  return sizes;
}

const COMMANDS = {
  start: ['--version'],
  history: ['history', 'github', 'octocat', '-o', 'csv'],
  'history json': ['history', 'github', 'octocat', '--computed'],
  'history plain': ['history', 'github', 'octocat', '--json'],
  'history ndjson': ['history', 'github', 'octocat', '-o', 'ndjson', '--computed'],
  'history table': ['history', 'github', 'octocat', '-o', 'table'],
  'history terminal': ['history', 'github', 'octocat', '--no-pager'],
  'track report': ['track', 'report', '--since', '2026-03-01', '--computed'],
  search: ['search', 'layoffs', 'tokyo'],
  'search prefix': ['search', 'lay*', '--limit', '100'],
};

/**
 * The commands run at a terminal: through script(1)'s pseudo-terminal (its own CPU, copying what
 * the CLI prints, is in the figure), the table a person sees, not a pipe's.
 */
const AT_A_TERMINAL = new Set(['history terminal']);

/** What the floor script is given for each history command: the format it writes the same bytes of. */
const FLOORS = {
  history: 'csv',
  'history json': 'json-computed',
  'history plain': 'json',
  'history ndjson': 'ndjson-computed',
  'history table': 'table',
};

/** The commands to time: every one, or those --only names (a name picks the rows it begins). */
const chosen = Object.keys(COMMANDS).filter(
  (name) => ONLY === undefined || name === 'start' || ONLY.some((only) => name.startsWith(only)),
);

async function main() {
  const dir = tempDir();
  try {
    const file = STORE ?? join(dir, 'store.db');
    const built = Date.now();
    const sizes = STORE !== undefined && existsSync(STORE) ? storeSizes(STORE) : await buildStore(file);
    process.stderr.write(`store built in ${((Date.now() - built) / 1000).toFixed(1)} s: ${JSON.stringify(sizes)}\n`);
    const env = cleanEnv({ SOCIAL_STORE: file, SOCIAL_CONFIG_DIR: join(dir, 'config') });
    const trees = {
      ours: bin,
      ...(AGAINST === undefined ? {} : { theirs: join(AGAINST, 'bin', 'social.js') }),
      ...(FLOOR
        ? { floor: join(fixtures, 'history-floor.mjs'), sqlFloor: join(fixtures, 'history-floor-sql.mjs') }
        : {}),
    };
    /** What `tree` runs for `name`: the CLI's arguments, or a floor's (history only; SQLite's writes no table). */
    const argsOf = (tree, name) => {
      if (tree === 'ours' || tree === 'theirs') return COMMANDS[name];
      const format = FLOORS[name];
      return format === undefined || (tree === 'sqlFloor' && format === 'table')
        ? undefined
        : [format, 'github', 'octocat'];
    };
    const runs = Object.keys(trees).flatMap((tree) =>
      chosen.filter((name) => argsOf(tree, name) !== undefined).map((name) => [tree, name]),
    );
    const cpu = Object.fromEntries(runs.map(([tree, name]) => [`${tree} ${name}`, []]));
    const wall = Object.fromEntries(runs.map(([tree, name]) => [`${tree} ${name}`, []]));
    for (let round = 0; round <= ROUNDS; round++) {
      // Interleaved, the order rotating each round (a command's two trees side by side, their order
      // swapped each round); round 0 warms up and checks the output.
      const names = chosen.slice(round % chosen.length).concat(chosen.slice(0, round % chosen.length));
      const treeOrder = round % 2 === 0 ? Object.keys(trees) : Object.keys(trees).reverse();
      for (const name of names)
        for (const tree of treeOrder) {
          const argv = argsOf(tree, name);
          if (argv === undefined) continue;
          // The warm-up round keeps each output, for the floor's bytes to be checked against ours.
          const out = round === 0 ? join(dir, `${tree} ${name}.out`.replaceAll(' ', '-')) : '/dev/null';
          const line = [process.execPath, trees[tree], ...argv].join(' ');
          const command = AT_A_TERMINAL.has(name) ? `script -qec ${shellQuote(line)} /dev/null` : line;
          const result = await measured(`${command} > ${out}`, { env });
          if (result.code !== 0) throw new Error(`${tree} ${name} exited ${result.code}`);
          if (round === 0) continue;
          cpu[`${tree} ${name}`].push(result.cpuMs);
          wall[`${tree} ${name}`].push(result.ms);
        }
      if (round === 0 && FLOOR) checkFloorBytes(dir, names);
    }
    const rows = chosen.map((name) => {
      const ours = cpu[`ours ${name}`];
      const theirs = cpu[`theirs ${name}`];
      return {
        measure: name,
        command: `social ${COMMANDS[name].join(' ')}`,
        cpuMs: Math.round(median(ours)),
        wallMs: Math.round(median(wall[`ours ${name}`])),
        ...(cpu[`floor ${name}`] === undefined
          ? {}
          : {
              floorCpuMs: Math.round(median(cpu[`floor ${name}`])),
              overFloor: Number(median(ours.map((ms, i) => ms / cpu[`floor ${name}`][i])).toFixed(3)),
            }),
        ...(cpu[`sqlFloor ${name}`] === undefined
          ? {}
          : { sqlFloorCpuMs: Math.round(median(cpu[`sqlFloor ${name}`])) }),
        ...(theirs === undefined
          ? {}
          : {
              againstCpuMs: Math.round(median(theirs)),
              cpuRatio: Number(median(ours.map((ms, i) => ms / theirs[i])).toFixed(3)),
            }),
        target: name === 'start' ? 'ref' : `cpu ≤ ${TARGET_MS} ms`,
        result: name === 'start' ? 'ref' : median(ours) <= TARGET_MS ? 'PASS' : 'FAIL',
      };
    });
    const load = (await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    if (args.has('json')) process.stdout.write(`${JSON.stringify({ sizes, rounds: ROUNDS, load, rows }, null, 2)}\n`);
    else {
      process.stdout.write(`${new Date().toISOString()} · Node ${process.version} · load ${load}\n`);
      for (const row of rows)
        process.stdout.write(
          `${row.measure.padEnd(14)} ${String(row.cpuMs).padStart(5)} ms cpu ${String(row.wallMs).padStart(5)} ms wall  ${
            row.cpuRatio === undefined
              ? ''
              : `against ${String(row.againstCpuMs).padStart(5)} ms: ${row.cpuRatio.toFixed(2)}x  `
          }${
            row.floorCpuMs === undefined
              ? ''
              : `floor ${String(row.floorCpuMs).padStart(5)} ms: ${row.overFloor.toFixed(2)}x  `
          }${row.sqlFloorCpuMs === undefined ? '' : `sql floor ${String(row.sqlFloorCpuMs).padStart(5)} ms  `}${row.target.padEnd(14)} ${row.result}  ${row.command}\n`,
        );
    }
  } finally {
    removeDir(dir);
  }
}

/** The floor's output of each history command, as ours wrote it in the same round: byte for byte. */
function checkFloorBytes(dir, names) {
  for (const name of names) {
    if (FLOORS[name] === undefined) continue;
    const of = (tree) => readFileSync(join(dir, `${tree} ${name}.out`.replaceAll(' ', '-')));
    for (const floor of ['floor', 'sqlFloor'])
      if (existsSync(join(dir, `${floor} ${name}.out`.replaceAll(' ', '-'))) && !of(floor).equals(of('ours')))
        throw new Error(`${floor} of ${name} wrote other bytes than social`);
  }
}

await main();
