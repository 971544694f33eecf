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
import { SPEND_COLUMNS } from './columns.js';
import type { CreditsOptions } from './options.js';

const DEFAULT_SINCE = '30d';

export function parseCreditsOptions(raw: { since?: string }, now: Date): CreditsOptions {
  const sinceRaw = raw.since ?? DEFAULT_SINCE;
  return { since: parseSince(sinceRaw, now), sinceRaw };
}

export function declareCredits(command: SocialCommand, ctx: Context): void {
  command
    .option(
      '--since <time>',
      `period of the local summary: an age (30d, 2w, 36h), a date or an instant (default ${DEFAULT_SINCE})`,
    )
    .addHelpText(
      'after',
      `
The balance is read for free: credits asks the movers route about a niche name that coverage
does not list; the service answers 200 with nothing found, charges nothing and reports
credits_balance. The name is checked against coverage (free) first, so the probe
can never hit a real niche; if coverage cannot be read the probe is not sent, the balance shows
as unknown and the exit status says why (9 unavailable, 10 network).

The burn rate: what this machine spent with this key on this service in the last 7 and 30 days,
per day, and at that pace how many days the balance lasts and on which day it runs out, before
or after the free allowance resets (00:00 UTC on the 1st). A ledger younger than the window is
taken over the days it has. Uncertain calls count at their cost, as everywhere.

Also shown: the last full breakdown an envelope carried (purchased credits, free allowance left
of its total, and when the free allowance resets, 00:00 UTC on the 1st), and the local ledger of
what this machine spent with this key on this service, by day and command. The ledger
(spend.jsonl in the config dir) gets a line as each call is answered, naming the service and a
fingerprint of the key (the first 8 hex digits of its SHA-256, never the key); calls that may
have been charged without an answer are counted at their cost and shown as uncertain, as is an
answer that says cached false but states fewer credits than the route's price, or states a
credit figure that is not a count (a fraction, a string, null, negative): counted at the price,
as the credit note, a batch's summary and the ceiling count it. --sandbox runs are not recorded.

A monthly spending ceiling is told by no free call: when a paid call is refused for it
(teto_estourado, exit 5), social remembers the ceiling (cap and spent this month, when the answer
carries them) for this key on this service, with the date, in ceilings.json in the config dir.
credits shows it for the rest of that month; while it is reached, credits says paid calls are
refused until the 1st and exits 5, as they would, whatever the balance. A call charged since
then shows the ceiling was raised, and it is forgotten; one that failed after it may have been
charged counts towards a ceiling with room left, and never says one was raised.

json keys:
  balance            credits left on the key, read just now (null: could not be read)
  balance_read_at    when it was read (ISO 8601), or null
  probe_charged      what the free probe was charged (0), or null when it was not sent
  ceiling            null, or {"cap", "spent_this_month" (null when the answer did not say),
                     "reached", "seen_at", "resumes_at" (00:00 UTC on the 1st)}
  last_breakdown     the last credit breakdown an envelope carried, or null: {"seen_at",
                     "credits_remaining", "credits_purchased_remaining", "free_credits_remaining",
                     "free_credits_total", "free_credits_reset_at"}
  burn_rate          null under --sandbox, or {"balance", "free_resets_at", "windows": [{"days" (7,
                     30), "credits", "over_days", "per_day", "days_left", "runs_out_on",
                     "before_reset"}]}: the pace over the last 7 and 30 days of the whole ledger
                     (over fewer days when it is younger), and the days the balance lasts at it
  spent              this machine's spending: {"since", "recorded", "service", "key" (the key's
                     fingerprint), "credits", "calls", "uncertain", "by_day": [{"day", "command",
                     "calls", "cached", "credits", "uncertain"}]}
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
    return runService(ctx, command, options, async () => (await import('./run.js')).runCredits);
  });
}
