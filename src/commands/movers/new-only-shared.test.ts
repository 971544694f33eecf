// `movers --new-only` with its state on a PostgreSQL store (a real server the test starts): two
// machines polling the same niche in the same sandbox hour report each mover once between them,
// and a run killed before printing leaves its movers unseen (and the niche unlocked).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from '../../../test/helpers/postgres.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { spawnSocial, startSocial } from '../../../test/helpers/spawn-cli.js';

const pg = usePostgres();
const sandbox = useSandbox();

/** The sandbox's coverage as it is, and movers that never answer: a run stays under way, locked. */
let stuck: Server;
let stuckUrl: string;
beforeAll(async () => {
  stuck = createServer((req, res) => {
    if (!req.url?.startsWith('/api/v1/nichos')) return;
    void fetch(`${sandbox.current.url}${req.url}`).then(async (answer) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
  });
  stuck.listen(0, '127.0.0.1');
  await once(stuck, 'listening');
  stuckUrl = `http://127.0.0.1:${(stuck.address() as { port: number }).port}`;
});
afterAll(() => {
  stuck?.closeAllConnections();
  stuck?.close();
});

function ids(stdout: string): string[] {
  return (JSON.parse(stdout) as { items: Array<{ external_id: string }> }).items.map((item) => item.external_id);
}

describe.skipIf(!HAS_POSTGRES)('movers --new-only on a PostgreSQL store', () => {
  it('two machines polling the same niche in the same hour print each mover once between them', async () => {
    const store = pg.current.url(await pg.current.database());
    const machine = () => ({ ...sandboxEnv(sandbox.current.url, 'sbx_demo', tempConfigDir()), SOCIAL_STORE: store });
    const all = await spawnSocial(['movers', 'tech', '-o', 'json'], machine());
    expect(all.status, all.stderr).toBe(0);
    const every = ids(all.stdout);
    expect(every.length).toBeGreaterThan(0);
    const [a, b] = await Promise.all([
      spawnSocial(['movers', 'tech', '--new-only', '-o', 'json'], machine()),
      spawnSocial(['movers', 'tech', '--new-only', '-o', 'json'], machine()),
    ]);
    expect([a?.status, b?.status], `${a?.stderr}${b?.stderr}`).toEqual([0, 0]);
    const printed = [...ids(a?.stdout ?? ''), ...ids(b?.stdout ?? '')];
    expect(printed.sort()).toEqual([...every].sort());
    // And a third poll, later, has nothing new to say.
    const again = await spawnSocial(['movers', 'tech', '--new-only', '-o', 'json'], machine());
    expect(ids(again.stdout)).toEqual([]);
  }, 60_000);

  it('a run killed before printing leaves its movers unseen, and the niche unlocked', async () => {
    const store = pg.current.url(await pg.current.database());
    const doomed = startSocial(['movers', 'tech', '--new-only', '-o', 'json'], {
      ...sandboxEnv(stuckUrl, 'sbx_demo', tempConfigDir()),
      SOCIAL_STORE: store,
    });
    // Locked on the server, its call under way: the advisory lock is held by its connection.
    await expect
      .poll(() => pg.current.sql('postgres', "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"), {
        timeout: 20_000,
      })
      .toBe('1');
    doomed.child.kill('SIGKILL');
    await doomed.done;
    const next = await spawnSocial(['movers', 'tech', '--new-only', '-o', 'json'], {
      ...sandboxEnv(sandbox.current.url, 'sbx_demo', tempConfigDir()),
      SOCIAL_STORE: store,
      SOCIAL_LOCK_WAIT_MS: '15000',
    });
    expect(next.status, next.stderr).toBe(0);
    expect(ids(next.stdout).length).toBeGreaterThan(0);
  }, 60_000);
});
