import { describe, expect, it } from 'vitest';
import { languageAsked } from '../argv-order.js';
import { languageFromEnv, languageNamed, languageOfLocale } from './language.js';

describe('the language', () => {
  it.each([
    ['pt_BR.UTF-8', 'pt-BR'],
    ['pt_PT', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['PT_br.utf8', 'pt-BR'],
    ['pt@euro', 'pt-BR'],
    ['C', 'en'],
    ['POSIX', 'en'],
    ['C.UTF-8', 'en'],
    ['en_US.UTF-8', 'en'],
    ['fr_FR.UTF-8', 'en'],
    ['ptx', 'en'],
    ['', 'en'],
  ])('the locale %j is %s', (locale, language) => {
    expect(languageOfLocale(locale)).toBe(language);
  });

  it('SOCIAL_LANG, then LC_ALL, LC_MESSAGES and LANG; an empty one counts as unset', () => {
    expect(languageFromEnv({})).toBe('en');
    expect(languageFromEnv({ LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(languageFromEnv({ LANG: 'pt_BR.UTF-8', LC_MESSAGES: 'C' })).toBe('en');
    expect(languageFromEnv({ LC_MESSAGES: 'C', LC_ALL: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(languageFromEnv({ LC_ALL: '', LANG: 'pt_PT' })).toBe('pt-BR');
    expect(languageFromEnv({ LC_ALL: 'pt_BR.UTF-8', SOCIAL_LANG: 'en' })).toBe('en');
    expect(languageFromEnv({ LANG: 'C', SOCIAL_LANG: 'pt-BR' })).toBe('pt-BR');
  });

  it('--lang takes exactly its choices, before or after the command word, up to --', () => {
    expect(languageNamed('pt-BR')).toBe('pt-BR');
    expect(languageNamed('pt_BR')).toBeUndefined();
    expect(languageAsked(['--lang', 'pt-BR', 'profile', 'github', 'x'])).toBe('pt-BR');
    expect(languageAsked(['profile', 'github', 'x', '--lang=pt-BR'])).toBe('pt-BR');
    expect(languageAsked(['--lang', 'pt-BR', 'credits', '--lang', 'en'])).toBe('en');
    expect(languageAsked(['--lang', 'fr', 'credits'])).toBeUndefined();
    expect(languageAsked(['api', '--', '--lang', 'pt-BR'])).toBeUndefined();
    expect(languageAsked(['credits'])).toBeUndefined();
  });
});
