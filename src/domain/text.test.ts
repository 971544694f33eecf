// The start of a sanitised line, as a cell cut to its width takes it: what sanitiseLine gives, cut
// short, and whole exactly when nothing readable is left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitisedHead, sanitiseLine } from './text.js';

describe('sanitisedHead', () => {
  const piece = fc.oneof(
    fc.constantFrom(
      '\u001b]0;tt\u0007',
      '\u001b]8;;u\u001b\\',
      '\u001b]0;',
      '\u009d]x',
      '\u001b[31m',
      '\u001b[1;',
      '\u009b2J',
      '\u001b',
      '\u001bc',
      '\u0000',
      '\u0085',
      '\n',
      '\r\n',
      '\t',
      '\u2028',
      '\u202e',
      '😀',
      '\ud83d',
      'é',
    ),
    fc.string({ maxLength: 4 }),
  );
  const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

  it('is the start of sanitiseLine, whole exactly when nothing readable is left out', () => {
    fc.assert(
      fc.property(text, fc.nat(30), (raw, units) => {
        const full = sanitiseLine(raw);
        const head = sanitisedHead(raw, units);
        expect(full.startsWith(head.text)).toBe(true);
        expect(head.text.length).toBeGreaterThanOrEqual(Math.min(units, full.replace(/ /g, '').length));
        // Whole: what it leaves out is at most the spaces line breaks fold to.
        if (head.whole) expect(full.slice(head.text.length)).toMatch(/^ *$/);
        else expect(full.length).toBeGreaterThan(head.text.length);
      }),
      { numRuns: 2000 },
    );
  });
});
