// `social trends <niche>`: each item's hourly history in the archive. 1 credit per call, charged
// even when nothing is found; the niche is checked against the free coverage first.

import type { Command } from 'commander';
import { parseInterval } from '../../domain/archive/interval.js';
import {
  integerParam,
  route,
  TRENDS_DEFAULT_SPAN_DAYS,
  TRENDS_MAX_SPAN_DAYS,
  TRENDS_POINTS_CAP,
} from '../../domain/routes.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { runNow } from '../../runtime/globals.js';
import { parseNicheArg, parseParam } from '../../runtime/options.js';
import type { ChartRaw } from '../shared/chart-options.js';
import { addChartOptions, namesFormat, parseChartOptions } from '../shared/chart-options.js';
import { TRENDS_FIELDS } from './columns.js';
import type { TrendsOptions } from './options.js';

const TRENDS = route('trends');

const TRENDS_LIMIT = integerParam(TRENDS, 'limit')!;

export interface TrendsRaw extends ChartRaw {
  from?: string;
  to?: string;
  limit?: string;
  series?: boolean;
  force?: boolean;
}

export function parseTrendsOptions(nicheArg: string, raw: TrendsRaw, now: Date, explicitFormat = false): TrendsOptions {
  return {
    niche: parseNicheArg(nicheArg),
    interval: parseInterval(raw.from, raw.to, now),
    limit: raw.limit === undefined ? undefined : parseParam('--limit', raw.limit, TRENDS_LIMIT, TRENDS_POINTS_CAP),
    series: raw.series === true,
    chart: parseChartOptions(raw, explicitFormat),
    force: raw.force === true,
  };
}

export function declareTrends(command: SocialCommand, ctx: Context): void {
  command
    .option('--from <time>', t('commands.trends.from', { days: String(TRENDS_DEFAULT_SPAN_DAYS) }))
    .option('--to <time>', t('commands.trends.to'))
    .option('--limit <n>', t('commands.trends.limit', { cap: String(TRENDS_POINTS_CAP) }))
    .option('--series', t('commands.trends.series'))
    .option('--force', t('commands.trends.force'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.trends.after', {
          maxSpan: String(TRENDS_MAX_SPAN_DAYS),
          defaultSpan: String(TRENDS_DEFAULT_SPAN_DAYS),
        }),
        examplesText([
          'social trends tech',
          'social trends tech --from 36h',
          'social trends science --from 2026-11-01 --to 2026-11-08 -o csv > science-week.csv',
          'social trends tech --from 2w --to 1w --series',
          'social trends tech --dry-run',
          { line: 'social trends tech --from 3d --chart', note: t('commands.trends.example.rankChart'), column: 53 },
          'social trends tech --chart --metric points --top 5',
          {
            line: 'social trends tech --from 30d --chart-file tech.svg',
            note: t('commands.trends.example.svgFile'),
            column: 53,
          },
        ]),
      ),
    );
  addChartOptions(command, true);
  addFieldsOption(addChargeOptions(command), ...TRENDS_FIELDS).statusAction(
    (nicheArg: string, raw: TrendsRaw, command: Command) =>
      runService(
        ctx,
        command,
        parseTrendsOptions(
          nicheArg,
          raw,
          runNow(command.optsWithGlobals(), ctx),
          namesFormat(command.optsWithGlobals()),
        ),
        async () => (await import('./run.js')).runTrends,
      ),
  );
}
