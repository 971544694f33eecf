// The SVG chart's legend as a report shows it: rendered to PNG by rsvg-convert (skipped where it is
// missing; scripts/install-shells.sh installs it, as CI does), every entry's ink stays inside the
// canvas and apart from its neighbours, with 8 items whose titles are 60 characters and more.
import { spawnSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { TimeChart } from './model.js';
import { renderChartSvg } from './svg.js';

const rsvg = spawnSync('rsvg-convert', ['--version']).status === 0;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: '#text' });

const T0 = Date.parse('2026-11-14T12:00:00Z');
function chart(titles: string[]): TimeChart {
  return {
    kind: 'time',
    title: 'tech: rank of the top 8 over time',
    caption: 'social trends tech --from 7d',
    metric: 'rank',
    from: T0,
    to: T0 + 7 * 86_400_000,
    series: titles.map((label, i) => ({
      label,
      points: Array.from({ length: 22 }, (_, j) => ({ t: T0 + j * 8 * 3_600_000, v: ((i + j) % 10) + 1 })),
    })),
  };
}

interface Image {
  width: number;
  height: number;
  /** Whether the pixel at x, y is ink (darker than the light grey of grid lines). */
  ink(x: number, y: number): boolean;
}

/** rsvg-convert's PNG (8-bit RGB or RGBA, not interlaced) decoded. */
function decodePng(png: Buffer): Image {
  let offset = 8;
  let width = 0;
  let height = 0;
  let bytes = 4;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const chunk = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0);
      height = chunk.readUInt32BE(4);
      expect(chunk[8]).toBe(8);
      expect([2, 6]).toContain(chunk[9]);
      expect(chunk[12]).toBe(0);
      bytes = chunk[9] === 6 ? 4 : 3;
    }
    if (type === 'IDAT') data.push(chunk);
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * bytes;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= bytes ? pixels[y * stride + i - bytes]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= bytes && y > 0 ? pixels[(y - 1) * stride + i - bytes]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      pixels[y * stride + i] = (value + predictor) & 0xff;
    }
  }
  const ink = (x: number, y: number) => {
    const at = y * stride + x * bytes;
    return Math.min(pixels[at]!, pixels[at + 1]!, pixels[at + 2]!) < 200 && (bytes === 3 || pixels[at + 3]! > 0);
  };
  return { width, height, ink };
}

function render(svg: string): Image {
  const result = spawnSync('rsvg-convert', ['--format', 'png'], { input: svg, maxBuffer: 64 << 20 });
  expect(result.status).toBe(0);
  return decodePng(result.stdout);
}

interface Entry {
  x: number;
  top: number;
  text: string;
  title?: string;
}

/** The legend's entries as the SVG places them: the swatch's left and top, the text shown. */
function legendEntries(svg: string): { width: number; height: number; entries: Entry[] } {
  const doc = xml.parse(svg, true).svg;
  const legend = [doc.g].flat().find((g: Record<string, unknown>) => g.id === 'legend');
  expect(legend).toBeDefined();
  const entries = [legend.g].flat().map((g: Record<string, any>) => ({
    x: Number(g.rect.x),
    top: Number(g.rect.y),
    text: String(g.text['#text']),
    title: g.title === undefined ? undefined : String(g.title),
  }));
  return { width: Number(doc.width), height: Number(doc.height), entries };
}

/** Columns of the image with ink in rows [top, bottom). */
function inkColumns(image: Image, top: number, bottom: number): boolean[] {
  return Array.from({ length: image.width }, (_, x) => {
    for (let y = Math.max(0, top); y < Math.min(image.height, bottom); y++) if (image.ink(x, y)) return true;
    return false;
  });
}

function checkLegend(titles: string[]) {
  const svg = renderChartSvg(chart(titles));
  return svg.then((source) => {
    const { width, height, entries } = legendEntries(source);
    const image = render(source);
    expect([image.width, image.height]).toEqual([width, height]);
    expect(entries).toHaveLength(titles.length);
    const rows = [...new Set(entries.map((e) => e.top))].sort((a, b) => a - b);
    for (let r = 1; r < rows.length; r++) expect(rows[r]! - rows[r - 1]!).toBeGreaterThanOrEqual(16);
    for (const top of rows) {
      // The band of one legend row: the text's ascenders above the swatch, descenders below it.
      const columns = inkColumns(image, top - 9, top + 10);
      const row = entries.filter((e) => e.top === top).sort((a, b) => a.x - b.x);
      for (const entry of row) expect(entry.x).toBeGreaterThanOrEqual(0);
      // Nothing in the last 8 pixels: the text stops well inside the canvas, not at its edge.
      expect(columns.slice(width - 8).some(Boolean)).toBe(false);
      // Before each entry's swatch, at least 6 blank pixels: the entry to its left ends before it.
      for (const entry of row.slice(1)) expect(columns.slice(entry.x - 6, entry.x).some(Boolean)).toBe(false);
      // Each entry has its swatch and text drawn (nothing silently left out).
      for (const entry of row) expect(columns.slice(entry.x, entry.x + 40).filter(Boolean).length).toBeGreaterThan(20);
    }
    // The legend lies below the plot: blank rows between the time axis labels and its first band.
    expect(inkColumns(image, rows[0]! - 13, rows[0]! - 9).some(Boolean)).toBe(false);
    return { entries, source };
  });
}

const long = (i: number, extra: number) =>
  `Item ${i + 1}: why every reader of the weekly report keeps asking about this story${' again'.repeat(extra)}`;

describe.skipIf(!rsvg)('SVG legend rendered by rsvg-convert', () => {
  it('8 items with titles of 60 to 130 characters: entries apart, inside the canvas, cut with …', async () => {
    const titles = Array.from({ length: 8 }, (_, i) => long(i, 2 * i)).map((t, i) =>
      i === 7 ? `${t} ${'W'.repeat(60)}` : t,
    );
    for (const title of titles) expect(title.length).toBeGreaterThanOrEqual(60);
    const { entries } = await checkLegend(titles);
    const cut = entries.filter((e) => e.text.endsWith('…'));
    expect(cut.length).toBeGreaterThan(0);
    // A cut title keeps its whole text for a viewer's tooltip.
    for (const entry of cut) expect(titles).toContain(entry.title);
  });

  it('8 items with short titles share rows: several entries a row, still apart', async () => {
    const titles = Array.from({ length: 8 }, (_, i) => `Item ${i + 1} ${'MWmw'.repeat(6)}`);
    const { entries } = await checkLegend(titles);
    expect(new Set(entries.map((e) => e.top)).size).toBeLessThan(8);
    expect(entries.map((e) => e.text)).toEqual(titles);
  });

  it('titles of wide characters (CJK, emoji) stay inside the canvas', async () => {
    const titles = Array.from({ length: 8 }, (_, i) => `${i + 1} ${'日本語のニュース見出し🚀'.repeat(6)}`);
    await checkLegend(titles);
  });
});
