// The csv writer's bytes are csv-stringify's, with the options it was used with (CRLF after every
// record, a field with a line break quoted), for any cells: what `-o csv` printed stays.
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords, renderCsv, writeCsv } from './csv.js';
import type { Column } from './types.js';

const columnsOf = (width: number): Column<string[]>[] =>
  Array.from({ length: width }, (_, c) => ({ header: `h${c}`, value: (row) => row[c] }));

/** What the writer printed before, by csv-stringify, from the same cells. */
function byCsvStringify(rows: string[][], header: boolean): string {
  const records = rows.map((row) => row.map((value) => csvCell(value, undefined)));
  if (header && rows[0] !== undefined) records.unshift(rows[0].map((_, c) => `h${c}`));
  return records.length === 0
    ? ''
    : stringify(records, { record_delimiter: '\r\n', eof: true, quoted_match: /[\r\n]/ });
}

const cell = fc.stringMatching(/^[a-z ",\r\n'=;\u00e9\u2028\t]{0,12}$/);

describe('csv records', () => {
  it('are the bytes csv-stringify wrote: quoting, doubled quotes, guards, empty cells', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((width) =>
            fc.tuple(fc.constant(width), fc.array(fc.array(cell, { minLength: width, maxLength: width }))),
          ),
        fc.boolean(),
        ([width, rows], header) => {
          const expected = byCsvStringify(rows, header && rows.length > 0);
          expect(csvRecords(columnsOf(width), rows, header && rows.length > 0)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('quotes a field with a quote, a comma or a line break (a lone CR is dropped as a control), and a header', () => {
    expect(csvRecords(columnsOf(5), [['a"b', 'c,d', 'e\rf', 'g\nh', '']], false)).toBe('"a""b","c,d",ef,"g\nh",\r\n');
    const columns: Column<string[]>[] = [{ header: 'x,y', value: (row) => row[0] }];
    expect(csvRecords(columns, [['1']], true)).toBe('"x,y"\r\n1\r\n');
  });
});

describe('a value as the row before had it', () => {
  it('is written again from its field, but an object is read again each row: one array may hold other numbers', () => {
    const series: number[] = [];
    const refilled = (row: number[]) => {
      series.length = 0;
      series.push(...row);
      return series;
    };
    const columns: Column<number[]>[] = [
      { header: 'unknown', value: (row) => (row[0] === 0 ? null : row[0]) },
      { header: 'series', kind: 'spark', value: refilled },
    ];
    const rows = [
      [0, 1],
      [0, 2],
      [3, 4],
    ];
    expect(csvRecords(columns, rows, true)).toBe('unknown,series\r\n,0;1\r\n,0;2\r\n3,3;4\r\n');
  });
});

describe('writeCsv', () => {
  it('writes a long view a piece of 1,000 rows at a time, the text renderCsv gives', () => {
    for (const length of [0, 1, 999, 1000, 1001, 2500]) {
      const view = {
        columns: columnsOf(3),
        rows: Array.from({ length }, (_, i) => [`${i}`, 'a,b', i % 2 ? '=x' : '']),
      };
      const pieces: string[] = [];
      writeCsv(view, undefined, (piece) => pieces.push(piece));
      expect(pieces).toHaveLength(Math.max(1, Math.ceil(length / 1000)));
      expect(pieces.join('')).toBe(renderCsv(view));
      const picked: string[] = [];
      writeCsv(view, ['h2', 'h0'], (piece) => picked.push(piece));
      expect(picked.join('')).toBe(renderCsv(view, ['h2', 'h0']));
    }
  });
});
