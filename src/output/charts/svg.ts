// The same charts as standalone SVG files for reports, rendered in Node by Apache ECharts'
// server-side SVG renderer (no browser, no native module), loaded only when a file is asked for.
import { thousands } from '../../domain/text.js';
import type { BarChart, ChartModel, TimeChart } from './model.js';

const WIDTH = 1000;
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
  const height = model.kind === 'time' ? 600 : Math.max(320, 140 + model.bars.length * 26);
  const chart = init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height });
  chart.setOption(model.kind === 'time' ? timeOption(model) : barOption(model));
  const svg = chart.renderToSVGString();
  chart.dispose();
  return `${svg}\n`;
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

function timeOption(model: TimeChart) {
  const rank = model.metric === 'rank';
  return {
    ...common(model),
    legend: {
      type: 'plain',
      bottom: 8,
      left: 'center',
      itemWidth: 18,
      textStyle: { fontSize: 11, width: 440, overflow: 'truncate' },
    },
    grid: { left: 70, right: 40, top: 95, bottom: 40 + Math.ceil(model.series.length / 2) * 22 },
    xAxis: {
      type: 'time',
      name: 'UTC',
      min: model.from,
      max: model.to,
      // The day where it changes, the hour between: "11-20", "06:00", "12:00", "18:00", "11-21".
      axisLabel: {
        formatter: {
          year: '{yyyy}-{MM}-{dd}',
          month: '{MM}-{dd}',
          day: '{MM}-{dd}',
          hour: '{HH}:{mm}',
          minute: '{HH}:{mm}',
        },
        hideOverlap: true,
      },
      splitLine: { show: true, lineStyle: { color: '#eeeeee' } },
    },
    yAxis: {
      type: 'value',
      name: rank ? 'rank (1 = top)' : 'points',
      // Above the axis either way (an inverted axis ends at the bottom, among the time labels).
      nameLocation: rank ? 'start' : 'end',
      inverse: rank,
      min: rank ? 1 : undefined,
      minInterval: 1,
      axisLabel: { formatter: (v: number) => (rank ? `#${v}` : thousands(v)) },
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
    grid: { left: 330, right: 120, top: 80, bottom: 40 },
    xAxis: { type: 'value', name: model.unit, nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'category',
      data: bars.map((b) => b.label),
      axisLabel: { width: 310, overflow: 'truncate', fontSize: 11 },
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
            return `+${thousands(bar.value)}${bar.perHour === null ? '' : ` (${bar.perHour.toFixed(1)}/h)`}`;
          },
        },
      },
    ],
  };
}
