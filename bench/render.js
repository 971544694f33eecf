// Render: the trends table of a 90-day answer (the service caps it at 5,000 series points),
// rendered in this process from dist/: renderResult(trendsResult(body, false), table). Median of
// `runs` after the first (cold) call, which is reported too: a CLI renders once per process.
// JSON.parse of the same body, and the zod check the CLI runs on it, for reference.
// Also: a 100-row table (the first 100 items of the same answer), and a table whose free-text and
// identifier cells hold a megabyte each (ASCII, CJK, combining marks, emoji without a space): a
// cell is cut to what its column shows before it is measured, so this costs what a small one does.
import { distModule, httpGet, median, NOW } from './lib.js';

export async function benchRender({ runs = 20 } = {}) {
  const { startSandbox } = await distModule('sandbox/server');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, now: () => new Date(NOW) });
  let text;
  try {
    const res = await httpGet(`${sandbox.url}/api/v1/trends/tech?from=2026-08-23T12:00:00Z&to=${NOW}`, {
      authorization: 'Bearer sbx_demo',
    });
    if (res.status !== 200) throw new Error(`trends answered ${res.status}: ${res.text.slice(0, 200)}`);
    text = res.text;
  } finally {
    await sandbox.close();
  }
  const { trendsResult } = await distModule('commands/trends/run');
  const { renderResult } = await distModule('output/write');
  // Reference only, where the build exposes the schemas.
  const TrendsBodySchema = (await distModule('schemas', { optional: true }))?.TrendsBodySchema;
  const options = { format: 'table', color: false, columns: 120, now: new Date(NOW) };

  const time = (fn) => {
    const t0 = performance.now();
    const out = fn();
    return [performance.now() - t0, out];
  };
  const body = JSON.parse(text);
  const [coldMs, table] = time(() => renderResult(trendsResult(body, false), options));
  if (!table.includes(body.niche)) throw new Error('the rendered table does not name the niche');
  const hundred = { ...body, items: body.items.slice(0, 100) };
  const [hundredColdMs] = time(() => renderResult(trendsResult(hundred, false), options));
  const mega = megaCells();
  const [megaColdMs, megaTable] = time(() => renderResult(mega, options));
  if (megaTable.length > 100_000) throw new Error('the megabyte cells were not cut to their columns');
  const parse = [];
  const validate = [];
  const render = [];
  const series = [];
  const hundreds = [];
  const megas = [];
  for (let i = 0; i < runs; i += 1) {
    const [p, parsed] = time(() => JSON.parse(text));
    parse.push(p);
    if (TrendsBodySchema) validate.push(time(() => TrendsBodySchema.parse(parsed))[0]);
    render.push(time(() => renderResult(trendsResult(parsed, false), options))[0]);
    series.push(time(() => renderResult(trendsResult(parsed, true), options))[0]);
    hundreds.push(time(() => renderResult(trendsResult(hundred, false), options))[0]);
    megas.push(time(() => renderResult(mega, options))[0]);
  }
  return {
    runs,
    points: body.points,
    items: body.items.length,
    truncated: body.truncated,
    bodyKiB: Buffer.byteLength(text) / 1024,
    renderMs: median(render),
    renderColdMs: coldMs,
    renderSeriesMs: median(series),
    render100Ms: median(hundreds),
    render100ColdMs: hundredColdMs,
    megaMs: median(megas),
    megaColdMs,
    parseMs: median(parse),
    validateMs: TrendsBodySchema ? median(validate) : null,
  };
}

/** A table of four rows whose cells hold a megabyte of text each, without a space. */
function megaCells() {
  const units = ['a', '中', 'e\u0301', '🎉'];
  const rows = units.map((unit, i) => {
    const text = unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    return { id: `${i}${text}`, title: text, points: 1234567 * i };
  });
  const view = {
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'title', value: (r) => r.title, fit: 'free' },
      { header: 'points', value: (r) => r.points, kind: 'count' },
    ],
    rows,
  };
  return { json: null, table: [view], csv: view };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchRender());
