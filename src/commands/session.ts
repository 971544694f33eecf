// A session: what a command that talks to the service needs, built once per run from the global
// options. With --sandbox it starts the sandbox in-process (state kept in the config dir) and
// talks to it with the demo key, so nothing leaves the machine and no key is needed.
import { join } from 'node:path';
import { sanitiseLine } from '../domain/text.js';
import type { ApiClient } from '../infra/client/http.js';
import { configDir } from '../infra/config.js';
import type { Context } from '../infra/context.js';
import type { Globals } from './globals.js';
import { requireApiKey, requireBaseUrl } from './globals.js';

export const SANDBOX_DEMO_KEY = 'sbx_demo';

export interface Session {
  client: ApiClient;
  /** Whether requests go to the in-process sandbox. */
  sandbox: boolean;
  close(): Promise<void>;
}

export interface SessionNeeds {
  /** False for the keyless coverage route. */
  key: boolean;
  /** The command's name, for the local ledger of what was spent. */
  command: string;
}

export async function openSession(globals: Globals, ctx: Context, needs: SessionNeeds): Promise<Session> {
  const { ApiClient } = await import('../infra/client/http.js');
  const { SpendLedger } = await import('../infra/state/spend-ledger.js');
  // The sandbox's spending is play money: it is not mixed into the machine's ledger.
  const ledger = globals.sandbox ? undefined : new SpendLedger(configDir(ctx.env));
  const debug = globals.debug ? (line: string) => ctx.io.stderr.write(`debug: ${sanitiseLine(line)}\n`) : undefined;
  const common = {
    timeoutMs: globals.timeoutMs,
    retries: globals.retries,
    signal: ctx.signal,
    now: ctx.now,
    debug,
    strict: globals.strict,
    retryBaseMs: retryBase(ctx.env),
    onResponse: ledger
      ? (spec: { path: string }, body: unknown) => ledger.observe(needs.command, spec.path, body, ctx.now())
      : undefined,
  };
  if (globals.sandbox) {
    const { startSandbox } = await import('../sandbox/index.js');
    const sandbox = await startSandbox({ port: 0, statePath: join(configDir(ctx.env), 'sandbox-state.json') });
    debug?.(`sandbox started in-process at ${sandbox.url}`);
    const client = new ApiClient({
      ...common,
      baseUrl: sandbox.url,
      apiKey: globals.apiKeyFromFlag ? globals.apiKey : SANDBOX_DEMO_KEY,
    });
    return {
      client,
      sandbox: true,
      async close() {
        await client.close();
        await sandbox.close();
      },
    };
  }
  const baseUrl = requireBaseUrl(globals);
  const apiKey = needs.key ? requireApiKey(globals) : undefined;
  const client = new ApiClient({ ...common, baseUrl, apiKey });
  return {
    client,
    sandbox: false,
    async close() {
      ledger?.flush();
      await client.close();
    },
  };
}

/** SOCIAL_RETRY_BASE_MS shortens backoff (tests, impatient scripts); default 500 ms. */
function retryBase(env: Context['env']): number | undefined {
  const value = Number(env.SOCIAL_RETRY_BASE_MS);
  return Number.isFinite(value) && value >= 0 && env.SOCIAL_RETRY_BASE_MS !== undefined ? value : undefined;
}

/**
 * Which service local state belongs to: the base URL, or "sandbox" for --sandbox (whose address
 * changes every run). State of the sandbox and of the real service never mix.
 */
export function serviceKey(session: Session): string {
  return session.sandbox ? 'sandbox' : session.client.url({ path: '' });
}
