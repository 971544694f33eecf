// What scripts see of a batch of the envelope commands: the output's shape set by the command's
// form, never by a count, and what stdin at a terminal says it waits for.
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';

const sandbox = useSandbox();
const env = () => sandboxEnv(sandbox.current.url);

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
