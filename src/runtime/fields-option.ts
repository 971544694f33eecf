// --fields a,b,c on the commands that print a table or csv: the columns shown, in that order. The
// names are checked as the option is parsed, against the command's list, so a wrong one is refused
// (exit 2) before anything is sent. Applying them is the output layer's (src/output/fields.ts).

import { Option } from 'commander';
import { EXIT, usageError } from '../domain/errors.js';
import { closest, didYouMean } from '../domain/suggest.js';
import { quoted } from '../domain/text.js';
import { t } from '../messages/use-commands.js';
import { said } from '../messages/use-errors.js';
import type { Column } from '../output/types.js';
import type { SocialCommand } from './command.js';
import type { Globals } from './globals.js';

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
  const option = new NamesOption('--fields <list>', t('commands.fields', { names: all.join(', ') }), all).argParser(
    (raw: string) => parseFields(raw, all),
  );
  return command.addOption(option);
}

/** What --fields takes of `columns`: their headers, and their records' keys. */
export function fieldNames(columns: ReadonlyArray<{ header: string; key?: string }>): [string[], string[]] {
  return [columns.map((c) => c.header), columns.flatMap((c) => (c.key === undefined ? [] : [c.key]))];
}

/** The names in `raw`, each known, none twice; else a usage error naming the bad ones and the list. */
function parseFields(raw: string, names: readonly string[]): string[] {
  const asked = raw.split(',').map((name) => name.trim());
  const available = t('errors.fields.available.hint', { names: names.join(', ') });
  if (asked.every((name) => name === '')) throw usageError(said('errors.fields.none'), available);
  if (asked.includes('')) throw usageError(said('errors.fields.emptyName', { raw: quoted(raw) }));
  const unknown = asked.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    const near = unknown.length === 1 ? closest(unknown[0]!.toLowerCase(), names) : [];
    throw usageError(
      said('errors.fields.unknown', { n: unknown.length, names: unknown.join(', ') }),
      `${didYouMean(near)}${available}`,
    );
  }
  const twice = asked.filter((name, i) => asked.indexOf(name) !== i);
  if (twice.length > 0) throw usageError(said('errors.fields.twice', { names: [...new Set(twice)].join(', ') }));
  return asked;
}

/**
 * The names of a batch record's own fields (`{input, exit, error, body}`), which are also the
 * columns of a batch's csv and table. One call (one handle, one post) prints the service's answer
 * in json and ndjson, which has none of them: there they are refused, never made up.
 */
export const RECORD_FIELDS: readonly string[] = ['input', 'exit', 'error'];

/**
 * --fields input, exit or error with json or ndjson on one call: refused (exit 2) before anything
 * is sent. In csv and a table one call's rows are the rows a batch writes, so the three are
 * columns there as on a batch.
 */
export function refuseRecordFields(globals: Pick<Globals, 'format' | 'fields'>): void {
  if (globals.format !== 'json' && globals.format !== 'ndjson') return;
  const named = globals.fields?.filter((name) => RECORD_FIELDS.includes(name)) ?? [];
  if (named.length === 0) return;
  throw usageError(
    said('errors.fields.ofRecords', { n: named.length, names: named.join(', '), format: globals.format }),
    t('errors.fields.ofRecords.hint'),
  );
}

/** The exit column of csv and a table: a row's status (0 for a row of an answer). */
export function exitColumn<Row>(exitOf: (row: Row) => number = () => EXIT.ok): Column<Row> {
  return { header: 'exit', label: 'views.column.exit', value: exitOf, kind: 'integer', hidden: true };
}
