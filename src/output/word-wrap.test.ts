// The one word-wrapper gives what the four it replaced gave (help's, the tables', and the chart's
// two), on hard text: wide CJK, emoji sequences and flags, combining marks, words longer than a
// line, runs of spaces. test/fixtures/wrap/before.json holds their output, made by the old code.
// One case differs, on purpose: a chart title's word of wide characters longer than the chart
// was cut by UTF-16 units, twice as wide as the chart; it is cut at the chart's width now.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapHelp } from '../help/wrap.js';
import { renderChart } from './charts/text-chart.js';
import { textWidth, wrapText } from './measure.js';
import { wrapWords } from './word-wrap.js';

const BEFORE = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'wrap', 'before.json'), 'utf8'),
) as Record<'help' | 'helpIndented' | 'text' | 'bars' | 'time', string[][] | string[][][]>;

const WIDTHS = [4, 7, 12, 30];
const HARD = [
  '日本語の テキストを 折り返す 東京都千代田区丸の内 ok',
  'thumbs 👍🏽 up 👨‍👩‍👧 family 🇯🇵 flag ok',
  'cafe\u0301 nai\u0308ve re\u0301sume\u0301 a\u0300 la carte',
  `short ${'x'.repeat(45)} tail`,
  `${'長'.repeat(20)} end`,
  `${'👍'.repeat(9)} end`,
  'two  spaces   here  ',
  '',
];
/** The input whose chart differs from before: 20 wide characters, 40 columns, in a chart of 30. */
const WIDE_WORD = 4;

const bars = (text: string, width: number) =>
  renderChart(
    {
      kind: 'bars',
      title: text,
      caption: `${text} · 10 credits · ${text}`,
      unit: 'points gained',
      bars: [{ label: text, value: 5, perHour: 1.5 }],
    },
    { width, height: 12, color: false },
  );
const time = (text: string, width: number) =>
  renderChart(
    {
      kind: 'time',
      title: text,
      caption: `${text} · 1 credit`,
      metric: 'rank',
      from: 0,
      to: 7_200_000,
      series: [
        {
          label: text,
          points: [
            { t: 0, v: 1 },
            { t: 3_600_000, v: 2 },
          ],
        },
      ],
    },
    { width, height: 14, color: false },
  );

describe('one word-wrapper, the same lines as before', () => {
  it('help text, paragraphs and indented lines, at 4 to 30 columns', () => {
    expect(HARD.map((text) => WIDTHS.map((w) => wrapHelp(text, w)))).toEqual(BEFORE.help);
    expect(HARD.map((text) => WIDTHS.map((w) => wrapHelp(`  social ${text}\n  term  ${text}`, w)))).toEqual(
      BEFORE.helpIndented,
    );
  });

  it('table cells and messages, at 1 to 30 columns', () => {
    expect(HARD.map((text) => [1, 2, 3, ...WIDTHS].map((w) => wrapText(text, w)))).toEqual(BEFORE.text);
  });

  it("charts' titles, captions and footers at 30 and 41 columns", () => {
    const same = (drawn: string[][], before: string[][]) =>
      expect(drawn.filter((_, i) => i !== WIDE_WORD)).toEqual(before.filter((_, i) => i !== WIDE_WORD));
    same(
      HARD.map((text) => [30, 41].map((w) => bars(text, w))),
      BEFORE.bars as string[][],
    );
    same(
      HARD.map((text) => [30, 41].map((w) => time(text, w))),
      BEFORE.time as string[][],
    );
  });

  it('a word of wide characters longer than the chart is cut at its width, where it was twice as wide', () => {
    const text = HARD[WIDE_WORD]!;
    const widest = (chart: string) => Math.max(...chart.split('\n').map(textWidth));
    expect(widest((BEFORE.bars as string[][])[WIDE_WORD]![0]!)).toBe(40);
    expect(widest(bars(text, 30))).toBe(30);
    expect(bars(text, 30).split('\n')[0]).toBe('長'.repeat(15));
    // At 41 columns the word fits, and the chart is as it was.
    expect(bars(text, 41)).toBe((BEFORE.bars as string[][])[WIDE_WORD]![1]);
  });
});

describe('wrapWords', () => {
  it('joins words while they fit after the gap, an empty word joining as a gap and starting no line', () => {
    const rule = { measure: (text: string) => text.length };
    expect(wrapWords(['ab', 'cd', 'efg'], 5, rule)).toEqual(['ab cd', 'efg']);
    expect(wrapWords(['', 'ab', '', 'cd'], 6, rule)).toEqual(['ab  cd']);
    expect(wrapWords(['abcdefgh', 'ij'], 5, rule)).toEqual(['abcdefgh', 'ij']);
    expect(wrapWords(['ab', 'cd'], 5, { ...rule, indent: '> ', hanging: '  ' })).toEqual(['> ab', '  cd']);
    expect(wrapWords(['a', 'b', 'c'], 5, { ...rule, gap: ' · ' })).toEqual(['a · b', 'c']);
    const long = (word: string, width: number) =>
      Array.from({ length: Math.ceil(word.length / width) }, (_, i) => ({
        text: word.slice(i * width, (i + 1) * width),
        width: Math.min(width, word.length - i * width),
      }));
    expect(wrapWords(['ab', 'cdefghi', 'j'], 3, { ...rule, long })).toEqual(['ab', 'cde', 'fgh', 'i j']);
  });
});
