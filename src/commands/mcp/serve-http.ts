// `social mcp --http PORT`: Streamable HTTP on 127.0.0.1 only, at /mcp. Every request must carry
// the bearer token (401 without it) and any Origin it has must be loopback (403 otherwise), as
// must its Host (DNS rebinding). The token is given (--token, SOCIAL_MCP_TOKEN) or made here and
// printed once on stderr.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import type * as Vendor from '../../infra/vendor/mcp-http.js';
import type { buildServer } from './mcp-server.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export async function serveHttp(
  vendor: typeof Vendor,
  factory: () => ReturnType<typeof buildServer>,
  ctx: Context,
  port: number,
  given: string | undefined,
): Promise<void> {
  const token = given ?? randomBytes(24).toString('base64url');
  const expected = digest(token);
  // The 2026-era protocol is the SDK's handler's; a 2025-era client gets a session of its own
  // (Mcp-Session-Id), served by one server from its initialize on, so the server can ask it
  // something during a call (elicitation, for --confirm-above) and hear the answer. The SDK's own
  // fallback for 2025-era traffic serves each request by a fresh server, which can ask nothing.
  const handler = vendor.createMcpHandler(factory, { legacy: 'reject' });
  const sessions = new LegacySessions(vendor, factory);
  const allowedHosts = vendor.localhostAllowedHostnames();
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = refusal(req, expected);
    if (refused !== undefined) {
      res.writeHead(refused.status, { 'content-type': 'application/json', ...refused.headers });
      res.end(JSON.stringify({ error: refused.error }));
      return;
    }
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    const request = toRequest(req, aborted.signal);
    const response =
      vendor.hostHeaderValidationResponse(request, allowedHosts) ??
      ((await vendor.isLegacyRequest(request)) ? await sessions.serve(request) : await handler.fetch(request));
    await send(response, res);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? usageError(said('errors.mcp.portInUse', { port: String(port) }), t('errors.mcp.portInUse.hint'))
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as { port: number };
  ctx.io.stderr.write(`${t('notes.mcp.serving', { url: `http://127.0.0.1:${address.port}/mcp` })}\n`);
  if (given === undefined) ctx.io.stderr.write(`${t('notes.mcp.token', { token })}\n`);
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  server.close();
  server.closeAllConnections();
  await Promise.all([handler.close(), sessions.close()]);
}

type Transport = InstanceType<typeof Vendor.WebStandardStreamableHTTPServerTransport>;

/** The sessions of 2025-era clients, by their Mcp-Session-Id: each a transport and its server. */
class LegacySessions {
  readonly #open = new Map<string, Transport>();

  constructor(
    private readonly vendor: typeof Vendor,
    private readonly factory: () => ReturnType<typeof buildServer>,
  ) {}

  /** A request of a session, or the initialize that opens one (anything else without a session is refused). */
  async serve(request: Request): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const transport = this.#open.get(id);
      if (transport !== undefined) return transport.handleRequest(request);
      return Response.json(
        { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } },
        { status: 404 },
      );
    }
    const transport: Transport = new this.vendor.WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (opened) => void this.#open.set(opened, transport),
      onsessionclosed: (closed) => void this.#open.delete(closed),
    });
    await this.factory().connect(transport);
    return transport.handleRequest(request);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#open.values()].map((transport) => transport.close()));
    this.#open.clear();
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

interface Refusal {
  status: number;
  error: string;
  headers?: Record<string, string>;
}

/** Why a request is refused before the server sees it: not /mcp, an Origin not loopback, no token. */
function refusal(req: IncomingMessage, expected: Buffer): Refusal | undefined {
  const path = (req.url ?? '/').split('?')[0];
  if (path !== '/mcp') return { status: 404, error: 'not found: the MCP endpoint is /mcp' };
  const origin = req.headers.origin;
  if (origin !== undefined && !loopbackOrigin(origin))
    return { status: 403, error: 'origin refused: only loopback origins may call this server' };
  const auth = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(auth);
  if (match === null || !timingSafeEqual(digest(match[1]!), expected))
    return { status: 401, error: 'a bearer token is required', headers: { 'www-authenticate': 'Bearer' } };
  return undefined;
}

function loopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname);
  } catch {
    return false;
  }
}

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream);
  return new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
    method,
    headers,
    body,
    signal,
    duplex: 'half',
  } as RequestInit);
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body === null) {
    res.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
  res.end();
}
