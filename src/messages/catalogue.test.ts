// The catalogue: every area complete in both languages, the same placeholders in each, plural
// messages with exactly the categories of each language's Intl.PluralRules; t() and the formats.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { pluralCategory, said, say, t } from './catalogue.js';
import { formatCompact, formatDate, formatDateTime, formatDecimal, formatNumber, formatRelative } from './intl.js';
import { currentLanguage, LANGUAGES, type Language } from './language.js';
import { EXACTLY_ZERO, type Message, type Messages, type PluralMessage } from './message-types.js';
import { brazilianPortuguese } from './pt-BR/index.js';
import { renderedInEnglish, useLanguage } from './registry.js';
// What code says, through each area's module (which brings its English).
import './use-entry.js';
import './use-errors.js';
import './use-notes.js';
import './use-views.js';

const AREAS = readdirSync(join(import.meta.dirname, 'en'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3));

async function area(language: Language, name: string): Promise<Messages> {
  return (await import(`./${language}/${name}.ts`)).default as Messages;
}

/** The placeholders of a message, all forms of a plural together. */
function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...(text ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

afterEach(() => useLanguage('en'));

describe('the catalogue', () => {
  it('has its areas, each a module in every language, and Portuguese is all of them', async () => {
    expect(AREAS).toEqual(expect.arrayContaining(['common', 'entry', 'errors', 'notes']));
    const all: Record<string, Messages> = {};
    for (const name of AREAS) all[name] = await area('pt-BR', name);
    expect(brazilianPortuguese).toEqual(all);
  });

  it.each(AREAS)('%s: the same ids in both languages, each under its area', async (name) => {
    const english = await area('en', name);
    const portuguese = await area('pt-BR', name);
    expect(Object.keys(portuguese).sort()).toEqual(Object.keys(english).sort());
    for (const id of Object.keys(english)) expect(id.startsWith(`${name}.`), id).toBe(true);
  });

  it.each(AREAS)('%s: the same placeholders in both languages', async (name) => {
    const english = await area('en', name);
    const portuguese = await area('pt-BR', name);
    for (const [id, message] of Object.entries(english))
      expect(placeholders(portuguese[id] as Message), id).toEqual(placeholders(message));
  });

  it.each(AREAS)("%s: a plural has exactly its language's categories, and no message is empty", async (name) => {
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
      for (const [id, message] of Object.entries(await area(language, name))) {
        if (typeof message === 'string') expect(message.trim(), id).not.toBe('');
        else
          expect(
            Object.keys(message)
              .filter((key) => key !== EXACTLY_ZERO)
              .sort(),
            `${language} ${id}`,
          ).toEqual(categories);
      }
    }
  });

  it('the checks can fail: a missing id, another placeholder and a wrong category are seen', () => {
    expect(placeholders('{n} of {total}')).not.toEqual(placeholders('{n} de {all}'));
    expect(Object.keys({ one: '', other: '' }).sort()).not.toEqual(
      new Intl.PluralRules('pt-BR').resolvedOptions().pluralCategories.sort(),
    );
  });
});

describe('t()', () => {
  it('says a message in English, placeholders put in, numbers as the language writes them', () => {
    expect(t('errors.method.notAllowed', { method: 'POST', path: '/v1/x', allowed: 'GET' })).toBe(
      'POST is not allowed on /v1/x: the service allows GET there',
    );
    expect(t('notes.credits', { n: 1 })).toBe('1 credit');
    expect(t('notes.credits', { n: 0 })).toBe('0 credits');
    expect(t('notes.credits', { n: 12345 })).toBe('12,345 credits');
  });

  it('in Portuguese once the run speaks it, with Portuguese plurals (one, many, other)', async () => {
    await useLanguage('pt-BR');
    expect(currentLanguage()).toBe('pt-BR');
    expect(t('errors.notFound')).toBe('perfil, conta ou post inexistente');
    expect(t('notes.credits', { n: 1 })).toBe('1 crédito');
    expect(t('notes.credits', { n: 0 })).toBe('0 créditos');
    expect(t('notes.batch.used', { n: 0 })).toBe('nenhum crédito usado');
    expect(t('notes.credits', { n: 21873 })).toBe('21.873 créditos');
    expect(t('notes.credits', { n: 1_000_000 })).toBe('1.000.000 de créditos');
    await useLanguage('en');
    expect(t('notes.credits', { n: 1_000_000 })).toBe('1,000,000 credits');
  });

  it.each(LANGUAGES)(
    '%s: every plural at 0, 1, 2 and a million: none as the plural or in words of its own',
    async (language) => {
      await useLanguage(language);
      let plurals = 0;
      for (const name of AREAS)
        for (const [id, message] of Object.entries(await area(language, name))) {
          if (typeof message === 'string') continue;
          plurals += 1;
          // Every other placeholder said as <name>, so that a form can be told from another.
          const others = Object.fromEntries(placeholders(message).map((name) => [name, `<${name}>`]));
          const said = (n: number) => t(id as Parameters<typeof t>[0], { ...others, n });
          const form = (key: keyof PluralMessage, n: number) =>
            (message[key] ?? message.other).replace(/\{(\w+)\}/g, (_, name) =>
              name === 'n' ? formatNumber(n) : `<${name}>`,
            );
          expect(said(0), id).toBe(form(message[EXACTLY_ZERO] === undefined ? 'other' : EXACTLY_ZERO, 0));
          expect(said(1), id).toBe(form('one', 1));
          expect(said(2), id).toBe(form('other', 2));
          expect(said(1_000_000), id).toBe(form(language === 'en' ? 'other' : 'many', 1_000_000));
        }
      expect(plurals).toBeGreaterThan(25);
    },
  );

  it('a message not yet said keeps its English whole for machine output, a placeholder t() said in Portuguese too', async () => {
    await useLanguage('pt-BR');
    const damaged = said('errors.seen.damaged', { path: '/x/movers-seen.json', reason: t('common.notJson') });
    expect(say(damaged)).toContain('/x/movers-seen.json está danificado (não é um JSON válido)');
    expect(renderedInEnglish(() => say(damaged))).toBe(
      '--new-only state /x/movers-seen.json is damaged (not valid JSON); going on would report every mover again, so nothing was sent',
    );
  });

  it('a figure that is no count takes the other form; an unknown id comes back as itself', () => {
    expect(t('notes.credits', { n: Number.NaN })).toBe('unknown credits');
    expect(pluralCategory(-1)).toBe('other');
    expect(pluralCategory('3')).toBe('other');
    expect(t('notes.nothing-of-that-name' as Parameters<typeof t>[0])).toBe('notes.nothing-of-that-name');
  });
});

describe('the formats', () => {
  const when = new Date('2026-08-01T10:05:00Z');

  it('English as it always was', () => {
    expect(formatNumber(21873)).toBe('21,873');
    expect(formatNumber(-1234567.25)).toBe('-1,234,567.25');
    expect(formatNumber(Number.NaN)).toBe('unknown');
    expect(formatDecimal(7, 1)).toBe('7.0');
    expect(formatCompact(1999)).toBe('1.9K');
    expect(formatCompact(21873)).toBe('21K');
    expect(formatRelative(-5, 'minute')).toBe('5m ago');
    expect(formatDate(when)).toBe('2026-08-01');
    expect(formatDateTime(when)).toBe('2026-08-01 10:05');
  });

  it('Portuguese through Intl: 21.873; 1,2 mil; há 5 min.', async () => {
    await useLanguage('pt-BR');
    expect(formatNumber(21873)).toBe('21.873');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(Number.NaN)).toBe('desconhecido');
    expect(formatDecimal(7, 1)).toBe('7,0');
    expect(formatCompact(1234)).toBe('1,2\u00a0mil');
    expect(formatCompact(1_999_999)).toBe('1,9\u00a0mi');
    expect(formatRelative(-5, 'minute')).toBe('há 5 min.');
    expect(formatDate(when)).toBe('01/08/2026');
    expect(formatDateTime(when)).toBe('01/08/2026 10:05');
  });

  // Counts are grouped by hand (no ICU number data loaded for them): the bytes Intl writes, for
  // every number written with at most 20 decimals (Intl's own most), from 1e-6 on.
  it.each(LANGUAGES)('%s: a number as Intl.NumberFormat writes it', async (language) => {
    await useLanguage(language);
    const intl = new Intl.NumberFormat(language, { maximumFractionDigits: 20 });
    const decimals = (n: number) => (String(Math.abs(n)).split('.')[1] ?? '').length;
    const numbers = fc.oneof(
      fc.integer({ min: -2e9, max: 2e9 }),
      fc.maxSafeInteger(),
      fc.double({ min: -1e20, max: 1e20, noNaN: true }).filter((n) => Math.abs(n) >= 1e-6 && decimals(n) <= 20),
    );
    fc.assert(
      fc.property(numbers, (n) => formatNumber(n) === intl.format(n)),
      { numRuns: 5000 },
    );
  });

  // A whole number to fixed decimals (a table's rates), and a number with no more decimals than
  // asked, are written by hand too: Intl's bytes, -0, past 2^53 and fractions to round included
  // (those still go through Intl).
  it.each(LANGUAGES)('%s: a number to fixed decimals as Intl.NumberFormat writes it', async (language) => {
    await useLanguage(language);
    const digits = [0, 1, 2].map(
      (d) => [d, new Intl.NumberFormat(language, { minimumFractionDigits: d, maximumFractionDigits: d })] as const,
    );
    const numbers = fc.oneof(
      fc.integer({ min: -2e9, max: 2e9 }),
      fc.maxSafeInteger(),
      fc.constantFrom(-0, 0, 2 ** 53, -(2 ** 53), 1e21, 12.25, -0.04, 0.5, -0.5, 1234567.8, 1e-7, 2.675),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }).map((n) => Math.round(n * 10) / 10),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }).map((n) => Math.round(n * 100) / 100),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(numbers, (n) => digits.every(([d, intl]) => formatDecimal(n, d) === intl.format(n))),
      { numRuns: 3000 },
    );
  });
});
