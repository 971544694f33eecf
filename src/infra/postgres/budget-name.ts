// A budget's name, checked as the options are read (light: no driver, no store).
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import { said, t } from '../../messages/use-errors.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function checkBudgetName(name: string): string {
  if (!NAME.test(name))
    throw usageError(said('errors.sharedBudget.name', { got: quoted(name) }), t('errors.sharedBudget.name.hint'));
  return name;
}
