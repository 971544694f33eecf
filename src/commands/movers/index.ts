// `social movers <niche>`: the items that gained the most points between the newest window and the
// one captured closest to --hours ago. 10 credits, only when movement is found. Built for cron:
// --min-gained filters, --new-only prints only movers not reported before.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { defaultedParam, route } from '../../domain/routes.js';
import type { Context } from '../../infra/context.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import { EXIT_HELP, runService, type SocialCommand } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseInteger, parseNicheArg, parseParam } from '../../runtime/options.js';
import type { ChartRaw } from '../shared/chart-options.js';
import { addChartOptions, namesFormat, parseChartOptions } from '../shared/chart-options.js';
import { MOVERS_FIELDS } from './columns.js';
import type { MoversOptions } from './options.js';

const MOVERS = route('movers');

const MOVERS_COST = MOVERS.cost;

const HOURS = defaultedParam(MOVERS, 'hours');

const LIMIT = defaultedParam(MOVERS, 'limit');

const MIN_GAINED_MAX = 1_000_000_000;

export interface MoversRaw extends ChartRaw {
  hours?: string;
  limit?: string;
  minGained?: string;
  newOnly?: boolean;
  resetState?: boolean;
}

export function parseMoversOptions(nicheArg: string, raw: MoversRaw, explicitFormat = false): MoversOptions {
  return {
    niche: parseNicheArg(nicheArg),
    hours: raw.hours === undefined ? HOURS.default : parseParam('--hours', raw.hours, HOURS),
    limit: raw.limit === undefined ? LIMIT.default : parseParam('--limit', raw.limit, LIMIT),
    minGained: raw.minGained === undefined ? undefined : parseInteger('--min-gained', raw.minGained, 1, MIN_GAINED_MAX),
    newOnly: raw.newOnly === true,
    resetState: checkResetState(raw),
    chart: parseChartOptions(raw, explicitFormat),
  };
}

function checkResetState(raw: MoversRaw): boolean {
  if (raw.resetState === true && raw.newOnly !== true)
    throw usageError('--reset-state goes with --new-only', 'For example: social movers tech --new-only --reset-state');
  return raw.resetState === true;
}

export function declareMovers(command: SocialCommand, ctx: Context): void {
  command
    .option('--hours <n>', `how far back to compare, ${HOURS.min}..${HOURS.max} (default ${HOURS.default})`)
    .option('--limit <n>', `the top N by points gained, ${LIMIT.min}..${LIMIT.max} (default ${LIMIT.default})`)
    .option(
      '--min-gained <n>',
      'only movers that gained at least N points (filtered locally: the call is charged all the same)',
    )
    .option(
      '--new-only',
      'only movers not reported by an earlier --new-only run for this niche (state in the config dir)',
    )
    .option(
      '--reset-state',
      'with --new-only: forget what was reported for this niche (and move a damaged state aside)',
    )
    .addHelpText(
      'after',
      `
The newest window is compared with the archived window captured closest to --hours ago. Windows
are not evenly spaced, so the heading says the real gap ("windows 6h12m apart, asked 6h") and
"per hour" is points gained divided by that real gap, never by --hours. "position" is the place
in the newest window, for reference only: movers are ranked by points gained.
Out-of-range --hours or --limit is refused before anything is sent, never clamped.

The niche is checked first against the free coverage (cached 5 minutes): an unknown niche is
refused with the nearest names and costs nothing. If coverage cannot be read, movers goes on with
a warning. No movement found: the service's note, nothing charged, exit 0.

For cron: --min-gained N drops smaller movers, --new-only drops movers already reported for
this niche on this service (kept 30 days in movers-seen.json in the config dir; saved only after
the output was written, so a failed run reports them again). Both filter locally: the service
still charges ${MOVERS_COST} credits when it found movement.
--new-only runs one at a time: overlapping runs wait for each other (up to 60 s, or
SOCIAL_LOCK_WAIT_MS), so a mover is never reported twice. It is refused, exit 2 and nothing
sent, when its state cannot be written, is held by another run past the wait, or is damaged
(--reset-state moves a damaged file aside and starts this niche afresh).
json: the service's answer; with --min-gained or --new-only, the same body with items holding
only the movers kept and total set to their number (everything else as the service sent it).
csv: a row per mover, with external_id, url, gained_per_hour and interval_min.

Examples:
  social movers tech
  social movers tech --hours 6 --limit 50
  social movers science --new-only --min-gained 20 --json | jq -r '.items[].url'
  */15 * * * *  social movers tech --hours 1 --new-only -o ndjson >> tech-movers.ndjson
  social movers tech --dry-run
  social movers tech --hours 6 --chart              # bars of points gained, and per hour
  social movers tech --chart-file movers.svg

${EXIT_HELP}`,
    );
  addChartOptions(command, false);
  addFieldsOption(addChargeOptions(command), MOVERS_FIELDS).statusAction(
    (nicheArg: string, raw: MoversRaw, command: Command) =>
      runService(
        ctx,
        command,
        parseMoversOptions(nicheArg, raw, namesFormat(command.optsWithGlobals())),
        async () => (await import('./run.js')).runMovers,
      ),
  );
}
