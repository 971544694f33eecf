// A spawned bin/social.js run with a preload that watches it: what it required, which built-in
// modules it loaded, what WebAssembly it compiled. `hook` is CommonJS that runs before the CLI and
// defines `report()`; what report() returns at the process's exit comes back as `report`. The run
// is a user's pointed at the given sandbox, in a config dir of its own, removed after.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxEnv } from './cli.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'social.js');

export interface TracedRun<Report> {
  code: number | null;
  stdout: string;
  report: Report;
}

export function tracedRun<Report>(args: string[], sandboxUrl: string, hook: string): Promise<TracedRun<Report>> {
  const dir = mkdtempSync(join(tmpdir(), 'social-traced-'));
  const hookFile = join(dir, 'hook.cjs');
  const out = join(dir, 'report.json');
  writeFileSync(
    hookFile,
    `${hook}\nprocess.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(report())));\n`,
  );
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    ...sandboxEnv(sandboxUrl, 'sbx_demo', dir),
    NODE_OPTIONS: `--require ${hookFile}`,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code, stdout, report: JSON.parse(readFileSync(out, 'utf8')) as Report });
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** A hook whose report() is every file the process required (require.cache). */
export const REQUIRED_FILES = 'function report() { return Object.keys(require.cache); }';
