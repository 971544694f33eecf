// `social credits`: what the key has left, read without spending, the last full credit breakdown an
// envelope carried, and what this machine spent (the local ledger), by day and command.
//
// The balance comes from a free probe: the movers route on a niche name that coverage does not
// list answers 200 with nothing found, credits_charged 0 and credits_balance. The name is checked
// against coverage first, so the probe can never land on a real niche and cost 10 credits.

import type { Command } from 'commander';
import { parseSince } from '../../domain/archive/interval.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { runNow } from '../../runtime/globals.js';
import { SPEND_COLUMNS } from './columns.js';
import type { CreditsOptions } from './options.js';

const DEFAULT_SINCE = '30d';

export function parseCreditsOptions(raw: { since?: string }, now: Date): CreditsOptions {
  const sinceRaw = raw.since ?? DEFAULT_SINCE;
  return { since: parseSince(sinceRaw, now), sinceRaw };
}

export function declareCredits(command: SocialCommand, ctx: Context): void {
  command
    .option('--since <time>', t('commands.credits.since', { default: DEFAULT_SINCE }))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.credits.after'),
        examplesText(['social credits', 'social credits --since 7d', 'social credits --json | jq .balance']),
      ),
    );
  addFieldsOption(
    command,
    SPEND_COLUMNS.map((c) => c.header),
  ).statusAction(async (raw: { since?: string }, command: Command) => {
    const options = parseCreditsOptions(raw, runNow(command.optsWithGlobals(), ctx));
    return runService(ctx, command, options, async () => (await import('./run.js')).runCredits);
  });
}
