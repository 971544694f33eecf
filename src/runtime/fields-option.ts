// --fields a,b,c on the commands that print a table or csv: the columns shown, in that order. The
// names are checked as the option is parsed, against the command's list, so a wrong one is refused
// (exit 2) before anything is sent. Applying them is the output layer's (src/output/fields.ts).

import { Option } from 'commander';
import { usageError } from '../domain/errors.js';
import { closest } from '../domain/suggest.js';
import { quoted } from '../domain/text.js';
import type { SocialCommand } from './command.js';

/** An option whose value is a comma-separated list of `names`: the completion scripts offer them. */
export class NamesOption extends Option {
  constructor(
    flags: string,
    description: string,
    readonly names: readonly string[],
  ) {
    super(flags, description);
  }
}

/**
 * `--fields` on `command`, its help listing `names` (the columns' headers) in the order the
 * command defines them, then the keys in the service's records where they differ (metrics.likes).
 */
export function addFieldsOption<C extends SocialCommand>(
  command: C,
  names: readonly string[],
  keys: readonly string[] = [],
): C {
  const all = [...names, ...keys.filter((key) => !names.includes(key))];
  const option = new NamesOption(
    '--fields <list>',
    `columns of a table or csv, keys of each record in json and ndjson, in this order, comma-separated: ${all.join(', ')}`,
    all,
  ).argParser((raw: string) => parseFields(raw, all));
  return command.addOption(option);
}

/** What --fields takes of `columns`: their headers, and their records' keys. */
export function fieldNames(columns: ReadonlyArray<{ header: string; key?: string }>): [string[], string[]] {
  return [columns.map((c) => c.header), columns.flatMap((c) => (c.key === undefined ? [] : [c.key]))];
}

/** The names in `raw`, each known, none twice; else a usage error naming the bad ones and the list. */
function parseFields(raw: string, names: readonly string[]): string[] {
  const asked = raw.split(',').map((name) => name.trim());
  if (asked.every((name) => name === '')) {
    throw usageError('--fields needs at least one column name', `Available fields: ${names.join(', ')}.`);
  }
  if (asked.includes('')) throw usageError(`--fields has an empty name in ${quoted(raw)}`);
  const unknown = asked.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    const near = unknown.length === 1 ? closest(unknown[0]!.toLowerCase(), names) : [];
    const hint = near.length > 0 ? `Did you mean ${near.join(' or ')}? ` : '';
    throw usageError(
      `Unknown field${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}`,
      `${hint}Available fields: ${names.join(', ')}.`,
    );
  }
  const twice = asked.filter((name, i) => asked.indexOf(name) !== i);
  if (twice.length > 0) throw usageError(`--fields names ${[...new Set(twice)].join(', ')} more than once`);
  return asked;
}
