// Runs the CLI in-process: main(argv, ctx) with buffers, against whatever the env points at.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/main.js';
import type { TestContextOptions } from './context.js';
import { testContext } from './context.js';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'social-config-'));
}

/** `use` given a config dir of its own, removed after, however `use` ends. */
export async function withConfigDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = tempConfigDir();
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCli(argv: string[], options: TestContextOptions = {}): Promise<CliRun> {
  const { ctx, stdout, stderr } = testContext(options);
  const status = await main(argv, ctx);
  return { status, stdout: stdout(), stderr: stderr() };
}

/** The environment of a user pointed at a test sandbox with a key, in a fresh config dir. */
export function sandboxEnv(url: string, key = 'sbx_demo', dir = tempConfigDir()): Record<string, string> {
  return { SOCIAL_CONFIG_DIR: dir, SOCIAL_BASE_URL: url, SOCIAL_API_KEY: key, SOCIAL_RETRY_BASE_MS: '5' };
}
