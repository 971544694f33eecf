// A file or a device on stdout or stderr: each chunk is written whole, and a string is written as
// it is, without the stream's copy into a Buffer. Compared with the stream Node makes of a file
// (one that writes each chunk at once): the same bytes, answers, callbacks, errors, in order.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { writeWhole } from '../src/infra/context.js';

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

type Chunk = { text: string | Uint8Array; callback: boolean };

/** Writes `chunks` to a stream on a file opened with `flags`: the file's bytes and what was seen, in order. */
async function run(chunks: readonly Chunk[], flags: string, direct: boolean) {
  const path = join(dir, `out-${direct}`);
  closeSync(openSync(path, 'w'));
  const fd = openSync(path, flags);
  const stream = fileStream(fd);
  if (direct) writeWhole(stream as unknown as NodeJS.WriteStream, fd);
  const seen: string[] = [];
  stream.on('error', (error: NodeJS.ErrnoException) => seen.push(`error ${error.code}`));
  chunks.forEach(({ text, callback }, i) => {
    const answer = callback
      ? stream.write(text, (error) =>
          seen.push(`callback ${i} ${(error as NodeJS.ErrnoException | null)?.code ?? error}`),
        )
      : stream.write(text);
    seen.push(`answer ${i} ${answer}`);
  });
  await new Promise((resolve) => setImmediate(resolve));
  closeSync(fd);
  return { bytes: readFileSync(path).toString('hex'), seen };
}

const piece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('\ud800', '\udfff', '😀', 'é', '\u2028', '\u001b[31m', '\n'),
  // Past a third of the stream's high-water mark: written the stream's way.
  fc.constantFrom('x'.repeat(21_845), 'é'.repeat(30_000), 'y'.repeat(70_000)),
);
const chunk = fc.record({
  text: fc.oneof(
    { weight: 4, arbitrary: fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join('')) },
    fc.uint8Array({ maxLength: 8 }),
  ),
  callback: fc.boolean(),
});

it('writes what the stream would, with the same answers and callbacks, in the same order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(chunk, { maxLength: 8 }), async (chunks) => {
      expect(await run(chunks, 'a', true)).toEqual(await run(chunks, 'a', false));
    }),
    { numRuns: 150 },
  );
});

it('a write that fails fails as the stream would: its callback and one error event', async () => {
  const chunks = [
    { text: 'a', callback: true },
    { text: 'b', callback: true },
  ];
  const direct = await run(chunks, 'r', true);
  expect(direct).toEqual(await run(chunks, 'r', false));
  expect(direct.seen).toContain('callback 0 EBADF');
  expect(direct.seen.filter((line) => line.startsWith('error'))).toEqual(['error EBADF']);
});
