// Charts of a 90-day, 5,000-point trends answer (business over 90 days: the service's cap), each
// run in a fresh process (a CLI charts once per process), timed inside it from before the chart
// modules are imported to the text or SVG in hand: the terminal chart at 80x24 and 200x50, and the
// SVG (which loads ECharts). Medians of `runs`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distPath, httpGet, median, NOW, removeDir, run, tempDir } from './lib.js';

export async function benchChart({ runs = 7 } = {}) {
  const { startSandbox } = await import(distPath('sandbox/server'));
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
  let text;
  try {
    const res = await httpGet(`${sandbox.url}/api/v1/trends/business?from=2026-08-23T12:00:00Z&to=${NOW}`, {
      authorization: 'Bearer sbx_demo',
    });
    if (res.status !== 200) throw new Error(`trends answered ${res.status}: ${res.text.slice(0, 200)}`);
    text = res.text;
  } finally {
    await sandbox.close();
  }
  const dir = tempDir();
  try {
    const bodyFile = join(dir, 'body.json');
    writeFileSync(bodyFile, text);
    const child = join(import.meta.dirname, 'chart-child.js');
    const times = { small: [], large: [], svg: [] };
    let last;
    for (let i = 0; i < runs; i += 1) {
      for (const mode of Object.keys(times)) {
        const { stdout } = await run(process.execPath, [child, bodyFile, mode], { stdout: 'pipe' });
        last = JSON.parse(stdout);
        times[mode].push(last.ms);
      }
    }
    const body = JSON.parse(text);
    return {
      runs,
      points: body.points,
      items: body.items.length,
      truncated: body.truncated,
      terminal80Ms: median(times.small),
      terminal200Ms: median(times.large),
      svgMs: median(times.svg),
      svgKiB: last.bytes / 1024,
    };
  } finally {
    removeDir(dir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchChart());
