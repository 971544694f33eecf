// A loopback server that replays answers written by hand: each route (the path, without the query)
// answers with a fixed status, headers and body text. Nothing here knows social's schemas.
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { type CliRun, runCli, tempConfigDir } from '../helpers/cli.js';

interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON text as it goes on the wire (so a BOM, or a body that is not JSON, can be served). */
  text: string;
}

interface ReplayServer {
  url: string;
  /** Sets what a path answers from now on; a list, one reply a request, its last repeated. */
  set(path: string, reply: Reply | Reply[]): void;
  /** How many requests each path received. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

async function replayServer(): Promise<ReplayServer> {
  const replies = new Map<string, Reply[]>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const queue = replies.get(path);
    const reply = queue !== undefined && queue.length > 1 ? queue.shift() : queue?.[0];
    if (reply === undefined) {
      res.writeHead(599, { 'content-type': 'text/plain' }).end(`no fixture for ${path}`);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (path, reply) => replies.set(path, Array.isArray(reply) ? [...reply] : [reply]),
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ReplayHarness {
  /** The server of this test file, started before its tests. */
  readonly server: ReplayServer;
  /** A fresh SOCIAL_CONFIG_DIR, removed after the file's tests. */
  configDir(): string;
  /** `social args` in-process against the server, with a test key and a fresh config dir. */
  cli(args: string[], env?: Record<string, string>, stdin?: string): Promise<CliRun>;
}

/** A replay server for the tests of one file, and temporary config dirs, all cleaned up after. */
export function useReplayServer(): ReplayHarness {
  let server: ReplayServer | undefined;
  const dirs: string[] = [];
  beforeAll(async () => {
    server = await replayServer();
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const harness: ReplayHarness = {
    get server() {
      if (server === undefined) throw new Error('the replay server starts in beforeAll');
      return server;
    },
    configDir() {
      const dir = tempConfigDir();
      dirs.push(dir);
      return dir;
    },
    cli(args, env = {}, stdin) {
      return runCli(['--base-url', harness.server.url, '--api-key', 'test_key_0123456789', ...args], {
        env: { SOCIAL_CONFIG_DIR: harness.configDir(), ...env },
        stdin,
      });
    },
  };
  return harness;
}
