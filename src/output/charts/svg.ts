// The same charts as standalone SVG files for reports, rendered in Node by Apache ECharts'
// server-side SVG renderer (no browser, no native module), loaded only when a file is asked for.
import { formatNumber } from '../../messages/intl.js';
import { currentLanguage } from '../../messages/language.js';
import { t } from '../../messages/use-views.js';
import { type BarChart, barValue, type ChartModel, type TimeChart } from './model.js';
import { fitSvgText, svgTextWidth, xmlText } from './svg-text.js';

const WIDTH = 1000;
/** The time chart's plot area, whatever room its legend takes below. */
const PLOT = { top: 95, height: 440, axis: 45 };
/** The bar chart's category labels: right-aligned against the axis, never past the left edge. */
const BAR_LABEL = { width: 310, fontSize: 11 };
const FONT = 'Helvetica, Arial, sans-serif';
/** One colour per item, in legend order (ECharts' default palette, darkened for print). */
export const SVG_PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];

export async function renderChartSvg(model: ChartModel): Promise<string> {
  const { init } = await import('../../infra/vendor/echarts.js');
  const legend = model.kind === 'time' ? layoutLegend(model.series.map((s) => s.label)) : null;
  const height = legend
    ? PLOT.top + PLOT.height + PLOT.axis + legend.height + LEGEND.pad
    : Math.max(320, 140 + (model as BarChart).bars.length * 26);
  const chart = init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height });
  chart.setOption(model.kind === 'time' ? timeOption(model, legend!.height) : barOption(model));
  const svg = chart.renderToSVGString();
  chart.dispose();
  return `${legend ? svg.replace(/<\/svg>\s*$/, `${legendSvg(legend, height)}</svg>`) : svg}\n`;
}

/**
 * The legend is drawn here, not by ECharts: ECharts lays it out from its own estimate of text
 * widths, narrower than the fonts viewers use, so long titles overlapped and ran off the canvas.
 * Entries go in as many columns as hold every title whole (at most 4), else one a row, each title
 * cut with "…" only where a row cannot hold it; the canvas grows by the rows it needs.
 */
const LEGEND = { fontSize: 12, row: 20, swatch: 18, gap: 6, gutter: 16, margin: 40, pad: 12 };

interface LegendLayout {
  entries: Array<{ label: string; shown: string; x: number; row: number }>;
  height: number;
}

export function layoutLegend(labels: string[]): LegendLayout {
  const room = WIDTH - 2 * LEGEND.margin;
  const textRoom = (columns: number) => (room - (columns - 1) * LEGEND.gutter) / columns - LEGEND.swatch - LEGEND.gap;
  const widest = Math.max(0, ...labels.map((label) => svgTextWidth(label, LEGEND.fontSize)));
  let columns = Math.max(1, Math.min(4, labels.length));
  while (columns > 1 && widest > textRoom(columns)) columns--;
  const step = textRoom(columns) + LEGEND.swatch + LEGEND.gap + LEGEND.gutter;
  const entries = labels.map((label, i) => ({
    label,
    shown: fitSvgText(label, textRoom(columns), LEGEND.fontSize),
    x: LEGEND.margin + (i % columns) * step,
    row: Math.floor(i / columns),
  }));
  return { entries, height: Math.ceil(labels.length / columns) * LEGEND.row };
}

function legendSvg(legend: LegendLayout, height: number): string {
  const top = height - LEGEND.pad - legend.height;
  const entries = legend.entries.map((entry, i) => {
    const band = top + entry.row * LEGEND.row;
    const colour = SVG_PALETTE[i % SVG_PALETTE.length];
    const full = entry.shown === entry.label ? '' : `<title>${xmlText(entry.label)}</title>`;
    return (
      `<g>${full}<rect x="${entry.x}" y="${band + 8}" width="${LEGEND.swatch}" height="4" fill="${colour}"/>` +
      `<text x="${entry.x + LEGEND.swatch + LEGEND.gap}" y="${band + 14}">${xmlText(entry.shown)}</text></g>`
    );
  });
  return `<g id="legend" font-family="${FONT}" font-size="${LEGEND.fontSize}" fill="#333333">${entries.join('')}</g>`;
}

function common(model: ChartModel) {
  return {
    animation: false,
    useUTC: true,
    color: SVG_PALETTE,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: FONT },
    title: {
      text: model.title,
      subtext: model.caption,
      left: 'center',
      textStyle: { fontSize: 18 },
      subtextStyle: { fontSize: 12, color: '#555555' },
    },
  };
}

function timeOption(model: TimeChart, legendHeight: number) {
  const rank = model.metric === 'rank';
  return {
    ...common(model),
    grid: { left: 70, right: 40, top: PLOT.top, bottom: PLOT.axis + legendHeight + LEGEND.pad },
    xAxis: {
      type: 'time',
      name: 'UTC',
      min: model.from,
      max: model.to,
      // The day where it changes, the hour between: "11-20", "06:00", "12:00", "18:00", "11-21".
      axisLabel: {
        formatter: {
          year: currentLanguage() === 'en' ? '{yyyy}-{MM}-{dd}' : '{dd}/{MM}/{yyyy}',
          month: currentLanguage() === 'en' ? '{MM}-{dd}' : '{dd}/{MM}',
          day: currentLanguage() === 'en' ? '{MM}-{dd}' : '{dd}/{MM}',
          hour: '{HH}:{mm}',
          minute: '{HH}:{mm}',
        },
        hideOverlap: true,
      },
      splitLine: { show: true, lineStyle: { color: '#eeeeee' } },
    },
    yAxis: {
      type: 'value',
      name: t(rank ? 'views.chart.rankAxis' : 'views.chart.pointsAxis'),
      // Above the axis either way (an inverted axis ends at the bottom, among the time labels).
      nameLocation: rank ? 'start' : 'end',
      inverse: rank,
      min: rank ? 1 : undefined,
      minInterval: 1,
      axisLabel: { formatter: (v: number) => (rank ? `#${v}` : formatNumber(v)) },
    },
    series: model.series.map((s) => ({
      type: 'line',
      name: s.label,
      showSymbol: true,
      symbolSize: 4,
      connectNulls: false,
      lineStyle: { width: 2 },
      data: s.points.map((p) => [p.t, p.v]),
    })),
  };
}

function barOption(model: BarChart) {
  const bars = [...model.bars].reverse(); // ECharts draws categories bottom up: the largest on top.
  return {
    ...common(model),
    grid: { left: BAR_LABEL.width + 20, right: 120, top: 80, bottom: 40 },
    xAxis: { type: 'value', name: model.unit, nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'category',
      data: bars.map((b) => fitSvgText(b.label, BAR_LABEL.width, BAR_LABEL.fontSize)),
      axisLabel: { fontSize: BAR_LABEL.fontSize },
    },
    series: [
      {
        type: 'bar',
        name: model.unit,
        data: bars.map((b) => b.value),
        itemStyle: { color: SVG_PALETTE[0] },
        label: {
          show: true,
          position: 'right',
          formatter: (p: { dataIndex: number }) => {
            const bar = bars[p.dataIndex]!;
            return barValue(bar.value, bar.perHour);
          },
        },
      },
    ],
  };
}
