// The flags of the options every paid command takes, and of a batch's --concurrency: what the
// entry reads to move them after the command word when they are given before it
// (src/argv-order.ts), so the start layer loads this. Their help is said where they are declared,
// with each command's declaration (charge-options.ts), so that no start carries it.
import { Option } from 'commander';
import type { MessageId } from '../messages/catalogue.js';

/** Each option's flags and the id of its help (the commands area, loaded with the declarations). */
export const CHARGE_FLAGS: readonly (readonly [flags: string, help: MessageId])[] = [
  ['--dry-run', 'commands.charge.dry-run'],
  ['--max-credits <n>', 'commands.charge.max-credits'],
  ['--max-age <duration>', 'commands.charge.max-age'],
  ['--offline', 'commands.charge.offline'],
  ['--no-store', 'commands.charge.no-store'],
  ['--budget <name>', 'commands.charge.budget'],
];

export const CONCURRENCY_FLAGS = '--concurrency <n>';

/** Each option above, as commander holds it: its flags and whether it takes a value. */
export function chargeOptions(): Option[] {
  return [...CHARGE_FLAGS.map(([flags]) => new Option(flags)), new Option(CONCURRENCY_FLAGS)];
}
