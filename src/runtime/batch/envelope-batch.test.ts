// What scripts see of a batch of the envelope commands: the output's shape set by the command's
// form, never by a count, what stdin at a terminal says it waits for, and what Ctrl-C during
// --jq says it saved (in-process, with a jq stand-in that holds a record until the signal).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir, withConfigDir } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { until } from '../../../test/helpers/gate.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { EXIT, SocialError } from '../../domain/errors.js';
import { type ProfileEnvelope, ProfileEnvelopeSchema } from '../../domain/schemas.js';
import type { JqFilter } from '../../infra/vendor/jq.js';
import { routeRequest } from '../route-request.js';
import { type Outcome, runApiCommand } from '../runner.js';
import { type EnvelopeBatch, runEnvelopeBatch } from './envelope-batch.js';

const sandbox = useSandbox();

/** The config folders env() made, each removed after its test (a failing one too). */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A user of the sandbox, in a config folder of their own for the test. */
function env(): Record<string, string> {
  const dir = tempConfigDir();
  dirs.push(dir);
  return sandboxEnv(sandbox.current.url, 'sbx_demo', dir);
}

describe('the shape is set by the form, never by a count', () => {
  it('one positional handle gives the envelope', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--json'], { env: env() });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { author: { handle: 'octocat' } } });
  });

  it('several handles give one record per input', async () => {
    const run = await runCli(['profile', 'github', 'octocat', 'torvalds', '--json'], { env: env() });
    const records = JSON.parse(run.stdout);
    expect(records.map((r: { input: string }) => r.input)).toEqual(['octocat', 'torvalds']);
  });

  it('- with a single line still gives records: a json array of one, an ndjson line', async () => {
    const json = await runCli(['profile', 'github', '-', '--json'], { env: env(), stdin: 'octocat\n' });
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        input: 'octocat',
        exit: 0,
        error: null,
        body: expect.objectContaining({ success: true }),
      }),
    ]);
    const ndjson = await runCli(['profile', 'github', '-', '-o', 'ndjson'], { env: env(), stdin: 'octocat\n' });
    const lines = ndjson.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ input: 'octocat', exit: 0 });
  });

  it('the formatting topic documents it with examples', async () => {
    const run = await runCli(['help', 'formatting']);
    const text = run.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('never by how many inputs there are');
    expect(text).toContain('social profile github --file handles.txt');
    expect(text).toContain('never by how many inputs there are');
    expect(text).toContain('{"input", "exit", "error", "body"}');
  });
});

it('- at a terminal says what it waits for; in a pipe it says nothing', async () => {
  const tty = await runCli(['profile', 'github', '-', '--json'], { env: env(), stdin: 'octocat\n', stdinTTY: true });
  expect(tty.stderr).toContain('press Ctrl-D to finish');
  const pipe = await runCli(['profile', 'github', '-', '--json'], { env: env(), stdin: 'octocat\n' });
  expect(pipe.stderr).not.toContain('Ctrl-D');
});

describe('Ctrl-C while --jq holds a record, after one it failed on', () => {
  // The handles in input order: jq fails on the first, and never gives the second's values, so
  // it and every record after it are still jq's when the run's signal comes.
  const handles = ['octocat', 'lenafischer', 'mariam-okafor', 'quiet-committer'];
  const [failsOn, blocksOn] = handles;

  /** GitHub profiles one at a time, as `social profile github` batches them, for ndjson records only. */
  const profiles = (args: string[]): EnvelopeBatch<string, ProfileEnvelope, object> => ({
    source: { args },
    flags: { concurrency: 1, skip: 0 },
    prepare: (handle) => handle,
    request: (handle) =>
      routeRequest('profile', 'github', { query: { handle }, loadSchema: async () => ProfileEnvelopeSchema }),
    rows: () => [],
    columns: [],
    result: (_input, body) => ({ json: body, table: [], csv: { columns: [], rows: [] } }),
  });

  /**
   * A jq stand-in (what --jq compiles to): fails on `failsOn`'s record, and from `blocksOn`'s on
   * gives no values, only a promise that rejects as jq's thread does once the signal ends it.
   * `seen`: the records handed to it, in order.
   */
  function standInJq(signal: AbortSignal): JqFilter & { seen: unknown[] } {
    const seen: unknown[] = [];
    let failure: SocialError | undefined;
    let stuck: Promise<never> | undefined;
    return {
      seen,
      run(inputs, onFailed) {
        seen.push(...inputs);
        if (stuck !== undefined) return stuck;
        const values: unknown[] = [];
        for (const record of inputs) {
          const { input } = record as { input: string };
          if (input === failsOn) {
            failure ??= new SocialError('usage', `jq: error on ${input}`);
            onFailed?.(record);
          } else if (input === blocksOn) {
            stuck = new Promise<never>((_, reject) => {
              signal.addEventListener('abort', () => reject(new SocialError('interrupted', 'jq stopped')), {
                once: true,
              });
            });
            return stuck;
          } else values.push(input);
        }
        return values;
      },
      failure: () => failure,
    };
  }

  it('saves them after it, and the error counts each part: the two figures are the file', async () => {
    await withConfigDir(async (dir) => {
      const { ctx, controller, stdout } = testContext({ env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir) });
      const jq = standInJq(ctx.signal);
      let outcome: Outcome | undefined;
      const run = runApiCommand(ctx, {}, { key: true, command: 'profile' }, async (rt) => {
        outcome = await runEnvelopeBatch({ ...rt, globals: { ...rt.globals, filter: jq } }, profiles(handles));
        return outcome;
      });
      await until(() => jq.seen.length === handles.length, 'every record handed to jq');
      controller.abort('SIGINT');
      // The run ends with the outcome's failure: the error main prints, exit 130.
      const thrown = await run.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(outcome?.status).toBe(EXIT.interrupted);
      expect(outcome?.failure?.kind).toBe('interrupted');
      expect(thrown).toBe(outcome?.failure);
      expect(stdout()).toBe('');
      const saved = readdirSync(dir).filter((name) => name.startsWith('unwritten-'));
      expect(saved).toHaveLength(1);
      const path = join(dir, saved[0]!);
      expect(outcome?.failure?.message).toBe(
        `interrupted while --jq ran: the 3 records it had not written are saved in ${path}, after the record it failed on; resume with --skip 4`,
      );
      expect(outcome?.warnings).toEqual([`jq: error on octocat; the record it failed on is saved in ${path}`]);
      // The record it failed on, then those it had not written: each as jq was handed it, once.
      const records = readFileSync(path, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(records).toEqual(JSON.parse(JSON.stringify(jq.seen)));
      expect(records.map((record) => record.input)).toEqual(handles);
    });
  });
});
