// The shape of the catalogue's messages, which every area's module types itself by.

/**
 * A message: a string with `{name}` placeholders, or one form a plural category (Intl.PluralRules),
 * and, where none reads better in words than as "0 créditos", a form for exactly 0 (`'=0'`, as
 * ICU's MessageFormat writes it: "nenhum crédito usado").
 */
export type Message = string | PluralMessage;
export type PluralMessage = Readonly<Partial<Record<Intl.LDMLPluralRule | typeof EXACTLY_ZERO, string>>> & {
  readonly other: string;
};

/** The key of a plural message's form for a count of exactly 0. */
export const EXACTLY_ZERO = '=0';
export type Messages = Readonly<Record<string, Message>>;

/**
 * An area in another language: the same ids as its English (`E`), a string where English has one
 * and a plural where English has one (its categories are the language's own: a test holds them).
 */
export type Translation<E extends Messages> = {
  readonly [Id in keyof E]: E[Id] extends string ? string : PluralMessage;
};
