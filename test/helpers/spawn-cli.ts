// bin/social.js spawned as a user runs it: the environment is PATH, a home of the test run's and
// what the test gives, stdin is written and closed (empty unless given), and the run ends with its
// status and both outputs. SOCIAL_TEST_BIN=./social-linux-x64 runs the same tests against the
// single executable (npm run build:exe) instead: SOCIAL is the command either way, SOCIAL_SHELL the
// same for a shell line.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'social.js');

export const SOCIAL: readonly [string, ...string[]] = process.env.SOCIAL_TEST_BIN
  ? [resolve(process.env.SOCIAL_TEST_BIN)]
  : [process.execPath, BIN];

export const SOCIAL_SHELL = SOCIAL.map((part) => JSON.stringify(part)).join(' ');

/** SOCIAL with `args` after it, as spawn() takes them. */
export function socialCommand(args: readonly string[]): [string, string[]] {
  const [command, ...first] = SOCIAL;
  return [command, [...first, ...args]];
}

export interface SpawnedRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A spawned run's environment: PATH, and HOME in the test run's temporary folder (removed at its
 * end), so the CLI's cache folder (~/.cache/social) is never the real one; then `env`.
 */
export function userEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: join(tmpdir(), 'home'), ...env };
}

export function spawnSocial(args: string[], env: Record<string, string>, stdin = ''): Promise<SpawnedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(...socialCommand(args), {
      env: userEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
