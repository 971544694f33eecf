// jsonLineWriter writes a record from its values without making the record: the bytes formatJson
// gives of the record itself, for any values a store or a service holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatJson, jsonLineWriter } from './json.js';

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
