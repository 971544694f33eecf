// The options every paid command takes, declared here and only here: --dry-run, --max-credits
// (see dry-run.ts and budget.ts), the local store's --max-age, --offline and --no-store, and a
// batch's --concurrency (with the other batch options, batch/flags.ts). They are accepted before the command word too (`social --max-credits 5 movers
// tech`): the entry moves them after it (src/argv-order.ts), reading what they are from these
// declarations. Light on purpose: the start layer loads it for that.
import { Command } from 'commander';

/**
 * The options of every paid command: --dry-run, --max-credits (see budget.ts), and the local
 * store's --max-age, --offline and --no-store (see local-store.ts).
 */
export function addChargeOptions<C extends Command>(command: C): C {
  return command
    .option('--dry-run', 'print the request(s) it would send and the most they could cost; send nothing')
    .option(
      '--max-credits <n>',
      'spend at most N credits: a call that could cost more is not sent (exit 12); a batch holds back the inputs past it',
    )
    .option(
      '--max-age <duration>',
      'an answer in the local store younger than this (30m, 6h, 7d) is printed instead of sending: 0 credits',
    )
    .option('--offline', 'answer only from the local store, never the network (exit 13 when nothing is held)')
    .option('--no-store', 'neither read nor write the local store in this call')
    .option(
      '--budget <name>',
      'spend from the budget NAME shared by every process on the PostgreSQL store (SOCIAL_BUDGET); with --max-credits N, made at N credits if new',
    );
}

/** A batch's calls at a time: addBatchOptions (batch/flags.ts) declares it through this. */
export function addConcurrencyOption<C extends Command>(command: C): C {
  return command.option('--concurrency <n>', 'calls at a time in batch use, 1..64', '4');
}

/** Each option above, as commander holds it: its flags and whether it takes a value. */
export function chargeOptions(): Command['options'] {
  return [...addChargeOptions(new Command()).options, ...addConcurrencyOption(new Command()).options];
}
