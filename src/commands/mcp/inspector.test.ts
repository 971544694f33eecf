// The MCP Inspector's CLI mode (a devDependency) lists and calls the tools of `social mcp
// --sandbox`, spawning it over stdio: no browser, no listening socket. The Inspector needs Node
// 22.19 or newer; on an older Node these are skipped.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, SOCIAL } from '../../../test/helpers/spawn-cli.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const supported = major > 22 || (major === 22 && minor >= 19);
const require = createRequire(import.meta.url);
const inspector = join(
  dirname(require.resolve('@modelcontextprotocol/inspector/package.json')),
  'clients/launcher/build/index.js',
);
const home = mkdtempSync(join(tmpdir(), 'social-inspector-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** `mcp-inspector --cli <social mcp --sandbox> ...args`: its stdout, parsed. */
function inspect(args: string[]): Promise<any> {
  const child = spawn(process.execPath, [inspector, '--cli', ...SOCIAL, 'mcp', '--sandbox', ...args], {
    env: cliEnv({ HOME: home, SOCIAL_CONFIG_DIR: join(home, 'config'), MCP_AUTO_OPEN_ENABLED: 'false' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`exit ${code}: ${stderr}`)),
    ),
  );
}

describe.skipIf(!supported)('the MCP Inspector (CLI mode, Node 22.19+)', () => {
  it('lists the tools and calls one against the sandbox', async () => {
    const { tools } = await inspect(['--method', 'tools/list']);
    expect(tools.map((t: { name: string }) => t.name)).toContain('profile');
    const profile = await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'profile',
      '--tool-arg',
      'platform=github',
      'handles=["octocat"]',
    ]);
    expect(profile.structuredContent.data.author.handle).toBe('octocat');
    expect(profile._meta).toHaveProperty('credits_charged');
    // The Inspector starts in its own time: a launcher, then its CLI, then the server.
  }, 120_000);
});
