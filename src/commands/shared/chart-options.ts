// The chart options of trends and movers: --chart draws at the terminal (or in a pipe: it is an
// explicit request), --chart-file writes an SVG for reports, and with trends --top and --metric.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import type { ChartMetric } from '../../output/charts/model.js';
import { parseInteger } from '../../runtime/options.js';

export interface ChartOptions {
  /** Draw the chart on stdout instead of the table. */
  draw: boolean;
  /** Also write it as SVG to this file. */
  file: string | undefined;
  top: number;
  metric: ChartMetric;
}

export interface ChartRaw {
  chart?: boolean;
  chartFile?: string;
  top?: string;
  metric?: string;
  dryRun?: boolean;
}

/** The items a chart shows unless --top says otherwise. */
const DEFAULT_TOP = 8;
const MAX_TOP = 26; // one letter per item

export function addChartOptions(command: Command, timeSeries: boolean): Command {
  command
    .option('--chart', t('commands.chart.chart'))
    .option('--chart-file <file.svg>', t('commands.chart.chart-file'));
  if (timeSeries) {
    command
      .option('--top <n>', t('commands.chart.top', { max: String(MAX_TOP), default: String(DEFAULT_TOP) }))
      .option('--metric <rank|points>', t('commands.chart.metric'));
  }
  return command;
}

/** Whether the run names its output format (-o, --json, --jq): --chart then cannot replace it. */
export function namesFormat(globals: { output?: unknown; json?: unknown; jq?: unknown }): boolean {
  return globals.output !== undefined || globals.json === true || globals.jq !== undefined;
}

/** undefined when no chart is asked for. */
export function parseChartOptions(raw: ChartRaw, explicitFormat: boolean): ChartOptions | undefined {
  const draw = raw.chart === true;
  const file = raw.chartFile;
  if (!draw && file === undefined) {
    if (raw.top !== undefined || raw.metric !== undefined) throw usageError(said('errors.chart.topWithoutChart'));
    return undefined;
  }
  if (raw.dryRun === true) throw usageError(said('errors.chart.dryRun', { option: draw ? '--chart' : '--chart-file' }));
  if (draw && explicitFormat) throw usageError(said('errors.chart.withFormat'));
  if (file !== undefined && !/\.svg$/i.test(file)) throw usageError(said('errors.chart.notSvg', { got: quoted(file) }));
  const metric = raw.metric ?? 'rank';
  if (metric !== 'rank' && metric !== 'points') throw usageError(said('errors.chart.metric', { got: quoted(metric) }));
  return {
    draw,
    file,
    top: raw.top === undefined ? DEFAULT_TOP : parseInteger('--top', raw.top, 1, MAX_TOP),
    metric,
  };
}
