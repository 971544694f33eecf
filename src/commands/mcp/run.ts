// The run of `social mcp`: the tools from the program's commands, the SDK, the guards, then the
// server over stdio (until the client closes its end, or a signal) or over HTTP (until a signal).
// Calls under way when it ends are stopped and waited for: what they cost reaches the ledger.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { SocialError } from '../../domain/errors.js';
import { sanitiseLine } from '../../domain/text.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import type { Context } from '../../infra/context.js';
import { escapeTerminalActive } from '../../output/json.js';
import { programTools } from '../../runtime/command.js';
import { type Globals, type RawGlobals, requireApiKey, requireBaseUrl, resolveGlobals } from '../../runtime/globals.js';
import { openSession } from '../../runtime/session.js';
import type { ServerSettings } from './call.js';
import { buildServer } from './mcp-server.js';
import type { McpOptions } from './options.js';
import { CallMeter, SessionBudget } from './session-budget.js';

export async function serveMcp(ctx: Context, command: Command, options: McpOptions): Promise<number> {
  // The session's own guards are options of the server: each call runs without them.
  const raw: RawGlobals = { ...command.optsWithGlobals(), maxCredits: undefined, dryRun: undefined };
  const globals = resolveGlobals(raw, ctx);
  if (!globals.sandbox) requireBaseUrl(globals);
  const noKey = globals.sandbox ? undefined : missingKey(globals);
  const [tools, vendor] = await Promise.all([
    Promise.all(programTools(command).map((load) => load())),
    import('../../infra/vendor/mcp.js'),
  ]);
  // One session for every call, as a batch has one: one connection pool, ledger and ceiling.
  // Each request is reserved against the budget by the call that makes it (found by its async
  // context as it is sent) and settled by that call's meter from its charge record.
  const budget = new SessionBudget(options.maxCredits);
  const meters = new AsyncLocalStorage<CallMeter>();
  const owners = new WeakMap<RequestSpec<unknown>, CallMeter>();
  const ended = new AbortController();
  const session = await openSession(
    globals,
    { ...ctx, signal: AbortSignal.any([ctx.signal, ended.signal]) },
    {
      key: noKey === undefined,
      command: 'mcp',
      callName: (spec) => owners.get(spec)?.command ?? 'mcp',
      refuse: (spec) => {
        const meter = meters.getStore() ?? new CallMeter(budget, 'mcp');
        const refusal = meter.refuse(spec);
        if (refusal === undefined) owners.set(spec, meter);
        return refusal;
      },
      onCharge: (record) => owners.get(record.spec)?.hear(record),
    },
  );
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
  const factory = () => buildServer(vendor, tools, settings);
  try {
    if (options.http === undefined) await serveStdio(vendor, factory, ctx);
    else {
      const { serveHttp } = await import('./serve-http.js');
      await serveHttp(vendor, factory, ctx, options.http, options.token);
    }
  } finally {
    // The client went away or a signal came: calls under way stop (what they may have cost is
    // counted), none is sent again.
    ended.abort();
    await Promise.allSettled([...settings.underWay]);
    await session.close();
  }
  return 0;
}

/** Why paid calls cannot be made: no key configured (each is refused as the CLI refuses it). */
function missingKey(globals: Globals): SocialError | undefined {
  try {
    requireApiKey(globals);
    return undefined;
  } catch (error) {
    if (error instanceof SocialError) return error;
    throw error;
  }
}

type Vendor = typeof import('../../infra/vendor/mcp.js');

/**
 * Serves one connection on stdin and stdout until the client closes stdin or a signal comes.
 * stdout is written through the context's own output, each message's terminal-active characters
 * escaped as the json output escapes them (the same JSON value).
 */
async function serveStdio(vendor: Vendor, factory: () => ReturnType<typeof buildServer>, ctx: Context): Promise<void> {
  const out = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      ctx.io.stdout.write(escapeTerminalActive(typeof chunk === 'string' ? chunk : chunk.toString()), done);
    },
  });
  const transport = new vendor.StdioServerTransport(ctx.io.stdin as NodeJS.ReadableStream as never, out);
  const closed = new Promise<void>((resolve) => {
    const close = transport.close.bind(transport);
    transport.close = async () => {
      await close();
      resolve();
    };
  });
  const handle = vendor.serveStdio(factory, {
    transport,
    onerror: (error) => ctx.io.stderr.write(`social mcp: ${sanitiseLine(error.message)}\n`),
  });
  const stop = () => void handle.close();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    await closed;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}
