// A session: what a command that talks to the service needs, built once per run from the global
// options. With --sandbox it starts the sandbox in-process (state kept in the config dir) and
// talks to it with the demo key, so nothing leaves the machine and no key is needed.
import { join } from 'node:path';
import { ledgerReason } from '../domain/charges.js';
import type { SocialError } from '../domain/errors.js';
import { sanitiseLine } from '../domain/text.js';
import type { CallListener, ClientOptions, RequestSpec } from '../infra/client/call-types.js';
import type { ApiClient } from '../infra/client/http.js';
import { configDir } from '../infra/config.js';
import type { Context } from '../infra/context.js';
import type { PostgresStore } from '../infra/postgres/pg-store.js';
import { maskedUrl } from '../infra/postgres/store-url.js';
import type { CeilingMemory } from '../infra/state/ceiling.js';
import type { SpendLedger } from '../infra/state/spend-ledger.js';
import { StateReport } from '../infra/state/state-report.js';
import { checkStoreSetting } from '../infra/store/store-setting.js';
import { t } from '../messages/use-notes.js';
import { budgetRefusal, type SessionCredits } from './budget.js';
import type { Globals } from './globals.js';
import { checkApiKey, requireApiKey, requireBaseUrl } from './globals.js';
import { LocalStore } from './local-store.js';
import { sandboxStateNamed, sandboxStateReason } from './sandbox-state.js';
import type { RunBudget } from './shared-budget.js';
import { openSharedLedger, openSharedStore, type RunLedger, tellStoreWaits } from './shared-store.js';

const SANDBOX_DEMO_KEY = 'sbx_demo';

export interface Session {
  client: ApiClient;
  /** Whether requests go to the in-process sandbox. */
  sandbox: boolean;
  /** The local ledger of what was spent; none under --sandbox (play money). */
  ledger: SpendLedger | undefined;
  /** The key's monthly ceiling as the service revealed it (sandbox keys' apart); none without a key. */
  ceiling: CeilingMemory | undefined;
  /** The PostgreSQL store, when the store setting is a postgres:// URL (never under --sandbox). */
  shared: PostgresStore | undefined;
  /** The ledger of every machine on that store, which this run's charges go to. */
  sharedLedger?: RunLedger;
  /** --budget: the budget shared on that store, reserved before each paid call and settled after. */
  budget: RunBudget | undefined;
  /** The budget of a session kept open for many runs (`social mcp`'s --max-credits): see SessionCredits. */
  sessionBudget?: SessionCredits;
  /** What local state could not be saved or was found damaged: told when the session closes. */
  state: StateReport;
  /** The local store this run writes every answer to, and takes --max-age answers from. */
  store: LocalStore | undefined;
  /** Closes the client, and says (one warning line) what local state was not saved. */
  close(): Promise<void>;
}

export interface SessionNeeds {
  /** False for the keyless coverage route. */
  key: boolean;
  /** The command's name, for the local ledger of what was spent. */
  command: string;
  /**
   * The name each call is recorded under in the ledger and the store when one session makes the
   * calls of several commands (`social mcp`'s tools: `mcp profile`); `command` otherwise.
   */
  callName?: (spec: RequestSpec<unknown>) => string;
  /**
   * A session kept open by the caller for many runs (`social mcp`'s, for all its tool calls):
   * each run uses it as it is, and leaves it open.
   */
  shared?: Session;
  /** Hears each call's record beside the ledger and the ceiling (an MCP session's budget). */
  onCharge?: CallListener;
  /** Refuses a call before it is sent, beside --max-credits: an error it returns is thrown, nothing sent. */
  refuse?: (spec: RequestSpec<unknown>) => SocialError | undefined;
}

export async function openSession(globals: Globals, ctx: Context, needs: SessionNeeds): Promise<Session> {
  if (needs.shared !== undefined) return { ...needs.shared, close: async () => {} };
  // A store setting no store can be opened from is refused before anything is sent, as a bad
  // option is: the answers would not be kept, nor a shared budget held.
  checkStoreSetting(ctx.store, globals);
  const { ApiClient } = await import('../infra/client/http.js');
  const state = new StateReport();
  const dir = configDir(ctx.env);
  const debug = globals.debug
    ? (line: string) => ctx.io.stderr.write(`${t('notes.debug', { text: sanitiseLine(line) })}\n`)
    : undefined;
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
    refuse: (spec: RequestSpec<unknown>) => budgetRefusal(spec.cost, globals.maxCredits) ?? needs.refuse?.(spec),
  };
  const tellState = async (store: LocalStore | undefined) => {
    await store?.close();
    const reused = store?.reusedLine();
    if (reused !== undefined && !globals.quiet) ctx.io.stderr.write(`${reused}\n`);
    for (const line of state.lines()) ctx.io.stderr.write(`${t('notes.warning', { text: sanitiseLine(line) })}\n`);
  };
  if (globals.sandbox) {
    const { startSandbox } = await import('../sandbox/index.js');
    const sandbox = await startSandbox({
      port: 0,
      statePath: join(dir, 'sandbox-state.json'),
      stateProblems: {
        notSaved: (problem, path, error) => state.notSaved(sandboxStateNamed(problem, path), error),
        movedAside: (path, aside, reason) => state.movedAside(path, aside, sandboxStateReason(reason)),
      },
      minimal: ctx.env.SOCIAL_SANDBOX_MINIMAL === '1',
      // --sandbox-now: the run's clock (the runner fixed it) is the sandbox's.
      now: globals.sandboxNow === undefined ? undefined : ctx.now,
    });
    debug?.(t('notes.debug.sandbox', { url: sandbox.url }));
    const apiKey = globals.apiKeyFromFlag ? checkApiKey(globals.apiKey ?? '', '--api-key') : SANDBOX_DEMO_KEY;
    const ceiling = await ceilingMemory(dir, 'sandbox', apiKey, state, ctx.env);
    const who = { service: 'sandbox', key: await fingerprint(apiKey) };
    const store = localStore(globals, ctx, needs, who, state, () => client);
    const client: ApiClient = new ApiClient({ ...common, ...storeOptions(store), baseUrl: sandbox.url, apiKey });
    if (ceiling !== undefined) client.listen(ceilingListener(ceiling));
    if (needs.onCharge !== undefined) client.listen(needs.onCharge);
    if (store !== undefined) client.listen((record) => store.record(record));
    return {
      client,
      sandbox: true,
      // The sandbox's spending is play money: it is not mixed into the machine's ledger.
      ledger: undefined,
      shared: undefined,
      budget: undefined,
      ceiling,
      state,
      store,
      async close() {
        await client.close();
        await sandbox.close();
        await ceiling?.settled();
        await tellState(store);
      },
    };
  }
  const baseUrl = requireBaseUrl(globals);
  const apiKey = needs.key ? requireApiKey(globals) : undefined;
  // Opened before anything is sent: a shared budget that cannot be enforced sends nothing.
  const shared = needs.key ? await openSharedStore(globals, ctx, state) : undefined;
  const budget = await runBudget(shared, globals, ctx);
  const sharedLedger = shared === undefined ? undefined : await openSharedLedger(shared, baseUrl, apiKey, ctx.env);
  const { SpendLedger, keyFingerprint } = await import('../infra/state/spend-ledger.js');
  const ledger = new SpendLedger(
    dir,
    { service: baseUrl, key: apiKey === undefined ? null : keyFingerprint(apiKey) },
    (error) => state.notSaved(t('notes.state.spendLedger'), error),
  );
  const ceiling = await ceilingMemory(dir, baseUrl, apiKey, state, ctx.env);
  const who = { service: new URL(baseUrl).origin, key: apiKey === undefined ? null : keyFingerprint(apiKey) };
  const store = localStore(globals, ctx, needs, who, state, () => client, shared);
  const client: ApiClient = new ApiClient({
    ...common,
    ...storeOptions(store),
    baseUrl,
    apiKey,
    // --budget NAME: after this run's own --max-credits check, the shared budget reserves the price.
    refuse:
      budget === undefined
        ? common.refuse
        : (spec: RequestSpec<unknown>) => common.refuse(spec) ?? budget.reserve(spec),
    // What a call cost is on disk before anything more is sent.
    beforeWrite: () => ledger.beforeRequest(),
  });
  // The ledger and the ceiling hear the charge the client decided for each call: the same object
  // the credit note and a batch's summary read.
  client.listen(ledgerListener(ledger, callName(needs)));
  if (ceiling !== undefined) client.listen(ceilingListener(ceiling));
  if (needs.onCharge !== undefined) client.listen(needs.onCharge);
  // The store hears every call too, and writes each as one fetch record.
  if (store !== undefined) client.listen((record) => store.record(record));
  // The shared budget settles each call's reservation from the same charge; the shared ledger
  // keeps it beside the local one.
  if (budget !== undefined) client.listen(({ spec, charge }) => budget.settled(spec, charge));
  if (sharedLedger !== undefined) client.listen(sharedLedger.listener(needs.command));
  return {
    client,
    sandbox: false,
    ledger,
    shared,
    sharedLedger,
    budget,
    ceiling,
    state,
    store,
    async close() {
      ledger.close();
      await client.close();
      // The answers written first: on a PostgreSQL store they go over the shared connection.
      await store?.close();
      await Promise.all([budget?.close(), sharedLedger?.close()]);
      if (shared !== undefined) {
        tellStoreWaits(shared, state, budget?.unsettled ?? 0, sharedLedger?.lost ?? 0);
        await shared.close();
      }
      await ceiling?.settled();
      await tellState(store);
    },
  };
}

/**
 * The local store of this run: none with --no-store. (SOCIAL_STORE=off gives one that holds
 * nothing, so --offline still answers "nothing held".)
 */
function localStore(
  globals: Globals,
  ctx: Context,
  needs: SessionNeeds,
  who: { service: string; key: string | null },
  state: StateReport,
  client: () => ApiClient,
  /** The session's PostgreSQL store, when the store setting names one: its tables over its connections. */
  shared?: PostgresStore,
): LocalStore | undefined {
  if (!globals.store) return undefined;
  const use = {
    maxAgeMs: globals.maxAgeMs,
    offline: globals.offline,
    sandbox: globals.sandbox,
    storeUrl: globals.storeUrl,
  };
  const store = new LocalStore(
    ctx,
    { ...who, command: callName(needs) },
    use,
    state,
    // The request as asked: what the store files an answer under and finds it by.
    (spec) => pathOf(client().url({ path: spec.path, query: spec.asked ?? spec.query })),
    shared === undefined
      ? undefined
      : async () => (await import('../infra/store/postgres.js')).postgresStoreOn(shared, maskedUrl(globals.storeUrl!)),
  );
  // Opened while the first paid call is under way, to be ready for its answer.
  if (needs.key && !globals.dryRun) store.prepare();
  return store;
}

/** What the client asks of the store: its held answers, and under --offline, that nothing is sent. */
function storeOptions(store: LocalStore | undefined): Pick<ClientOptions, 'reuse' | 'offline'> {
  if (store === undefined || !store.answers) return {};
  return { reuse: (spec) => store.reuse(spec), offline: store.offline() };
}

/** The key's fingerprint (never the key), or null for keyless calls. */
async function fingerprint(apiKey: string | undefined): Promise<string | null> {
  if (apiKey === undefined) return null;
  const { keyFingerprint } = await import('../infra/state/spend-ledger.js');
  return keyFingerprint(apiKey);
}

/** A URL's path and query. */
function pathOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash === -1 ? '/' : url.slice(slash);
}

/** --budget NAME on the PostgreSQL store: made at --max-credits when it does not exist yet. */
async function runBudget(
  shared: PostgresStore | undefined,
  globals: Globals,
  ctx: Context,
): Promise<RunBudget | undefined> {
  if (shared === undefined || globals.budget === undefined) return undefined;
  const [{ SharedBudget }, { RunBudget }] = await Promise.all([
    import('../infra/postgres/pg-budgets.js'),
    import('./shared-budget.js'),
  ]);
  try {
    return new RunBudget(await SharedBudget.use(shared, globals.budget, globals.maxCredits, ctx.env));
  } catch (error) {
    await shared.close();
    throw error;
  }
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
    (error) => state.notSaved(t('notes.state.ceilingMemory'), error),
    env,
  );
}

/** The name a call is recorded under: the session's command, or the one each call names. */
function callName(needs: SessionNeeds): (spec: RequestSpec<unknown>) => string {
  return needs.callName ?? (() => needs.command);
}

/** The spend ledger's part of each call: what it cost, under the command that made it. */
function ledgerListener(ledger: SpendLedger, nameOf: (spec: RequestSpec<unknown>) => string): CallListener {
  return ({ spec, at, charge, body, error }) => {
    const { path } = spec;
    const command = nameOf(spec);
    if (error === undefined) ledger.observe(command, path, body, at, charge);
    else if (charge.uncertain)
      ledger.recordUncertain({ command, path, credits: charge.credits, at, reason: ledgerReason(charge) ?? '' });
    else if (charge.credits > 0) ledger.record({ command, path, credits: charge.credits, at });
  };
}

/**
 * The ceiling memory's part of each call: what it cost counts towards the ceiling, and a
 * teto_estourado answer reveals the ceiling itself (remembered for `credits`). Only an answer
 * charged for certain proves paid calls pass again (see CeilingMemory.charged).
 */
function ceilingListener(ceiling: CeilingMemory): CallListener {
  return ({ at, charge, error }) => {
    ceiling.charged(charge.credits, at, error === undefined && !charge.uncertain);
    if (error?.details.code === 'teto_estourado') ceiling.refused(error.details.body, at);
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
