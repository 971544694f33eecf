// A file or a device on stdout or stderr is written by WholeWrites, not Node's stream: each chunk
// at once, whole, as a string (no copy into a Buffer). Compared with the stream Node makes of a
// file (one that writes each chunk at once): the same bytes, and each callback once, in order.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { type OutStream, WholeWrites } from './context.js';

const dir = mkdtempSync(join(tmpdir(), 'social-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What Node's stream for a file does: each chunk written at once, as a Buffer. */
function fileStream(fd: number): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      let failure: Error | null = null;
      try {
        writeSync(fd, chunk);
      } catch (error) {
        failure = error as Error;
      }
      done(failure);
    },
  });
}

type Chunk = { text: string; callback: boolean };

/**
 * Writes `chunks` to a file opened with `flags`, by WholeWrites (`whole`) or Node's stream: the
 * file's bytes, and the callbacks and failures seen, in order.
 */
async function run(chunks: readonly Chunk[], flags: string, whole: boolean) {
  const path = join(dir, `out-${whole}`);
  closeSync(openSync(path, 'w'));
  const fd = openSync(path, flags);
  const seen: string[] = [];
  const code = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? error;
  let out: OutStream;
  if (whole) out = new WholeWrites(fd, (error) => seen.push(`failed ${error.code}`));
  else out = fileStream(fd).on('error', (error) => seen.push(`failed ${code(error)}`));
  chunks.forEach(({ text, callback }, i) => {
    if (callback) out.write(text, (error) => seen.push(`callback ${i} ${code(error)}`));
    else out.write(text);
  });
  await new Promise((resolve) => setImmediate(resolve));
  closeSync(fd);
  return { bytes: readFileSync(path).toString('hex'), seen };
}

const piece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('\ud800', '\udfff', '😀', 'é', '\u2028', '\u001b[31m', '\n'),
  fc.constantFrom('x'.repeat(21_845), 'é'.repeat(30_000), 'y'.repeat(70_000)),
);
const chunk = fc.record({
  text: fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('')),
  callback: fc.boolean(),
});

it('writes what the stream would, with its callbacks, in the same order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(chunk, { maxLength: 8 }), async (chunks) => {
      expect(await run(chunks, 'a', true)).toEqual(await run(chunks, 'a', false));
    }),
    { numRuns: 150 },
  );
});

it('a write that fails tells its callback, then the failure once; nothing is written after it', async () => {
  const chunks = [
    { text: 'a', callback: true },
    { text: 'b', callback: true },
  ];
  const { bytes, seen } = await run(chunks, 'r', true);
  expect(bytes).toBe('');
  expect(seen).toEqual(['callback 0 EBADF', 'failed EBADF', 'callback 1 EBADF']);
});
