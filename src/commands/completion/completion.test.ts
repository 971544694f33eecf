// Completion scripts: rendered from the commander program, committed in completions/ (this test
// fails when they are out of date), printed by `social completion <shell>`, and the hidden
// `social __complete niches` that reads the cached coverage. The scripts running in real shells
// are tested in completion-shells.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { OUTPUT_FORMATS } from '../../domain/formats.js';
import { HELP_TOPIC_NAMES } from '../../domain/help-topics.js';
import { PLATFORM_NAMES } from '../../domain/platforms.js';
import { routePlatforms } from '../../domain/routes.js';
import { CONFIG_KEYS } from '../../infra/config.js';
import { buildProgram } from '../../program.js';
import { COMPLETION_FILES, renderCompletion, SHELLS } from './render.js';
import type { CommandSpec, ValueSource } from './spec.js';
import { allCommands, completionSpec, summary, unusedSources } from './spec.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** The whole program, every command declared (as `social completion` declares it). */
const PROGRAM = await buildProgram(testContext().ctx).declaredAll();

function program(): Command {
  return PROGRAM;
}

function find(path: string): CommandSpec {
  const command = allCommands(completionSpec(program())).find((c) => c.path.join(' ') === path);
  if (!command) throw new Error(`no command ${path}`);
  return command;
}

function words(source: ValueSource | undefined): readonly string[] {
  if (source?.kind !== 'words') throw new Error(`not a word list: ${JSON.stringify(source)}`);
  return source.words;
}

describe('the committed completion scripts', () => {
  it.each(SHELLS)('completions/%s is what the program renders (else run `npm run completions`)', (shell) => {
    const committed = readFileSync(join(ROOT, 'completions', COMPLETION_FILES[shell]), 'utf8');
    const rendered = renderCompletion(shell, program());
    // A plain equality first, with the remedy in the message; the diff below it when it fails.
    expect(
      committed === rendered,
      `completions/${COMPLETION_FILES[shell]} is out of date: run \`npm run completions\``,
    ).toBe(true);
    expect(committed).toBe(rendered);
  });
});

describe('the completion model follows the program', () => {
  it('names no command or argument the program lacks (a rename would silently lose completions)', () => {
    expect(unusedSources(program())).toEqual([]);
  });

  it('takes the platform, format, config key and shell lists from the tables the CLI uses', () => {
    expect(words(find('profile').arguments[0]?.source)).toEqual(PLATFORM_NAMES);
    expect(words(find('posts').arguments[0]?.source)).toEqual(routePlatforms('posts').map((p) => p.name));
    expect(words(find('posts').arguments[0]?.source)).toEqual(['bluesky', 'mastodon', 'threads']);
    for (const sub of ['set', 'get', 'unset'])
      expect(words(find(`config ${sub}`).arguments[0]?.source)).toEqual(CONFIG_KEYS);
    expect(words(find('completion').arguments[0]?.source)).toEqual(['bash', 'zsh', 'fish']);
    const output = find('').options.find((o) => o.long === '--output');
    expect(output?.short).toBe('-o');
    expect(words(output?.value?.source)).toEqual(OUTPUT_FORMATS);
  });

  it('completes niche ids of trends and movers from local state, and files for file options', () => {
    expect(find('trends').arguments[0]?.source).toEqual({ kind: 'dynamic', what: 'niches' });
    expect(find('movers').arguments[0]?.source).toEqual({ kind: 'dynamic', what: 'niches' });
    expect(find('sandbox').options.find((o) => o.long === '--state')?.value?.source).toEqual({ kind: 'files' });
  });

  it('offers help <command> the commands beside it (and the topics), and hides the internal __complete', () => {
    const top = find('').commands.map((c) => c.name);
    expect(top).toEqual(
      expect.arrayContaining(['profile', 'posts', 'trends', 'movers', 'config', 'completion', 'help']),
    );
    expect(top).not.toContain('__complete');
    expect(words(find('help').arguments[0]?.source)).toEqual([...top.filter((n) => n !== 'help'), ...HELP_TOPIC_NAMES]);
    expect(words(find('config help').arguments[0]?.source)).toEqual(['set', 'get', 'unset', 'list', 'path']);
  });

  it.each(SHELLS)('the %s script names every visible command, option and listed value of the program', (shell) => {
    const script = renderCompletion(shell, program());
    for (const command of allCommands(completionSpec(program()))) {
      if (command.name !== 'social') expect(script, command.path.join(' ')).toContain(command.name);
      for (const option of command.options) {
        const flag =
          shell === 'fish' ? (option.long?.slice(2) ?? option.short?.slice(1)) : (option.long ?? option.short);
        expect(script, `${command.path.join(' ')} ${option.long ?? option.short}`).toContain(flag);
      }
    }
    expect(script).not.toMatch(/['|(]__complete['|)]|-a __complete/); // called, never offered
    expect(script).toContain(PLATFORM_NAMES.join(' '));
    expect(script).toContain(CONFIG_KEYS.join(' '));
    expect(script).toContain(OUTPUT_FORMATS.join(' '));
    expect(script).toMatch(/command social __complete/);
  });

  it('summarises help texts to one line with balanced parentheses', () => {
    expect(summary('API key; overrides SOCIAL_API_KEY')).toBe('API key');
    expect(summary('no colour, even with FORCE_COLOR set (also NO_COLOR)')).toBe(
      'no colour, even with FORCE_COLOR set (also NO_COLOR)',
    );
    expect(summary('fits once its aside goes (a parenthetical far too long for a menu line)', 30)).toBe(
      'fits once its aside goes',
    );
    expect(summary(`a (b ${'c '.repeat(60)})`, 40)).toBe('a');
    const cut = summary(`a (b ${'c '.repeat(60)} and on`, 40);
    expect(cut).toBe('a…');
    expect(summary('x'.repeat(100), 40)).toHaveLength(40);
  });
});

describe('social completion <shell>', () => {
  it.each(SHELLS)('prints the %s script on stdout, nothing on stderr', async (shell) => {
    const run = await runCli(['completion', shell]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(renderCompletion(shell, program()));
  });

  it('refuses a shell it does not know with exit 2 and the list, printing nothing on stdout', async () => {
    const run = await runCli(['completion', 'tcsh']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('"tcsh" is not a shell');
    expect(run.stderr).toContain('bash, zsh, fish');
    const typo = await runCli(['completion', 'zhs']);
    expect(typo.stderr).toContain('Did you mean zsh?');
    const missing = await runCli(['completion']);
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
  });

  it('says in its help how to install each script', async () => {
    const run = await runCli(['completion', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('social completion bash > ~/.local/share/bash-completion/completions/social');
    expect(run.stdout).toContain('fpath=(~/.zfunc $fpath)');
    expect(run.stdout).toContain('social completion fish > ~/.config/fish/completions/social.fish');
  });

  it('is listed in the help, and __complete is not', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout).toMatch(/completion <shell>/);
    expect(run.stdout).not.toContain('__complete');
  });
});

describe('social __complete niches (called by the scripts)', () => {
  function cacheDir(entries: Record<string, unknown>): string {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'coverage-cache.json'), JSON.stringify({ version: 1, entries }));
    return dir;
  }
  const entry = (base: string, ids: unknown[]) => ({
    base_url: base,
    fetched_at: '2020-01-01T00:00:00.000Z', // stale on purpose: completion takes any cached list
    body: { niches: ids.map((id) => ({ id, label: String(id), windows_24h: 0, last_window: null })) },
  });
  const dir = cacheDir({
    sandbox: entry('sandbox', ['tech', 'science', 'startups']),
    'https://api.example.com': entry('https://api.example.com', ['world', 'tech']),
  });
  const ids = async (args: string[], env: Record<string, string> = {}) => {
    const run = await runCli(['__complete', 'niches', ...args], { env: { SOCIAL_CONFIG_DIR: dir, ...env } });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    return run.stdout.split('\n').filter((l) => l !== '');
  };

  it('prints the cached ids one a line, of every cached service when none is configured', async () => {
    expect(await ids([])).toEqual(['tech', 'science', 'startups', 'world']);
  });

  it('prefers the service in use: the sandbox under --sandbox, else the base URL', async () => {
    expect(await ids(['--sandbox'])).toEqual(['tech', 'science', 'startups']);
    expect(await ids([], { SOCIAL_BASE_URL: 'https://api.example.com/' })).toEqual(['world', 'tech']);
    expect(await ids(['--base-url', 'https://API.example.com'])).toEqual(['world', 'tech']);
    // A service with nothing cached falls back to every cached list.
    expect(await ids([], { SOCIAL_BASE_URL: 'https://other.example.com' })).toHaveLength(4);
  });

  it('prints nothing, with exit 0, when there is no cache or it is damaged; needs no key', async () => {
    expect(await ids([], { SOCIAL_CONFIG_DIR: tempConfigDir() })).toEqual([]);
    const broken = tempConfigDir();
    writeFileSync(join(broken, 'coverage-cache.json'), '{"version":1,"entr');
    expect(await ids([], { SOCIAL_CONFIG_DIR: broken })).toEqual([]);
    const odd = cacheDir({ sandbox: { body: { niches: 'tech' } }, other: 7 });
    expect(await ids([], { SOCIAL_CONFIG_DIR: odd })).toEqual([]);
  });

  it('never hands a shell anything but plain ids (no spaces, quotes, $( ), escapes or newlines)', async () => {
    const hostile = cacheDir({
      sandbox: entry('sandbox', [
        'tech',
        '$(touch pwned)',
        '`id`',
        'a b',
        "it's",
        '\u001b]0;title\u0007',
        'x\ny',
        '-rf',
        '',
        42,
        null,
        'ok.name_1-2',
      ]),
    });
    expect(await ids([], { SOCIAL_CONFIG_DIR: hostile })).toEqual(['tech', 'ok.name_1-2']);
  });

  it('reads the cache that `social niches` writes (an in-process sandbox run)', async () => {
    const fresh = tempConfigDir();
    const listed = await runCli(['--sandbox', 'niches', '-o', 'json'], { env: { SOCIAL_CONFIG_DIR: fresh } });
    expect(listed.status).toBe(0);
    const expected = (JSON.parse(listed.stdout) as { niches: Array<{ id: string }> }).niches.map((n) => n.id);
    expect(expected).toContain('tech');
    expect(await ids(['--sandbox'], { SOCIAL_CONFIG_DIR: fresh })).toEqual(expected);
  });
});
