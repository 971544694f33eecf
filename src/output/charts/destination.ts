// Where a chart goes: drawn on stdout (the result, in place of the table), written to an SVG file
// (atomically: a report never reads half a chart), or both; the file is written last.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { SocialError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import type { MessageId } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import type { ChartModel } from './model.js';
import { renderChart } from './text-chart.js';

export interface ChartView {
  model: ChartModel;
  draw: boolean;
  file: string | undefined;
}

/**
 * The size a chart is drawn at: COLUMNS x LINES when set, else the terminal's, else 80x24 (a
 * chart is an explicit request, so it is drawn in a pipe too).
 */
export function chartSize(ctx: Context): { width: number; height: number } {
  const fromEnv = (name: string) => {
    const value = Number(ctx.env[name]);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const tty = ctx.io.stdoutIsTTY;
  return {
    width: fromEnv('COLUMNS') ?? (tty ? ctx.io.columns : 80),
    height: fromEnv('LINES') ?? (tty ? (ctx.io.rows ?? 24) : 24),
  };
}

/** Draws the chart on stdout, in place of the result's table or document. */
export function drawChart(ctx: Context, chart: ChartView, color: boolean): void {
  ctx.io.stdout.write(renderChart(chart.model, { ...chartSize(ctx), color }));
}

const WRITE_FAILURES: Record<string, MessageId> = {
  ENOENT: 'errors.write.noFolder',
  ENOTDIR: 'errors.file.notFolder',
  EACCES: 'errors.file.denied',
  EPERM: 'errors.file.denied',
  EROFS: 'errors.write.readOnly',
  EISDIR: 'errors.write.isFolder',
  ENOSPC: 'errors.write.noSpace',
};

/**
 * Writes the chart as SVG to its file; returns the note for stderr. Called after stdout has the
 * answer, so a file that cannot be written never loses what was paid for.
 */
export async function writeChartFile(chart: ChartView & { file: string }): Promise<string> {
  const { renderChartSvg } = await import('./svg.js');
  const svg = await renderChartSvg(chart.model);
  const temp = `${chart.file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, svg);
    renameSync(temp, chart.file);
  } catch (error) {
    rmSync(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const known = WRITE_FAILURES[code];
    const reason = known === undefined ? (error as Error).message || code : said(known);
    throw new SocialError('unexpected', said('errors.chartFile.unwritable', { path: chart.file, reason }), {
      suggestion: t('errors.chartFile.unwritable.hint'),
    });
  }
  return t('notes.chart.written', { path: chart.file });
}
