// Charts drawn as text for a terminal (or a pipe, when asked for): a rank-over-time chart with one
// letter per item (position 1 at the top), and horizontal bars. A letter, not only a colour, tells
// the items apart, so the chart still reads with NO_COLOR. (asciichart, the usual library for this,
// draws every series with the same line characters: without colour its series cannot be told
// apart, and a bump chart is a grid of marks anyway.)
import { Chalk, type ChalkInstance } from 'chalk';
import stringWidth from 'string-width';
import { formatNumber } from '../../messages/intl.js';
import { t } from '../../messages/use-views.js';
import { breakWord, textWidth } from '../measure.js';
import { wrapWords } from '../word-wrap.js';
import { type BarChart, barValue, type ChartModel, type TimeChart } from './model.js';
import { timeTicks } from './time-axis.js';

export interface TerminalChartOptions {
  width: number;
  height: number;
  color: boolean;
}

const MARKS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The archive's windows are hourly. */
const WINDOW_MS = 3_600_000;
const COLOURS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'redBright', 'greenBright'] as const;

function paint(chalk: ChalkInstance, index: number, text: string): string {
  return chalk[COLOURS[index % COLOURS.length]!](text);
}

/** `text` cut to `width` columns, with "…" when cut (free text only: titles). */
function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (stringWidth(text) <= width) return text;
  let out = '';
  for (const char of text) {
    if (stringWidth(out + char) > width - 1) break;
    out += char;
  }
  return `${out}…`;
}

/** Words of `text` on lines of at most `width` columns (a word longer than a line is cut). */
function wrap(text: string, width: number): string[] {
  return wrapWords(text.split(' '), width, {
    measure: textWidth,
    long: (word, room) => breakWord(word, room).slice(0, 1),
  });
}

/** Parts of a "a · b · c" line packed on lines of `width` columns, broken between parts first. */
function wrapParts(text: string, width: number): string[] {
  const words = (part: string, room: number) =>
    wrap(part, room).map((line) => ({ text: line, width: textWidth(line) }));
  return wrapWords(text.split(' · '), width, { measure: textWidth, gap: ' · ', long: words });
}

export function renderChart(model: ChartModel, options: TerminalChartOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const width = Math.max(30, options.width);
  const height = Math.max(10, options.height);
  const lines = model.kind === 'time' ? timeChart(model, width, height, chalk) : barChart(model, width, height, chalk);
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

function timeChart(model: TimeChart, width: number, height: number, chalk: ChalkInstance): string[] {
  const title = wrap(model.title, width).map((l) => chalk.bold(l));
  if (model.series.length === 0) return [...title, t('views.chart.noItems')];
  const legend = legendLines(model, width, chalk);
  const values = model.series.flatMap((s) => s.points.map((p) => p.v)).filter((v): v is number => v !== null);
  const rank = model.metric === 'rank';
  const top = rank ? Math.min(...values) : Math.max(...values);
  const bottom = rank ? Math.max(...values) : Math.min(...values);
  const label = (v: number) => (rank ? `#${v}` : formatNumber(v));
  const labelWidth = Math.max(stringWidth(label(top)), stringWidth(label(bottom))) + 1;
  const plotWidth = width - labelWidth - 1;
  const indent = ' '.repeat(labelWidth + 1);
  const caption = wrapParts(t('views.chart.timesInUtc', { caption: model.caption }), width - labelWidth - 1).map(
    (l) => indent + l,
  );
  // Title, plot, axis line, time labels, caption, legend: the plot takes the height left, and a
  // rank chart no more than one row per position (so every position has a row of its own).
  const room = Math.max(3, height - title.length - 2 - caption.length - legend.length);
  const plotHeight = rank ? Math.max(2, Math.min(room, bottom - top + 1)) : room;
  const rowOf = (v: number) => (top === bottom ? 0 : Math.round(((v - top) / (bottom - top)) * (plotHeight - 1)));
  const span = Math.max(1, model.to - model.from);
  const columnOf = (t: number) => Math.min(plotWidth - 1, Math.floor(((t - model.from) / span) * plotWidth));

  const grid: string[][] = Array.from({ length: plotHeight }, () => Array<string>(plotWidth).fill(' '));
  // The first item is drawn last, so it stays on top where marks meet. A window fills the cells of
  // its hour, so an item that holds its place reads as a run of its letter.
  for (let s = model.series.length - 1; s >= 0; s--) {
    const mark = paint(chalk, s, MARKS[s]!);
    for (const point of model.series[s]!.points) {
      if (point.v === null || point.t < model.from || point.t > model.to) continue;
      const first = columnOf(point.t);
      const last = Math.max(first, columnOf(Math.min(model.to, point.t + WINDOW_MS)) - 1);
      for (let column = first; column <= last; column++) grid[rowOf(point.v)]![column] = mark;
    }
  }
  // A label every few rows, each on the row its value is drawn on, and one on the last row (never
  // right below another).
  const rowLabel = new Map<number, string>();
  const every = Math.max(2, Math.round(plotHeight / 5));
  for (let row = 0; row < plotHeight - 2; row += every) {
    const v = Math.round(top + ((bottom - top) * row) / Math.max(1, plotHeight - 1));
    if (rowOf(v) < plotHeight - 2) rowLabel.set(rowOf(v), label(v));
  }
  rowLabel.set(plotHeight - 1, label(bottom));
  const plot = grid.map((cells, row) => `${(rowLabel.get(row) ?? '').padStart(labelWidth)}┤${cells.join('')}`);

  const ticks = timeTicks(model.from, model.to, plotWidth);
  const axis = Array<string>(plotWidth).fill('─');
  let labels = ' '.repeat(labelWidth + 1);
  for (const tick of ticks) {
    const column = columnOf(tick.t);
    axis[column] = '┬';
    const at = labelWidth + 1 + column;
    if (at >= labels.length && at + tick.label.length <= width) labels = labels.padEnd(at) + tick.label;
  }
  return [...title, ...plot, `${' '.repeat(labelWidth)}└${axis.join('')}`, labels, ...caption, ...legend];
}

/** One entry per item, "A title", packed two to a line when the terminal is wide enough. */
function legendLines(model: TimeChart, width: number, chalk: ChalkInstance): string[] {
  const perLine = width >= 120 ? 2 : 1;
  const entryWidth = Math.floor(width / perLine) - 2;
  const entries = model.series.map((s, i) => `${paint(chalk, i, MARKS[i]!)} ${fit(s.label, entryWidth - 2)}`);
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += perLine) {
    const row = entries.slice(i, i + perLine);
    lines.push(row.map((e, k) => (k < row.length - 1 ? padVisible(e, entryWidth + 2) : e)).join(''));
  }
  return lines;
}

function padVisible(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

function barChart(model: BarChart, width: number, height: number, chalk: ChalkInstance): string[] {
  const title = wrap(model.title, width).map((l) => chalk.bold(l));
  if (model.bars.length === 0) return [...title, t('views.chart.noGains')];
  const room = Math.max(1, height - title.length - 2);
  const shown = model.bars.slice(0, room);
  const value = (b: (typeof shown)[number]) => barValue(b.value, b.perHour);
  const valueWidth = Math.max(...shown.map((b) => value(b).length));
  const labelWidth = Math.min(Math.max(...shown.map((b) => stringWidth(b.label))), Math.floor(width * 0.4));
  const barWidth = Math.max(1, width - labelWidth - valueWidth - 3);
  const largest = Math.max(...shown.map((b) => b.value));
  const rows = shown.map((bar, i) => {
    const length = Math.max(1, Math.round((bar.value / largest) * barWidth));
    const label = padVisible(fit(bar.label, labelWidth), labelWidth);
    return `${label} ${paint(chalk, i, '█'.repeat(length))} ${value(bar)}`;
  });
  const more = model.bars.length - shown.length;
  const footer = `${model.unit} · ${model.caption}${more > 0 ? t('views.chart.moreInTable', { n: more }) : ''}`;
  return [...title, ...rows, ...wrapParts(footer, width)];
}
