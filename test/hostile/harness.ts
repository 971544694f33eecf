// Small loopback servers that misbehave on purpose, and spawned runs of the built bin with their
// peak memory measured. Every server and temp dir is closed or removed by the test that made it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SpawnedRun, startSocial } from '../helpers/spawn-cli.js';

export interface Loopback {
  url: string;
  /** Requests whose head the server read. */
  requests: () => number;
  close(): Promise<void>;
}

function track(server: ReturnType<typeof createNetServer>, count: () => number): Promise<Loopback> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests: count,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Runs `body` with the server open, and closes it after, whatever happens. */
export async function using<T>(server: Promise<Loopback>, body: (server: Loopback) => Promise<T>): Promise<T> {
  const open = await server;
  try {
    return await body(open);
  } finally {
    await open.close();
  }
}

/** A node:http server; `handle` sees each request with its number (1, 2, …). */
export function httpServer(handle: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<Loopback> {
  let n = 0;
  const server = createServer((req, res) => {
    n += 1;
    handle(req, res, n);
  });
  return track(server as unknown as ReturnType<typeof createNetServer>, () => n);
}

/**
 * A raw TCP server: `onRequest` runs once a whole request head has arrived on a connection (the
 * point where a real service could charge), with the socket to misbehave on.
 */
export function rawServer(onRequest: (socket: Socket, head: string) => void): Promise<Loopback> {
  let n = 0;
  const server = createNetServer((socket) => {
    let head = '';
    socket.on('error', () => {});
    socket.on('data', (data) => {
      head += data.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      n += 1;
      const request = head.slice(0, end);
      head = head.slice(end + 4);
      onRequest(socket, request);
    });
  });
  return track(server, () => n);
}

/** A port that was free a moment ago: nothing listens there. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface MeasuredRun extends SpawnedRun {
  /** Peak resident set size of the CLI process, in MB. */
  peakRssMb: number;
}

const KEEP = 64 * 1024;
// GNU time's -v report, where the machine has it; otherwise a preloaded probe reads
// process.resourceUsage().maxRSS as the process exits.
const GNU_TIME = existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-v', 'true']).status === 0;
const PROBE = `const { writeFileSync } = require('node:fs');
process.on('exit', () => writeFileSync(process.env.SOCIAL_TEST_RSS_FILE, 'Maximum resident set size (kbytes): ' + process.resourceUsage().maxRSS));
`;

/** Runs bin/social.js (built) in a fresh config dir, removed after; measures its peak RSS. */
export async function social(
  args: string[],
  env: Record<string, string> = {},
  stdin = '',
  options: {
    /** stdout is not read until this resolves (a reader that is paused); it sees stderr so far. */
    holdStdout?: (stderr: () => string) => Promise<void>;
  } = {},
): Promise<MeasuredRun> {
  const dir = mkdtempSync(join(tmpdir(), 'social-hostile-'));
  const rssFile = join(dir, 'rss.txt');
  let prefix: string[] | undefined;
  let probe = {};
  if (GNU_TIME) prefix = ['/usr/bin/time', '-v', '-o', rssFile];
  else {
    writeFileSync(join(dir, 'probe.cjs'), PROBE);
    probe = { NODE_OPTIONS: `--require ${join(dir, 'probe.cjs')}` };
  }
  const fullEnv = {
    ...probe,
    HOME: dir,
    SOCIAL_CONFIG_DIR: join(dir, 'config'),
    SOCIAL_CACHE_DIR: 'off',
    SOCIAL_RETRY_BASE_MS: '5',
    SOCIAL_TEST_RSS_FILE: rssFile,
    ...env,
  };
  try {
    // GNU time reports the exit status of the command as its own.
    const running = startSocial(args, fullEnv, { stdin, prefix, keep: KEEP });
    const stdout = running.child.stdout;
    if (options.holdStdout !== undefined && stdout !== null) {
      stdout.pause();
      await options.holdStdout(running.stderr).catch((error) => {
        stdout.destroy();
        running.child.kill();
        throw error;
      });
      stdout.resume();
    }
    const run = await running.done;
    const report = readFileSync(rssFile, 'utf8');
    const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1]);
    return { ...run, peakRssMb: Math.round(kb / 1024) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The env of a user of the service at `url`. */
export function serviceEnv(url: string, key = 'sk_test_hostile'): Record<string, string> {
  return { SOCIAL_BASE_URL: url, SOCIAL_API_KEY: key };
}
