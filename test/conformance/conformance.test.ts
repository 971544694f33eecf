// The conformance suite: answers written by hand from the service spec's text (fixtures/*.json),
// replayed by a loopback server, read by the CLI in-process. Each fixture names the command, the
// exit status, and the table and csv it must print. Independent of social's own schemas: nothing
// here imports them, so a reading of the spec they got wrong shows up here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import type { Fixture, Route } from './fixtures.js';
import { FIXTURES, wireText } from './fixtures.js';
import { useReplayServer } from './server.js';

const replay = useReplayServer();

async function run(fixture: Fixture, format: string) {
  const { server } = replay;
  for (const route of fixture.serve)
    server.set(route.path, { status: route.status, headers: route.headers, text: wireText(route) });
  return runCli(['--base-url', server.url, '--api-key', 'test_key_0123456789', '-o', format, ...fixture.command], {
    env: { SOCIAL_CONFIG_DIR: replay.configDir(), SOCIAL_RETRY_BASE_MS: '1' },
  });
}

describe('conformance fixtures', () => {
  it('has fixtures, and the suite does not import the schemas', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(30);
    for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts')))
      expect(readFileSync(join(import.meta.dirname, file), 'utf8')).not.toMatch(/domain\/schemas/);
  });

  for (const [name, fixture] of FIXTURES) {
    describe(name, () => {
      it(`json: exit ${fixture.expect.exit}, the body untouched on stdout`, async () => {
        const result = await run(fixture, 'json');
        expect(result.status, result.stderr).toBe(fixture.expect.exit);
        for (const part of fixture.expect.stderr) expect(result.stderr).toContain(part);
        expect(result.stderr).not.toMatch(/unexpected error/);
        const last = fixture.serve[fixture.serve.length - 1] as Route;
        if (last.text === undefined && (fixture.expect.exit === 0 || fixture.expect.exit !== 11)) {
          expect(JSON.parse(result.stdout)).toEqual(last.body);
        }
      });
      for (const format of ['table', 'csv'] as const) {
        const expected = fixture.expect[format];
        if (expected === undefined || expected === null) continue;
        it(`${format}: exit ${fixture.expect.exit}, the expected text`, async () => {
          const result = await run(fixture, format);
          expect(result.status, result.stderr).toBe(fixture.expect.exit);
          expect(result.stdout).toBe(expected);
        });
      }
    });
  }
});
