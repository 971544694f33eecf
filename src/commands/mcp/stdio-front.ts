// `social mcp` over stdio in two stages. First the front: it reads the client's messages and
// answers the handshake itself, from the answers the SDK's own server gave at build time
// (handshake.ts): `initialize`, then `tools/list`. The first message it does not answer (a tool
// call, a ping, anything it does not recognise whole) starts the server (the SDK, the tools'
// schemas, the session), which reads one stream: the messages the front kept (the initialize it
// answered, so the SDK's server knows the client and what it can do, and the initialized
// notification), then that message and everything after it, byte for byte. The SDK's answer to the
// initialize it is handed again is not passed on: the client has had it. A client that connects,
// lists the tools and goes away has cost a start of the CLI and no more.
import { PassThrough, type Readable } from 'node:stream';
import type { Context } from '../../infra/context.js';
import { escapeTerminalActive } from '../../output/json.js';
import type { Handshake, ListingName } from './listing.js';

/** A line longer than this is no handshake: the server gets it (the SDK bounds what it reads). */
const HANDSHAKE_LINE_MAX = 64 * 1024;

/** Serves the rest of the session: reads `input` until it ends; `answered` is the id of the initialize the front answered. */
export type Takeover = (input: Readable, answered: JsonRpcId | undefined) => Promise<void>;

type JsonRpcId = string | number;

/** Answers the handshake over stdio, then hands the session to `takeover` (or ends with stdin, or a signal). */
export async function serveStdioFront(
  ctx: Context,
  handshake: Handshake,
  listing: ListingName,
  takeover: Takeover,
): Promise<void> {
  const stdin = ctx.io.stdin;
  const kept: Buffer[] = [];
  let pending = Buffer.alloc(0);
  let answered: JsonRpcId | undefined;
  let initialized = false;
  const reply = (id: JsonRpcId, result: Record<string, unknown>) =>
    ctx.io.stdout.write(`${escapeTerminalActive(JSON.stringify({ jsonrpc: '2.0', id, result }))}\n`);

  /** Answers one line of the handshake; false when the server must take it (and all after it). */
  const answer = (line: Buffer): boolean => {
    const message = parse(line);
    if (message === undefined) return false;
    if (answered === undefined && isInitialize(message)) {
      const asked = (message.params as { protocolVersion: string }).protocolVersion;
      const protocolVersion = handshake.versions.includes(asked) ? asked : handshake.versions[0];
      reply(message.id as JsonRpcId, { protocolVersion, ...handshake.server });
      answered = message.id as JsonRpcId;
      kept.push(line);
      return true;
    }
    if (answered !== undefined && !initialized && isNotification(message, 'notifications/initialized')) {
      initialized = true;
      kept.push(line);
      return true;
    }
    if (initialized && isPlainRequest(message, 'tools/list')) {
      reply(message.id as JsonRpcId, handshake.tools[listing]);
      return true;
    }
    return false;
  };

  const taken = await new Promise<Readable | undefined>((resolve) => {
    const finish = (input: Readable | undefined) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onEnd);
      ctx.signal.removeEventListener('abort', onEnd);
      resolve(input);
    };
    const onData = (chunk: Buffer | string) => {
      pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      for (let newline = pending.indexOf(10); newline >= 0; newline = pending.indexOf(10)) {
        const line = pending.subarray(0, newline + 1);
        if (!answer(line)) return finish(handOver());
        pending = pending.subarray(newline + 1);
      }
      if (pending.length > HANDSHAKE_LINE_MAX) finish(handOver());
    };
    const onEnd = () => finish(undefined);
    /** The server's input: what the front kept, then what it has not read, then the rest of stdin. */
    const handOver = (): Readable => {
      stdin.pause();
      const input = new PassThrough();
      for (const line of kept) input.write(line);
      input.write(pending);
      stdin.pipe(input);
      return input;
    };
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onEnd);
    if (ctx.signal.aborted) onEnd();
    else ctx.signal.addEventListener('abort', onEnd, { once: true });
  });
  if (taken !== undefined) await takeover(taken, answered);
}

type Message = Record<string, unknown>;

function parse(line: Buffer): Message | undefined {
  try {
    const message: unknown = JSON.parse(line.toString('utf8'));
    return isObject(message) && message.jsonrpc === '2.0' ? message : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasId(message: Message): boolean {
  return typeof message.id === 'string' || (typeof message.id === 'number' && Number.isInteger(message.id));
}

/** A 2025-era initialize, whole: what the front answers as the SDK does (anything else is the SDK's to judge). */
function isInitialize(message: Message): boolean {
  const params = message.params;
  if (message.method !== 'initialize' || !hasId(message) || !isObject(params)) return false;
  const client = params.clientInfo;
  return (
    Object.keys(params).length === 3 &&
    typeof params.protocolVersion === 'string' &&
    isObject(params.capabilities) &&
    isObject(client) &&
    typeof client.name === 'string' &&
    typeof client.version === 'string'
  );
}

function isNotification(message: Message, method: string): boolean {
  return (
    message.method === method && message.id === undefined && (message.params === undefined || isObject(message.params))
  );
}

/** A request of `method` with no parameters (a cursor, a progress token: the SDK's to answer). */
function isPlainRequest(message: Message, method: string): boolean {
  const params = message.params;
  return (
    message.method === method &&
    hasId(message) &&
    (params === undefined || (isObject(params) && Object.keys(params).length === 0))
  );
}
