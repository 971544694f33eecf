// The run of `social trends`: the niche checked against coverage, the call, and the result: the
// item table, the --series table, csv, or a chart.

import type { Interval } from '../../domain/archive/interval.js';
import { formatDuration, shortUtc } from '../../domain/archive/interval.js';
import { credits, thousands } from '../../domain/archive/notes.js';
import { localMessage, type SocialError, usageError } from '../../domain/errors.js';
import { route, TRENDS_POINTS_CAP } from '../../domain/routes.js';
import type { Item, Niche, SeriesPoint, TrendsBody } from '../../domain/schemas.js';
import { shownText } from '../../domain/text.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import type { Said } from '../../messages/catalogue.js';
import { say } from '../../messages/catalogue.js';
import { said } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import { trendsChart } from '../../output/charts/model.js';
import { arrange } from '../../output/fields.js';
import { SPARK_MAX, type SparkValue } from '../../output/sparkline.js';
import type { Column, Result } from '../../output/types.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { fetchCoverage, resolveNiche } from '../shared/coverage.js';
import { chargeWarnings, trendsCreditNotes } from '../shared/credit-notes.js';
import type { TrendRow } from './columns.js';
import { CSV, ITEM_RANK, ITEM_TABLE, SERIES_RANK, SERIES_TABLE, trendsColumns } from './columns.js';
import type { TrendsOptions } from './options.js';

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadTrendsSchema = async () => (await import('../../domain/schemas.js')).TrendsBodySchema;

export function trendsRequest(options: TrendsOptions): RequestSpec<TrendsBody> {
  const { interval, limit } = options;
  // Without --from and --to nothing is sent for them: asked as sent.
  const sent = interval.explicit ? { from: interval.from.toISOString(), to: interval.to.toISOString() } : undefined;
  return routeRequest('trends', options.niche, {
    query: { from: sent?.from, to: sent?.to, limit },
    // An end left open or given as an age is asked as that (`to=now`), not as this run's instant.
    asked: interval.explicit ? { from: interval.asked.from, to: interval.asked.to, limit } : undefined,
    loadSchema: loadTrendsSchema,
  });
}

const TRENDS_COST = route('trends').cost;

/**
 * Why the free coverage already shows that trends would find nothing (and charge for it): the
 * niche has no window at all, or the span begins after its last one. Undefined when it may not.
 */
export function emptyByCoverage(info: Niche | undefined, interval: Interval): Said | undefined {
  if (info === undefined) return undefined;
  if (info.last_window === null)
    return said('errors.trends.noWindow', { niche: info.id, windows: String(info.windows_24h) });
  const last = Date.parse(info.last_window);
  if (!Number.isFinite(last) || interval.from.getTime() <= last) return undefined;
  return said('errors.trends.afterLastWindow', {
    niche: info.id,
    from: shortUtc(interval.from.toISOString()),
    last: shortUtc(info.last_window),
  });
}

/** The refusal of a call coverage shows to be empty: exit 2, nothing sent, what --force would cost. */
function emptyRefusal(reason: Said): SocialError {
  return usageError(
    said('errors.trends.empty', { reason, credits: said('notes.credits', { n: TRENDS_COST }) }),
    t('errors.trends.empty.hint', { credits: credits(TRENDS_COST) }),
  );
}

/**
 * The guard before paying: coverage (free) says the answer would be empty. Coverage from the cache
 * may be a few minutes old, so it is read afresh before a refusal (not under --dry-run, which sends
 * nothing and says what it would do).
 */
async function guardEmpty(rt: Runtime, options: TrendsOptions, info: Niche | undefined): Promise<Said | undefined> {
  if (options.force || emptyByCoverage(info, options.interval) === undefined) return undefined;
  if (rt.globals.dryRun) return emptyByCoverage(info, options.interval);
  const fresh = (await fetchCoverage(rt)).niches.find((n) => n.id === options.niche);
  const reason = emptyByCoverage(fresh, options.interval);
  if (reason !== undefined) throw emptyRefusal(reason);
  return undefined;
}

export async function runTrends(options: TrendsOptions, rt: Runtime): Promise<Outcome> {
  const request = trendsRequest(options);
  const resolved = await resolveNiche(rt, options.niche);
  const warnings = [...resolved.warnings];
  const empty = await guardEmpty(rt, options, resolved.info);
  if (rt.globals.dryRun) {
    if (empty !== undefined) warnings.push(t('notes.trends.wouldRefuse', { why: localMessage(emptyRefusal(empty)) }));
    return { ...(await dryRunOutcome(rt, [request])), warnings };
  }
  const answer = await rt.spin(t('notes.spin.trends', { niche: options.niche }), rt.session.client.get(request));
  const { body, charge } = answer;
  if (body.truncated) warnings.push(truncatedWarning(body, options));
  const result = trendsResult(body, options.series);
  warnings.push(...chargeWarnings(charge, request.cost));
  if (options.chart) {
    const caption = t('views.trends.chartCaption', {
      niche: body.niche,
      from: shortUtc(body.from),
      to: shortUtc(body.to),
      credits: t('views.count.credits', { n: charge.credits }),
    });
    const model = trendsChart(body, { top: options.chart.top, metric: options.chart.metric, caption });
    result.chart = { model, draw: options.chart.draw, file: options.chart.file };
  }
  return { result, notes: trendsCreditNotes(answer, charge.credits), warnings };
}

function truncatedWarning(body: TrendsBody, options: TrendsOptions): string {
  const counts = { cap: thousands(TRENDS_POINTS_CAP), n: body.points };
  return options.limit === undefined
    ? t('notes.trends.truncatedAtCap', counts)
    : t('notes.trends.truncatedAtLimit', { ...counts, limit: String(options.limit) });
}

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
  for (const point of pointsOf(item)) {
    if (point === null || typeof point !== 'object') continue;
    const t = Date.parse(point.window);
    if (!(t >= from && t <= to)) continue;
    const cell = Math.min(cells - 1, Math.floor(((t - from) / span) * cells));
    const v = value(point);
    line[cell] = typeof v === 'number' && Number.isFinite(v) ? v : null;
    if (first < 0 || cell < first) first = cell;
    last = Math.max(last, cell);
  }
  if (first < 0) return line;
  if (Date.parse(item?.entered_at) > from && first > 0 && line[first - 1] === null) line[first - 1] = 'entered';
  const left = typeof item?.left_at === 'string' ? Date.parse(item.left_at) : Number.NaN;
  if (left <= to && last < cells - 1 && line[last + 1] === null) line[last + 1] = 'left';
  return line;
}

/**
 * An item's series, whatever the item is: the service may send an item that is not an object, or
 * a series that is not a list (drift); its points may be of any type too.
 */
function pointsOf(item: Item | null): SeriesPoint[] {
  return Array.isArray(item?.series) ? item.series : [];
}

function heading(body: TrendsBody): string {
  const items = t('views.count.items', { n: body.items.length });
  const points = t('views.count.points', { n: body.points });
  const truncated = body.truncated ? t('views.trends.truncated') : '';
  return `${shownText(body.niche)} · ${shortUtc(body.from)} → ${shortUtc(body.to)} UTC · ${items} · ${points}${truncated}`;
}

/** What a sparkline cell spans: every row is drawn on the same axis. */
function sparkLegend(body: TrendsBody): string {
  const cell = say(formatDuration((Date.parse(body.to) - Date.parse(body.from)) / SPARK_MAX / 60_000));
  return t('views.trends.sparkLegend', { cells: SPARK_MAX, cell });
}

/**
 * A sparkline column as csv carries it: the item's series itself, in order (points, or positions
 * as ranked, 1 the top), not the drawing's resampled, upside-down cells.
 */
function csvSeries(column: Column<TrendRow>): Column<TrendRow> {
  if (column.header === 'points_spark') return { ...column, value: (r) => pointsOf(r.item).map((p) => p?.points) };
  if (column.header === 'rank_spark') return { ...column, value: (r) => pointsOf(r.item).map((p) => p?.position) };
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
    c.header === 'window' ? { ...c, value: (r: TrendRow) => (r.point === null ? null : shortUtc(r.point.window)) } : c,
  );
  const rows: TrendRow[] = body.items.flatMap((item) => pointsOf(item).map((point) => ({ item, point })));
  const items: TrendRow[] = body.items.map((item) => ({ item, point: pointsOf(item).at(-1) ?? null }));
  const empty = t('views.trends.empty', {
    niche: shownText(body.niche),
    from: shortUtc(body.from),
    to: shortUtc(body.to),
  });
  return {
    json: body,
    table: [
      series
        ? { columns: arrange(shown, SERIES_TABLE), rank: SERIES_RANK, rows, heading: [heading(body)], empty }
        : {
            columns: arrange(shown, ITEM_TABLE),
            rank: ITEM_RANK,
            rows: items,
            heading: [heading(body)],
            legends: [{ text: sparkLegend(body), columns: ['points_spark', 'rank_spark'] }],
            empty,
          },
    ],
    csv: { columns: arrange(all.map(csvSeries), CSV), rows },
    // A record an item, its series inside; --fields picks from the item view (points: the latest).
    records: {
      items: body.items,
      within: (list) => ({ ...body, items: list }),
      view: { columns: all.map(csvSeries), rows: items },
    },
  };
}
