// Issue 39's leftovers: words a Brazilian reader saw in English, or said two ways. bin/social.js
// spawned under LANG=pt_BR.UTF-8 (the in-process sandbox, its clock fixed, a config, data and
// home folder of its own a test), asserting the Portuguese; the same run under LANG=C says it in
// English, and what scripts read is the same bytes.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
function home(): Record<string, string> & { HOME: string; SOCIAL_CONFIG_DIR: string } {
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

  it('a duration is said one way: the movers heading, the trends legend and its span error', async () => {
    const env = home();
    const movers = ['--sandbox', 'movers', 'tech', '-o', 'table'];
    const [pt, c] = [await run('pt_BR.UTF-8', movers, env), await run('C', movers, env)];
    expect(pt.stdout.split('\n')[0]).toBe('tech · 5 itens em alta · janelas a 1 dia 8 min uma da outra, pedido 1 dia');
    expect(c.stdout.split('\n')[0]).toBe('tech · 5 movers · windows 1d 8m apart, asked 1d');
    const trends = await run('pt_BR.UTF-8', ['--sandbox', 'trends', 'tech', '--from', '36h', '-o', 'table'], env);
    expect(trends.stdout.split('\n')[1]).toBe(
      'minigráficos: 24 células de 1 h 30 min do início ao fim, em branco fora do ranking, › entrou, ‹ saiu',
    );
    const span = await run('pt_BR.UTF-8', ['--sandbox', 'trends', 'tech', '--from', '2026-01-01'], env);
    expect(span.stderr.split('\n')[0]).toBe(
      'erro: o intervalo abrange 324 dias 12 h; o arquivo atende no máximo 90 dias por chamada',
    );
  });

  it("a hint's reset date is written dd/mm/aaaa, and says what the call needs in credits", async () => {
    const env = home();
    const empty = ['--sandbox', '--api-key', 'sbx_empty', 'profile', 'github', 'octocat'];
    const [pt, c] = [await run('pt_BR.UTF-8', empty, env), await run('C', empty, home())];
    expect(pt.stderr).toContain(
      'A franquia gratuita volta em 01/12/2026 (00:00 UTC); até lá, só créditos\ncomprados resolvem. Tentar de novo não adianta. Esta chamada precisa de 1\ncrédito.',
    );
    expect(c.stderr).toContain('The free allowance comes back on 2026-12-01 (00:00 UTC)');
    const unlike = (text: string) => text.replace(/req_\w+/g, 'req');
    expect([pt.status, unlike(pt.stdout)]).toEqual([c.status, unlike(c.stdout)]);
    const capped = await run(
      'pt_BR.UTF-8',
      ['--sandbox', '--api-key', 'sbx_capped', 'profile', 'github', 'octocat'],
      env,
    );
    expect(capped.stderr).toContain('Os gastos voltam em 01/12/2026, ou quando o teto for aumentado.');
  });

  it("the in-process sandbox's damaged state file: why, in Portuguese", async () => {
    const env = home();
    mkdirSync(env.SOCIAL_CONFIG_DIR, { recursive: true });
    writeFileSync(join(env.SOCIAL_CONFIG_DIR, 'sandbox-state.json'), 'garbage{');
    const pt = await run('pt_BR.UTF-8', ['--sandbox', 'niches', '--json'], env);
    expect(pt.stderr).toContain('sandbox-state.json estava danificado (não é um JSON válido): movido para ');
  });

  it("help's help command, the handle column and a post's example say Portuguese", async () => {
    const env = home();
    const store = await run('pt_BR.UTF-8', ['store', '--help'], env);
    expect(store.stdout).toMatch(/\n {2}help \[comando\] +mostra a ajuda do comando\n/);
    const english = await run('C', ['store', '--help'], env);
    expect(english.stdout).toContain('\n  help [command]  display help for command\n');
    const track = await run('pt_BR.UTF-8', ['--sandbox', 'track', 'add', 'github', 'octocat', '-o', 'table'], env);
    expect(track.stdout.split('\n')[0]).toBe('plataforma  identificador  adicionado');
    const post = await run('pt_BR.UTF-8', ['--sandbox', 'post', 'bluesky'], env);
    expect(post.stderr).toContain('3n2p5d7ji25zm ou\nhttps://bsky.app/');
  });

  it("credits' spend table writes its days dd/mm/aaaa, csv and json keep them; config get says a key unset", async () => {
    const env = home();
    mkdirSync(env.SOCIAL_CONFIG_DIR, { recursive: true });
    const spent = { at: '2026-11-20T10:00:00.000Z', command: 'profile', path: '/api/v1/github/profile' };
    const record = { ...spent, service: 'http://127.0.0.1:9', key: '9ae87849', credits: 1, cached: false };
    writeFileSync(join(env.SOCIAL_CONFIG_DIR, 'spend.jsonl'), `${JSON.stringify(record)}\n`);
    const credits = ['--base-url', 'http://127.0.0.1:9', '--api-key', 'sbx_demo', '--retries', '0', 'credits'];
    const since = ['--since', '2026-11-01'];
    const pt = await run('pt_BR.UTF-8', [...credits, ...since, '-o', 'table'], env);
    expect(pt.stdout).toMatch(/\n20\/11\/2026 +profile +1 +0 +1\n/);
    const c = await run('C', [...credits, ...since, '-o', 'table'], env);
    expect(c.stdout).toMatch(/\n2026-11-20 +profile +1 +0 +1\n/);
    for (const format of ['--json', '-o csv']) {
      const args = [...credits, ...since, ...format.split(' ')];
      const [ptRun, cRun] = [await run('pt_BR.UTF-8', args, env), await run('C', args, env)];
      expect([format, ptRun.status, ptRun.stdout]).toEqual([format, cRun.status, cRun.stdout]);
      expect(cRun.stdout).toContain('2026-11-20');
    }
    const unset = await run('pt_BR.UTF-8', ['config', 'get', 'api-key'], env);
    expect(unset.stderr).toBe('api-key: sem valor definido\n');
  });
});
