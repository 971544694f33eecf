// The run of `social mcp`: the guards and settings checked at once, then over stdio the front
// (stdio-front.ts), which answers the handshake from the build and opens the server at the first
// call, or over HTTP the server itself (until a signal). Over stdio the session ends when the
// client closes its end, or on a signal.
import { type Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import { SocialError } from '../../domain/errors.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { checkStoreSetting } from '../../infra/store/store-setting.js';
import { t } from '../../messages/use-notes.js';
import { escapeTerminalActive } from '../../output/json.js';
import { type Globals, type RawGlobals, requireApiKey, requireBaseUrl, resolveGlobals } from '../../runtime/globals.js';
import { withRunClock } from '../../runtime/runner.js';
import { listingName } from './listing.js';
import type { OpenServer, ServerStart, Vendor } from './open-server.js';
import type { McpOptions } from './options.js';

export async function serveMcp(given: Context, command: Command, options: McpOptions): Promise<number> {
  // The session's own guards are options of the server: each call runs without them.
  const raw: RawGlobals = { ...command.optsWithGlobals(), maxCredits: undefined, dryRun: undefined };
  const globals = resolveGlobals(raw, given);
  // Under --sandbox-now the session's clock is the sandbox's, as a CLI run's is.
  const ctx = withRunClock(given, globals);
  if (!globals.sandbox) requireBaseUrl(globals);
  // A store setting no store can be opened from ends the server before its handshake, not at a call.
  checkStoreSetting(ctx.store, globals);
  const start: ServerStart = {
    ctx,
    command,
    options,
    raw,
    globals,
    noKey: globals.sandbox ? undefined : missingKey(globals),
  };
  const open = async <V extends Vendor>(vendor: () => Promise<V>) =>
    (await import('./open-server.js')).openServer(start, vendor);
  if (options.http === undefined) {
    const [{ handshake }, { serveStdioFront }] = await Promise.all([
      import('./handshake-data.js'),
      import('./stdio-front.js'),
    ]);
    await serveStdioFront(ctx, await handshake(command), listingName(options), async (input, answered) => {
      // node:v8 read here, not as the front answers the handshake.
      (await import('./long-session.js')).startLongSession(ctx, command.name());
      const server = await open(() => import('../../infra/vendor/mcp.js'));
      try {
        await serveStdio(server, ctx, input, answered);
      } finally {
        await server.close();
      }
    });
  } else {
    (await import('./long-session.js')).startLongSession(ctx, command.name());
    // All of the SDK, its Streamable HTTP side too: a stdio session reads the bundle without it.
    const [server, { serveHttp }] = await Promise.all([
      open(() => import('../../infra/vendor/mcp-http.js')),
      import('./serve-http.js'),
    ]);
    try {
      await serveHttp(server.vendor, server.factory, ctx, options.http, options.token);
    } finally {
      await server.close();
    }
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

/**
 * Serves the session the front handed over, reading `input`, until it ends or a signal comes.
 * stdout is written through the context's own output, each message's terminal-active characters
 * escaped as the json output escapes them (the same JSON value). The SDK's answer to the
 * initialize the front answered already (`answered`) is not written again.
 */
async function serveStdio(
  server: OpenServer,
  ctx: Context,
  input: Readable,
  answered: string | number | undefined,
): Promise<void> {
  const out = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      ctx.io.stdout.write(escapeTerminalActive(typeof chunk === 'string' ? chunk : chunk.toString()), done);
    },
  });
  const transport = new server.vendor.StdioServerTransport(input as never, out);
  let replayed = answered !== undefined;
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    if (replayed && (message as { id?: unknown }).id === answered && !('method' in message)) {
      replayed = false;
      return;
    }
    return send(message);
  };
  const closed = new Promise<void>((resolve) => {
    const close = transport.close.bind(transport);
    transport.close = async () => {
      await close();
      resolve();
    };
  });
  const handle = server.vendor.serveStdio(server.factory, {
    transport,
    onerror: (error) => ctx.io.stderr.write(`${t('notes.mcp.said', { line: sanitiseLine(error.message) })}\n`),
  });
  const stop = () => void handle.close();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    await closed;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}
