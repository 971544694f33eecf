// `social movers <niche>`: the items that gained the most points between the newest window and the
// one captured closest to --hours ago. 10 credits, only when movement is found. Built for cron:
// --min-gained filters, --new-only prints only movers not reported before.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { defaultedParam, route } from '../../domain/routes.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import { helpAfter, runService, type SocialCommand } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseInteger, parseNicheArg, parseParam } from '../../runtime/options.js';
import type { ChartRaw } from '../shared/chart-options.js';
import { addChartOptions, namesFormat, parseChartOptions } from '../shared/chart-options.js';
import { addComputedOption } from '../shared/computed-option.js';
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
  computed?: boolean;
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
    computed: raw.computed === true,
  };
}

function checkResetState(raw: MoversRaw): boolean {
  if (raw.resetState === true && raw.newOnly !== true)
    throw usageError(said('errors.movers.resetState'), t('errors.movers.resetState.hint'));
  return raw.resetState === true;
}

/** A parameter's range and default, as its option's help says them. */
function range(param: { min: number; max: number; default: number }): Record<string, string> {
  return { min: String(param.min), max: String(param.max), default: String(param.default) };
}

export function declareMovers(command: SocialCommand, ctx: Context): void {
  command
    .option('--hours <n>', t('commands.movers.hours', range(HOURS)))
    .option('--limit <n>', t('commands.movers.limit', range(LIMIT)))
    .option('--min-gained <n>', t('commands.movers.min-gained'))
    .option('--new-only', t('commands.movers.new-only'))
    .option('--reset-state', t('commands.movers.reset-state'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.movers.after', { cost: String(MOVERS_COST) }),
        examplesText([
          'social movers tech',
          'social movers tech --hours 6 --limit 50',
          `social movers science --new-only --min-gained 20 --json | jq -r '.items[].url'`,
          '*/15 * * * *  social movers tech --hours 1 --new-only -o ndjson >> tech-movers.ndjson',
          'social movers tech --dry-run',
          { line: 'social movers tech --hours 6 --chart', note: t('commands.movers.example.gainsChart'), column: 50 },
          'social movers tech --chart-file movers.svg',
        ]),
      ),
    );
  addChartOptions(command, false);
  addComputedOption(command);
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
