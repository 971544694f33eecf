// The sandbox behind a small counting proxy, for the archive commands' tests: every request that
// reached the service is in `proxy.paths`, so "nothing sent" and "only the free coverage sent" are
// checkable. One sandbox for a file's tests; the user's environment and the paths fresh each test.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sandboxEnv } from './cli.js';
import type { TestSandbox } from './sandbox.js';
import { testSandbox } from './sandbox.js';

interface Proxy {
  url: string;
  /** Paths (with query) of every request that came through, in order. */
  paths: string[];
  close(): Promise<void>;
}

/** Forwards to `target` and records each request's path: "nothing sent" is then checkable. */
async function countingProxy(target: string): Promise<Proxy> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const headers: Record<string, string> = {};
    if (req.headers.authorization) headers.authorization = req.headers.authorization;
    fetch(`${target}${req.url ?? '/'}`, { headers })
      .then(async (answer) => {
        const out: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (name === 'content-type' || name.startsWith('x-')) out[name] = value;
        });
        res.writeHead(answer.status, out);
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface CountedSandbox {
  sandbox: TestSandbox;
  proxy: Proxy;
  /** A user pointed at the proxy with the demo key, in a fresh config dir. */
  env: Record<string, string>;
  /** What the demo key has spent: both wallets. */
  wallets(): { freeUsed: number; purchased: number };
}

/** The sandbox and its proxy for the tests of the file that calls it (in its top level). */
export function useCountedSandbox(): CountedSandbox {
  const counted = {
    wallets() {
      const account = counted.sandbox.core.ledger.activeAccount('sbx_demo')!;
      return { freeUsed: account.freeUsed, purchased: account.purchased };
    },
  } as CountedSandbox;
  beforeAll(async () => {
    counted.sandbox = await testSandbox();
    counted.proxy = await countingProxy(counted.sandbox.url);
  });
  afterAll(async () => {
    await counted.proxy.close();
    await counted.sandbox.close();
  });
  beforeEach(() => {
    counted.env = sandboxEnv(counted.proxy.url);
    counted.proxy.paths.length = 0;
  });
  return counted;
}

/** The paid requests among `paths`: all but the free coverage route. */
export const paid = (paths: string[]) => paths.filter((p) => !p.startsWith('/api/v1/nichos'));
