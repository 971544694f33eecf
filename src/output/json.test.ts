// jsonLineWriter writes a record from its values without making the record: the bytes formatJson
// gives of the record itself, for any values a store or a service holds; writeJson and writeNdjson
// write a long list a piece at a time, the same text as a whole; writeColumns writes records given
// as columns, the text writeJson and writeNdjson give of them as objects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ColumnRecords,
  formatJson,
  jsonLineWriter,
  type RecordShape,
  renderJson,
  renderNdjson,
  writeColumns,
  writeJson,
  writeNdjson,
} from './json.js';

const text = fc.string({
  unit: fc.constantFrom('a', '"', '\\', '\n', '\u0007', '\u009b', '\u202e', '\u2028', 'é', '😀', '\ud800'),
});
const value = fc.oneof(
  fc.constant(null),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  text,
  fc.jsonValue(),
  fc.uint8Array(),
);
const keys = fc
  .uniqueArray(fc.oneof(text, fc.constantFrom('fetch_id', 'a b', '"q"')), { maxLength: 6 })
  .filter((names) => names.every((name) => !/^(?:0|[1-9]\d*)$/.test(name) && name !== '__proto__'));

describe('jsonLineWriter', () => {
  it("is formatJson's one line of the record those values make", () => {
    fc.assert(
      fc.property(
        keys.chain((names) =>
          fc.tuple(fc.constant(names), fc.array(value, { minLength: names.length, maxLength: names.length })),
        ),
        ([names, values]) => {
          const record = Object.fromEntries(names.map((name, at) => [name, values[at]]));
          expect(jsonLineWriter(names)(values)).toBe(formatJson(record, false));
        },
      ),
    );
  });
});

/** All that a writer gives `write`, together. */
function written(writer: (write: (text: string) => void) => void): string {
  const pieces: string[] = [];
  writer((piece) => pieces.push(piece));
  return pieces.join('');
}

describe('writeJson and writeNdjson', () => {
  it('write a list of any length a piece at a time, the text renderJson and renderNdjson give', () => {
    const record = (i: number) => ({
      at: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
      n: i % 7 === 0 ? null : i,
      text: ['plain', 'é 😀', 'bidi \u202e', 'quote " and \\', 'line\nbreak', 'lone \ud800'][i % 6],
      computed: { gained: i % 3 === 0 ? null : -i, per_day: i / 10 },
    });
    for (const length of [0, 1, 999, 1000, 1001, 2000, 2500]) {
      const list = Array.from({ length }, (_, i) => record(i));
      expect(written((write) => writeJson(list, write))).toBe(renderJson(list));
      expect(written((write) => writeNdjson(list, write))).toBe(renderNdjson(list));
    }
    for (const value of [null, { a: [1, 2] }, 'text', [[1], [2]]])
      expect(written((write) => writeJson(value, write))).toBe(renderJson(value));
  });
});

/** The records `records` gives as columns, made as objects. */
function madeRecords({ shape, columns, length }: ColumnRecords): Array<Record<string, unknown>> {
  return Array.from({ length }, (_, i) => {
    let leaf = 0;
    const make = (keys: RecordShape): Record<string, unknown> =>
      Object.fromEntries(
        keys.map((key) => {
          if (typeof key !== 'string') return [key[0], make(key[1])];
          const column = columns[leaf++] as ColumnRecords['columns'][number];
          return [key, Array.isArray(column) ? column[i] : (column as { every: unknown }).every];
        }),
      );
    return make(shape);
  });
}

/** Leaves of a shape. */
function leafCount(shape: RecordShape): number {
  return shape.reduce((n: number, key) => n + (typeof key === 'string' ? 1 : leafCount(key[1])), 0);
}

describe('writeColumns', () => {
  const name = fc.constantFrom('platform', 'fetched_at', 'a b', '"q"', 'é', 'computed', 'gained', 'x\n');
  const flat = fc.uniqueArray(name, { maxLength: 4 });
  const shape: fc.Arbitrary<RecordShape> = fc
    .tuple(flat, fc.option(fc.tuple(fc.constantFrom('computed', 'nested'), flat)))
    .map(([keys, nested]) =>
      nested === null || (keys as readonly string[]).includes(nested[0])
        ? keys
        : [...keys, nested as readonly [string, RecordShape]],
    );
  const records = shape.chain((keys) =>
    fc.integer({ min: 0, max: 5 }).chain((length) =>
      fc
        .array(fc.oneof(fc.record({ every: value }), fc.array(value, { minLength: length, maxLength: length })), {
          minLength: leafCount(keys),
          maxLength: leafCount(keys),
        })
        .map((columns): ColumnRecords => ({ shape: keys, columns, length })),
    ),
  );

  it('is the text writeJson and writeNdjson give of the records made as objects', () => {
    fc.assert(
      fc.property(records, (given) => {
        const made = madeRecords(given);
        expect(written((write) => writeColumns(given, 'json', write))).toBe(renderJson(made));
        expect(written((write) => writeColumns(given, 'ndjson', write))).toBe(renderNdjson(made));
      }),
    );
  });

  it('writes a long list a piece at a time, the same text', () => {
    for (const length of [999, 1000, 1001, 2500]) {
      const given: ColumnRecords = {
        shape: ['platform', 'at', 'n', ['computed', ['gained']]],
        columns: [
          { every: 'github' },
          Array.from({ length }, (_, i) => ['plain', 'bidi \u202e', 'quote " and \\'][i % 3]),
          Array.from({ length }, (_, i) => (i % 7 === 0 ? null : i)),
          Array.from({ length }, (_, i) => i / 10),
        ],
        length,
      };
      const pieces: string[] = [];
      writeColumns(given, 'ndjson', (piece) => pieces.push(piece));
      expect(pieces).toHaveLength(Math.ceil(length / 1000));
      expect(pieces.join('')).toBe(renderNdjson(madeRecords(given)));
      expect(written((write) => writeColumns(given, 'json', write))).toBe(renderJson(madeRecords(given)));
    }
  });
});
