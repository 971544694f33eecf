// A table of a list far longer than the service ever sends: 150,000 movers answered by a loopback
// server, `social movers tech -o table` at 120 columns, timed from spawn to exit with its peak RSS
// from the kernel (see withPeakRss). The table draws the first 100 and says so.
//
// Run alone: `npm run build && node bench/huge-table.js` (or `node bench/run.js --only=huge-table`).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, cleanEnv, removeDir, run, tempDir, withPeakRss } from './lib.js';

export const HUGE_MOVERS = 150_000;

function moversBody(count) {
  const items = Array.from({ length: count }, (_, i) => ({
    external_id: String(40_000_000 + i),
    title: `Item ${i}: a title of the usual length for a link aggregator`,
    url: `https://example.org/2026/11/item-${i}`,
    points: 1000 - (i % 1000),
    points_gained: count - i,
    comments: i % 300,
    position: (i % 30) + 1,
  }));
  return JSON.stringify({
    niche: 'tech',
    total: count,
    interval_min: 372,
    credits_charged: 10,
    credits_balance: 5000,
    items,
  });
}

const COVERAGE = JSON.stringify({
  niches: [{ id: 'tech', label: 'Technology', windows_24h: 24, last_window: '2026-11-21T11:00:00Z' }],
});

export async function benchHugeTable() {
  const body = Buffer.from(moversBody(HUGE_MOVERS));
  const server = createServer((req, res) => {
    const text = req.url?.startsWith('/api/v1/nichos') ? Buffer.from(COVERAGE) : body;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length }).end(text);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = tempDir();
  try {
    const p = withPeakRss([bin, 'movers', 'tech', '-o', 'table'], dir);
    const { ms } = await run(p.cmd, p.args, {
      env: cleanEnv({
        ...p.env,
        SOCIAL_BASE_URL: `http://127.0.0.1:${server.address().port}`,
        SOCIAL_API_KEY: 'sk_bench_table',
        SOCIAL_CONFIG_DIR: join(dir, 'config'),
        COLUMNS: '120',
      }),
      timeoutMs: 180_000,
    });
    return { ms, mb: p.read() / 1024, bodyMiB: body.length / 2 ** 20 };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    removeDir(dir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchHugeTable();
  console.log(
    `150k movers as a table: ${r.ms.toFixed(0)} ms, peak ${r.mb.toFixed(0)} MB (${r.bodyMiB.toFixed(1)} MiB body)`,
  );
}
