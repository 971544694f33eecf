// `social budget set|show` and --budget, against a real PostgreSQL server the test starts itself:
// the limit and what is spent by machine; the store's URL never printed with its password; a store
// that cannot be used said plainly, with nothing sent.
import { once } from 'node:events';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../../test/helpers/cli.js';
import { HAS_POSTGRES, usePostgres } from '../../../test/helpers/postgres.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { spawnSocial, startSocial } from '../../../test/helpers/spawn-cli.js';

const pg = usePostgres();
const sandbox = useSandbox();

/** A service that takes requests and never answers: calls stay under way, reservations open. */
let silent: Server;
let silentUrl: string;
/** The requests it took. */
let unanswered = 0;
beforeAll(async () => {
  silent = createServer(() => {
    unanswered += 1;
  });
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

async function store(): Promise<string> {
  return pg.current.url(await pg.current.database());
}

function env(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...sandboxEnv(sandbox.current.url), SOCIAL_STORE: url, ...extra };
}

interface Shown {
  name: string;
  credits: number;
  per: string | null;
  period: string;
  charged: number;
  uncertain: number;
  reserved: number;
  expired: number;
  possibly_charged: number;
  machines: Array<{ machine: string; calls: number; charged: number; uncertain: number; reserved: number }>;
}

async function show(url: string, name: string): Promise<Shown> {
  const run = await runCli(['budget', 'show', name, '-o', 'json'], { env: env(url) });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Shown;
}

describe('budget without a PostgreSQL store', () => {
  it('refuses --budget and budget show with no store URL (exit 2), sending nothing', async () => {
    const served = sandbox.current.core.ledger.chargesByRequest.size;
    const run = await runCli(['profile', 'github', 'octocat', '--budget', 'team'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PostgreSQL store');
    const shown = await runCli(['budget', 'show', 'team'], { env: sandboxEnv(sandbox.current.url) });
    expect(shown.status).toBe(2);
    expect(sandbox.current.core.ledger.chargesByRequest.size).toBe(served);
  });

  it('says after how long a chunk its process stopped renewing turns into an uncertain charge, in both languages', async () => {
    const said = {
      en: [
        'SOCIAL_BUDGET_EXPIRY_MS after the last renewal (default 600000, 10 minutes)',
        'turns into an uncertain charge at all it still held',
      ],
      'pt-BR': [
        'SOCIAL_BUDGET_EXPIRY_MS depois da última renovação (padrão 600000, 10 minutos)',
        'vira uma cobrança incerta de tudo o que ainda reservava',
      ],
    };
    const environment = {
      en: 'after its process last renewed it (a running process renews each second), in milliseconds; then it turns into an uncertain charge at all it held, never freed (default 600000, 10 minutes)',
      'pt-BR':
        'depois da última renovação pelo processo dela (um processo rodando renova a cada segundo), em milissegundos; depois vira uma cobrança incerta de tudo o que reservava, nunca liberada (padrão 600000, 10 minutos)',
    };
    for (const language of ['en', 'pt-BR'] as const) {
      const env = { ...sandboxEnv(sandbox.current.url), SOCIAL_LANG: language, COLUMNS: '1000' };
      const help = await runCli(['budget', '--help'], { env });
      const listed = await runCli(['help', 'environment'], { env });
      // Lines joined: the help is wrapped to the width.
      const words = (run: { stdout: string }) => run.stdout.replace(/\s+/g, ' ');
      for (const phrase of said[language]) expect(words(help)).toContain(phrase);
      expect(words(listed)).toContain(environment[language]);
    }
  });

  it('masks the password of a store URL in config list, config get and status', async () => {
    const url = 'postgres://crawler:s3cret-pw@db.internal:5432/social';
    const dir = tempConfigDir();
    const base = { ...sandboxEnv('http://127.0.0.1:9', 'sbx_demo', dir) };
    const set = await runCli(['config', 'set', 'store', url], { env: base });
    expect(set.status, set.stderr).toBe(0);
    const runs = await Promise.all([
      runCli(['config', 'list', '--json'], { env: base }),
      runCli(['config', 'get', 'store'], { env: base }),
      runCli(['status', '--offline', '--json'], { env: base }),
      runCli(['status', '--offline'], { env: { ...base, SOCIAL_STORE: url } }),
    ]);
    for (const run of [set, ...runs]) {
      expect(`${run.stdout}${run.stderr}`).not.toContain('s3cret-pw');
    }
    expect(runs[1]?.stdout.trim()).toBe('postgres://crawler:***@db.internal:5432/social');
    expect(runs[0]?.stdout).toContain('postgres://crawler:***@db.internal:5432/social');
  });
});

describe.skipIf(!HAS_POSTGRES)('budget on a PostgreSQL store', () => {
  it('set and show: the limit, its period, and what each machine spent', async () => {
    const url = await store();
    const set = await runCli(['budget', 'set', 'team', '30', '--per', 'month'], { env: env(url) });
    expect(set.status, set.stderr).toBe(0);
    const run = await runCli(['profile', 'github', 'octocat', 'lenafischer', '--budget', 'team', '-o', 'ndjson'], {
      env: env(url, { SOCIAL_MACHINE: 'box-a' }),
    });
    expect(run.status, run.stderr).toBe(0);
    const shown = await show(url, 'team');
    expect(shown).toMatchObject({ name: 'team', credits: 30, per: 'month', reserved: 0, uncertain: 0 });
    expect(shown.period).toMatch(/^\d{4}-\d{2}$/);
    expect(shown.machines).toEqual([
      expect.objectContaining({ machine: 'box-a', calls: 2, charged: shown.charged, reserved: 0 }),
    ]);
    const table = await runCli(['budget', 'show', 'team', '-o', 'table'], { env: env(url) });
    expect(table.stdout).toContain('budget team: 30 credits');
    expect(table.stdout).toContain('box-a');
  });

  it('under LANG=pt_BR.UTF-8 the period is written as Portuguese writes dates, the json as in English', async () => {
    const url = await store();
    await runCli(['budget', 'set', 'mes', '30', '--per', 'month'], { env: env(url) });
    await runCli(['budget', 'set', 'dia', '30', '--per', 'day'], { env: env(url) });
    const pt = { LANG: 'pt_BR.UTF-8' };
    const month = (await show(url, 'mes')).period as string;
    const day = (await show(url, 'dia')).period as string;
    const [year, mm, dd] = day.split('-');
    expect(month).toBe(`${year}-${mm}`);
    const table = (name: string, extra: Record<string, string> = {}) =>
      runCli(['budget', 'show', name, '-o', 'table'], { env: env(url, extra) }).then((run) => run.stdout);
    expect(await table('mes', pt)).toContain(`orçamento mes: 30 créditos (mês ${mm}/${year}, UTC)`);
    expect(await table('dia', pt)).toContain(`orçamento dia: 30 créditos (dia ${dd}/${mm}/${year}, UTC)`);
    expect(await table('mes')).toContain(`budget mes: 30 credits (month ${month}, UTC)`);
    expect(await table('dia')).toContain(`budget dia: 30 credits (day ${day}, UTC)`);
    const json = (extra: Record<string, string> = {}) =>
      runCli(['budget', 'show', 'mes', '--json'], { env: env(url, extra) }).then((run) => run.stdout);
    expect(await json(pt)).toBe(await json());
  });

  it('--max-credits differing from an existing budget is refused (exit 2), nothing sent', async () => {
    const url = await store();
    await runCli(['budget', 'set', 'fixed', '10'], { env: env(url) });
    const served = sandbox.current.core.ledger.chargesByRequest.size;
    const run = await runCli(['profile', 'github', 'octocat', '--max-credits', '99', '--budget', 'fixed'], {
      env: env(url),
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is 10 credits, not 99');
    const missing = await runCli(['profile', 'github', 'octocat', '--budget', 'nobody'], { env: env(url) });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('there is no budget');
    expect(sandbox.current.core.ledger.chargesByRequest.size).toBe(served);
  });

  it('under LANG=pt_BR.UTF-8 a budget refused says why and what to do in Portuguese', async () => {
    const url = await store();
    await runCli(['budget', 'set', 'mensal', '10', '--per', 'month'], { env: env(url) });
    const pt = { LANG: 'pt_BR.UTF-8' };
    // A hint wraps at 80 columns in a pipe.
    const said = (run: { stderr: string }) => run.stderr.replace(/\s+/g, ' ');
    const differs = await spawnSocial(['profile', 'github', 'octocat', '--max-credits', '99', '--budget', 'mensal'], {
      ...env(url),
      ...pt,
    });
    expect(differs.status).toBe(2);
    expect(differs.stderr).toContain(
      'o orçamento "mensal" é de 10 créditos por mês, não 99 (--max-credits): nada enviado',
    );
    expect(said(differs)).toContain('mude-o para todos: social budget set mensal 99.');
    const missing = await spawnSocial(['profile', 'github', 'octocat', '--budget', 'ninguem'], { ...env(url), ...pt });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('não há orçamento "ninguem" no armazenamento');
    expect(said(missing)).toContain('Informe o limite dele (--max-credits N --budget ninguem)');
    const badName = await spawnSocial(['profile', 'github', 'octocat', '--budget', 'a b'], { ...env(url), ...pt });
    expect(badName.status).toBe(2);
    expect(said(badName)).toContain('o nome de um orçamento tem de 1 a 64 letras');
    expect(said(badName)).toContain('Por exemplo --budget team ou --budget crawl-2026-12.');
  });

  it('a call the budget cannot cover is held back (exit 12) and not sent', async () => {
    const url = await store();
    await runCli(['budget', 'set', 'tiny', '0'], { env: env(url) });
    const served = sandbox.current.core.ledger.chargesByRequest.size;
    const run = await runCli(['profile', 'github', 'octocat', '--budget', 'tiny'], { env: env(url) });
    expect(run.status).toBe(12);
    expect(run.stderr).toContain('held back by the shared budget tiny');
    expect(sandbox.current.core.ledger.chargesByRequest.size).toBe(served);
  });

  it('takes the password from PGPASSWORD or ~/.pgpass when the URL has none', async () => {
    const database = await pg.current.database();
    const bare = pg.current.url(database, { password: false });
    const viaEnv = await runCli(['budget', 'set', 'pw', '5'], { env: env(bare, { PGPASSWORD: 'social-test-pw' }) });
    expect(viaEnv.status, viaEnv.stderr).toBe(0);
    const home = join(tempConfigDir(), 'home');
    mkdirSync(home);
    const pgpass = join(home, '.pgpass');
    writeFileSync(pgpass, `127.0.0.1:${pg.current.port}:${database}:social:social-test-pw\n`);
    chmodSync(pgpass, 0o600);
    const viaFile = await spawnSocial(['budget', 'show', 'pw', '-o', 'json'], { ...env(bare), HOME: home });
    expect(viaFile.status, viaFile.stderr).toBe(0);
    expect(viaFile.stderr).not.toContain('Deprecation');
    expect(JSON.parse(viaFile.stdout)).toMatchObject({ credits: 5 });
  });

  it('a wrong password is exit 3, a missing database exit 2, an unreachable server exit 10: nothing sent', async () => {
    const database = await pg.current.database();
    const wrong = pg.current.url(database).replace('social-test-pw', 'wrong-pw-123');
    const missing = pg.current.url('no_such_database');
    // Port 1 on loopback: nothing listens there.
    const unreachable = pg.current.url(database).replace(`:${pg.current.port}/`, ':1/');
    const served = sandbox.current.core.ledger.chargesByRequest.size;
    const args = ['profile', 'github', 'octocat', '--max-credits', '5', '--budget', 'team'];
    const runs = await Promise.all([
      runCli(args, { env: env(wrong) }),
      runCli(args, { env: env(missing) }),
      runCli(args, { env: env(unreachable) }),
    ]);
    expect(runs.map((run) => run.status)).toEqual([3, 2, 10]);
    expect(runs[0]?.stderr).toContain('refused to let this user in');
    expect(runs[1]?.stderr).toContain('has no such database');
    expect(runs[2]?.stderr).toContain('cannot be reached');
    for (const run of runs) expect(run.stderr).not.toContain('wrong-pw-123');
    expect(sandbox.current.core.ledger.chargesByRequest.size).toBe(served);
  });

  it('no password anywhere (URL, PGPASSWORD, ~/.pgpass) is exit 3, nothing sent', async () => {
    const bare = pg.current.url(await pg.current.database(), { password: false });
    const home = join(tempConfigDir(), 'home');
    mkdirSync(home);
    const served = sandbox.current.core.ledger.chargesByRequest.size;
    const run = await spawnSocial(['profile', 'github', 'octocat', '--max-credits', '5', '--budget', 'team'], {
      ...env(bare),
      HOME: home,
    });
    expect(run.status, run.stderr).toBe(3);
    expect(run.stderr).toContain('refused to let this user in');
    expect(sandbox.current.core.ledger.chargesByRequest.size).toBe(served);
  });

  it('an unreachable server without --budget: the answer all the same, and a warning of what was not saved', async () => {
    const unreachable = pg.current.url(await pg.current.database()).replace(`:${pg.current.port}/`, ':1/');
    const run = await runCli(['profile', 'github', 'octocat', '-o', 'json', '--no-store'], { env: env(unreachable) });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true });
    expect(run.stderr).toMatch(/warning: .*PostgreSQL store 127\.0\.0\.1:1\/\S+ .*cannot be reached/);
  });

  it('a shard killed with calls under way: its chunks stay counted, then turn into uncertain charges', async () => {
    const url = await store();
    await runCli(['budget', 'set', 'killed', '100'], { env: env(url) });
    const list = join(tempConfigDir(), 'list.txt');
    writeFileSync(list, 'octocat\nlenafischer\nquiet-committer\nmariam-okafor\n');
    const shard = startSocial(
      ['profile', 'github', '--file', list, '--concurrency', '4', '--budget', 'killed', '-o', 'ndjson'],
      {
        ...env(url, { SOCIAL_MACHINE: 'doomed', SOCIAL_BUDGET_EXPIRY_MS: '3000' }),
        SOCIAL_BASE_URL: silentUrl,
      },
    );
    // Four calls sent to a service that never answers: the chunks they were sent on stay open,
    // holding at least their four credits (and what the run reserved and had not used yet).
    const before = unanswered;
    await expect.poll(() => unanswered - before, { timeout: 20_000 }).toBe(4);
    const open = await show(url, 'killed');
    expect(open.reserved).toBeGreaterThanOrEqual(4);
    expect(open).toMatchObject({ charged: 0, uncertain: 0 });
    shard.child.kill('SIGKILL');
    await shard.done;
    // Killed, it gave nothing back: still counted, as reserved, until the expiry.
    const held = await show(url, 'killed');
    expect(held).toMatchObject({ reserved: open.reserved, uncertain: 0, possibly_charged: open.reserved });
    // Past the expiry (no beat from the dead process moved it on), counted as uncertain charges at
    // all they held: never freed.
    await expect
      .poll(async () => (await show(url, 'killed')).uncertain, { timeout: 20_000, interval: 500 })
      .toBe(open.reserved);
    const expired = await show(url, 'killed');
    expect(expired).toMatchObject({
      reserved: 0,
      uncertain: open.reserved,
      expired: open.reserved,
      possibly_charged: open.reserved,
    });
    expect(expired.machines).toEqual([
      expect.objectContaining({ machine: 'doomed', uncertain: open.reserved, reserved: 0 }),
    ]);
    console.log(
      `SIGKILL: 4 calls under way, ${open.reserved} credits held by the run's chunks; after the expiry ${expired.uncertain} uncertain, ${expired.reserved} reserved`,
    );
  }, 60_000);
});
