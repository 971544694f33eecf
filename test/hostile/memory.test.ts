// Memory bounded by design: answers in tiny chunks, large answers to a batch at high concurrency,
// and a stdout nobody reads. Small loopback servers; spawned runs of the built bin, their peak RSS
// measured from outside (GNU time where installed). The bench (bench/memory.js) has the figures.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawServer, serviceEnv, social, using } from './harness.js';

beforeAll(() => {
  if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
});

const MB = 2 ** 20;

/** A profile envelope whose author's bio is `bio` (JSON text). */
function profileBody(bio: string): string {
  return `{"success":true,"platform":"github","endpoint":"profile","data":{"author":{"id":"1","handle":"h","name":"N","bio":${bio},"avatar_url":null,"followers":1,"following":2,"posts_count":3,"verified":null,"is_private":false,"external_url":null,"url":"https://github.com/h"},"items":[],"has_more":false,"next_cursor":null},"error":null,"credits_used":1,"cached":false,"request_id":"req_1","credits_remaining":99}`;
}

/** The whole HTTP response for `body` in chunked encoding, `size` bytes a chunk. */
function chunked(body: string, size: number): Buffer {
  const text = Buffer.from(body);
  const parts: Buffer[] = [
    Buffer.from('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n'),
  ];
  for (let at = 0; at < text.length; at += size) {
    const piece = text.subarray(at, at + size);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

describe('an answer in tiny chunks', () => {
  it('1 MB sent a byte a chunk is held as its bytes: exit 0, whole, under 150 MB', async () => {
    const bio = 'x'.repeat(MB);
    const wire = chunked(profileBody(JSON.stringify(bio)), 1);
    await using(
      rawServer((socket) => socket.write(wire)),
      async (server) => {
        const run = await social(
          ['profile', 'github', 'h', '--jq', '.data.author.bio | length'],
          serviceEnv(server.url),
        );
        console.info(`1 MB in 1-byte chunks: peak RSS ${run.peakRssMb} MB`);
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toBe(`${MB}\n`);
        expect(server.requests()).toBe(1);
        expect(run.peakRssMb).toBeLessThan(150);
      },
    );
  }, 60_000);
});
