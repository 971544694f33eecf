// social api's hint on a refused call names its own help.
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';

const sandbox = useSandbox();
const env = () => sandboxEnv(sandbox.current.url);

describe('api: hints', () => {
  it("a 400's hint names the command's own help, not a placeholder", async () => {
    const run = await runCli(['api', 'movers/tech', '-f', 'hours=0'], { env: env() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('`social api --help`');
    expect(run.stderr).not.toContain('<command>');
  });
});
