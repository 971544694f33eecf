// The sandbox's own refusals for want of credits say their figures in words, never "credit(s)".
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../test/helpers/cli.js';
import { useSandbox } from '../../test/helpers/sandbox.js';

const sandbox = useSandbox();

describe('the sandbox: credit messages', () => {
  it('the sandbox\'s own 402 says "needs 1 credit" and "10 credits", never "credit(s)"', async () => {
    const one = await runCli(['trends', 'tech', '-o', 'json'], { env: sandboxEnv(sandbox.current.url, 'sbx_empty') });
    expect(one.status).toBe(4);
    expect(JSON.parse(one.stdout).message).toMatch(/^This call needs 1 credit and the key has 0\./);
    const ten = await sandbox.current.get('/api/v1/movers/tech', 'sbx_empty');
    expect(ten.status).toBe(402);
    expect(ten.body.message).toMatch(/^This call needs 10 credits and the key has 0\./);
    expect(JSON.stringify([one.stdout, ten.body])).not.toContain('credit(s)');
  });
});
