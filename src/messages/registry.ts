// Where t() finds a message. English is the catalogue's own language and every area's English
// registers itself as its module is evaluated (each area's use-<area>.ts imports it), so it loads
// with the layer of the code that says it: the start layer (dist/social.cjs) holds only what a
// start says, and `--version` evaluates no other area. Another language is one bundle of every area
// (dist/messages-pt-BR.cjs), loaded by useLanguage when, and only when, the run speaks it.
import { currentLanguage, type Language, setCurrentLanguage } from './language.js';
import type { Message, Messages } from './message-types.js';

/**
 * English by area (an id's first word: `notes.credits` is in notes), each area's object as its
 * module wrote it: registering an area is one entry here, not a copy of each of its messages.
 */
const english = new Map<string, Messages>();
/** The run's language's messages by area, as english is kept. */
let translated: Readonly<Record<string, Messages>> | undefined;

/** Called by each English area's module: its messages, the fallback of every language. */
export function registerEnglish(area: string, messages: Messages): void {
  english.set(area, messages);
}

function areaOf(id: string): string {
  return id.slice(0, id.indexOf('.'));
}

/** The message `id` in English; undefined for an id no area has. */
export function englishFor(id: string): Message | undefined {
  return english.get(areaOf(id))?.[id];
}

/** The message `id` in the run's language, else in English; undefined for an id no area has. */
export function messageFor(id: string): Message | undefined {
  const area = areaOf(id);
  return translated?.[area]?.[id] ?? english.get(area)?.[id];
}

/**
 * What `render` gives in English, whatever the run speaks: the text of an error that machine
 * output carries (a batch record's error.message), which never changes with the language, and
 * the English that catalogue.ts's inEnglish keeps of a sentence said in another language.
 */
export function renderedInEnglish<T>(render: () => T): T {
  const [was, language] = [translated, currentLanguage()];
  translated = undefined;
  setCurrentLanguage('en');
  try {
    return render();
  } finally {
    translated = was;
    setCurrentLanguage(language);
  }
}

/** Speak `language` from now on: its messages loaded (English needs none). */
export async function useLanguage(language: Language): Promise<void> {
  translated = language === 'en' ? undefined : (await import('./pt-BR/index.js')).brazilianPortuguese;
  setCurrentLanguage(language);
}
