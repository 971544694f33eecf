// t(): a sentence a person reads, by its stable id, in the run's language. Code never builds such a
// sentence itself (test/messages.test.ts holds it): it asks for one here through its area's
// module, `import { t } from '../messages/use-<area>.js'`, which brings that area's English.
import type commands from './en/commands.js';
import type common from './en/common.js';
import type entry from './en/entry.js';
import type errors from './en/errors.js';
import type help from './en/help.js';
import type notes from './en/notes.js';
import type topics from './en/topics.js';
import type views from './en/views.js';
import { formatDate, formatNumber } from './intl.js';
import { currentLanguage } from './language.js';
import { EXACTLY_ZERO, type Message, type PluralMessage } from './message-types.js';
import { englishFor, messageFor, renderedInEnglish } from './registry.js';

/** Every id of the catalogue: the ids of each area's English. */
export type MessageId =
  | keyof typeof commands
  | keyof typeof common
  | keyof typeof entry
  | keyof typeof errors
  | keyof typeof help
  | keyof typeof notes
  | keyof typeof topics
  | keyof typeof views;

/**
 * A message's placeholders' values. A number is written as the language writes numbers (12,345;
 * 12.345); a string is put in as it is. A plural message picks its form by `n`.
 */
export type Params = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A message not yet said: its id and its values, a value itself a message not yet said where it
 * is one (`said('errors.ceiling.cap', { cap: said('notes.credits', { n }) })`). What an error is
 * made with, so that it can be said in English for what scripts read and in the run's language
 * for what people read (src/domain/errors.ts).
 */
export interface Said {
  readonly id: MessageId;
  readonly params?: Readonly<Record<string, string | number | Said>>;
}

export function said(id: MessageId, params?: Said['params']): Said {
  return params === undefined ? { id } : { id, params };
}

/**
 * A message not yet said, said now, in the run's language. Said in English for what scripts read
 * (renderedInEnglish) in a run that speaks another language, a placeholder's text that t() said
 * in that language (a reason read before the error was made) is put in in English too.
 */
export function say(message: Said): string {
  const given = message.params;
  if (given === undefined) return t(message.id);
  const params: Record<string, string | number> = {};
  const inEnglishNow = currentLanguage() === 'en';
  for (const name in given) {
    const value = given[name] as string | number | Said;
    if (typeof value === 'object') params[name] = say(value);
    else params[name] = inEnglishNow && typeof value === 'string' ? inEnglish(value) : value;
  }
  return t(message.id, params);
}

/** A text made elsewhere (a database's own words) as it is, or a message not yet said, said now. */
export function sayText(text: string | Said): string {
  return typeof text === 'string' ? text : say(text);
}

/** sayText in English, what scripts read, whatever the run speaks. */
export function sayTextInEnglish(text: string | Said): string {
  return typeof text === 'string' ? text : renderedInEnglish(() => say(text));
}

/** The message `id` in the run's language with `params` put in; an id no area has comes back as itself. */
export function t(id: MessageId, params: Params = {}): string {
  const said = render(messageFor(id), id, params);
  if (currentLanguage() !== 'en') remember(said, id, params);
  return said;
}

function render(message: Message | undefined, id: string, params: Params): string {
  if (message === undefined) return id;
  const text = typeof message === 'string' ? message : pluralForm(message, params.n);
  // Most messages have nothing to put in: given back as they are, not searched.
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    // A figure the service sent as something else than a number is said as unknown, as formatNumber says it.
    return typeof value === 'string' ? value : formatNumber(value);
  });
}

/**
 * The English of the sentences said in another language, the newest REMEMBERED of them: what
 * scripts read keeps English words (a batch's ndjson error.message, its csv error column) while
 * stderr and the table speak the run's language. A batch writes each record soon after its
 * error is said, so the oldest can be forgotten.
 */
const english = new Map<string, string>();
const REMEMBERED = 10_000;

function remember(said: string, id: string, params: Params): void {
  // A placeholder's text that t() said (an error's meaning inside "… (HTTP 404)") in English too.
  const englishParams: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params))
    englishParams[name] = typeof value === 'string' ? (english.get(value) ?? value) : value;
  const inEnglishWords = renderedInEnglish(() => render(englishFor(id), id, englishParams));
  if (inEnglishWords === said) return;
  english.delete(said);
  english.set(said, inEnglishWords);
  if (english.size > REMEMBERED) english.delete(english.keys().next().value as string);
}

/**
 * A UTC date the service sent (ISO 8601, "2026-12-01"), as a placeholder's value: as the language
 * writes dates ("01/12/2026"), its English the ISO date as it came, so that what scripts read of
 * a message said with it (an MCP result's suggestion) is the same in every language.
 */
export function dateParam(iso: string): string {
  const when = new Date(iso);
  if (currentLanguage() === 'en' || Number.isNaN(when.getTime())) return iso;
  const local = formatDate(when);
  english.delete(local);
  english.set(local, iso);
  return local;
}

/** `text` in English, where t() said it in another language this run; otherwise `text` as it is. */
export function inEnglish(text: string): string {
  return english.get(text) ?? text;
}

let rules: { language: string; rules: Intl.PluralRules } | undefined;

/**
 * The plural category of the count `n` in the run's language (Intl.PluralRules): English says
 * one or other, Portuguese one, many (a million, 2,000,000) or other. None (0) is other in both:
 * CLDR puts Portuguese's 0 with 1 ("0 crédito"), where a Brazilian writes "0 créditos" (a message
 * that says none in words of its own has an '=0' form: "nenhum crédito usado"). A figure that is
 * not a count (only an answer that drifted states one) is other too.
 * @internal Exported for its test.
 */
export function pluralCategory(n: unknown): Intl.LDMLPluralRule {
  if (typeof n !== 'number' || !(n > 0)) return 'other';
  const language = currentLanguage();
  if (rules?.language !== language) rules = { language, rules: new Intl.PluralRules(language) };
  return rules.rules.select(n);
}

function pluralForm(message: PluralMessage, n: unknown): string {
  return (n === 0 ? message[EXACTLY_ZERO] : undefined) ?? message[pluralCategory(n)] ?? message.other;
}
