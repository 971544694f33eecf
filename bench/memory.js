// Memory against answers that are large, finely chunked or deeply nested: peak RSS of the CLI
// process from the kernel (see withPeakRss), one run a case, against small loopback servers in this
// process. A batch is compared with the same answers one at a time (--concurrency 1).
//
// Run alone: `npm run build && node bench/memory.js [word]` (only the cases whose name has the
// word, like `paused`), or `node bench/run.js --only=memory`.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, cleanEnv, killTree, removeDir, run, tempDir, track, withPeakRss } from './lib.js';

const MB = 2 ** 20;
const KEY = 'sk_bench_memory';

/** A profile envelope whose author's bio is `bio` (JSON text). */
function profileBody(bio) {
  return `{"success":true,"platform":"github","endpoint":"profile","data":{"author":{"id":"1","handle":"h","name":"N","bio":${bio},"avatar_url":null,"followers":1,"following":2,"posts_count":3,"verified":null,"is_private":false,"external_url":null,"url":"https://github.com/h"},"items":[],"has_more":false,"next_cursor":null},"error":null,"credits_used":1,"cached":false,"request_id":"req_1","credits_remaining":99}`;
}

const deep = (bytes) => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;

/** Listens on 127.0.0.1; resolves { url, requests(), close() }. */
function listen(server) {
  let requests = 0;
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  server.on('request', () => (requests += 1));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        requests: () => requests,
        count: () => (requests += 1),
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Every request answered with `body`, with its Content-Length. */
const fixedServer = (body) => {
  const bytes = Buffer.from(body);
  return listen(
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
      res.end(bytes);
    }),
  );
};

/** Every request answered with `body` in chunked encoding, `size` bytes a chunk (one write). */
async function chunkedServer(body, size) {
  const text = Buffer.from(body);
  const parts = [];
  const frame = Buffer.from(`${size.toString(16)}\r\n`);
  for (let at = 0; at < text.length; at += size) {
    const piece = text.subarray(at, at + size);
    parts.push(piece.length === size ? frame : Buffer.from(`${piece.length.toString(16)}\r\n`), piece, CRLF);
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  const wire = Buffer.concat([
    Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n'),
    ...parts,
  ]);
  let loopback;
  const server = createNetServer((socket) => {
    let head = '';
    socket.on('data', (data) => {
      head += data.toString('latin1');
      while (head.includes('\r\n\r\n')) {
        head = head.slice(head.indexOf('\r\n\r\n') + 4);
        loopback.count();
        socket.write(wire);
      }
    });
  });
  loopback = await listen(server);
  return loopback;
}
const CRLF = Buffer.from('\r\n');

/** Every request answered with a body that never ends, as fast as the client reads. */
function endlessServer() {
  const chunk = `${JSON.stringify('x'.repeat(1000))},`.repeat(1024);
  return listen(
    createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,"data":{"author":{"bio":[');
      let gone = false;
      res.on('close', () => (gone = true));
      const write = () => {
        while (!gone) if (!res.write(chunk)) return res.once('drain', write);
      };
      write();
    }),
  );
}

function handles(dir, count) {
  const file = join(dir, `inputs-${count}.txt`);
  writeFileSync(file, `${Array.from({ length: count }, (_, i) => `h${i}`).join('\n')}\n`);
  return file;
}

/** Peak RSS (MB) of one CLI run against `url`; stdout to /dev/null. */
async function peak(dir, url, args) {
  const p = withPeakRss([bin, ...args], dir);
  await run(p.cmd, p.args, {
    env: cleanEnv({ ...p.env, SOCIAL_BASE_URL: url, SOCIAL_API_KEY: KEY, SOCIAL_CONFIG_DIR: join(dir, 'config') }),
    timeoutMs: 180_000,
    okCodes: [0, 11, 12],
  });
  return p.read() / 1024;
}

/**
 * Peak RSS (MB) of a batch whose stdout is a pipe nobody reads until requests stop coming (none
 * for a second, once the first has come: a loaded machine may take longer than that to start the
 * CLI) or all are served; then it is read to the end. `pausedMb`: the CLI's peak when the reading
 * resumed, what the backpressure alone bounds.
 */
async function pausedPeak(dir, server, args, inputs) {
  const p = withPeakRss([bin, ...args], dir);
  const child = track(
    spawn(p.cmd, p.args, {
      env: cleanEnv({
        ...p.env,
        SOCIAL_BASE_URL: server.url,
        SOCIAL_API_KEY: KEY,
        SOCIAL_CONFIG_DIR: join(dir, 'config'),
      }),
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  child.stdout.pause();
  const closed = new Promise((resolve) => child.on('close', resolve));
  const before = server.requests();
  const sent = () => server.requests() - before;
  let seen = -1;
  const started = Date.now();
  while (sent() < inputs && (sent() === 0 ? Date.now() - started < 120_000 : sent() !== seen)) {
    seen = sent();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const servedWhilePaused = sent();
  const pausedMb = nodePeakMb(child.pid);
  child.stdout.resume();
  const timer = setTimeout(() => killTree(child), 600_000);
  await closed;
  clearTimeout(timer);
  return { mb: p.read() / 1024, servedWhilePaused, pausedMb };
}

/** The peak RSS so far (MB) of the node process `pid` runs, or is (GNU time runs it as its child). */
function nodePeakMb(pid) {
  const hwm = (id) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1]) / 1024;
  try {
    const child = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0];
    return hwm(child === '' ? pid : child);
  } catch {
    return Number.NaN;
  }
}

/** A batch's arguments over the handles in `file`, at a given concurrency. */
const batchArgs = (file) => (concurrency) => [
  'profile',
  'github',
  '--file',
  file,
  '-o',
  'ndjson',
  '--concurrency',
  String(concurrency),
];

/** Every case, or those whose name contains `only`. */
export async function benchMemory(only) {
  const dir = tempDir();
  const rows = [];
  const single = (name, mb, limit) => rows.push({ name, mb, limit });
  // `against`: what the baseline is, one at a time unless said.
  const batch = (name, mb, alone, against = 'one at a time') =>
    rows.push({ name, mb, alone, against, limit: 1.5 * alone });
  /** A batch of `count` inputs at concurrency `count`, held against the same inputs one at a time. */
  const batchAgainstAlone = async (name, server, count) => {
    const args = batchArgs(handles(dir, count));
    const alone = await peak(dir, server.url, args(1));
    batch(name, await peak(dir, server.url, args(count)), alone);
  };
  // A case runs when `only` is unset or names it: `key` is a word of its rows' names.
  const using = async (key, server, body) => {
    if (only !== undefined && !key.includes(only)) return;
    const open = await server();
    try {
      return await body(open);
    } finally {
      await open.close();
    }
  };
  try {
    await using(
      '1 MB answer in 1-byte chunks',
      () => chunkedServer(profileBody(JSON.stringify('x'.repeat(MB - 400))), 1),
      async (s) =>
        single('1 MB answer in 1-byte chunks', await peak(dir, s.url, ['profile', 'github', 'h', '--json']), 150),
    );
    await using(
      '1 MB of nested arrays',
      () => chunkedServer(profileBody(deep(MB - 400)), 1024),
      async (s) => single('1 MB of nested arrays', await peak(dir, s.url, ['profile', 'github', 'h', '--json']), 150),
    );
    await using(
      '8 MB answer in 1-byte chunks',
      () => chunkedServer(profileBody(JSON.stringify('x'.repeat(8 * MB))), 1),
      async (s) =>
        single('8 MB answer in 1-byte chunks', await peak(dir, s.url, ['profile', 'github', 'h', '--json']), 400),
    );
    await using(
      '31 MB string field, 31 MB answers',
      () => fixedServer(profileBody(JSON.stringify('x'.repeat(31 * MB)))),
      async (s) => {
        single('one 31 MB string field', await peak(dir, s.url, ['profile', 'github', 'h', '--json']), 400);
        single(
          'one 31 MB string field, --jq',
          await peak(dir, s.url, ['profile', 'github', 'h', '--jq', '.data.author.handle']),
          400,
        );
        await batchAgainstAlone('batch: 31 MB answers, 8 inputs, c=8', s, 8);
      },
    );
    await using(
      '2 MB nested arrays',
      () => fixedServer(profileBody(deep(2 * MB))),
      (s) => batchAgainstAlone('batch: 2 MB nested arrays, 16 inputs, c=16', s, 16),
    );
    await using(
      'endless bodies',
      () => endlessServer(),
      async (s) => {
        single('an endless body, cut at the default 32 MB cap', await peak(dir, s.url, ['api', 'github/profile']), 150);
        await batchAgainstAlone('batch: endless bodies, 64 inputs, c=64', s, 64);
      },
    );
    await using(
      'stdout paused',
      () => fixedServer(profileBody(JSON.stringify('x'.repeat(300 * 1024)))),
      async (s) => {
        // Against the same batch read as it comes (as test/hostile/memory.test.ts holds it): once
        // the reader resumes, the paused batch runs at c=4 as that one does, and the peak of the
        // whole run is that run's; the pause itself is what the budget bounds (its peak named).
        const args = batchArgs(handles(dir, 1000));
        const read = await peak(dir, s.url, args(4));
        const paused = await pausedPeak(dir, s, args(4), 1000);
        const during = Number.isNaN(paused.pausedMb) ? '' : `, ${paused.pausedMb.toFixed(0)} MB at the pause`;
        batch(
          `batch: 1,000 x 300 KB, c=4, stdout paused (${paused.servedWhilePaused} sent meanwhile${during})`,
          paused.mb,
          read,
          'read as it comes',
        );
      },
    );
  } finally {
    removeDir(dir);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await benchMemory(process.argv[2])) {
    const verdict = r.mb <= r.limit ? 'PASS' : 'FAIL';
    const against = r.alone === undefined ? '' : ` (${r.against} ${r.alone.toFixed(0)} MB)`;
    console.log(
      `${r.name.padEnd(58)} ${r.mb.toFixed(0).padStart(5)} MB${against} <= ${r.limit.toFixed(0)} MB ${verdict}`,
    );
  }
}
