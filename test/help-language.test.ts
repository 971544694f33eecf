// Help in the user's language, as a user runs it: bin/social.js spawned under LANG=pt_BR.UTF-8,
// en_US.UTF-8 and C (and the settings that come before LANG). English is the same bytes as with no
// locale at all; Portuguese is Portuguese, its command line words unchanged. The completion
// scripts are the same bytes in every language: they are the committed completions/ files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPLETION_FILES } from '../src/commands/completion/render.js';
import { SHELLS } from '../src/commands/completion/shells.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const COMPLETIONS = join(import.meta.dirname, '..', 'completions');

const SCREENS = [['--help'], ['profile', '--help'], ['config', 'set', '--help'], ['help', 'exit-codes']];

/** The long options a screen names, in order: the words of the command line, in any language. */
const flags = (text: string): string[] => text.match(/--[a-z][a-z-]*/g) ?? [];

describe('help follows the locale', () => {
  it.each(SCREENS.map((argv) => [argv.join(' '), argv]))('%s', async (_name, argv) => {
    const plain = await spawnSocial(argv, {});
    expect([plain.status, plain.stderr]).toEqual([0, '']);
    expect(plain.stdout).toMatch(/^(Usage:|Exit statuses)/);
    for (const locale of ['en_US.UTF-8', 'C', 'POSIX']) {
      const english = await spawnSocial(argv, { LANG: locale });
      expect([locale, english.status, english.stdout, english.stderr]).toEqual([locale, 0, plain.stdout, '']);
    }
    const portuguese = await spawnSocial(argv, { LANG: 'pt_BR.UTF-8' });
    expect([portuguese.status, portuguese.stderr]).toEqual([0, '']);
    expect(portuguese.stdout).toMatch(/^(Uso:|Códigos de saída)/);
    expect(portuguese.stdout).not.toBe(plain.stdout);
    // What is typed is typed the same: every option named, in the same order.
    expect(flags(portuguese.stdout)).toEqual(flags(plain.stdout));
    for (const line of portuguese.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('takes --lang, then SOCIAL_LANG, then LC_ALL, LC_MESSAGES and LANG', async () => {
    const said = async (argv: string[], env: Record<string, string>) =>
      (await spawnSocial(argv, env)).stdout.startsWith('Uso:') ? 'pt-BR' : 'en';
    expect(await said(['--lang', 'pt-BR', '--help'], { LANG: 'C' })).toBe('pt-BR');
    expect(await said(['profile', '--help', '--lang', 'en'], { LANG: 'pt_BR.UTF-8' })).toBe('en');
    expect(await said(['--help'], { SOCIAL_LANG: 'pt-BR', LANG: 'C' })).toBe('pt-BR');
    expect(await said(['--help'], { LC_ALL: 'C', LANG: 'pt_BR.UTF-8' })).toBe('en');
    expect(await said(['--help'], { LC_MESSAGES: 'pt_BR.UTF-8', LANG: 'en_US.UTF-8' })).toBe('pt-BR');
    expect(await said(['--help'], { LANG: 'pt_PT.UTF-8' })).toBe('pt-BR');
  });
});

describe('completion scripts are the same in every language', () => {
  it.each(SHELLS)('%s: the committed script, whatever the language', async (shell) => {
    const committed = readFileSync(join(COMPLETIONS, COMPLETION_FILES[shell]), 'utf8');
    for (const [argv, env] of [
      [['completion', shell], {}],
      [['completion', shell], { LANG: 'pt_BR.UTF-8' }],
      [['completion', shell], { LANG: 'C' }],
      [['--lang', 'pt-BR', 'completion', shell], {}],
    ] as const) {
      const run = await spawnSocial([...argv], { ...env });
      expect([argv.join(' '), JSON.stringify(env), run.status, run.stderr]).toEqual([
        argv.join(' '),
        JSON.stringify(env),
        0,
        '',
      ]);
      expect(run.stdout === committed, `${argv.join(' ')} ${JSON.stringify(env)}`).toBe(true);
    }
  });
});
