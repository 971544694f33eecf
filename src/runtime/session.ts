// A session: what a command that talks to the service needs, built once per run from the global
// options. With --sandbox it starts the sandbox in-process (state kept in the config dir) and
// talks to it with the demo key, so nothing leaves the machine and no key is needed.
import { join } from 'node:path';
import { type Charge, chargeOfAnswer } from '../domain/charges.js';
import type { SocialError } from '../domain/errors.js';
import { sanitiseLine } from '../domain/text.js';
import type { ApiClient } from '../infra/client/http.js';
import { configDir } from '../infra/config.js';
import type { Context } from '../infra/context.js';
import type { CeilingMemory } from '../infra/state/ceiling.js';
import type { SpendLedger } from '../infra/state/spend-ledger.js';
import { StateReport } from '../infra/state/state-report.js';
import { budgetRefusal } from './budget.js';
import type { Globals } from './globals.js';
import { checkApiKey, requireApiKey, requireBaseUrl } from './globals.js';

const SANDBOX_DEMO_KEY = 'sbx_demo';

export interface Session {
  client: ApiClient;
  /** Whether requests go to the in-process sandbox. */
  sandbox: boolean;
  /** The local ledger of what was spent; none under --sandbox (play money). */
  ledger: SpendLedger | undefined;
  /** The key's monthly ceiling as the service revealed it (sandbox keys' apart); none without a key. */
  ceiling: CeilingMemory | undefined;
  /** What local state could not be saved or was found damaged: told when the session closes. */
  state: StateReport;
  /** Closes the client, and says (one warning line) what local state was not saved. */
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
  const state = new StateReport();
  const dir = configDir(ctx.env);
  const debug = globals.debug ? (line: string) => ctx.io.stderr.write(`debug: ${sanitiseLine(line)}\n`) : undefined;
  const common = {
    timeoutMs: globals.timeoutMs,
    maxBodyBytes: globals.maxBodyBytes,
    retries: globals.retries,
    signal: ctx.signal,
    now: ctx.now,
    debug,
    strict: globals.strict,
    retryBaseMs: retryBase(ctx.env),
    // --max-credits: a call that could cost more than the budget is never sent.
    refuse: (spec: { cost: number | null }) => budgetRefusal(spec.cost, globals.maxCredits),
  };
  const tellState = () => {
    for (const line of state.lines()) ctx.io.stderr.write(`warning: ${sanitiseLine(line)}\n`);
  };
  if (globals.sandbox) {
    const { startSandbox } = await import('../sandbox/index.js');
    const sandbox = await startSandbox({
      port: 0,
      statePath: join(dir, 'sandbox-state.json'),
      stateProblems: state,
      minimal: ctx.env.SOCIAL_SANDBOX_MINIMAL === '1',
    });
    debug?.(`sandbox started in-process at ${sandbox.url}`);
    const apiKey = globals.apiKeyFromFlag ? checkApiKey(globals.apiKey ?? '', '--api-key') : SANDBOX_DEMO_KEY;
    const ceiling = await ceilingMemory(dir, 'sandbox', apiKey, state, ctx.env);
    const client = new ApiClient({
      ...common,
      baseUrl: sandbox.url,
      apiKey,
      onResponse: (spec: { cost: number | null }, body: unknown) => {
        const charge = chargeOfAnswer(body, spec.cost);
        ceiling?.charged(charge.credits, ctx.now(), !charge.uncertain);
      },
      onFailed: (_spec: unknown, error: SocialError) => rememberCeiling(ceiling, error, ctx.now()),
      onFailedCharge: (_spec: unknown, charge: Charge) => ceiling?.charged(charge.credits, ctx.now(), false),
    });
    return {
      client,
      sandbox: true,
      // The sandbox's spending is play money: it is not mixed into the machine's ledger.
      ledger: undefined,
      ceiling,
      state,
      async close() {
        await client.close();
        await sandbox.close();
        await ceiling?.settled();
        tellState();
      },
    };
  }
  const baseUrl = requireBaseUrl(globals);
  const apiKey = needs.key ? requireApiKey(globals) : undefined;
  const { SpendLedger, keyFingerprint } = await import('../infra/state/spend-ledger.js');
  const ledger = new SpendLedger(
    dir,
    { service: baseUrl, key: apiKey === undefined ? null : keyFingerprint(apiKey) },
    (error) => state.notSaved('spend ledger', error),
  );
  const ceiling = await ceilingMemory(dir, baseUrl, apiKey, state, ctx.env);
  const client = new ApiClient({
    ...common,
    baseUrl,
    apiKey,
    // The ledger and the ceiling count one charge an answer, as the credit note and a batch do.
    onResponse: (spec: { path: string; cost: number | null }, body: unknown) => {
      const at = ctx.now();
      const charge = chargeOfAnswer(body, spec.cost);
      ledger.observe(needs.command, spec.path, body, at, charge);
      // A charge counted without certainty proves nothing of a ceiling raised (ceiling.charged).
      ceiling?.charged(charge.credits, at, !charge.uncertain);
    },
    onFailed: (_spec: unknown, error: SocialError) => rememberCeiling(ceiling, error, ctx.now()),
    onFailedCharge: (spec: { path: string }, charge: Charge) => {
      const at = ctx.now();
      const { credits } = charge;
      if (charge.uncertain) {
        ledger.recordUncertain({ command: needs.command, path: spec.path, credits, at, reason: charge.reason ?? '' });
      } else ledger.record({ command: needs.command, path: spec.path, credits, at });
      ceiling?.charged(credits, at, false);
    },
    // What a call cost is on disk before anything more is sent.
    beforeWrite: () => ledger.beforeRequest(),
  });
  return {
    client,
    sandbox: false,
    ledger,
    ceiling,
    state,
    async close() {
      ledger.close();
      await client.close();
      await ceiling?.settled();
      tellState();
    },
  };
}

/** The ceiling memory of a key on a service (none for keyless calls, which no ceiling concerns). */
async function ceilingMemory(
  dir: string,
  service: string,
  apiKey: string | undefined,
  state: StateReport,
  env: Context['env'],
): Promise<CeilingMemory | undefined> {
  if (apiKey === undefined) return undefined;
  const [{ CeilingMemory }, { keyFingerprint }] = await Promise.all([
    import('../infra/state/ceiling.js'),
    import('../infra/state/spend-ledger.js'),
  ]);
  return new CeilingMemory(
    dir,
    { service, key: keyFingerprint(apiKey) },
    (error) => state.notSaved('ceiling memory', error),
    env,
  );
}

/** A teto_estourado answer reveals the key's ceiling: remembered for `credits`. */
function rememberCeiling(ceiling: CeilingMemory | undefined, error: SocialError, now: Date): void {
  if (error.details.code === 'teto_estourado') ceiling?.refused(error.details.body, now);
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
