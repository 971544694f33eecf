// A PostgreSQL store slower than the service (its fetches table locked by another session, so no
// write of the batch can end): the batch counts the answers it handed to the store and not yet
// written against its memory, as it counts the output nobody has read, and starts no more calls
// while they fill it; once the lock goes, the rest is sent and every answer is stored.

import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { profileEnvelope } from './helpers/envelopes.js';
import { HAS_POSTGRES, usePostgres } from './helpers/postgres.js';
import { startSocial } from './helpers/spawn-cli.js';

const postgres = usePostgres();
const INPUTS = 300;
/** Each answer's bio: 64 KB, so that a few dozen answers fill the batch's 4 MB. */
const BIO = 'b'.repeat(64 * 1024);
let server: Server;
let served = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    served += 1;
    const handle = new URL(request.url ?? '/', 'http://x').searchParams.get('handle') ?? 'x';
    const envelope = profileEnvelope({ request_id: `req_${served}` });
    const data = envelope.data as { author: Record<string, unknown> };
    data.author = { ...data.author, handle, bio: BIO };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(envelope));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

describe.skipIf(!HAS_POSTGRES)('a PostgreSQL store slower than the service', () => {
  it('holds the batch back while its unwritten answers fill the memory budget, and stores every answer after', async () => {
    const database = await postgres.current.database();
    const url = postgres.current.url(database);
    const env = {
      ...sandboxEnv(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      SOCIAL_STORE: url,
    };
    // The store's tables made by a first run, then locked against every write by another session.
    const first = await startSocial(['profile', 'github', 'first', '--json'], env).done;
    expect(first.status, first.stderr).toBe(0);
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE fetches IN EXCLUSIVE MODE');
      const list = join(tempConfigDir(), 'inputs.txt');
      writeFileSync(list, `${Array.from({ length: INPUTS }, (_, i) => `user${i}`).join('\n')}\n`);
      served = 0;
      const batch = startSocial(
        ['profile', 'github', '--file', list, '--concurrency', '8', '-o', 'ndjson', '--debug'],
        env,
      );
      const waitLine = /answers hold ([\d.]+) MB and the output and the store ([\d.]+) MB not yet taken/;
      // Held back (the batch says so under --debug), or, without the bound, every input sent.
      await expect
        .poll(() => waitLine.test(batch.stderr()) || served >= INPUTS, { timeout: 60_000, interval: 20 })
        .toBe(true);
      expect(served, batch.stderr().slice(-2000)).toBeLessThan(INPUTS);
      const [, held, backlog] = waitLine.exec(batch.stderr())!;
      // The store's unwritten answers are what fill it: the test reads stdout as it comes.
      expect(Number(backlog)).toBeGreaterThan(1);
      expect(Number(held) + Number(backlog)).toBeGreaterThanOrEqual(4);
      const heldBack = served;
      await locker.query('COMMIT');
      const run = await batch.done;
      expect(run.status, run.stderr.slice(-2000)).toBe(0);
      expect(run.stderr).toContain(`${INPUTS} inputs: ${INPUTS} ok`);
      expect(served).toBe(INPUTS);
      expect(postgres.current.sql(database, "SELECT count(*) FROM fetches WHERE request LIKE '%user%'")).toBe(
        String(INPUTS),
      );
      console.log(
        `store backlog: ${heldBack} of ${INPUTS} sent while the store was locked; ${waitLine.exec(run.stderr)![0]}`,
      );
    } finally {
      await locker.end();
    }
  }, 120_000);
});
