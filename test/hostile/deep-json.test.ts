// Nesting: an answer nested up to the reader's limit (1,000 levels) is shown in every format; one
// nested deeper is "response not understood" (exit 11) before it is parsed, wherever the depth is
// (a display field included), with memory bounded; an error status keeps its own exit status.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from './harness.js';
import { httpServer, serviceEnv, social } from './harness.js';

beforeAll(() => {
  if (!existsSync(join(import.meta.dirname, '..', '..', 'dist', 'social.cjs')))
    throw new Error('run `npm run build` first (npm test does)');
});

const LIMIT = 1000;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
// A profile as documented, but for a display field (bio) and an unknown one that nest `depth`
// levels (the body itself, data and author add 3).
const profile = (depth: number) =>
  `{"success":true,"platform":"github","endpoint":"profile","data":{"author":{"id":"1","handle":"deepbio","name":"D","bio":${nested(depth)},"avatar_url":null,"followers":1,"following":2,"posts_count":3,"verified":null,"is_private":false,"external_url":null,"url":"https://github.com/deepbio","extra":${nested(depth)}},"items":[],"has_more":false,"next_cursor":null},"error":null,"credits_used":1,"cached":false,"request_id":"req_1","credits_remaining":99}`;

describe('deeply nested answers', () => {
  let server: Loopback;
  beforeAll(async () => {
    server = await httpServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      // The handle names how deep the whole body nests.
      const depth = Number(url.searchParams.get('handle')?.replace(/\D/g, '') ?? '0');
      // A 503 whose body nests too deep: its status decides, as for any body that is not JSON.
      if (url.pathname.includes('unavailable')) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(`{"success":false,"error":{"type":"indisponivel","details":${nested(depth)}}}`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      // Brackets inside strings (escaped quotes included) are not nesting.
      const decoy = JSON.stringify(`\\"${'['.repeat(5000)}`);
      // A handle starting with o: objects inside objects, not arrays.
      const inner = url.searchParams.get('handle')?.startsWith('o') ? nestedObjects : nested;
      res.end(url.pathname.endsWith('/profile') ? profile(depth - 3) : `{"data":${inner(depth - 1)},"s":${decoy}}`);
    });
  });
  afterAll(() => server.close());

  it(`a profile whose display fields make it nest ${LIMIT} levels is shown in every format (exit 0)`, async () => {
    for (const format of ['json', 'ndjson', 'table', 'csv']) {
      const run = await social(['profile', 'github', `d${LIMIT}`, '-o', format], serviceEnv(server.url));
      expect(run.status, `${format}: ${run.stderr}`).toBe(0);
      expect(run.stderr).toMatch(/bio as a list/);
    }
    const jq = await social(['profile', 'github', `d${LIMIT}`, '--jq', '.data.author.handle'], serviceEnv(server.url));
    expect(jq.stdout).toBe('deepbio\n');
  }, 60_000);

  it(`one level more is "response not understood", exit 11, in every format and with --jq`, async () => {
    for (const args of [['--json'], ['-o', 'table'], ['-o', 'csv'], ['--jq', '.data']]) {
      const run = await social(['profile', 'github', `d${LIMIT + 1}`, ...args], serviceEnv(server.url));
      expect(run.status, `${args}: ${run.stderr}`).toBe(11);
      expect(run.stderr).toMatch(/response not understood: the body nests deeper than 1,000 levels/);
      expect(run.stderr).not.toMatch(/stack|RangeError/);
    }
  }, 60_000);

  // jq's WebAssembly overflows its stack printing a value some 640 levels deep: the run goes on.
  it('--jq on an answer too deep for jq itself is a --jq failure (exit 2), one call or a batch', async () => {
    const one = await social(['profile', 'github', 'd900', '--jq', '.'], serviceEnv(server.url));
    expect(one.status, one.stderr).toBe(2);
    expect(one.stderr).toMatch(/--jq failed on the answer: jq's WebAssembly failed/);
    expect(one.stderr).not.toMatch(/could not write|RuntimeError|at wasm/);
    const batch = await social(['profile', 'github', 'd10', 'd900', 'd11', '--jq', '.'], serviceEnv(server.url));
    expect(batch.status, batch.stderr).toBe(2);
    // The records jq took before it failed are printed; the batch's summary is there.
    expect(batch.stderr).toMatch(/--jq failed on [1-3] of 3 records: jq's WebAssembly failed/);
    expect(batch.stderr).toMatch(/3 inputs: 3 ok/);
    expect(batch.stderr).not.toMatch(/RuntimeError|at wasm/);
  }, 60_000);

  // tostring on objects some 980 deep never returns inside jq's WebAssembly (and jq reads none
  // past some 650): a value with more than 640 inside one another is not given to it.
  it('--jq on objects nested deeper than jq reads fails the record at once; it never hangs', async () => {
    const deep = await social(['api', 'github/posts', '-f', 'handle=o990', '--jq', 'tostring'], serviceEnv(server.url));
    expect(deep.status, deep.stderr).toBe(2);
    expect(deep.stderr).toMatch(/--jq failed on the answer: the value has more than 640 objects inside one another/);
    const fits = await social(
      ['api', 'github/posts', '-f', 'handle=o600', '--jq', 'tostring | length > 0'],
      serviceEnv(server.url),
    );
    expect(fits.status, fits.stderr).toBe(0);
    expect(fits.stdout).toBe('true\n');
  }, 60_000);

  // Some filters make jq's runtime abort on a value some 640 levels deep, and it writes
  // "Aborted(...)" itself; its instance is unsound after that, even when the call returned.
  it('jq that aborts: no line of its own on stderr, and a fresh jq filters the records after it', async () => {
    const handles = ['d10', 'd700', 'd11', 'd12', 'd13', 'd14'];
    const config = mkdtempSync(join(tmpdir(), 'social-deep-'));
    try {
      const batch = await social(
        ['profile', 'github', ...handles, '--concurrency', '1', '--jq', '[.] | tojson | length > 0'],
        { ...serviceEnv(server.url), SOCIAL_CONFIG_DIR: config },
      );
      expect(batch.status, batch.stderr).toBe(2);
      expect(batch.stderr).not.toMatch(/Aborted\(|RuntimeError|at wasm/);
      expect(batch.stderr.match(/--jq failed/g)).toEqual(['--jq failed']);
      expect(batch.stderr).toMatch(/--jq failed on 1 of 6 records: jq's WebAssembly failed \(/);
      // Every record but the one too deep, the ones after it included.
      expect(batch.stdout).toBe('true\n'.repeat(5));
      // That one is saved, whole: the record of d700 alone, though jq failed on it among others.
      const [file, ...more] = readdirSync(config).filter((name) => name.startsWith('unwritten-'));
      expect(more).toEqual([]);
      expect(batch.stderr.replace(/\s+/g, ' ')).toContain(`the record it failed on is saved in ${join(config, file!)}`);
      const saved = readFileSync(join(config, file!), 'utf8').trimEnd().split('\n');
      expect(saved.map((line) => JSON.parse(line).input)).toEqual(['d700']);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
    const one = await social(
      ['profile', 'github', 'd700', '--jq', '[.] | tojson | length > 0'],
      serviceEnv(server.url),
    );
    expect(one.status, one.stderr).toBe(2);
    expect(one.stderr).not.toMatch(/Aborted\(/);
    expect(one.stderr).toMatch(/^error: --jq failed on the answer: jq's WebAssembly failed/m);
  }, 60_000);

  it('a body 1,000,000 levels deep (2 MB) is refused before it is parsed: exit 11, memory bounded', async () => {
    const run = await social(['api', 'github/posts', '-f', 'handle=d1000000'], serviceEnv(server.url));
    expect(run.status, run.stderr).toBe(11);
    expect(run.stderr).toMatch(/nests deeper than 1,000 levels/);
    expect(server.requests()).toBeGreaterThan(0);
    // Parsed, this body alone took hundreds of MB.
    expect(run.peakRssMb).toBeLessThan(150);
  });

  it(`brackets in strings do not count: a body ${LIMIT} deep with 5,000 [ in a string is read (exit 0)`, async () => {
    const run = await social(
      ['api', 'github/posts', '-f', `handle=d${LIMIT}`, '--jq', '.s | length'],
      serviceEnv(server.url),
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('5002\n');
  });

  it('a 503 nested too deep is still exit 9 after its retries, nothing on stdout', async () => {
    const down = await social(
      ['api', 'github/unavailable', '-f', 'handle=d100000', '--retries', '1'],
      serviceEnv(server.url),
    );
    expect(down.status, down.stderr).toBe(9);
    expect(down.stdout).toBe('');
  });
});
