// Charts of trends and movers: the terminal drawing against checked-in text (at 80x24 and 200x50,
// from the fixed-clock sandbox), colour and NO_COLOR, the SVG read back as XML, the option rules,
// and a chart file that cannot be written. `npx vitest run src/output/charts/charts.test.ts -u` rewrites the
// expected text after a deliberate change (read it by eye before checking it in).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { cliCode } from '../../../test/helpers/built.js';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { REQUIRED_FILES, tracedRun } from '../../../test/helpers/spawn-cli.js';
import { moversChart } from './model.js';
import { renderChartSvg, SVG_PALETTE } from './svg.js';

const sandbox = useSandbox();
const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'charts');
// Three days up to the sandbox's fixed clock (2026-11-21T12:00:00Z): nothing reads the real one.
const INTERVAL = ['--from', '2026-11-18T12:00:00Z', '--to', '2026-11-21T12:00:00Z'];
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'social-charts-'));
  dirs.push(dir);
  return dir;
}

function run(args: string[], env: Record<string, string> = {}) {
  const dir = tempDir();
  return runCli(args, { env: { ...sandboxEnv(sandbox.current.url, 'sbx_demo', dir), ...env } });
}

const plain = (size: [number, number]) => ({ NO_COLOR: '1', COLUMNS: String(size[0]), LINES: String(size[1]) });

describe('terminal charts', () => {
  const cases: Array<[string, string[]]> = [
    ['trends-rank', ['trends', 'tech', ...INTERVAL, '--chart']],
    ['trends-points', ['trends', 'tech', ...INTERVAL, '--chart', '--metric', 'points', '--top', '5']],
    ['movers', ['movers', 'tech', '--hours', '6', '--chart']],
  ];
  for (const [name, args] of cases) {
    for (const size of [
      [80, 24],
      [200, 50],
    ] as Array<[number, number]>) {
      it(`${name} at ${size[0]}x${size[1]} matches the expected text`, async () => {
        const { status, stdout, stderr } = await run(args, plain(size));
        expect(stderr).toBe('');
        expect(status).toBe(0);
        const lines = stdout.trimEnd().split('\n');
        expect(lines.length).toBeLessThanOrEqual(size[1]);
        for (const line of lines) expect([...line].length).toBeLessThanOrEqual(size[0]);
        await expect(stdout).toMatchFileSnapshot(join(FIXTURES, `${name}-${size[0]}x${size[1]}.txt`));
      });
    }
  }

  it('NO_COLOR: no escapes, one distinct letter per item, each named in the legend', async () => {
    const { stdout } = await run(['trends', 'tech', ...INTERVAL, '--chart'], plain([80, 24]));
    expect(stdout).not.toContain('\x1b');
    const legend = stdout.split('\n').filter((line) => /^[A-H] \S/.test(line));
    expect(legend.map((line) => line[0])).toEqual([...'ABCDEFGH']);
    const plot = stdout.split('\n').filter((line) => line.includes('┤'));
    expect(new Set(plot.join('').match(/[A-H]/g))).toEqual(new Set('ABCDEFGH'));
  });

  it('in colour (FORCE_COLOR), each item has a colour of its own', async () => {
    const { stdout } = await run(['trends', 'tech', ...INTERVAL, '--chart'], {
      FORCE_COLOR: '1',
      COLUMNS: '80',
      LINES: '24',
    });
    const colourOf = new Map<string, Set<string>>();
    for (const [, code, letter] of stdout.matchAll(/\x1b\[(\d+)m([A-H])\x1b\[39m/g)) {
      colourOf.set(letter!, (colourOf.get(letter!) ?? new Set()).add(code!));
    }
    expect([...colourOf.keys()].sort()).toEqual([...'ABCDEFGH']);
    for (const codes of colourOf.values()) expect(codes.size).toBe(1);
    expect(new Set([...colourOf.values()].map((codes) => [...codes][0])).size).toBe(8);
  });

  it('draws in a pipe at 80x24 without COLUMNS and LINES', async () => {
    const { stdout } = await run(['trends', 'tech', ...INTERVAL, '--chart'], { NO_COLOR: '1' });
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBe(24);
    expect(Math.max(...lines.map((line) => [...line].length))).toBe(80);
  });
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: '#text' });

/** Every element of a parsed document, depth first. */
function elements(node: unknown, name: string, out: Array<Record<string, unknown>> = []) {
  if (Array.isArray(node)) for (const child of node) elements(child, name, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === name) for (const one of [value].flat()) out.push(one as Record<string, unknown>);
      elements(value, name, out);
    }
  }
  return out;
}

function texts(doc: unknown): string[] {
  return elements(doc, 'text').map((t) => String(typeof t === 'object' ? t['#text'] : t));
}

async function svgOf(args: string[]) {
  const file = join(tempDir(), 'chart.svg');
  const result = await run([...args, '--chart-file', file]);
  expect(result.stderr).toContain(`chart written to ${file}`);
  expect(result.status).toBe(0);
  const source = readFileSync(file, 'utf8');
  return { result, source, doc: xml.parse(source, true) };
}

describe('SVG chart files', () => {
  it('trends: one line per item in its own colour, UTC time labels, legend, title and caption', async () => {
    const { result, doc } = await svgOf(['trends', 'tech', ...INTERVAL]);
    // stdout keeps the normal output: json in a pipe.
    const body = JSON.parse(result.stdout);
    expect(body.niche).toBe('tech');
    const lines = elements(doc, 'path').filter((p) => p.fill === 'none' && p['stroke-width'] === '2');
    expect(new Set(lines.map((p) => p.stroke))).toEqual(new Set(SVG_PALETTE.slice(0, 8)));
    const words = texts(doc);
    const top8 = [...body.items]
      .sort((a, b) => a.best_position - b.best_position || b.series.length - a.series.length)
      .slice(0, 8)
      .map((i) => i.title);
    for (const title of top8) expect(words).toContain(title);
    expect(words).toContain('tech: rank of the top 8 over time');
    expect(words).toContain('social trends tech · 2026-11-18 12:00 → 2026-11-21 12:00 UTC · 1 credit charged');
    expect(words).toEqual(expect.arrayContaining(['11-19', '11-20', '11-21', '06:00', 'UTC', 'rank (1 = top)', '#1']));
  });

  it('movers: one bar per mover, its label and its gain', async () => {
    const { result, doc } = await svgOf(['movers', 'tech', '--hours', '6', '-o', 'table']);
    expect(result.stdout).toMatch(/^tech · \d+ movers/);
    const bars = elements(doc, 'path').filter((p) => p.fill === SVG_PALETTE[0] && p.ecmeta_ssr_type === 'chart');
    const words = texts(doc);
    const movers = words.filter((w) => /^\+\d+ \(\d+\.\d\/h\)$/.test(w));
    expect(bars.length).toBe(movers.length);
    expect(movers.length).toBeGreaterThan(3);
    expect(words).toContain('Rewriting our auth service in Elixir');
    expect(words.some((w) => /^tech: points gained \(windows \d+h \d+m apart\)$/.test(w))).toBe(true);
    expect(words).toContain('social movers tech --hours 6 · 10 credits charged');
  });

  it('text from the service is escaped: the file stays well-formed XML', async () => {
    const model = moversChart(
      {
        niche: 'tech',
        interval_min: 60,
        items: [{ title: 'a <b> & "c" </svg>', points_gained: 5 }],
      } as unknown as Parameters<typeof moversChart>[0],
      1,
      'caption & <more>',
    );
    const doc = xml.parse(await renderChartSvg(model), true);
    expect(texts(doc)).toEqual(expect.arrayContaining(['a <b> & "c" </svg>', 'caption & <more>']));
  });
});

describe('chart options', () => {
  it.each([
    [['trends', 'tech', '--chart', '-o', 'json'], '--chart draws the chart on stdout'],
    [['trends', 'tech', '--chart', '--json'], '--chart draws the chart on stdout'],
    [['movers', 'tech', '--chart', '-o', 'csv'], '--chart draws the chart on stdout'],
    [['trends', 'tech', '--chart-file', 'chart.png'], 'name a .svg file'],
    [['trends', 'tech', '--top', '3'], '--top and --metric go with --chart'],
    [['trends', 'tech', '--metric', 'points'], '--top and --metric go with --chart'],
    [['trends', 'tech', '--chart', '--metric', 'score'], '--metric is rank or points'],
    [['trends', 'tech', '--chart', '--top', '27'], '--top'],
  ])('%j is refused before any call (exit 2)', async (args, message) => {
    const { status, stdout, stderr } = await run(args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  it('a chart file that cannot be written: the answer still on stdout, a clear error, no stack', async () => {
    const dir = tempDir();
    const file = join(dir, 'missing', 'chart.svg');
    const { status, stdout, stderr } = await run(['trends', 'tech', ...INTERVAL, '--chart-file', file]);
    expect(status).toBe(1);
    expect(JSON.parse(stdout).credits_charged).toBe(1);
    expect(stderr).toContain(`could not write the chart to ${file} (no such folder)`);
    expect(stderr).toContain('charged and printed on stdout');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('loading', () => {
  it('the CLI bundle holds no ECharts: it requires vendor-echarts.cjs only from the SVG renderer', () => {
    const bundle = cliCode();
    expect(bundle).not.toMatch(/zrender|renderToSVGString\(\)\{/);
    const requires = bundle.match(/require\("\.\/vendor-echarts\.cjs"\)/g) ?? [];
    expect(requires).toHaveLength(1);
  });

  const loaded = async (args: string[]) =>
    (await tracedRun<string[]>(args, sandbox.current.url, REQUIRED_FILES)).report;

  it('a run without a chart file does not load ECharts; one with a chart file does', async () => {
    const plainRun = await loaded(['trends', 'tech', ...INTERVAL, '--json']);
    expect(plainRun.some((file) => file.endsWith('code-cache.cjs'))).toBe(true);
    expect(plainRun.some((file) => file.endsWith('vendor-echarts.cjs'))).toBe(false);
    const drawn = await loaded(['trends', 'tech', ...INTERVAL, '--chart']);
    expect(drawn.some((file) => file.endsWith('vendor-echarts.cjs'))).toBe(false);
    const svg = await loaded(['trends', 'tech', ...INTERVAL, '--chart-file', join(tempDir(), 'c.svg')]);
    expect(svg.some((file) => file.endsWith('vendor-echarts.cjs'))).toBe(true);
  });
});
