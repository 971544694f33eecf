// A service whose answer undici's parser refuses: a header holding a control byte, a chunked body
// whose framing is broken. The request reached the service, so the call may have been charged: it
// is sent once, reported as an answer not understood (exit 11), and counted in the spend ledger as
// uncertain. Nothing the server sent reaches the terminal raw. Spawned runs of the built bin.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';
import { rawServer, serviceEnv, social, using } from './harness.js';

beforeAll(() => {
  if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// A 200 whose fourth header holds an OSC sequence (ESC ] … BEL): a byte HTTP forbids in a value.
const BAD_HEADER =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Request-Id: req_1\r\n' +
  'X-Title: a\u001b]0;pwned\u0007b\r\nContent-Length: 2\r\n\r\n{}';

// A whole head, then a chunk size that is not hexadecimal.
const BAD_CHUNK =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n' +
  'X-Trace: abc\r\nX-Echo: key sk_test_hostile\r\n\r\nzz\u001b[2J\r\n{}\r\n0\r\n\r\n';

// The same control byte after a Content-Length header.
const BAD_HEADER_AFTER_LENGTH =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n' +
  'X-Title: a\u001b]0;pwned\u0007b\r\n\r\n{}';

// A head of 70,000 bytes: past the 16 KiB that Node (and undici with it) reads of a head.
const TOO_LARGE_HEAD =
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: ${'a'.repeat(70_000)}\r\n` +
  'Content-Length: 2\r\n\r\n{}';

// A chunked body cut off by the server closing its side (Connection: close): nothing malformed,
// the connection broke, as a body cut short of its Content-Length does.
const CHUNKED_CUT =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n' +
  'Transfer-Encoding: chunked\r\n\r\n10\r\n{"success":tr';

const RAW = /[\u0000-\u0008\u000b-\u001f\u007f]/;

describe('an answer whose head undici refuses', () => {
  const MALFORMED = 'its status line or headers were malformed';
  // undici reports a head refused after a Content-Length header as a length mismatch, and one over
  // its size limit as an overflow: answers all the same.
  it.each([
    ['', BAD_HEADER, MALFORMED],
    [', after a Content-Length header', BAD_HEADER_AFTER_LENGTH, MALFORMED],
    [', over the size of a head undici reads', TOO_LARGE_HEAD, 'its headers were larger than the HTTP client reads'],
    [', a 100 Continue', 'HTTP/1.1 100 Continue\r\n\r\n', 'its status (1xx) is not one that ends an answer'],
    [
      ', a 101 Switching Protocols',
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\nConnection: upgrade\r\n\r\n',
      'its status (1xx) is not one that ends an answer',
    ],
  ])(
    'is not understood (exit 11), may have been charged, sent once, and uncertain in the ledger%s',
    async (_, answer, what) => {
      const dir = tempConfigDir();
      dirs.push(dir);
      await using(
        rawServer((socket) => socket.write(answer)),
        async (server) => {
          const run = await social(['profile', 'github', 'octocat', '--retries', '5'], {
            ...serviceEnv(server.url),
            SOCIAL_CONFIG_DIR: dir,
          });
          expect(run.status, run.stderr).toBe(11);
          expect(run.stdout).toBe('');
          expect(run.stderr).toContain(`the answer could not be read: ${what} (the call may have been charged)`);
          expect(run.stderr).not.toMatch(/connection broke|content-length/i);
          expect(run.stderr).not.toMatch(RAW);
          expect(server.requests()).toBe(1);
        },
      );
      const records = readFileSync(join(dir, 'spend.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(records).toEqual([
        expect.objectContaining({ command: 'profile', path: '/api/v1/github/profile', credits: 1, uncertain: true }),
      ]);
    },
  );

  it('api -i: no head to print (undici gives none), the same error, sent once', async () => {
    await using(
      rawServer((socket) => socket.write(BAD_HEADER)),
      async (server) => {
        const run = await social(['api', '-i', 'github/profile'], serviceEnv(server.url));
        expect(run.status, run.stderr).toBe(11);
        expect(run.stdout).toBe('');
        expect(run.stderr).toContain('the answer could not be read: its status line or headers were malformed');
        expect(run.stderr).not.toMatch(RAW);
        expect(server.requests()).toBe(1);
      },
    );
  });

  it('api -i: a body whose framing is broken after the head prints the head, the key masked', async () => {
    await using(
      rawServer((socket) => socket.write(BAD_CHUNK)),
      async (server) => {
        const run = await social(['api', '-i', 'github/profile', '--json'], serviceEnv(server.url));
        expect(run.status, run.stderr).toBe(11);
        expect(run.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
        expect(run.stdout).toMatch(/^x-trace: abc$/m);
        expect(run.stdout).not.toContain('sk_test_hostile');
        expect(run.stdout + run.stderr).not.toMatch(RAW);
        expect(run.stderr).toContain("the answer could not be read: its body's HTTP framing was malformed");
        expect(server.requests()).toBe(1);
      },
    );
  });
});

describe('a chunked body cut off', () => {
  it('a chunked body cut off by the server closing is a broken connection (exit 10), not malformed', async () => {
    await using(
      rawServer((socket) => socket.end(CHUNKED_CUT)),
      async (server) => {
        const run = await social(['profile', 'github', 'octocat', '--retries', '5'], serviceEnv(server.url));
        expect(run.status, run.stderr).toBe(10);
        expect(run.stdout).toBe('');
        expect(run.stderr).toContain(
          'the connection broke after the request was sent (the call may have been charged)',
        );
        expect(run.stderr).not.toMatch(/malformed/);
        expect(server.requests()).toBe(1);
      },
    );
  });
});
