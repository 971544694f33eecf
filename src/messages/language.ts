// The language a run speaks: `--lang`, else SOCIAL_LANG, else the locale the system names
// (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them). Portuguese in any of its forms
// (pt_BR.UTF-8, pt_PT, pt) is Brazilian Portuguese, the one translation there is; C, POSIX and
// anything else is English.

export const LANGUAGES = ['en', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A `--lang` value, exactly as the option's choices spell it; anything else is not one. */
export function languageNamed(value: string): Language | undefined {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : undefined;
}

/**
 * The language of a locale name or a language tag (`pt_BR.UTF-8`, `pt-BR`, `en_US`, `C`).
 * @internal Exported for its test.
 */
export function languageOfLocale(locale: string): Language {
  return /^pt(?:$|[_.@-])/i.test(locale) ? 'pt-BR' : 'en';
}

/**
 * The language the environment asks for: SOCIAL_LANG, then the first of LC_ALL, LC_MESSAGES and
 * LANG that is set and not empty (an empty one counts as unset, as the C library reads them).
 */
export function languageFromEnv(env: Readonly<Record<string, string | undefined>>): Language {
  for (const name of ['SOCIAL_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value !== undefined && value !== '') return languageOfLocale(value);
  }
  return 'en';
}

let chosen: Language = 'en';

/** The language of this run (English until the entry chooses: see useLanguage in registry.ts). */
export function currentLanguage(): Language {
  return chosen;
}

/** Set by the registry as it loads the language's messages, and only there. */
export function setCurrentLanguage(language: Language): void {
  chosen = language;
}
