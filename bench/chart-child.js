// One chart in a fresh process, for bench/chart.js: prints { ms, bytes } as JSON, timed from before
// the chart modules are imported (the SVG's includes loading ECharts) to the output in hand.
import { readFileSync } from 'node:fs';
import { distPath } from './lib.js';

const [bodyFile, mode] = process.argv.slice(2);
const body = JSON.parse(readFileSync(bodyFile, 'utf8'));
const t0 = performance.now();
const { trendsChart } = await import(distPath('output/charts/model'));
const model = trendsChart(body, { top: 8, metric: 'rank', caption: 'social trends business --from 90d' });
let out;
if (mode === 'svg') {
  const { renderChartSvg } = await import(distPath('output/charts/svg'));
  out = await renderChartSvg(model);
  if (!out.includes('<svg')) throw new Error('no SVG');
} else {
  const { renderChart } = await import(distPath('output/charts/text-chart'));
  const [width, height] = mode === 'large' ? [200, 50] : [80, 24];
  out = renderChart(model, { width, height, color: true });
  if (!out.includes('business')) throw new Error('the chart does not name the niche');
}
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, bytes: Buffer.byteLength(out) }));
