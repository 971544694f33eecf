// What a chart shows, as plain data: the terminal and the SVG renderers draw the same model, and
// the builders make it from the same typed archive answers the tables are made from. Nothing here
// knows HTTP or commands.
import { formatDuration } from '../../domain/archive/interval.js';
import { pointsPerHour } from '../../domain/computed.js';
import type { Item, MoversBody, TrendsBody } from '../../domain/schemas.js';
import { sanitiseLine } from '../../domain/text.js';
import { say } from '../../messages/catalogue.js';
import { formatDecimal, formatNumber } from '../../messages/intl.js';
import { t } from '../../messages/use-views.js';

export type ChartMetric = 'rank' | 'points';

export interface TimePoint {
  /** Milliseconds since the epoch (the window, rounded to the hour). */
  t: number;
  v: number;
}

export interface TimeSeries {
  label: string;
  /** The item's values, oldest first; a null value is a window where it was not ranked. */
  points: Array<{ t: number; v: number | null }>;
}

export interface TimeChart {
  kind: 'time';
  title: string;
  /** The query and its cost, for a caption. */
  caption: string;
  metric: ChartMetric;
  from: number;
  to: number;
  series: TimeSeries[];
}

export interface Bar {
  label: string;
  value: number;
  /** The same gain per hour of the real interval, when there is one. */
  perHour: number | null;
}

export interface BarChart {
  kind: 'bars';
  title: string;
  caption: string;
  /** What a bar measures, for the axis. */
  unit: string;
  bars: Bar[];
}

export type ChartModel = TimeChart | BarChart;

/**
 * The top `top` items of a trends answer, best position first (ties: the one ranked longer), each
 * with its rank or points at every window of the answer, null where it was not ranked.
 */
export function trendsChart(
  body: TrendsBody,
  options: { top: number; metric: ChartMetric; caption: string },
): TimeChart {
  const windows = [...new Set(body.items.flatMap((i) => i.series.map((p) => p.window)))].sort();
  const chosen = [...body.items]
    .sort((a, b) => a.best_position - b.best_position || b.series.length - a.series.length)
    .slice(0, options.top);
  const value = (p: Item['series'][number]) => (options.metric === 'rank' ? p.position : p.points);
  const series = chosen.map((item) => {
    const byWindow = new Map(item.series.map((p) => [p.window, p]));
    const first = windows.findIndex((w) => byWindow.has(w));
    const last = windows.findLastIndex((w) => byWindow.has(w));
    const points = windows.slice(first, last + 1).map((w) => {
      const point = byWindow.get(w);
      return { t: Date.parse(w), v: point === undefined ? null : value(point) };
    });
    return { label: sanitiseLine(item.title), points };
  });
  const niche = sanitiseLine(body.niche);
  return {
    kind: 'time',
    title: t(options.metric === 'rank' ? 'views.chart.rankOverTime' : 'views.chart.pointsOverTime', {
      niche,
      n: series.length,
    }),
    caption: options.caption,
    metric: options.metric,
    from: Date.parse(body.from),
    to: Date.parse(body.to),
    series,
  };
}

/** The movers of an answer as bars of points gained, largest first. */
export function moversChart(body: MoversBody, hours: number, caption: string): BarChart {
  const interval = body.interval_min;
  const bars = body.items.map((m) => ({
    label: sanitiseLine(m.title),
    value: m.points_gained,
    perHour: pointsPerHour(m.points_gained, interval),
  }));
  const span =
    interval !== null
      ? t('views.chart.windowsApart', { gap: say(formatDuration(interval)) })
      : t('views.chart.aboutHours', { hours: say(formatDuration(hours * 60)) });
  return {
    kind: 'bars',
    title: t('views.chart.pointsGainedTitle', { niche: sanitiseLine(body.niche), span }),
    caption,
    unit: t('views.chart.pointsGained'),
    bars,
  };
}

/** A bar's figure: "+1,234 (56.7/h)", "+1.234 (56,7/h)". */
export function barValue(value: number, perHour: number | null): string {
  const rate = perHour === null ? '' : t('views.chart.perHour', { rate: formatDecimal(perHour, 1) });
  return `+${formatNumber(value)}${rate}`;
}
