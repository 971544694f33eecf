// A batch's input lines read from stdin: split across chunk ends and characters cut in two, a
// piece at a time.
import { describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers/context.js';

describe('input lines', () => {
  it('splits chunks into trimmed lines, across chunk ends, CRLF, a multi-byte character cut in two, and no final newline', async () => {
    const { inputLines } = await import('./input-lines.js');
    const { PassThrough } = await import('node:stream');
    const stdin = new PassThrough();
    const { ctx } = testContext();
    const text = Buffer.from('# comment\r\nocto\r\n\r\n  café  \nlast', 'utf8');
    const cut = text.indexOf(0xc3) + 1; // inside the two bytes of "é"
    ctx.io.stdin = stdin;
    stdin.write(text.subarray(0, 5));
    stdin.write(text.subarray(5, cut));
    stdin.end(text.subarray(cut));
    const lines: unknown[] = [];
    for await (const chunk of inputLines(ctx, '-')) lines.push(...chunk);
    expect(lines).toEqual(['octo', 'café', 'last']);
  });

  it('takes a large chunk of stdin a few KiB of lines at a time, a character cut at any piece end', async () => {
    const { inputLines } = await import('./input-lines.js');
    const { PassThrough } = await import('node:stream');
    // 9 bytes a line ("hé-" + 4 digits + LF, "é" two bytes): 4 KiB pieces end inside lines and
    // inside characters. One chunk of about 45 KiB as bytes, then the same as a string.
    const expected = Array.from({ length: 5000 }, (_, i) => `hé-${String(i).padStart(4, '0')}`);
    const text = `${expected.join('\n')}\n`;
    const { ctx } = testContext();
    for (const chunk of [Buffer.from(text, 'utf8'), text]) {
      const stdin = new PassThrough({ highWaterMark: 1 << 20 });
      ctx.io.stdin = stdin;
      stdin.end(chunk);
      const lines: unknown[] = [];
      let most = 0;
      for await (const taken of inputLines(ctx, '-')) {
        most = Math.max(most, taken.length);
        lines.push(...taken);
      }
      expect(lines).toEqual(expected);
      // Lines are made a piece at a time, not all of the chunk's at once.
      expect(most).toBeLessThanOrEqual(Math.ceil(4096 / 8));
    }
  });
});
