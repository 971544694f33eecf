// A budget's name, checked as the options are read (light: no driver, no store).
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkBudgetName(name: string): string {
  if (!NAME.test(name))
    throw usageError(
      `a budget's name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit; got ${quoted(name)}`,
      'For example --budget team or --budget crawl-2026-12.',
    );
  return name;
}
