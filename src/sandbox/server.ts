// The sandbox's HTTP layer on node:http: routing, GET-only, switched-off routes, fault injection,
// and sending replies. The same server runs from `social sandbox`, from `--sandbox`, and in tests
// (port 0, a fixed clock), and closes cleanly.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Platform } from '../domain/platforms.js';
import type { RouteMatch, RouteName } from '../domain/routes.js';
import { envelopeEndpoint, matchRoute } from '../domain/routes.js';
import type { StateProblems } from './core.js';
import { SandboxCore } from './core.js';
import type { FaultDraw, FaultPlan } from './faults.js';
import { FaultInjector, noFaults } from './faults.js';
import { minimalReply } from './minimal.js';
import type { EnvelopeTarget, Reply, SandboxRequest } from './reply.js';
import { apiError, envelopeError } from './reply.js';
import { coverageRoute, moversRoute, trendsRoute } from './routes-archive.js';
import { postRoute, postsRoute, profileRoute, transcriptRoute } from './routes-social.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** The sandbox's clock; default the real one. */
  now?: () => Date;
  seed?: number;
  statePath?: string;
  /** Hears what of the state file could not be written or was found damaged; the sandbox goes on. */
  stateProblems?: StateProblems;
  faults?: FaultPlan;
  /** Answer only what the spec requires: no optional fields or headers (`social sandbox --minimal`). */
  minimal?: boolean;
  /** Told of each request once its answer is sent or cut off (`social sandbox` logs it). */
  onServed?: (served: Served) => void;
}

/** A request the sandbox served: what was asked, the status answered, the credits it charged. */
export interface Served {
  method: string;
  /** Path and query as sent (the key travels in the Authorization header, never here). */
  path: string;
  /** The status answered, or null when the connection was cut before an answer (a fault). */
  status: number | null;
  credits: number;
}

export interface Sandbox {
  /** Base URL, like http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  core: SandboxCore;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 20261121;
export const DEFAULT_PORT = 4010;

type Handler = (core: SandboxCore, req: SandboxRequest, platform: Platform | undefined) => Reply;

/** Each route of the table (src/domain/routes.ts) and the handler that serves it. */
const HANDLERS: Record<RouteName, Handler> = {
  profile: (core, req, platform) => profileRoute(core, platform!, req),
  posts: (core, req, platform) => postsRoute(core, platform!, req),
  post: (core, req, platform) => postRoute(core, platform!, req),
  transcript: (core, req, platform) => transcriptRoute(core, platform!, req),
  nichos: (core) => coverageRoute(core),
  trends: (core, req) => trendsRoute(core, req),
  movers: (core, req) => moversRoute(core, req),
};

/** How a route answers when switched off or failing: in its own error shape, with its own code. */
function unavailable(core: SandboxCore, req: SandboxRequest, match: RouteMatch, message: string): Reply {
  const { route } = match;
  if (route.error === 'ApiError') return apiError(503, { error: route.unavailable, message, http: 503 });
  return envelopeError(core.envelopeContext(req), envelopeTarget(match), undefined, 'indisponivel', message);
}

/** A method other than GET, refused in the route's own error shape (the envelope's, or ApiError). */
function methodRefused(core: SandboxCore, req: SandboxRequest, match: RouteMatch): Reply {
  if (match.route.error === 'ApiError') return methodNotAllowed();
  return envelopeError(core.envelopeContext(req), envelopeTarget(match), undefined, 'metodo_invalido', ONLY_GET);
}

function envelopeTarget({ route, platform }: RouteMatch): EnvelopeTarget {
  return { platform: platform?.name ?? '', endpoint: envelopeEndpoint(route) };
}

function bearerKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  // A header in another scheme carries no key the service can read: same as an unknown key.
  return match ? match[1] : '';
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? DEFAULT_SEED;
  const core = new SandboxCore({
    now: options.now ?? (() => new Date()),
    seed,
    statePath: options.statePath,
    stateProblems: options.stateProblems,
  });
  const plan = options.faults ?? noFaults();
  const faults = new FaultInjector(plan, seed);
  let baseUrl = '';
  let openapiText: string | undefined;

  const server: Server = createServer((req, res) => {
    const served = { credits: 0 };
    res.on('close', () =>
      options.onServed?.({
        method: req.method ?? '?',
        path: req.url ?? '/',
        status: res.headersSent ? res.statusCode : null,
        credits: served.credits,
      }),
    );
    handle(req, res, served).catch((error: unknown) => {
      // A bug in the sandbox answers 500 rather than leaving the client hanging.
      if (!res.headersSent)
        sendText(res, 500, JSON.stringify({ error: 'indisponivel', message: String(error) }), 'application/json');
      else res.destroy();
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse, served: { credits: number }): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const requestId = `req_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    if (!options.minimal) res.setHeader('x-request-id', requestId);
    if (url.pathname === '/openapi.json') {
      if (req.method !== 'GET') return send(res, methodNotAllowed());
      // Loaded on first use: generating it pulls in zod, which the routes themselves never need.
      const { buildOpenApi } = await import('./openapi.js');
      openapiText ??= JSON.stringify(buildOpenApi(baseUrl, plan.off));
      return sendText(res, 200, openapiText, 'application/json; charset=utf-8');
    }
    const matched = matchRoute(url.pathname);
    if (matched === undefined) {
      return send(
        res,
        apiError(404, { error: 'endpoint_indisponivel', message: `No route ${url.pathname}; see /openapi.json.` }),
      );
    }
    const sreq: SandboxRequest = {
      query: url.searchParams,
      key: bearerKey(req.headers.authorization),
      pathParam: matched.niche ?? '',
      requestId,
    };
    const { route } = matched;
    const shaped = (reply: Reply) => (options.minimal ? minimalReply(route, reply) : reply);
    if (req.method !== 'GET') return send(res, shaped(methodRefused(core, sreq, matched)));
    if (plan.off.has(route.name)) {
      return send(res, shaped(unavailable(core, sreq, matched, 'This endpoint is switched off.')));
    }
    const draw = faults.draw();
    if (draw.before === 'reset') return void req.socket.destroy();
    if (draw.before === '503')
      return send(res, shaped(unavailable(core, sreq, matched, 'A dependency is down; try again later.')));
    if (draw.before === '502')
      return sendText(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
    const reply = HANDLERS[route.name](core, sreq, matched.platform);
    served.credits = creditsCharged(reply.body);
    respondWithFaults(res, shaped(reply), draw);
  };
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    core,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** What an answer says it charged: credits_used (social routes) or credits_charged (archive). */
function creditsCharged(body: unknown): number {
  const record = (body ?? {}) as { credits_used?: unknown; credits_charged?: unknown };
  const credits = record.credits_used ?? record.credits_charged;
  return typeof credits === 'number' ? credits : 0;
}

const ONLY_GET = 'Only GET is served.';

function methodNotAllowed(): Reply {
  return apiError(405, { error: 'metodo_invalido', message: ONLY_GET }, { allow: 'GET' });
}

function respondWithFaults(res: ServerResponse, reply: Reply, draw: FaultDraw): void {
  const deliver = () => {
    if (draw.after === 'malformed') {
      return sendText(res, reply.status, '{"success": tru<!-- upstream hiccup -->', 'application/json; charset=utf-8');
    }
    if (draw.after === 'truncated') {
      const text = JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
      });
      // Flushed before the connection drops: the client sees the answer begin, then break off.
      return void res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
    }
    send(res, reply);
  };
  if (draw.latencyMs > 0) setTimeout(deliver, draw.latencyMs).unref();
  else deliver();
}

function send(res: ServerResponse, reply: Reply): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  sendText(res, reply.status, JSON.stringify(reply.body), 'application/json; charset=utf-8');
}

function sendText(res: ServerResponse, status: number, text: string, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
