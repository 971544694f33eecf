// `social trends <niche>`: each item's hourly history in the archive. 1 credit per call, charged
// even when nothing is found; the niche is checked against the free coverage first.

import type { Command } from 'commander';
import type { Interval } from '../../domain/archive/interval.js';
import { formatMinutes, parseInterval, shortUtc } from '../../domain/archive/interval.js';
import { credits, headerNumber, thousands } from '../../domain/archive/notes.js';
import {
  integerParam,
  route,
  TRENDS_DEFAULT_SPAN_DAYS,
  TRENDS_MAX_SPAN_DAYS,
  TRENDS_POINTS_CAP,
} from '../../domain/routes.js';
import type { Item, SeriesPoint, TrendsBody } from '../../domain/schemas.js';
import type { ApiResult, RequestSpec } from '../../infra/client/http.js';
import type { Context } from '../../infra/context.js';
import { trendsChart } from '../../output/charts/model.js';
import { arrange } from '../../output/fields.js';
import { SPARK_MAX, type SparkValue } from '../../output/sparkline.js';
import type { Column, Result } from '../../output/types.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addDryRunOption, dryRunOutcome } from '../../runtime/dry-run.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseParam } from '../../runtime/options.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import type { ChartOptions, ChartRaw } from '../shared/chart-options.js';
import { addChartOptions, namesFormat, parseChartOptions } from '../shared/chart-options.js';
import { parseNicheArg, resolveNiche } from '../shared/coverage.js';
import { EXIT_HELP } from '../shared/social-shared.js';

const TRENDS = route('trends');
const TRENDS_LIMIT = integerParam(TRENDS, 'limit')!;

export interface TrendsOptions {
  niche: string;
  interval: Interval;
  limit: number | undefined;
  series: boolean;
  chart: ChartOptions | undefined;
}

export interface TrendsRaw extends ChartRaw {
  from?: string;
  to?: string;
  limit?: string;
  series?: boolean;
}

export function parseTrendsOptions(nicheArg: string, raw: TrendsRaw, now: Date, explicitFormat = false): TrendsOptions {
  return {
    niche: parseNicheArg(nicheArg),
    interval: parseInterval(raw.from, raw.to, now),
    limit: raw.limit === undefined ? undefined : parseParam('--limit', raw.limit, TRENDS_LIMIT, TRENDS_POINTS_CAP),
    series: raw.series === true,
    chart: parseChartOptions(raw, explicitFormat),
  };
}

export function trendsRequest(options: TrendsOptions): RequestSpec<TrendsBody> {
  const { interval } = options;
  return {
    ...routeRequest('trends', options.niche),
    query: {
      from: interval.explicit ? interval.from.toISOString() : undefined,
      to: interval.explicit ? interval.to.toISOString() : undefined,
      limit: options.limit,
    },
    loadSchema: async () => (await import('../../domain/schemas.js')).TrendsBodySchema,
  };
}

export async function runTrends(options: TrendsOptions, rt: Runtime): Promise<Outcome> {
  const request = trendsRequest(options);
  const resolved = await resolveNiche(rt, options.niche);
  const warnings = [...resolved.warnings];
  if (resolved.info?.last_window === null) {
    warnings.push(
      `niche ${options.niche} has never been recorded: trends will find nothing, and the call is charged all the same`,
    );
  }
  if (rt.globals.dryRun) return { ...dryRunOutcome(rt, [request]), warnings };
  const answer = await rt.spin(`fetching trends of ${options.niche}`, rt.session.client.get(request));
  const body = answer.body;
  if (body.truncated) warnings.push(truncatedWarning(body, options));
  const result = trendsResult(body, options.series);
  if (options.chart) {
    const caption = `social trends ${body.niche} · ${shortUtc(body.from)} → ${shortUtc(body.to)} UTC · ${credits(body.credits_charged)} charged`;
    const model = trendsChart(body, { top: options.chart.top, metric: options.chart.metric, caption });
    result.chart = { model, draw: options.chart.draw, file: options.chart.file };
  }
  return { result, notes: [trendsCreditNote(answer)], warnings };
}

function truncatedWarning(body: TrendsBody, options: TrendsOptions): string {
  const cap =
    options.limit === undefined
      ? `its ${thousands(TRENDS_POINTS_CAP)}-point cap`
      : `--limit ${options.limit} (the service caps at ${thousands(TRENDS_POINTS_CAP)} points)`;
  const fix = options.limit === undefined ? 'narrow --from/--to' : 'raise --limit or narrow --from/--to';
  return `truncated: the answer hit ${cap}, so the series is incomplete (${thousands(body.points)} points returned); ${fix} to get the rest`;
}

/** What was charged, who paid, and what is left. */
export function trendsCreditNote(answer: Pick<ApiResult<TrendsBody>, 'body' | 'headers'>): string {
  const body = answer.body;
  const payer = body.paid_from === 'free' ? 'the free allowance' : 'purchased credits';
  const parts = [
    `${credits(body.credits_charged)} charged, paid from ${payer}`,
    `free ${thousands(body.free_used)}/${thousands(body.free_total)} used this month`,
    `balance ${thousands(body.credits_balance)}`,
  ];
  const limit = headerNumber(answer.headers, 'x-ratelimit-limit');
  const remaining = headerNumber(answer.headers, 'x-ratelimit-remaining');
  if (limit !== undefined && remaining !== undefined)
    parts.push(`${thousands(remaining)}/${thousands(limit)} trends calls left this month`);
  return parts.join(' · ');
}

/** A row of trends: a series point of an item, or an item with its latest point (null if none). */
interface TrendRow {
  item: Item;
  point: SeriesPoint | null;
}

interface Sparks {
  points: SparkValue[];
  position: SparkValue[];
}

/** Every column of trends; the item table, the --series table and csv each show some, in their order. */
function trendsColumns(sparks: ReadonlyMap<Item, Sparks>): Column<TrendRow>[] {
  return [
    { header: 'external_id', value: (r) => r.item.external_id },
    { header: 'title', value: (r) => r.item.title, fit: 'free' },
    { header: 'url', value: (r) => r.item.url, fit: 'id' },
    { header: 'window', value: (r) => r.point?.window ?? null },
    { header: 'position', value: (r) => r.point?.position ?? null, kind: 'integer', keep: 2 },
    { header: 'points', value: (r) => r.point?.points ?? null, kind: 'count', keep: 2 },
    { header: 'comments', value: (r) => r.point?.comments ?? null, kind: 'count' },
    { header: 'best', value: (r) => r.item.best_position, kind: 'integer', keep: 2 },
    { header: 'move', value: (r) => r.item.movement, kind: 'signed', keep: 2 },
    {
      header: 'points_spark',
      label: 'points~',
      value: (r) => sparks.get(r.item)?.points ?? null,
      kind: 'spark',
      keep: 1,
    },
    { header: 'rank_spark', label: 'rank~', value: (r) => sparks.get(r.item)?.position ?? null, kind: 'spark' },
    { header: 'entered', value: (r) => r.item.entered_at, kind: 'time' },
    { header: 'left', value: (r) => r.item.left_at, kind: 'time', missing: 'still ranking' },
  ];
}

/** What --fields takes. */
const TRENDS_FIELDS: readonly string[] = trendsColumns(new Map()).map((c) => c.header);
const ITEM_TABLE = ['title', 'best', 'move', 'points', 'points_spark', 'rank_spark', 'entered', 'left', 'url'];
const SERIES_TABLE = ['title', 'window', 'position', 'points', 'comments', 'url'];
const CSV = ['external_id', 'title', 'url', 'window', 'position', 'points', 'comments'];

/**
 * An item's values on the query's own time axis: `cells` cells from `from` to `to`, each the item's
 * last value in that span, null where it was not ranked, and a mark in the blank cell just before
 * it entered and just after it left (when that happened inside the interval). Every row of a table
 * spans the same interval in the same number of cells, so rows can be compared by eye.
 */
export function timelineSeries(
  item: Item,
  from: number,
  to: number,
  cells: number,
  value: (p: SeriesPoint) => number | null,
): SparkValue[] {
  const span = Math.max(1, to - from);
  const line: SparkValue[] = new Array<SparkValue>(cells).fill(null);
  let first = -1;
  let last = -1;
  for (const point of item.series) {
    const t = Date.parse(point.window);
    if (!(t >= from && t <= to)) continue;
    const cell = Math.min(cells - 1, Math.floor(((t - from) / span) * cells));
    line[cell] = value(point);
    if (first < 0 || cell < first) first = cell;
    last = Math.max(last, cell);
  }
  if (first < 0) return line;
  if (Date.parse(item.entered_at) > from && first > 0 && line[first - 1] === null) line[first - 1] = 'entered';
  const left = item.left_at === null ? Number.NaN : Date.parse(item.left_at);
  if (left <= to && last < cells - 1 && line[last + 1] === null) line[last + 1] = 'left';
  return line;
}

function heading(body: TrendsBody): string {
  const items = `${thousands(body.items.length)} item${body.items.length === 1 ? '' : 's'}`;
  const points = `${thousands(body.points)} point${body.points === 1 ? '' : 's'}`;
  return `${body.niche} · ${shortUtc(body.from)} → ${shortUtc(body.to)} UTC · ${items} · ${points}${body.truncated ? ' · truncated' : ''}`;
}

/** What a sparkline cell spans: every row is drawn on the same axis. */
function sparkLegend(body: TrendsBody): string {
  const cell = formatMinutes((Date.parse(body.to) - Date.parse(body.from)) / SPARK_MAX / 60_000);
  return `sparklines: ${SPARK_MAX} cells of ${cell} from start to end, blank where not ranked, › entered, ‹ left`;
}

/**
 * A sparkline column as csv carries it: the item's series itself, in order (points, or positions
 * as ranked, 1 the top), not the drawing's resampled, upside-down cells.
 */
function csvSeries(column: Column<TrendRow>): Column<TrendRow> {
  if (column.header === 'points_spark') return { ...column, value: (r) => r.item.series.map((p) => p.points) };
  if (column.header === 'rank_spark') return { ...column, value: (r) => r.item.series.map((p) => p.position) };
  return column;
}

export function trendsResult(body: TrendsBody, series: boolean): Result {
  const from = Date.parse(body.from);
  const to = Date.parse(body.to);
  const sparks = new Map(
    body.items.map((item) => [
      item,
      {
        points: timelineSeries(item, from, to, SPARK_MAX, (p) => p.points),
        // Drawn upside down, so a climb to position 1 goes up like the points do.
        position: timelineSeries(item, from, to, SPARK_MAX, (p) => -p.position),
      },
    ]),
  );
  const all = trendsColumns(sparks);
  // A table shows a window in short UTC; csv as the service sent it.
  const shown = all.map((c) =>
    c.header === 'window'
      ? { ...c, value: (r: TrendRow) => (r.point === null ? null : shortUtc(r.point.window)), keep: 2 }
      : c,
  );
  const rows: TrendRow[] = body.items.flatMap((item) => item.series.map((point) => ({ item, point })));
  const items: TrendRow[] = body.items.map((item) => ({ item, point: item.series[item.series.length - 1] ?? null }));
  const empty = `No items in ${body.niche} between ${shortUtc(body.from)} and ${shortUtc(body.to)} UTC (the call is charged all the same).`;
  return {
    json: body,
    table: [
      series
        ? { columns: arrange(shown, SERIES_TABLE), rows, heading: [heading(body)], empty }
        : {
            columns: arrange(shown, ITEM_TABLE),
            rows: items,
            heading: body.items.length > 0 ? [heading(body), sparkLegend(body)] : [heading(body)],
            empty,
          },
    ],
    csv: { columns: arrange(all.map(csvSeries), CSV), rows },
  };
}

export function registerTrends(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('trends')
    .description('hourly history of the items of a niche in the archive: 1 credit, charged even when empty')
    .argument('<niche>', 'niche id, like tech (see `social niches`)')
    .option('--from <time>', `start; default ${TRENDS_DEFAULT_SPAN_DAYS} days before --to`)
    .option('--to <time>', 'end; default now')
    .option(
      '--limit <n>',
      `the most series points wanted, 1..${TRENDS_POINTS_CAP} (a hint: the service never sends more than ${TRENDS_POINTS_CAP})`,
    )
    .option('--series', 'table: a row per series point instead of a row per item')
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
  addFieldsOption(addDryRunOption(command), TRENDS_FIELDS).statusAction(
    async (nicheArg: string, raw: TrendsRaw, command: Command) => {
      const globals = command.optsWithGlobals();
      const options = parseTrendsOptions(nicheArg, raw, ctx.now(), namesFormat(globals));
      return await runApiCommand(ctx, globals, { key: true, command: 'trends' }, (rt) => runTrends(options, rt));
    },
  );
}
