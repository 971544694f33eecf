// What a person reads is Portuguese under LANG=pt_BR.UTF-8 in the corners the commands' own
// catalogue ids do not reach: the balance's warnings (credits, status), the drift note's words for
// what a field was and is documented as, a handle's rule, commander's own error lines, a batch's
// dry-run heading. bin/social.js spawned (against a loopback server that replays answers, or the
// in-process sandbox), each run in a config folder of its own; the same run under LANG=C says it
// in English, and its machine output is the same bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useReplayServer } from './conformance/server.js';
import { postItem, profileEnvelope } from './helpers/envelopes.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const replay = useReplayServer();

/** `social args` spawned in `lang` against the replay server (unless args name the sandbox), with a test key. */
async function run(lang: string, args: string[], stdin = '', env: Record<string, string> = {}) {
  const server = args.includes('--sandbox') ? [] : ['--api-key', 'test_key_0123456789', '--retries', '0'];
  const spawned = await spawnSocial(
    [...server, ...args],
    { SOCIAL_CONFIG_DIR: replay.configDir(), SOCIAL_BASE_URL: replay.server.url, LANG: lang, ...env },
    stdin,
  );
  return { status: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr };
}

/** A posts envelope of `items`, its author the fixture's (test/helpers/envelopes.ts). */
function postsEnvelope(items: unknown[]) {
  const { author } = profileEnvelope().data as { author: unknown };
  return profileEnvelope({
    platform: 'bluesky',
    endpoint: 'posts',
    data: { author, items, has_more: false, next_cursor: null },
  });
}

describe('Portuguese where the commands do not say it themselves', () => {
  it('the balance not probed when coverage cannot be read (credits, status)', async () => {
    // Coverage answers a body that is not JSON: the probe is not sent, and the run says why.
    replay.server.set('/api/v1/trends/coverage', { status: 200, text: 'not json' });
    const pt = await run('pt_BR.UTF-8', ['credits', '-o', 'table']);
    expect(pt.stderr).toContain(
      '; o saldo não foi sondado (a sondagem só é gratuita num nicho que a cobertura não lista)',
    );
    const c = await run('C', ['credits', '-o', 'table']);
    expect(c.stderr).toContain(
      '; the balance was not probed (the probe is free only on a niche coverage does not list)',
    );
    expect(pt.status).toBe(c.status);
    const [ptJson, cJson] = [await run('pt_BR.UTF-8', ['status', '--json']), await run('C', ['status', '--json'])];
    const note = (text: string) => JSON.parse(text).balance_note as string;
    expect(note(ptJson.stdout)).toBe(note(cJson.stdout));
    expect(note(cJson.stdout)).toContain('the balance was not probed');
  });

  it('the drift note names what a field was and what it is documented as', async () => {
    const post = postItem({
      title: 'drifted',
      published_at: 1.5,
      metrics: { likes: true, replies: 0, reposts: 0, quotes: 0 },
    });
    const body = postsEnvelope([post]);
    replay.server.set('/api/v1/bluesky/posts', { status: 200, text: JSON.stringify(body) });
    const pt = await run('pt_BR.UTF-8', ['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect(pt.stderr).toBe(
      'nota: o serviço enviou data.items[0].title como uma string (documentado como null), data.items[0].published_at como um número fracionário (documentado como uma data e hora ou null), data.items[0].metrics.likes como um booleano (documentado como um número inteiro ou null); exibido como veio\n',
    );
    const c = await run('C', ['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect(c.stderr).toBe(
      'note: the service sent data.items[0].title as a string (documented as null), data.items[0].published_at as a fraction (documented as a date-time or null), data.items[0].metrics.likes as a boolean (documented as an integer or null); shown as sent\n',
    );
    expect([pt.status, pt.stdout]).toEqual([c.status, c.stdout]);
    // --strict makes it an error: a batch record's message is English in both languages.
    const strict = ['--strict', 'posts', 'bluesky', '-', '-o', 'ndjson'];
    const [ptStrict, cStrict] = [
      await run('pt_BR.UTF-8', strict, 'a.bsky.social\n'),
      await run('C', strict, 'a.bsky.social\n'),
    ];
    expect([ptStrict.status, ptStrict.stdout]).toEqual([cStrict.status, cStrict.stdout]);
    expect(cStrict.stdout).toContain(
      '--strict: the service sent data.items[0].title as a string (documented as null), data.items[0].published_at',
    );
  });

  // In a pipe a line wraps at 80 columns, as help does.
  it("commander's own error lines: unknown option and command, missing and extra arguments, a bad choice", async () => {
    const lines: Array<[string[], string, string]> = [
      [['--nope'], "erro: opção desconhecida '--nope'", "error: unknown option '--nope'"],
      [
        ['profle'],
        "erro: comando desconhecido 'profle' (Você quis dizer profile?)",
        "error: unknown command 'profle' (Did you mean profile?)",
      ],
      // A missing argument is named as help names it (the usage line checked below).
      [['profile'], "erro: falta o argumento obrigatório 'plataforma'", "error: missing required argument 'platform'"],
      [['config', 'set'], "erro: falta o argumento obrigatório 'chave'", "error: missing required argument 'key'"],
      [
        ['profile', 'github', '--timeout'],
        "erro: falta o valor da opção '--timeout <seconds>'",
        "error: option '--timeout <seconds>' argument missing",
      ],
      [
        ['credits', 'extra'],
        "erro: argumentos demais para 'credits': esperava 0 argumentos e recebeu 1.",
        "error: too many arguments for 'credits'. Expected 0 arguments but got 1.",
      ],
      [
        ['--lang', 'xx', 'credits'],
        "erro: valor 'xx' inválido para a opção '--lang <language>'. Valores aceitos: en,\npt-BR.",
        "error: option '--lang <language>' argument 'xx' is invalid. Allowed choices are\nen, pt-BR.",
      ],
    ];
    for (const [args, portuguese, english] of lines) {
      const [pt, c] = [await run('pt_BR.UTF-8', args), await run('C', args)];
      expect([args, pt.status, pt.stdout, pt.stderr]).toEqual([
        args,
        2,
        '',
        `${portuguese}\n(rode com --help para ver o uso)\n`,
      ]);
      expect([args, c.status, c.stdout, c.stderr]).toEqual([args, 2, '', `${english}\n(run with --help for usage)\n`]);
    }
    expect((await run('pt_BR.UTF-8', ['profile', '--help'])).stdout).toContain(
      'Uso: social profile [opções] <plataforma>',
    );
    expect((await run('pt_BR.UTF-8', ['config', 'set', '--help'])).stdout).toContain(
      'Uso: social config set [opções] <chave>',
    );
  });

  it("a handle refused names the platform's rule; a batch's dry run says its heading", async () => {
    const pt = await run('pt_BR.UTF-8', ['--sandbox', 'profile', 'instagram', 'https://example.com/x']);
    expect([pt.status, pt.stderr]).toEqual([
      2,
      'erro: o identificador do instagram "https://example.com/x" não é uma URL de perfil do instagram (como https://www.instagram.com/natgeo/). Identificador do instagram: letras, dígitos, pontos e sublinhados, de 1 a 30 caracteres; por exemplo, natgeo ou https://www.instagram.com/natgeo/\n',
    ]);
    const batch = ['--sandbox', 'profile', 'github', '-', '--dry-run', '--max-credits', '1'];
    const inputs = 'octocat\nbad!\nlenafischer\n';
    const table = await run('pt_BR.UTF-8', [...batch, '-o', 'table'], inputs);
    expect(table.stdout.split('\n').slice(0, 3)).toEqual([
      'simulação: nada enviado; 3 entradas: 2 válidas, 1 inválida',
      'o lote poderia custar no máximo 1 crédito (o limite de --max-credits; 2 créditos sem ele)',
      'nº  entrada  erro',
    ]);
    expect(table.stdout).toContain('o identificador do github "bad!" não segue a regra de identificadores.');
    const english = await run('C', [...batch, '-o', 'table'], inputs);
    expect(english.stdout.split('\n').slice(0, 2)).toEqual([
      'dry run: nothing sent; 3 inputs: 2 valid, 1 invalid',
      'the batch could cost at most 1 credit (the --max-credits budget; 2 credits without it)',
    ]);
    for (const format of ['--json', '-o ndjson', '-o csv']) {
      const args = [...batch, ...format.split(' ')];
      const [ptRun, cRun] = [await run('pt_BR.UTF-8', args, inputs), await run('C', args, inputs)];
      expect([format, ptRun.status, ptRun.stdout]).toEqual([format, cRun.status, cRun.stdout]);
      expect(cRun.stdout).toMatch(/github handle \\?"+bad!\\?"+ does not match the handle rule/);
    }
  });

  it('what a run could not save, and a store that cannot be used', async () => {
    const folder = replay.configDir();
    writeFileSync(join(folder, 'file'), '');
    writeFileSync(join(folder, 'broken.db'), 'not a database');
    // The config folder under a file: the spend ledger cannot be written; the store is no database.
    const env = { SOCIAL_CONFIG_DIR: join(folder, 'file', 'social'), SOCIAL_STORE: join(folder, 'broken.db') };
    const body = postsEnvelope([]);
    replay.server.set('/api/v1/bluesky/posts', { status: 200, text: JSON.stringify(body) });
    const posts = ['posts', 'bluesky', 'ana.bsky.social', '--json'];
    const [pt, c] = [await run('pt_BR.UTF-8', posts, '', env), await run('C', posts, '', env)];
    expect([pt.status, pt.stdout]).toEqual([c.status, c.stdout]);
    expect(pt.stderr).toMatch(/^aviso: estado local não salvo, o resultado acima continua valendo: /);
    expect(pt.stderr).toContain('registro de gastos (');
    expect(pt.stderr).toContain('broken.db: danificado: não é um banco SQLite');
    expect(c.stderr).toMatch(/^warning: local state not saved, the result above stands: /);
    expect(c.stderr).toContain('broken.db damaged: not a SQLite database');
    const none = { SOCIAL_STORE: join(folder, 'none.db') };
    const sql = ['store', 'sql', 'SELECT 1'];
    const [ptSql, cSql] = [await run('pt_BR.UTF-8', sql, '', none), await run('C', sql, '', none)];
    expect([ptSql.status, ptSql.stderr.split('\n')[0]]).toEqual([
      2,
      `erro: não há armazenamento em ${none.SOCIAL_STORE}: nada foi guardado ainda`,
    ]);
    expect([cSql.status, cSql.stderr.split('\n')[0]]).toEqual([
      2,
      `error: no store at ${none.SOCIAL_STORE}: nothing has been stored yet`,
    ]);
  });

  it("status says why the balance could not be read in the person's language, its json in English", async () => {
    const status = ['--sandbox', '--api-key', 'sbx_inactive', 'status'];
    const [pt, c] = [await run('pt_BR.UTF-8', [...status, '--json']), await run('C', [...status, '--json'])];
    // Each run has a config folder of its own, which status names.
    const report = (text: string) => ({ ...JSON.parse(text), config_dir: 'x', config_file: 'x' });
    expect([pt.status, report(pt.stdout)]).toEqual([c.status, report(c.stdout)]);
    expect(JSON.parse(c.stdout).balance_note).toMatch(/^the balance could not be read: the API key is missing/);
    const table = await run('pt_BR.UTF-8', [...status, '-o', 'table']);
    expect(table.stdout).toContain('desconhecido (não foi possível ler o saldo: a chave de API');
  });

  it('an envelope that breaks its own rules is not understood, the rule said in Portuguese, in English for scripts', async () => {
    const broken = {
      ...postsEnvelope([]),
      error: { type: 'nao_encontrado', message: 'no such account', details: null },
    };
    replay.server.set('/api/v1/bluesky/posts', { status: 200, text: JSON.stringify(broken) });
    const pt = await run('pt_BR.UTF-8', ['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect([pt.status, pt.stderr.split('\n')[0]]).toEqual([
      11,
      'erro (bad_response): resposta não compreendida: exatamente um entre data e error deve ser null',
    ]);
    const batch = ['posts', 'bluesky', '-', '-o', 'ndjson'];
    const [ptBatch, cBatch] = [
      await run('pt_BR.UTF-8', batch, 'a.bsky.social\n'),
      await run('C', batch, 'a.bsky.social\n'),
    ];
    expect([ptBatch.status, ptBatch.stdout]).toEqual([cBatch.status, cBatch.stdout]);
    expect(cBatch.stdout).toContain('response not understood: exactly one of data and error must be null');
  });
});
