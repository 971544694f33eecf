// Small loopback servers that misbehave on purpose, and spawned runs of the built bin with their
// peak memory measured. Every server and temp dir is closed or removed by the test that made it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socialCommand } from '../helpers/spawn-cli.js';

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

export interface SpawnedRun {
  status: number | null;
  /** The first 64 KB of stdout (a large answer is counted, not kept). */
  stdout: string;
  stdoutBytes: number;
  /** The last bytes of stdout. */
  stdoutTail: string;
  stderr: string;
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
export function social(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<SpawnedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'social-hostile-'));
  const rssFile = join(dir, 'rss.txt');
  let [command, argv] = socialCommand(args);
  let probe = {};
  if (GNU_TIME) {
    argv = ['-v', '-o', rssFile, command, ...argv];
    command = '/usr/bin/time';
  } else {
    writeFileSync(join(dir, 'probe.cjs'), PROBE);
    probe = { NODE_OPTIONS: `--require ${join(dir, 'probe.cjs')}` };
  }
  const fullEnv = {
    ...probe,
    PATH: process.env.PATH ?? '',
    HOME: dir,
    SOCIAL_CONFIG_DIR: join(dir, 'config'),
    SOCIAL_CACHE_DIR: 'off',
    SOCIAL_RETRY_BASE_MS: '5',
    SOCIAL_TEST_RSS_FILE: rssFile,
    ...env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { env: fullEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stdoutBytes = 0;
    let stdoutTail = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => {
      stdoutBytes += data.length;
      if (stdout.length < KEEP) stdout += data.toString('utf8', 0, Math.min(data.length, KEEP - stdout.length));
      stdoutTail = (stdoutTail + data.toString('utf8', Math.max(0, data.length - 64))).slice(-64);
    });
    child.stderr.on('data', (data: Buffer) => {
      if (stderr.length < KEEP) stderr += data;
    });
    child.on('error', reject);
    child.on('close', (status) => {
      try {
        const report = readFileSync(rssFile, 'utf8');
        const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1]);
        // GNU time reports the exit status of the command as its own.
        resolve({ status, stdout, stdoutBytes, stdoutTail, stderr, peakRssMb: Math.round(kb / 1024) });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
    child.stdin.end(stdin);
  });
}

/** The env of a user of the service at `url`. */
export function serviceEnv(url: string, key = 'sk_test_hostile'): Record<string, string> {
  return { SOCIAL_BASE_URL: url, SOCIAL_API_KEY: key };
}
