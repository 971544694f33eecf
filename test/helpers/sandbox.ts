// Starts the real sandbox in-process on 127.0.0.1, port 0, with a clock the test controls.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { FaultPlan } from '../../src/sandbox/faults.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { sandboxEnv } from './cli.js';

export const FIXED_NOW = new Date('2026-11-21T12:00:00Z');

export interface TestSandbox extends Sandbox {
  clock: { now: Date };
  get(path: string, key?: string | null, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }>;
}

export async function testSandbox(
  options: { now?: Date; statePath?: string; faults?: FaultPlan; seed?: number; minimal?: boolean } = {},
): Promise<TestSandbox> {
  const clock = { now: options.now ?? FIXED_NOW };
  const sandbox = await startSandbox({
    port: 0,
    now: () => clock.now,
    statePath: options.statePath,
    faults: options.faults,
    seed: options.seed,
    minimal: options.minimal,
  });
  return {
    ...sandbox,
    clock,
    async get(path, key = 'sbx_demo', init = {}) {
      const headers: Record<string, string> = {};
      if (key !== null) headers.authorization = `Bearer ${key}`;
      const response = await fetch(`${sandbox.url}${path}`, {
        ...init,
        headers: { ...headers, ...(init.headers as Record<string, string>) },
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: the test looks at the text
      }
      return { status: response.status, headers: response.headers, body };
    },
  };
}

/** One sandbox for a whole test file: started before its first test, closed after its last. */
export function useSandbox(): { readonly current: TestSandbox } {
  const handle: { current?: TestSandbox } = {};
  beforeAll(async () => {
    handle.current = await testSandbox();
  });
  afterAll(async () => {
    await handle.current?.close();
  });
  return handle as { readonly current: TestSandbox };
}

/** A user of the file's sandbox: pointed at it with the demo key, in a fresh config dir each test. */
export interface SandboxUser {
  readonly sandbox: { readonly current: TestSandbox };
  /** The user's environment, made anew before each test. */
  readonly env: Record<string, string>;
  /** What the demo key has spent this month. */
  spent(): number;
}

/** One sandbox for a whole test file, and its user (see SandboxUser). */
export function useSandboxUser(): SandboxUser {
  const sandbox = useSandbox();
  let env: Record<string, string> = {};
  beforeEach(() => {
    env = sandboxEnv(sandbox.current.url);
  });
  return {
    sandbox,
    get env() {
      return env;
    },
    spent: () => sandbox.current.core.ledger.activeAccount('sbx_demo')!.spentThisMonth,
  };
}

/**
 * `count` distinct inputs naming the sandbox's accounts: the same handle in other cases (github
 * handles keep their case as given, so each is an input of its own, on a shard of its own).
 */
export function caseVariants(handles: readonly string[], count: number): string[] {
  const inputs: string[] = [];
  for (let n = 0; inputs.length < count; n += 1) {
    for (const handle of handles) {
      const letters = [...handle].map((char, i) => ((n >> i) & 1 ? char.toUpperCase() : char));
      inputs.push(letters.join(''));
    }
  }
  return inputs.slice(0, count);
}
