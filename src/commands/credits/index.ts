// `social credits`: what the key has left, read without spending, the last full credit breakdown an
// envelope carried, and what this machine spent (the local ledger), by day and command.
//
// The balance comes from a free probe: the movers route on a niche name that coverage does not
// list answers 200 with nothing found, credits_charged 0 and credits_balance. The name is checked
// against coverage first, so the probe can never land on a real niche and cost 10 credits.

import type { Command } from 'commander';
import { parseSince } from '../../domain/archive/interval.js';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP, runService } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { PROBE_NICHE } from '../shared/movers-request.js';
import { SPEND_COLUMNS } from './columns.js';

export const DEFAULT_SINCE = '30d';

export interface CreditsOptions {
  since: Date;
  sinceRaw: string;
}

export function parseCreditsOptions(raw: { since?: string }, now: Date): CreditsOptions {
  const sinceRaw = raw.since ?? DEFAULT_SINCE;
  return { since: parseSince(sinceRaw, now), sinceRaw };
}

export function registerCredits(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('credits')
    .description('what the key has left (read without spending) and what this machine spent')
    .option(
      '--since <time>',
      `period of the local summary: an age (30d, 2w, 36h), a date or an instant (default ${DEFAULT_SINCE})`,
    )
    .addHelpText(
      'after',
      `
The balance is read for free: credits asks the movers route about a niche name that coverage
does not list (${PROBE_NICHE}); the service answers 200 with nothing found, charges nothing
and reports credits_balance. The name is checked against coverage (free) first, so the probe
can never hit a real niche; if coverage cannot be read the probe is not sent, the balance shows
as unknown and the exit status says why (9 unavailable, 10 network).

Also shown: the last full breakdown an envelope carried (purchased credits, free allowance left
of its total, and when the free allowance resets, 00:00 UTC on the 1st), and the local ledger of
what this machine spent with this key on this service, by day and command. The ledger
(spend.jsonl in the config dir) gets a line as each call is answered, naming the service and a
fingerprint of the key (the first 8 hex digits of its SHA-256, never the key); calls that may
have been charged without an answer are counted at their cost and shown as uncertain. --sandbox
runs are not recorded.

json: {"balance", "balance_read_at", "probe", "last_breakdown", "spent": {"since", "recorded",
"service", "key", "credits", "calls", "uncertain", "by_day": [{"day", "command", "calls",
"cached", "credits", "uncertain"}]}}.
csv: a row per day and command.

Examples:
  social credits
  social credits --since 7d
  social credits --json | jq .balance

${EXIT_HELP}`,
    );
  addFieldsOption(
    command,
    SPEND_COLUMNS.map((c) => c.header),
  ).statusAction(async (raw: { since?: string }, command: Command) => {
    const options = parseCreditsOptions(raw, ctx.now());
    return runService(
      ctx,
      command,
      { key: true, command: 'credits' },
      options,
      async () => (await import('./run.js')).runCredits,
    );
  });
}
