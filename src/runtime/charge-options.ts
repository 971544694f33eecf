// The options every paid command takes, declared here and only here: --dry-run, --max-credits
// (see dry-run.ts and budget.ts), the local store's --max-age, --offline and --no-store, and a
// batch's --concurrency (with the other batch options, batch/flags.ts). They are accepted before the command word too (`social --max-credits 5 movers
// tech`): the entry moves them after it (src/argv-order.ts), reading what they are from these
// declarations. Light on purpose: the start layer loads it for that.
import { Command } from 'commander';
import { t } from '../messages/use-help.js';

/**
 * The options of every paid command: --dry-run, --max-credits (see budget.ts), and the local
 * store's --max-age, --offline and --no-store (see local-store.ts).
 */
export function addChargeOptions<C extends Command>(command: C): C {
  return command
    .option('--dry-run', t('help.charge.dry-run'))
    .option('--max-credits <n>', t('help.charge.max-credits'))
    .option('--max-age <duration>', t('help.charge.max-age'))
    .option('--offline', t('help.charge.offline'))
    .option('--no-store', t('help.charge.no-store'))
    .option('--budget <name>', t('help.charge.budget'));
}

/** A batch's calls at a time: addBatchOptions (batch/flags.ts) declares it through this. */
export function addConcurrencyOption<C extends Command>(command: C): C {
  return command.option('--concurrency <n>', t('help.batch.concurrency'), '4');
}

/** Each option above, as commander holds it: its flags and whether it takes a value. */
export function chargeOptions(): Command['options'] {
  return [...addChargeOptions(new Command()).options, ...addConcurrencyOption(new Command()).options];
}
