// bin/social.js spawned as a user runs it: the environment is PATH and what the test gives, stdin
// is written and closed (empty unless given), and the run ends with its status and both outputs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'social.js');

export interface SpawnedRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function spawnSocial(args: string[], env: Record<string, string>, stdin = ''): Promise<SpawnedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
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
