// What a run shows at a terminal while it waits, in-process against the real sandbox over HTTP:
// the spinner of one call, the progress and summary of a batch.
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../test/helpers/cli.js';
import { testContext } from '../../test/helpers/context.js';
import { gateTo, until } from '../../test/helpers/gate.js';
import { useSandboxUser } from '../../test/helpers/sandbox.js';
import { main } from '../main.js';

const user = useSandboxUser();
const { sandbox } = user;

describe('spinner and progress', () => {
  // The gate holds every request until the terminal run shows its spinner; the runs that must
  // show none were held as long, side by side with it.
  it('shows a spinner on stderr at a terminal for a slow wait, and never in a pipe or at 0 columns', async () => {
    const gate = await gateTo(sandbox.current.url);
    try {
      const terminal = testContext({ env: sandboxEnv(gate.url), tty: true });
      const piped = testContext({ env: sandboxEnv(gate.url) });
      // A terminal that reports 0 columns: ora would count infinitely many lines to clear.
      const zero = testContext({ env: sandboxEnv(gate.url), tty: true });
      Object.assign(zero.ctx.io.stderr, { columns: 0 });
      const runs = [
        main(['profile', 'github', 'octocat', '-o', 'json'], terminal.ctx),
        main(['profile', 'github', 'lenafischer'], piped.ctx),
        main(['profile', 'github', 'octocat', '-o', 'json'], zero.ctx),
      ];
      await until(() => /fetching octocat/.test(terminal.stderr()), 'the spinner');
      await gate.waitForArrivals(3);
      gate.open();
      expect(await Promise.all(runs)).toEqual([0, 0, 0]);
      expect(piped.stderr()).toBe('');
      expect(JSON.parse(piped.stdout()).data.author.handle).toBe('lenafischer');
      expect(zero.stderr()).not.toMatch(/fetching/);
    } finally {
      await gate.close();
    }
  });

  it('shows batch progress at a terminal, and the summary', async () => {
    const run = await runCli(['profile', 'github', '-', '-o', 'ndjson'], {
      env: user.env,
      tty: true,
      stdin: 'octocat\nlenafischer\nnotfound\n',
    });
    expect(run.status).toBe(12);
    expect(run.stderr).toMatch(/\d+ done · \d+ failed · \d+ credits?/);
    expect(run.stderr).toMatch(/3 inputs: 2 ok, 1 failed/);
  });
});
