// Issue 39's leftovers: words a Brazilian reader saw in English, or said two ways. bin/social.js
// spawned under LANG=pt_BR.UTF-8 (the in-process sandbox, its clock fixed, a config, data and
// home folder of its own a test), asserting the Portuguese; the same run under LANG=C says it in
// English, and what scripts read is the same bytes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useReplayServer } from './conformance/server.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const replay = useReplayServer();

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder of its own for a test's runs: config, data and cache below it. */
function home(): Record<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'pt-words-'));
  folders.push(folder);
  return {
    HOME: folder,
    SOCIAL_CONFIG_DIR: join(folder, 'config'),
    XDG_DATA_HOME: join(folder, 'data'),
    XDG_CACHE_HOME: join(folder, 'cache'),
    SOCIAL_SANDBOX_NOW: '2026-11-21T12:00Z',
  };
}

/** `social args` spawned in `lang` with `env`. */
async function run(lang: string, args: string[], env: Record<string, string>, stdin = '') {
  const spawned = await spawnSocial(args, { ...env, LANG: lang }, stdin);
  return { status: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr };
}

describe('Portuguese, complete and said one way', () => {
  it('store check: the problems table says its problems in Portuguese, its json in English', async () => {
    const env = home();
    const store = join(env.HOME!, 'broken.db');
    writeFileSync(store, 'not a database, '.repeat(512));
    const check = ['store', 'check'];
    const withStore = { ...env, SOCIAL_STORE: store };
    const pt = await run('pt_BR.UTF-8', [...check, '-o', 'table'], withStore);
    expect(pt.status).toBe(1);
    expect(pt.stdout.split('\n').slice(0, 3)).toEqual([
      `${store}: danificado`,
      'problema',
      expect.stringContaining(`${store}: danificado: não é um banco SQLite`),
    ]);
    const c = await run('C', [...check, '-o', 'table'], withStore);
    expect(c.stdout).toContain(`${store} damaged: not a SQLite database`);
    for (const format of ['--json', '-o csv']) {
      const args = [...check, ...format.split(' ')];
      const [ptRun, cRun] = [await run('pt_BR.UTF-8', args, withStore), await run('C', args, withStore)];
      expect([format, ptRun.status, ptRun.stdout]).toEqual([format, cRun.status, cRun.stdout]);
      expect(cRun.stdout).toContain('damaged: not a SQLite database');
    }
  });

  it('an uncertain charge: --debug and the warning say why in Portuguese, the spend ledger in English', async () => {
    replay.server.set('/api/v1/nichos', {
      status: 200,
      text: JSON.stringify({ niches: [{ id: 'tech', label: 'Tech', windows_24h: 24, last_window: null }] }),
    });
    // credits_charged -1: no count of credits, counted at the route's price as possibly charged.
    const movers = { niche: 'tech', total: 0, interval_min: null, credits_charged: -1, credits_balance: 90, items: [] };
    replay.server.set('/api/v1/movers/tech', { status: 200, text: JSON.stringify(movers) });
    const ledgers: string[] = [];
    const runs: Array<Awaited<ReturnType<typeof run>>> = [];
    for (const lang of ['pt_BR.UTF-8', 'C']) {
      const env = { ...home(), SOCIAL_BASE_URL: replay.server.url };
      const args = ['--api-key', 'test_key_0123456789', '--retries', '0', '--debug', 'movers', 'tech', '--json'];
      runs.push(await run(lang, args, env));
      const [record] = readFileSync(join(env.SOCIAL_CONFIG_DIR!, 'spend.jsonl'), 'utf8').trim().split('\n');
      ledgers.push(JSON.parse(record!).reason);
    }
    const [pt, c] = runs as [(typeof runs)[0], (typeof runs)[0]];
    const why = {
      pt: 'a resposta informou credits_charged como -1, que não é uma contagem de créditos',
      c: 'the answer stated credits_charged as -1, not a count of credits',
    };
    expect(pt.stderr).toContain(
      `/api/v1/movers/tech?hours=24&limit=20: contada como 10 créditos, talvez cobrada: ${why.pt}\n`,
    );
    expect(pt.stderr).toContain(`aviso: ${why.pt}: contada como 10 créditos`);
    expect(c.stderr).toContain(
      `/api/v1/movers/tech?hours=24&limit=20: counted as 10 credits, possibly charged: ${why.c}\n`,
    );
    expect([pt.status, pt.stdout]).toEqual([c.status, c.stdout]);
    expect(ledgers).toEqual([why.c, why.c]);
  });
});
