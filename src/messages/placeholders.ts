// The placeholders of what is typed in the run's language: the usage line's `[options] [command]`
// and each argument's name, as commander and the declarations give them in English. One id a
// name (`help.placeholder.platform`), so that help's usage line and argument lists and
// commander's line for a missing argument name an argument alike. The words typed around them
// (command names, options) are never translated.
import type { MessageId } from './catalogue.js';
import { messageFor } from './registry.js';
import { t } from './use-help.js';

/** The placeholder `name` in the run's language; a name the catalogue does not know stays as declared. */
export function placeholderName(name: string): string {
  const id = `help.placeholder.${name}` as MessageId;
  return messageFor(id) === undefined ? name : t(id);
}
