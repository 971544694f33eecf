// The credit note at an 80-column terminal: one line for every command that charges, with its
// figures (used, what is left, cached).
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';

const sandbox = useSandbox();

const NOTES: Array<[string[], RegExp]> = [
  [['profile', 'github', 'octocat'], /^(1 credit used|cached, 0 credits) · [\d,]+ remaining$/],
  [['posts', 'bluesky', 'jay.bsky.team'], /^(\d+ credits? used|cached, 0 credits) · [\d,]+ remaining$/],
  [['trends', 'tech'], /^1 credit used, free \d+\/100 · balance [\d,]+ · [\d,]+\/1,000 trends calls left$/],
  [['movers', 'tech'], /^(10 credits charged|nothing charged \(no movement to report\)) · balance [\d,]+$/],
];

describe('the credit note fits one line at 80 columns', () => {
  // Each command's modules loaded once before, out of a terminal: a first run that loads them on a
  // busy machine can wait past the spinner's delay, and its frames are not what this checks.
  beforeAll(async () => {
    for (const [argv] of NOTES) await runCli([...argv, '--json'], { env: sandboxEnv(sandbox.current.url) });
  });

  it.each(NOTES)('%j', async (argv, note) => {
    const run = await runCli([...argv, '--json'], { env: sandboxEnv(sandbox.current.url), tty: true, columns: 80 });
    expect(run.status).toBe(0);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(note);
    expect([...lines[0]!].length).toBeLessThanOrEqual(80);
  });
});
