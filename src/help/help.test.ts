// Help topics, the exit table as data (help and the guide rendered from it), and help that fits
// the screen: wrapped on word boundaries, never wider than the terminal (80 columns in a pipe).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, withConfigDir } from '../../test/helpers/cli.js';
import { testContext } from '../../test/helpers/context.js';
import { COMMANDS as HEADS } from '../commands/index.js';
import { EXIT, EXIT_TABLE } from '../domain/errors.js';
import { HELP_TOPIC_NAMES } from '../domain/help-topics.js';
import { ROUTES, routePlatforms } from '../domain/routes.js';
import type { MessageId } from '../messages/catalogue.js';
import { englishFor, messageFor } from '../messages/registry.js';
import { t } from '../messages/use-help.js';
import { useTopics } from '../messages/use-topics.js';
import { buildProgram } from '../program.js';
import { TOPICS } from './topics.js';
import { helpWidth, wrapHelp } from './wrap.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const GUIDE = readFileSync(join(ROOT, 'docs', 'guide.md'), 'utf8');
/** Every command and subcommand of the program, as typed ("config set"): new ones are checked too. */
const COMMANDS = (await buildProgram(testContext().ctx).declaredAll()).commands.flatMap((command) =>
  command.name().startsWith('_')
    ? []
    : [command.name(), ...command.commands.map((sub) => `${command.name()} ${sub.name()}`)],
);

/** The rows of the first table under `heading` in a markdown document, cells trimmed. */
function exitRows(doc: string, heading: string): string[][] {
  const section = doc.slice(doc.indexOf(heading));
  const start = section.indexOf('\n|') + 1;
  const table = section.slice(start, section.indexOf('\n\n', start));
  return table
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('the exit table', () => {
  it('is data: EXIT is built from it, codes unique', () => {
    expect(EXIT.usage).toBe(2);
    expect(EXIT.interrupted).toBe(130);
    expect(new Set(EXIT_TABLE.map((row) => row.code)).size).toBe(EXIT_TABLE.length);
  });

  it("the guide's table equals the data", async () => {
    await useTopics();
    expect(exitRows(GUIDE, '### Exit statuses')).toEqual(
      EXIT_TABLE.map((row) => [
        String(row.code),
        t(`topics.exit.${row.kind}`),
        messageFor(`topics.exit.${row.kind}.service`) === undefined
          ? ''
          : t(`topics.exit.${row.kind}.service` as MessageId),
      ]),
    );
  });

  it("the README's brief table names every status, each once", () => {
    const codes = exitRows(README, '## Exit statuses').flatMap(([cell = '']) => cell.split(', ').map(Number));
    expect(codes).toEqual(EXIT_TABLE.map((row) => row.code));
  });

  it('social help exit-codes renders every row', async () => {
    const run = await runCli(['help', 'exit-codes']);
    expect(run.status).toBe(0);
    for (const row of EXIT_TABLE)
      expect(run.stdout.replace(/\s+/g, ' ')).toContain(`${row.code} ${t(`topics.exit.${row.kind}`)}`);
  });
});

describe('help topics', () => {
  it('social help environment and the guide name every SOCIAL_ variable the source reads', async () => {
    // SOCIAL_RETRY_BASE_MS only shortens the backoff for tests; the tests beside the code are not
    // what the CLI reads.
    const read = new Set(
      readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) => readFileSync(join(ROOT, 'src', file), 'utf8').match(/\bSOCIAL_[A-Z_]+\b/g) ?? [])
        .filter((name) => name !== 'SOCIAL_RETRY_BASE_MS'),
    );
    const help = (await runCli(['help', 'environment'])).stdout;
    const guide = GUIDE.slice(GUIDE.indexOf('### Environment variables'));
    for (const name of read) expect([name, help.includes(name), guide.includes(name)]).toEqual([name, true, true]);
  });

  it.each(TOPICS.map((t) => t.name))('social help %s prints the topic, exit 0', async (name) => {
    const run = await runCli(['help', name]);
    expect(run.status).toBe(0);
    expect(run.stdout.length).toBeGreaterThan(200);
    expect(run.stderr).toBe('');
  });

  it('an unknown topic is exit 2 with the list of topics, nothing on stdout', async () => {
    const run = await runCli(['help', 'environmnet']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Did you mean environment?');
    for (const topic of TOPICS) expect(run.stderr).toContain(topic.name);
  });

  it('help <command> shows that command, help <command> <sub> its subcommand', async () => {
    expect((await runCli(['help', 'profile'])).stdout).toContain('Usage: social profile');
    expect((await runCli(['help', 'config', 'set'])).stdout).toContain('Usage: social config set');
  });

  it("each command's head says what the route table says: its cost and its platforms", () => {
    const routeOf = new Map<string, string>([['niches', 'nichos']]);
    for (const head of HEADS) {
      const known = ROUTES.find((r) => r.name === (routeOf.get(head.name) ?? head.name));
      if (known === undefined) continue;
      const credits = /(\d+) credits?\b/.exec(head.summary);
      if (credits) expect(Number(credits[1]), head.name).toBe(known.cost);
      else expect(head.summary, head.name).toMatch(/free/);
      const platforms = head.arguments?.find(([name]) => name === '<platform>')?.[1];
      if (platforms !== undefined && platforms !== 'one of the ten platforms below')
        expect(platforms, head.name).toBe(
          routePlatforms(known.name)
            .map((p) => p.name)
            .join(', '),
        );
    }
  });

  it('the topics are the names completion offers', () => {
    expect(TOPICS.map((t) => t.name)).toEqual([...HELP_TOPIC_NAMES]);
  });

  it('the root help lists the topics', async () => {
    const run = await runCli(['--help']);
    for (const topic of TOPICS) expect(run.stdout).toContain(`  ${topic.name}`);
  });

  it.each(COMMANDS)('%s --help ends with its examples and a pointer to the exit codes, not the table', async (name) => {
    const { stdout } = await runCli([...name.split(' '), '--help']);
    expect(stdout.trimEnd().endsWith('Exit statuses: `social help exit-codes`.')).toBe(true);
    expect(stdout).not.toContain('4 out of credits');
    // Real examples: commands of its own, each starting `social <name>` or feeding one.
    const examples = stdout.slice(stdout.lastIndexOf('Examples:'));
    expect(stdout).toContain('Examples:');
    expect(examples).toContain(`social ${name}`);
  });
});

describe("help's examples", () => {
  // An example a user copies should work: each one-line example of a command that asks the
  // service (no pipe, redirection or file of the user's), run against the sandbox, succeeds.
  const ASKING = ['profile', 'posts', 'post', 'transcript', 'niches', 'trends', 'movers'];
  it.each(ASKING)('%s: every runnable example succeeds with --sandbox', async (name) => {
    const { stdout } = await runCli([name, '--help'], { env: { COLUMNS: '200' } });
    const lines = stdout
      .slice(stdout.lastIndexOf('Examples:'))
      .split('\n')
      .filter((line) => new RegExp(`^  social ${name}( |$)`).test(line) && !/[|<>\\]|--file|--chart-file/.test(line));
    expect(lines.length, name).toBeGreaterThan(0);
    for (const line of lines) {
      const argv = line
        .trim()
        .replace(/ {2,}\S.*$/, '')
        .split(/\s+/)
        .slice(1);
      const run = await withConfigDir((dir) => runCli(['--sandbox', ...argv], { env: { SOCIAL_CONFIG_DIR: dir } }));
      expect(run.status, `${line}\n${run.stderr}`).toBe(0);
    }
  });
});

/** The environments of a run in each language help is written in. */
const LANGUAGES: Readonly<Record<string, Record<string, string>>> = { en: {}, 'pt-BR': { LANG: 'pt_BR.UTF-8' } };

/** Each of `cases` in each language: [case, language]. */
const IN_EACH_LANGUAGE = <T>(cases: readonly T[]): Array<[T, string]> =>
  cases.flatMap((c) => Object.keys(LANGUAGES).map((language): [T, string] => [c, language]));

describe('help fits the screen', () => {
  const screens = [
    ['--help'],
    ...COMMANDS.map((c) => [...c.split(' '), '--help']),
    ...TOPICS.map((t) => ['help', t.name]),
  ];

  it.each(IN_EACH_LANGUAGE([80, 60, 200]))(
    'no line is wider than %i columns at a terminal of that width (%s)',
    async (columns, language) => {
      for (const argv of screens) {
        const run = await runCli(argv, { tty: true, columns, env: LANGUAGES[language] });
        // Only a single word longer than the screen (a URL) may pass the edge: words are never cut.
        const wide = run.stdout
          .split('\n')
          .filter((line) => [...line].length > columns && /\S \S/.test(line.replace(/ \\$/, '').trim()));
        expect([argv.join(' '), wide]).toEqual([argv.join(' '), []]);
      }
    },
  );

  it('in a pipe, 80 columns at most whatever the terminal width was', async () => {
    const run = await runCli(['--help'], { tty: false, columns: 200 });
    expect(Math.max(...run.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(helpWidth(false, 200)).toBe(80);
    expect(helpWidth(true, 200)).toBe(200);
  });

  it("an error's hints wrap like help: 80 columns at most in a pipe, a list keeping its columns", async () => {
    const unknown = await runCli(['help', 'nope'], { tty: false, columns: 200 });
    expect(unknown.status).toBe(2);
    const lines = unknown.stderr.trimEnd().split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(80);
    expect(lines.length).toBeGreaterThan(3);
    expect(unknown.stderr.replace(/\s+/g, ' ')).toContain('Commands: profile, posts, post, transcript,');
    expect(unknown.stderr).toContain('completion.');
    // The settings list under `config get nope`: each description wraps under its own column.
    const setting = await runCli(['config', 'get', 'nope'], { tty: false, columns: 200 });
    expect(setting.status).toBe(2);
    for (const line of setting.stderr.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(setting.stderr).toMatch(/^ {2}api-key {3}the API key[^\n]*\n {12}\S/m);
  });

  it('wraps on word boundaries: no word of the text is split', async () => {
    const run = await runCli(['--help'], { tty: true, columns: 80 });
    // The line the issue quoted: the environment names are never cut mid-word.
    expect(run.stdout).not.toMatch(/\ban \/ d\b/);
    const words = (text: string) => new Set(text.split(/\s+/));
    const wide = words((await runCli(['profile', '--help'], { tty: true, columns: 400 })).stdout);
    for (const word of words((await runCli(['profile', '--help'], { tty: true, columns: 60 })).stdout)) {
      if (word !== '\\') expect(wide.has(word)).toBe(true);
    }
  });

  it.each(IN_EACH_LANGUAGE([80, 200]))(
    'never breaks prose mid-sentence at %i columns (%s; a line starting "word: " is not a label there)',
    async (columns, language) => {
      for (const argv of screens) {
        const lines = (await runCli(argv, { tty: true, columns, env: LANGUAGES[language] })).stdout.split('\n');
        // A paragraph line that ends mid-sentence although the next line's first word had room on it.
        const split = lines.filter((line, i) => {
          const next = lines[i + 1] ?? '';
          const word = next.split(' ')[0] ?? '';
          return (
            /^\S/.test(line) &&
            /^\S/.test(next) &&
            !/[.:!?)]$/.test(line) &&
            [...line].length + 1 + [...word].length <= columns
          );
        });
        expect([argv.join(' '), split]).toEqual([argv.join(' '), []]);
      }
      if (language !== 'en') return;
      const profile = (await runCli(['profile', '--help'], { tty: true, columns })).stdout;
      expect(profile.replace(/\s+/g, ' ')).toContain('a stable hash of each normalised input: N machines');
    },
  );

  it('keeps a label after a sentence on a line of its own, and prose that only looks like one', () => {
    expect(wrapHelp('One sentence.\ncsv: a row each.', 80)).toBe('One sentence.\ncsv: a row each.');
    expect(wrapHelp('a hash of each normalised\ninput: N machines', 80)).toBe(
      'a hash of each normalised input: N machines',
    );
  });

  it('an example whose command is too long puts its explanation on the next line, never glued to it', async () => {
    const narrow = (await runCli(['help', 'formatting'], { tty: true, columns: 80 })).stdout;
    expect(narrow).toContain(
      "  social profile github octocat\n      one handle: the service's envelope, as it came\n  social profile github octocat torvalds\n      several handles",
    );
    expect(narrow).toContain(
      '  social profile github --file handles.txt\n      one record per input, even for a one-line file',
    );
    expect(narrow).not.toMatch(/octocat one handle|handles\.txt one record|one-line file \\/);
    const sandbox = (await runCli(['help', 'sandbox'], { tty: false })).stdout;
    expect(sandbox).toContain(
      '  social --sandbox profile github octocat\n      one command against an in-process sandbox',
    );
    // Wide enough: the columns as written, with a gap of two spaces at least on every line.
    const wide = (await runCli(['help', 'formatting'], { tty: true, columns: 200 })).stdout;
    for (const example of ['octocat', 'octocat torvalds', '--file handles.txt', 'github -']) {
      expect(wide).toMatch(new RegExp(`^  \\S.*${example.replace(/[.-]/g, '\\$&')} {2,}(one|several) `, 'm'));
    }
  });

  it("help sandbox lists the sandbox's choices where the spec is silent", async () => {
    const text = (await runCli(['help', 'sandbox'], { tty: true, columns: 400 })).stdout;
    expect(text).toMatch(/Where the service spec is silent/);
    for (const choice of [
      "405 metodo_invalido with Allow: GET, in the route's own error shape",
      '400 intervalo_invalido',
      '429 with error sem_creditos',
      'the 90-day cap keeps the 90 days that end at to, for any niche',
      'A single post is data with an items list of one',
      'A spending ceiling refuses a call that would pass it',
    ])
      expect(text).toContain(choice);
  });

  it('reflows paragraphs, keeps indented lines, breaks long commands with a backslash', () => {
    const text = 'one two three\nfour five six\n\n  social profile github octocat --json --jq .data\nLabel: seven';
    expect(wrapHelp(text, 20)).toBe(
      'one two three four\nfive six\n\n  social profile \\\n      github \\\n      octocat \\\n      --json --jq \\\n      .data\nLabel: seven',
    );
  });
});

describe('help in Portuguese', () => {
  const screens = [
    ['--help'],
    ...COMMANDS.map((c) => [...c.split(' '), '--help']),
    ...TOPICS.map((topic) => ['help', topic.name]),
  ];
  const wide = (argv: string[], env: Record<string, string> = {}) =>
    runCli(argv, { tty: true, columns: 400, env }).then((run) => run.stdout);
  /** What is typed: the usage line after its title (its placeholders aside), every option, and each example's command. */
  const typed = (text: string) => ({
    usage: /^\S+ (social.*)$/m.exec(text)?.[1]?.replace(/([<[])[^\]>.]+/g, '$1'),
    options: text.match(/--[a-z][a-z-]*/g) ?? [],
    examples: text
      .slice(Math.max(text.lastIndexOf('\nExamples:\n'), text.lastIndexOf('\nExemplos:\n')))
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => line.trim().split(/ {2,}| +# | +\(/)[0]),
  });

  it('every screen is translated, and names what is typed as English does: usage, options, example commands', async () => {
    for (const argv of screens) {
      const [english, portuguese] = [await wide(argv), await wide(argv, LANGUAGES['pt-BR'] as Record<string, string>)];
      expect(portuguese, argv.join(' ')).not.toBe(english);
      expect([argv.join(' '), typed(portuguese)]).toEqual([argv.join(' '), typed(english)]);
    }
  });

  it('the usage line and argument lists name their placeholders in Portuguese, the words typed as they are', async () => {
    const usage = async (argv: string[], env: Record<string, string> = {}) =>
      /^\S+ (social.*)$/m.exec(await wide(argv, env))?.[1];
    const pt = LANGUAGES['pt-BR'] as Record<string, string>;
    expect(await usage(['--help'], pt)).toBe('social [opções] [comando]');
    expect(await usage(['profile', '--help'], pt)).toBe('social profile [opções] <plataforma> [identificador...]');
    expect(await usage(['config', 'set', '--help'], pt)).toBe('social config set [opções] <chave> [valor]');
    expect(await usage(['track', '--help'], pt)).toBe('social track [opções] [comando]');
    const profile = await wide(['profile', '--help'], pt);
    expect(profile).toMatch(/^ {2}plataforma {2,}uma das dez plataformas/m);
    expect(await wide(['--help'], pt)).toMatch(/^ {2}history <plataforma> <identificador> /m);
    // English as it was.
    expect(await usage(['--help'])).toBe('social [options] [command]');
    expect(await usage(['profile', '--help'])).toBe('social profile [options] <platform> [handle...]');
    expect(await wide(['profile', '--help'])).toMatch(/^ {2}platform {2,}one of the ten platforms/m);
  });

  it('every argument a command declares has its placeholder in the catalogue, by the name it declares', async () => {
    const program = await buildProgram(testContext().ctx).declaredAll();
    const names = program.commands
      .flatMap((command) => [command, ...command.commands])
      .flatMap((command) => command.registeredArguments.map((argument) => argument.name()));
    const unknown = [...new Set(['options', 'command', ...names])].filter(
      (name) => englishFor(`help.placeholder.${name}`) !== name,
    );
    expect(unknown).toEqual([]);
  });

  it("commander's own words are the catalogue's: titles, choices, defaults, the help option", async () => {
    const text = await wide(['--help'], LANGUAGES['pt-BR']);
    for (const words of ['Uso: social', 'Opções:', 'Comandos:', '(valores: "table", "json", "ndjson", "csv")'])
      expect(text).toContain(words);
    expect(text).toMatch(/-h, --help +mostra a ajuda do comando/);
    expect(await wide(['profile', '--help'], LANGUAGES['pt-BR'])).toContain('Argumentos:');
    expect(await wide(['profile', '--help'], LANGUAGES['pt-BR'])).toContain('(padrão: "4")');
    expect(text).not.toMatch(/Usage:|Options:|display help|choices:|default:/);
  });

  it('an option with a default commander shows says it once: its description does not', async () => {
    const program = await buildProgram(testContext().ctx).declaredAll();
    const said = program.commands
      .flatMap((command) => [command, ...command.commands])
      .flatMap((command) => command.options.map((option) => [command.name(), option] as const))
      .filter(([, option]) => option.defaultValue !== undefined && /\bdefault\b/i.test(option.description))
      .map(([name, option]) => `${name} ${option.flags}: ${option.description}`);
    expect(said).toEqual([]);
  });

  it('an unknown option still says how to get help, in the language', async () => {
    const run = await runCli(['profile', '--nope'], { env: LANGUAGES['pt-BR'] });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('(rode com --help para ver o uso)');
  });
});

describe("--dry-run's help says what it prints", () => {
  /** The --dry-run line of `argv --help`, unwrapped, its flag aside. */
  const dryRunLine = async (argv: string[], language: string) => {
    const run = await runCli([...argv, '--help'], { tty: true, columns: 400, env: LANGUAGES[language] });
    return /^ {2}--dry-run +(.*)$/m.exec(run.stdout)?.[1];
  };

  it("a batch's plan where a run may be a batch (profile, posts, track run), the request(s) elsewhere", async () => {
    const said: Record<string, Record<string, string>> = {
      en: {
        batch:
          "print the request it would send for one handle, or a batch's plan (how many inputs, how many valid, the invalid ones, those the local store would answer), and the most it could cost; send nothing",
        every:
          "print the batch's plan (how many inputs, how many valid, the invalid ones, those the local store would answer) and the most it could cost; send nothing",
        single: 'print the request(s) it would send and the most they could cost; send nothing',
      },
      'pt-BR': {
        batch:
          'mostra a requisição que enviaria para um identificador, ou o plano de um lote (quantas entradas, quantas válidas, as inválidas, as que o armazenamento local responderia), e o máximo que poderia custar; não envia nada',
        every:
          'mostra o plano do lote (quantas entradas, quantas válidas, as inválidas, as que o armazenamento local responderia) e o máximo que poderia custar; não envia nada',
        single: 'mostra as requisições que enviaria e o máximo que poderiam custar; não envia nada',
      },
    };
    const kinds: Array<[string[], string]> = [
      [['profile'], 'batch'],
      [['posts'], 'batch'],
      [['track', 'run'], 'every'],
      ...['post', 'transcript', 'trends', 'movers', 'api'].map((name): [string[], string] => [[name], 'single']),
    ];
    for (const language of Object.keys(LANGUAGES))
      for (const [argv, kind] of kinds)
        expect([language, ...argv, await dryRunLine(argv, language)]).toEqual([
          language,
          ...argv,
          said[language]?.[kind],
        ]);
  });
});
