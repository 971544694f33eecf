// A gate in front of a server: requests reach it and wait there until the test opens the gate, so
// a test can act while a request is under way (send a signal, look for a spinner) on a condition
// it can see, instead of guessing with a fixed sleep.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Gate {
  url: string;
  /** How many requests have reached the gate. */
  readonly arrived: number;
  /** Resolves once `count` requests have reached the gate. */
  waitForArrivals(count?: number): Promise<void>;
  /** Lets every waiting and later request through to the target. */
  open(): void;
  close(): Promise<void>;
}

/** A gate to `target`; only the requests `holds` names (by path) wait at it, when given. */
export async function gateTo(target: string, holds: (path: string) => boolean = () => true): Promise<Gate> {
  let arrived = 0;
  let opened = false;
  const held: Array<() => void> = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = await fetch(`${target}${req.url ?? '/'}`, {
      method: req.method,
      headers: { authorization: req.headers.authorization ?? '' },
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  const server = createServer((req, res) => {
    arrived += 1;
    for (const watcher of watchers.filter((w) => arrived >= w.count)) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
    const go = () => void forward(req, res).catch(() => res.destroy());
    if (opened || !holds(req.url ?? '/')) go();
    else held.push(go);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get arrived() {
      return arrived;
    },
    waitForArrivals(count = 1) {
      if (arrived >= count) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ count, resolve }));
    },
    open() {
      opened = true;
      for (const go of held.splice(0)) go();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `condition` until it holds (every 10 ms, at most `timeoutMs`): a wait on what the test can see. */
export async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
