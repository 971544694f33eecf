// What a `social mcp` session serves with, made once it has a call to serve: the tools from the
// program's commands, the SDK, and one session for every call (one connection pool, ledger and
// ceiling, as a batch has one). Each request is reserved against the budget by the call that makes
// it (found by its async context as it is sent) and settled by that call's meter from its charge
// record. Calls under way when it ends are stopped and waited for: what they cost reaches the ledger.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Command } from 'commander';
import type { SocialError } from '../../domain/errors.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import type { Context } from '../../infra/context.js';
import { programTools } from '../../runtime/command.js';
import type { Globals, RawGlobals } from '../../runtime/globals.js';
import { openSession, type Session } from '../../runtime/session.js';
import type { ServerSettings } from './call.js';
import { buildServer } from './mcp-server.js';
import type { McpOptions } from './options.js';
import { CallMeter, SessionBudget } from './session-budget.js';

export type Vendor = typeof import('../../infra/vendor/mcp.js');

export interface OpenServer<V extends Vendor = Vendor> {
  /** The SDK the session was opened with: over stdio without its Streamable HTTP side. */
  vendor: V;
  /** A server for one connection. */
  factory: () => ReturnType<typeof buildServer>;
  /** Stops the calls under way, waits for them, closes the session. */
  close(): Promise<void>;
}

export interface ServerStart {
  ctx: Context;
  command: Command;
  options: McpOptions;
  /** The global options each call runs with (the session's own guards taken out). */
  raw: RawGlobals;
  globals: Globals;
  /** Why paid calls cannot be made (no key configured), when they cannot. */
  noKey: SocialError | undefined;
}

export async function openServer<V extends Vendor>(
  { ctx, command, options, raw, globals, noKey }: ServerStart,
  loadVendor: () => Promise<V>,
): Promise<OpenServer<V>> {
  const [tools, vendor] = await Promise.all([Promise.all(programTools(command).map((load) => load())), loadVendor()]);
  const budget = new SessionBudget(options.maxCredits);
  const meters = new AsyncLocalStorage<CallMeter>();
  const owners = new WeakMap<RequestSpec<unknown>, CallMeter>();
  const ended = new AbortController();
  const opened = await openSession(
    globals,
    { ...ctx, signal: AbortSignal.any([ctx.signal, ended.signal]) },
    {
      key: noKey === undefined,
      command: 'mcp',
      callName: (spec) => owners.get(spec)?.command ?? 'mcp',
      refuse: (spec) => {
        const meter = meters.getStore() ?? new CallMeter(budget, 'mcp', true);
        const refusal = meter.refuse(spec);
        if (refusal === undefined) owners.set(spec, meter);
        return refusal;
      },
      onCharge: (record) => owners.get(record.spec)?.hear(record),
    },
  );
  const session: Session = { ...opened, sessionBudget: budget };
  const settings: ServerSettings = {
    ctx,
    raw,
    budget,
    confirmAbove: options.confirmAbove,
    dryRun: options.dryRun,
    readOnly: options.readOnly,
    session,
    noKey,
    metered: (meter, run) => meters.run(meter, run),
    told: new Set(),
    underWay: new Set(),
  };
  return {
    vendor,
    factory: () => buildServer(vendor, tools, settings),
    async close() {
      // The client went away or a signal came: calls under way stop (what they may have cost is
      // counted), none is sent again.
      ended.abort();
      await Promise.allSettled([...settings.underWay]);
      await session.close();
    },
  };
}
