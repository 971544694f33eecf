// Nothing from the network controls the terminal: any string, in any field of any success or error
// body (and in the request id header), in any output format, with or without --debug, never puts
// a C0 or C1 control, ESC, a bidi override or a line or paragraph separator on stdout or stderr. JSON output writes them as \u
// escapes; csv keeps only its record breaks (CRLF) and the newlines and tabs inside quoted cells.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { Fixture } from './conformance/fixtures.js';
import { FIXTURES } from './conformance/fixtures.js';
import { useReplayServer } from './conformance/server.js';
import { runCli } from './helpers/cli.js';

// The line and paragraph separators too: a terminal shows them as nothing (a table's columns
// then slip) and text tools may break a line at them.
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;
/** Tabs allowed: csv cells and jq's raw strings carry them as data. */
const UNSAFE_IN_CSV =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** Pieces of terminal attacks (OSC 52 clipboard, OSC 8 links, CSI, bidi) mixed with plain text. */
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '\u001b]52;c;ZXZpbA==\u0007',
      '\u001b]8;;https://evil.example\u001b\\',
      '\u001b[2J',
      '\u001b[31m',
      '\u009b31m',
      '\u009d0;t\u009c',
      '\u0085',
      '\u202e',
      '\u2066',
      '\u200f',
      '\u0000',
      '\u0007',
      '\r',
      '\n',
      '\t',
      '\u007f',
      '\u2028',
      '\u2029',
    ),
    fc.string({ maxLength: 3 }),
  ),
  maxLength: 8,
});

/** Request id headers: Latin-1 only (Node refuses other header bytes), C1 controls included. */
const hostileHeader = fc.string({ unit: fc.constantFrom('\u009b', '\u0085', '\u009d', 'a', '1', ';'), maxLength: 6 });

/** The fixtures whose last answer is JSON: the bodies to poison. */
const BASES = FIXTURES.filter(([, f]) => f.serve.every((r) => r.text === undefined));

type Path = Array<string | number>;

/** Every leaf of a body (strings, numbers, booleans, nulls): any of them may become a string. */
function leaves(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) leaves(v, [...path, i], out);
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out);
  else out.push(path);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
}

const replay = useReplayServer();

it('no control character, escape or bidi override from a body reaches stdout or stderr', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.nat(BASES.length - 1),
      // jq: every string of the answer printed raw (as `jq -r` would), the way --jq prints strings.
      fc.constantFrom('table', 'csv', 'json', 'ndjson', 'jq'),
      fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 4 }),
      hostile,
      hostileHeader,
      fc.boolean(),
      // 40 columns: tables shown field by field (expanded) as well as drawn.
      fc.constantFrom(40, 100),
      async (which, format, poisons, extra, requestId, debug, columns) => {
        const fixture = structuredClone((BASES[which] as [string, Fixture])[1]);
        const target = fixture.serve[fixture.serve.length - 1] as Fixture['serve'][number];
        const body = target.body as Record<string, unknown>;
        const paths = leaves(body);
        for (const [n, text] of poisons) if (paths.length > 0) setAt(body, paths[n % paths.length] as Path, text);
        body[`x${extra.length}`] = extra;
        const { server } = replay;
        for (const route of fixture.serve) {
          server.set(route.path, {
            status: route.status,
            headers: { ...route.headers, 'x-request-id': requestId },
            text: JSON.stringify(route.body),
          });
        }
        const shape = format === 'jq' ? ['--jq', '.. | strings'] : ['-o', format];
        const args = ['--base-url', server.url, '--api-key', 'test_key_0123456789', '--retries', '0', ...shape];
        const run = await runCli([...args, ...(debug ? ['--debug'] : []), ...fixture.command], {
          env: { SOCIAL_CONFIG_DIR: replay.configDir() },
          columns,
        });
        expect(run.stderr).not.toMatch(/unexpected error/);
        expect(run.stderr).not.toMatch(UNSAFE);
        if (format === 'csv') expect(run.stdout.replace(/\r\n/g, '\n')).not.toMatch(UNSAFE_IN_CSV);
        // jq's raw strings keep their tabs, as `jq -r` does (@tsv is made of them).
        else if (format === 'jq') expect(run.stdout).not.toMatch(UNSAFE_IN_CSV);
        else expect(run.stdout).not.toMatch(UNSAFE);
      },
    ),
    { numRuns: 300 },
  );
}, 120_000);
