// The options every paid command takes, declared here and only here: --dry-run, --max-credits
// (see dry-run.ts and budget.ts), the local store's --max-age, --offline and --no-store, --budget,
// and a batch's --concurrency (with the other batch options, batch/flags.ts). They are accepted
// before the command word too (`social --max-credits 5 movers tech`): the entry moves them after it
// (src/argv-order.ts), reading their flags from charge-flags.ts, which the start layer loads; their
// help is said here, with each command's declaration.
import type { Command } from 'commander';
import { t } from '../messages/use-commands.js';
import { CHARGE_FLAGS, CONCURRENCY_FLAGS } from './charge-flags.js';

/**
 * The options of every paid command: --dry-run, --max-credits (see budget.ts), and the local
 * store's --max-age, --offline and --no-store (see local-store.ts), and --budget. `dryRunHelp` is
 * --dry-run's where a run may be a batch, whose dry run prints its plan (batch/flags.ts).
 */
export function addChargeOptions<C extends Command>(command: C, dryRunHelp?: string): C {
  for (const [flags, help] of CHARGE_FLAGS)
    command.option(flags, flags === '--dry-run' && dryRunHelp !== undefined ? dryRunHelp : t(help));
  return command;
}

/** A batch's calls at a time: addBatchOptions (batch/flags.ts) declares it through this. */
export function addConcurrencyOption<C extends Command>(command: C): C {
  return command.option(CONCURRENCY_FLAGS, t('commands.batch.concurrency'), '4');
}
