// A sentence built from sentences the run said in Portuguese (a list of drifted fields, folded
// through notes.drift.list) is known in English as a whole, so that an error made of it (--strict)
// keeps its English for machine output.
import { afterEach, describe, expect, it } from 'vitest';
import { dateParam, inEnglish, t } from './catalogue.js';
import { useLanguage } from './registry.js';
import './use-errors.js';
import './use-notes.js';

afterEach(() => useLanguage('en'));

describe('a list said through the catalogue', () => {
  it('has its English as a whole', async () => {
    await useLanguage('pt-BR');
    const first = t('notes.drift.list', { list: t('notes.drift.type.string'), next: t('notes.drift.type.boolean') });
    const list = t('notes.drift.list', { list: first, next: t('notes.drift.type.url') });
    expect([list, inEnglish(list)]).toEqual(['uma string, um booleano, uma URL', 'a string, a boolean, a URL']);
  });
});

describe('a date the service sent, in a hint', () => {
  it("is written the language's way, and as it came in the English of the hint", async () => {
    await useLanguage('pt-BR');
    const hint = t('errors.ceiling.hint', { date: dateParam('2026-12-01') });
    expect(hint).toBe('Os gastos voltam em 01/12/2026, ou quando o teto for aumentado. Tentar de novo não adianta.');
    expect(inEnglish(hint)).toBe(
      'Spending resumes on 2026-12-01, or when the ceiling is raised. Retrying will not help.',
    );
  });
});
