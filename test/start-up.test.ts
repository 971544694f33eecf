// What a run loads before it does its work: `--version` and `--help` evaluate commander and the
// command definitions, not the HTTP stack, the spend ledger's hashing or the locking library, which
// load only when a run needs them (README "Performance"). Node's own list of the built-in modules
// a process loaded (process.moduleLoadList) is read at exit by a preload, in a spawned run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from './helpers/cli.js';
import { useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
const BIN = join(import.meta.dirname, '..', 'bin', 'social.js');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The built-in modules a spawned run loaded, as Node names them (`http`, `crypto`, …). */
function builtinsLoaded(args: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'social-start-up-'));
  dirs.push(dir);
  const hook = join(dir, 'hook.cjs');
  const out = join(dir, 'loaded.json');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(process.moduleLoadList)));`,
  );
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    ...sandboxEnv(sandbox.current.url, 'sbx_demo', dir),
    NODE_OPTIONS: `--require ${hook}`,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`social ${args.join(' ')}: exit ${code}`));
      const list = JSON.parse(readFileSync(out, 'utf8')) as string[];
      resolve(list.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice(13)));
    });
  });
}

// http: the HTTP stack (undici, and `api --include`'s status texts); crypto: the spend ledger's key
// fingerprint; timers/promises and assert: the state-file lock (proper-lockfile, signal-exit).
const NOT_AT_START = ['http', 'crypto', 'timers/promises', 'assert', 'internal/deps/undici/undici'];

describe('start-up', () => {
  it.each([[['--version']], [['--help']], [['movers', '--help']]])(
    'social %j loads none of the HTTP stack, the ledger or the lock',
    async (args) => {
      const loaded = await builtinsLoaded(args);
      expect(loaded).toContain('vm');
      expect(loaded.filter((name) => NOT_AT_START.includes(name))).toEqual([]);
    },
  );

  it('a run that sends a request does load them (the check above can see them)', async () => {
    const loaded = await builtinsLoaded(['credits', '--json']);
    expect(loaded).toContain('http');
    expect(loaded).toContain('crypto');
  });
});
