// isoMinute is the minute of new Date(text), for stored times (the fast way), texts of their form
// with digits that make no time (02-30, 24:00, a 13th month), and anything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoMinute } from './iso-time.js';

const digits = (n: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: n, maxLength: n }).map((d) => d.join(''));
/** Texts of the form, any digits in each place (most are not times at all). */
const isoShaped = fc
  .tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), digits(3))
  .map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
/** Real times, as toISOString writes them (years 0 to 9999). */
const stored = fc
  .integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 })
  .map((ms) => new Date(ms).toISOString());
const dateMinute = (text: string) => new Date(text).toISOString().slice(0, 16).replace('T', ' ');

describe('isoMinute', () => {
  it("gives a stored time's minute as new Date() does", () => {
    fc.assert(
      fc.property(stored, (text) => {
        expect(isoMinute(text)).toBe(dateMinute(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives nothing where the text is not the time it parses to (02-30 is March 2), nor for another form', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          isoShaped,
          fc.string(),
          stored.map((t) => t.replace('Z', '+01:00')),
        ),
        (text) => {
          const minute = isoMinute(text);
          if (minute !== undefined) expect(minute).toBe(dateMinute(text));
        },
      ),
      { numRuns: 5000 },
    );
    const times = [
      '2026-02-28T01:07:00.000Z',
      '2026-02-30T01:00:00.000Z',
      '2026-02-30T02:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-03-01T00:00:00.00xZ',
      '2026-03-01T00:00:00.000Z',
    ];
    expect(times.map(isoMinute)).toEqual([
      '2026-02-28 01:07',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      '2026-03-01 00:00',
    ]);
  });
});
