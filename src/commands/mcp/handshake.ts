// The handshake of `social mcp` over stdio: its answers to `initialize` and `tools/list`, worked
// out by the SDK's own server (the tools of the program, under each listing) and written down once
// at build time (scripts/build.js, as dist/mcp-handshake.cjs), so that a server answers a client's
// first messages before it loads the SDK, the tools' schemas or the HTTP client (stdio-front.ts).
import type * as Vendor from '../../infra/vendor/mcp.js';
import type { AnyTool } from '../../runtime/tool-declaration.js';
import { type Handshake, LISTINGS, type Listing } from './listing.js';
import { listingServer } from './mcp-server.js';

/** The initialize request of a client asking for `version`. */
function initializeRequest(id: number, version: string): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'social-handshake', version: '1' } },
  };
}

/** The handshake of a server of `tools`, as the SDK's own server answers it, over a transport in memory. */
export async function computeHandshake(vendor: typeof Vendor, tools: readonly AnyTool[]): Promise<Handshake> {
  /** What a new server listing `listing` answers to initialize (asked for `version`) and then to tools/list. */
  const ask = async (listing: Listing, version: string) => {
    const refuse = async (): Promise<never> => {
      throw new Error('the handshake server answers no call');
    };
    const server = listingServer(vendor, tools, listing, { call: refuse, quote: refuse });
    const [client, side] = vendor.InMemoryTransport.createLinkedPair();
    const waiting = new Map<unknown, (answer: { result?: Record<string, unknown>; error?: unknown }) => void>();
    client.onmessage = (message) => {
      const answer = message as { id?: unknown; result?: Record<string, unknown>; error?: unknown };
      waiting.get(answer.id)?.(answer);
    };
    const request = async (message: Record<string, unknown>) => {
      const answered = new Promise<{ result?: Record<string, unknown>; error?: unknown }>((resolve) =>
        waiting.set(message.id, resolve),
      );
      await client.send(message as never);
      const answer = await answered;
      if (answer.result === undefined)
        throw new Error(`the SDK refused ${message.method}: ${JSON.stringify(answer.error)}`);
      return answer.result;
    };
    await server.connect(side);
    const initialize = await request(initializeRequest(0, version));
    await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as never);
    const list = await request({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await server.close();
    return { initialize, list };
  };
  const listed = Object.fromEntries(
    await Promise.all(
      Object.entries(LISTINGS).map(async ([name, listing]) => [
        name,
        (await ask(listing, vendor.LATEST_PROTOCOL_VERSION)).list,
      ]),
    ),
  ) as Handshake['tools'];
  // Which versions a client is given as it asks, and which it is given otherwise: asked of the SDK.
  const { protocolVersion: fallback, ...server } = (await ask(LISTINGS.all, 'none')).initialize;
  const versions: string[] = [String(fallback)];
  for (const version of vendor.SUPPORTED_PROTOCOL_VERSIONS)
    if (version !== fallback && (await ask(LISTINGS.all, version)).initialize.protocolVersion === version)
      versions.push(version);
  return { versions, server, tools: listed };
}
