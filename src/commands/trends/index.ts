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
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP, runService } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
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
    .option('--from <time>', `start; default ${TRENDS_DEFAULT_SPAN_DAYS} days before --to`)
    .option('--to <time>', 'end; default now')
    .option(
      '--limit <n>',
      `the most series points wanted, 1..${TRENDS_POINTS_CAP} (a hint: the service never sends more than ${TRENDS_POINTS_CAP})`,
    )
    .option('--series', 'table: a row per series point instead of a row per item')
    .option('--force', 'send even when coverage shows the answer will be empty (it is charged all the same)')
    .addHelpText(
      'after',
      `
Times: an ISO 8601 instant with its offset (2026-11-20T08:00Z, 2026-11-20T09:00+01:00), a date
(2026-11-20, midnight UTC), or an age back from now: 90m, 36h, 7d, 2w (--from 36h is 36 hours
ago). --from must be before --to and the span at most ${TRENDS_MAX_SPAN_DAYS} days; anything else is refused
before a request is sent. Without --from and --to the service's default applies (the last
${TRENDS_DEFAULT_SPAN_DAYS} days); with only one of them, the other is filled in here and both are sent.

The niche is checked first against the free coverage (cached 5 minutes): an unknown niche is
refused with the nearest names and costs nothing. If coverage cannot be read, trends goes on
with a warning (an unknown niche would then be charged 1 credit for an empty answer).
Coverage also shows when the answer can only be empty, and trends then sends nothing (exit 2)
unless --force: a niche with no window at all (last_window null), or a span that begins after
the niche's last window. --dry-run says the same, from cached coverage only (with --sandbox, the
in-process sandbox's).

Table: a row per item with its title, best position, movement (oldest position minus newest: ▲
climbed, ▼ fell), latest points, sparklines of its points and of its rank over the interval (a
rise is a climb toward position 1; blanks are hours out of the ranking), when it entered and
when it left or "still ranking". --series: a row per series point.
csv: always a row per series point: external_id,title,url,window,position,points,comments.
json: the service's answer, untouched.
stderr: a warning when the answer hit a cap (truncated), and at a terminal what was charged,
whether the free allowance or purchased credits paid, and what is left.

Examples:
  social trends tech
  social trends tech --from 36h
  social trends science --from 2026-11-01 --to 2026-11-08 -o csv > science-week.csv
  social trends tech --from 2w --to 1w --series
  social trends tech --dry-run
  social trends tech --from 3d --chart                 # rank over time of the top 8
  social trends tech --chart --metric points --top 5
  social trends tech --from 30d --chart-file tech.svg  # an SVG for a report; stdout keeps the table

${EXIT_HELP}`,
    );
  addChartOptions(command, true);
  addFieldsOption(addChargeOptions(command), ...TRENDS_FIELDS).statusAction(
    (nicheArg: string, raw: TrendsRaw, command: Command) =>
      runService(
        ctx,
        command,
        parseTrendsOptions(nicheArg, raw, ctx.now(), namesFormat(command.optsWithGlobals())),
        async () => (await import('./run.js')).runTrends,
      ),
  );
}
