// Where a chart goes: drawn on stdout (the result, in place of the table), written to an SVG file
// (atomically: a report never reads half a chart), or both.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { SocialError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import type { ChartModel } from './model.js';
import { renderChart } from './terminal.js';

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

/** Draws and writes what was asked for; returns the note for stderr, if any. */
export async function printChart(ctx: Context, chart: ChartView, color: boolean): Promise<string | undefined> {
  if (chart.draw) ctx.io.stdout.write(renderChart(chart.model, { ...chartSize(ctx), color }));
  if (chart.file === undefined) return undefined;
  const { renderChartSvg } = await import('./svg.js');
  const svg = await renderChartSvg(chart.model);
  const temp = `${chart.file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, svg);
    renameSync(temp, chart.file);
  } catch (error) {
    rmSync(temp, { force: true });
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SocialError('unexpected', `could not write the chart to ${chart.file} (${reason})`, {
      suggestion: 'The answer was received (and charged): name a file in a folder you can write to.',
    });
  }
  return `chart written to ${chart.file}`;
}
