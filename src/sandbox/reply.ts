// What a sandbox handler returns, and the two error shapes of the service: the envelope (profile,
// posts, post, transcript) and ApiError (archive routes). Both are typed by the shared schemas.
import type { DefaultedParam, IntegerParam } from '../domain/routes.js';
import type {
  ApiError,
  EnvelopeErrorType,
  PostsEnvelope,
  ProfileEnvelope,
  TranscriptEnvelope,
} from '../domain/schemas.js';
import type { CreditSnapshot, KeyAccount, Ledger } from './ledger.js';
import { nextMonthStart } from './ledger.js';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface SandboxRequest {
  query: URLSearchParams;
  /** The bearer token, or undefined when no Authorization header was sent. */
  key: string | undefined;
  /** The path parameter of the route (a niche), when it has one. */
  pathParam: string;
  requestId: string;
}

export interface EnvelopeTarget {
  platform: string;
  endpoint: string;
}

/**
 * The envelope's error types, and the one the sandbox adds where the spec is silent: a 405 on an
 * envelope route answers in the envelope (the spec's rule for every error of these routes) with
 * the ApiError enum's metodo_invalido, as the spec pairs no code with 405.
 */
export type SandboxEnvelopeErrorType = EnvelopeErrorType | 'metodo_invalido';

/** HTTP status of each envelope error type. */
const ENVELOPE_STATUS: Record<SandboxEnvelopeErrorType, number> = {
  parametro_invalido: 400,
  chave_invalida: 401,
  sem_creditos: 402,
  teto_estourado: 402,
  nao_encontrado: 404,
  bloqueado: 451,
  indisponivel: 503,
  metodo_invalido: 405,
};

/** The credit fields of an envelope: null where the key could not be read. */
function creditFields(ledger: Ledger, account: KeyAccount | undefined, now: Date): CreditSnapshot | NullCredits {
  if (account === undefined) {
    return {
      credits_remaining: null,
      credits_purchased_remaining: null,
      free_credits_remaining: null,
      free_credits_total: null,
      free_credits_reset_at: nextMonthStart(now).toISOString(),
    };
  }
  return ledger.snapshot(account);
}

interface NullCredits {
  credits_remaining: null;
  credits_purchased_remaining: null;
  free_credits_remaining: null;
  free_credits_total: null;
  free_credits_reset_at: string;
}

/** The data of any envelope the sandbox sends, as the schemas type it. */
export type EnvelopeData = NonNullable<ProfileEnvelope['data'] | PostsEnvelope['data'] | TranscriptEnvelope['data']>;
type Envelope = ProfileEnvelope | PostsEnvelope | TranscriptEnvelope;
type ErrorEnvelope = Omit<Envelope, 'error'> & {
  error: Omit<NonNullable<Envelope['error']>, 'type'> & { type: SandboxEnvelopeErrorType };
};

export interface EnvelopeContext {
  ledger: Ledger;
  now: Date;
  requestId: string;
}

export function envelopeSuccess(
  ctx: EnvelopeContext,
  target: EnvelopeTarget,
  account: KeyAccount,
  data: EnvelopeData,
  creditsUsed: number,
  cached: boolean,
): Reply {
  const body: Envelope = {
    success: true,
    platform: target.platform,
    endpoint: target.endpoint,
    data,
    error: null,
    credits_used: creditsUsed,
    ...creditFields(ctx.ledger, account, ctx.now),
    cached,
    request_id: ctx.requestId,
  };
  return { status: 200, body };
}

export function envelopeError(
  ctx: EnvelopeContext,
  target: EnvelopeTarget,
  account: KeyAccount | undefined,
  type: SandboxEnvelopeErrorType,
  message: string,
  details: Record<string, unknown> | null = null,
): Reply {
  const body: ErrorEnvelope = {
    success: false,
    platform: target.platform,
    endpoint: target.endpoint,
    data: null,
    error: { type, message, details },
    credits_used: 0,
    ...creditFields(ctx.ledger, account, ctx.now),
    cached: false,
    request_id: ctx.requestId,
  };
  const headers: Record<string, Record<string, string>> = {
    chave_invalida: { 'www-authenticate': 'Bearer' },
    metodo_invalido: { allow: 'GET' },
  };
  return { status: ENVELOPE_STATUS[type], body, headers: headers[type] };
}

export function apiError(status: number, body: ApiError, headers?: Record<string, string>): Reply {
  return { status, body, headers: status === 401 ? { 'www-authenticate': 'Bearer', ...headers } : headers };
}

const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Parses an optional integer parameter of the route table. Out of range or not an integer is
 * refused, never clamped; so is an integer not written as JSON writes one (a leading zero or
 * plus sign, spaces, -0): the spec gives no other form, and a malformed number is refused
 * before anything is read or charged.
 */
export function intParam(query: URLSearchParams, param: DefaultedParam): Parsed<number>;
export function intParam(query: URLSearchParams, param: IntegerParam): Parsed<number | undefined>;
export function intParam(query: URLSearchParams, param: IntegerParam): Parsed<number | undefined> {
  const { name, min } = param;
  const max = param.max ?? Number.MAX_SAFE_INTEGER;
  const raw = query.get(name);
  if (raw === null) return { ok: true, value: param.default };
  const value = CANONICAL_INTEGER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    return { ok: false, message: `${name} must be an integer from ${min} to ${max}; got ${JSON.stringify(raw)}` };
  }
  return { ok: true, value };
}
