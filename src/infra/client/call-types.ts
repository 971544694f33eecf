// What the client takes and gives: its options, a request, its result, and the record each call
// hands the client's listeners. Types only: the four parts that make a call (attempt.ts,
// interpret.ts, retry.ts, identical-calls.ts) and the ApiClient that composes them (http.ts)
// share them, and so do the commands.
import type { ZodType } from 'zod';
import type { AnswerCharge, Charge } from '../../domain/charges.js';
import type { SocialError } from '../../domain/errors.js';
import type { AnswerClaim } from './answer-budget.js';
import type { BodyShape } from './reader.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  /** The deadline of one attempt, from connect to the last byte of the answer. */
  timeoutMs: number;
  /** The largest answer read; a larger one is aborted as it arrives (exit 11). */
  maxBodyBytes: number;
  retries: number;
  signal: AbortSignal;
  now: () => Date;
  /** Receives one line per request and retry when --debug is on. */
  debug?: (line: string) => void;
  /** First backoff step; doubled each retry, with jitter. */
  retryBaseMs?: number;
  /** --strict: any drift from the documented shape fails the call (exit 11) instead of a note. */
  strict?: boolean;
  /**
   * Sees every request before it is sent; an error it returns is thrown and nothing is sent (a
   * budget). A promise is waited for before sending: a shared budget reserves the call's price.
   */
  refuse?: (spec: RequestSpec<unknown>) => SocialError | undefined | Promise<SocialError | undefined>;
  /** Runs just before a request is written to its socket (the ledger writes what it holds). */
  beforeWrite?: () => void;
  /**
   * An answer held locally (the store, for --max-age and --offline) to give instead of sending a
   * GET: undefined when none is asked for, a promise of undefined when none is held.
   */
  reuse?: (spec: RequestSpec<unknown>) => Promise<Reused | undefined> | undefined;
  /**
   * --offline: a call that no held answer serves ends with the error this gives, nothing sent
   * (undefined: sent, as --sandbox's free coverage is, which never leaves the process).
   */
  offline?: (spec: RequestSpec<unknown>) => SocialError | undefined;
}

/** An answer held locally, given instead of sending (see ClientOptions.reuse). */
export interface Reused {
  fetchedAt: Date;
  status: number;
  /** Its body exactly as it was received. */
  body: string;
}

/** An answer as it was received: its status and its body's bytes (the key masked, if echoed). */
export interface Seen {
  status: number;
  bytes: Uint8Array;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec<T> {
  /** Path under the base URL, like /api/v1/github/profile. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /**
   * The query as the user asked it, where that is not the query as sent: a value this run's clock
   * resolved (trends' `to` left open, sent as this instant) is said as asked (`to=now`). What the
   * local store files the answer under and finds it by (--max-age, --offline): the same question
   * asked again later, its instants moved, finds it; one asked differently never does.
   */
  asked?: Record<string, string | number | undefined>;
  /** GET unless said (only `social api` says): any other method is never retried. */
  method?: HttpMethod;
  /** Sent as JSON (with any method but GET). */
  body?: unknown;
  /**
   * The schema its answer is checked with, loaded only by a request that is sent (not --dry-run);
   * or, for a route whose layout the spec leaves open, the schema chosen by the body that came.
   */
  loadSchema: () => Promise<ZodType<T> | ((body: unknown) => ZodType<T>)>;
  /**
   * Envelope routes say success in the body; archive routes by status; `any` is a route social
   * does not model (`social api`): any JSON is taken, and an envelope saying success false fails.
   */
  shape: BodyShape;
  /** Whether the route needs the key (coverage does not, and is sent none). */
  auth: boolean;
  /** The most this call can be charged, in credits (null: not known), as --dry-run reports. */
  cost: number | null;
  /** The service caches this route's answers (a hit is free): see identical-calls.ts. */
  cached?: boolean;
  /**
   * A balance probe (`credits`, `status`: movers on a niche coverage does not list): the local
   * store logs the call, which could have been charged, but its answer is about no niche, so no
   * analyst row is made of it.
   */
  probe?: boolean;
}

/** A route's schema as its loader gives it (see RequestSpec.loadSchema). */
export type Schema<T> = Awaited<ReturnType<RequestSpec<T>['loadSchema']>>;

export interface ApiResult<T> {
  status: number;
  /**
   * The body, read tolerantly (see reader.ts): its credit figures and `cached` are as documented;
   * display fields are as sent, and may be missing or of another type than T says.
   */
  body: T;
  headers: Record<string, string | string[] | undefined>;
  requestId: string | undefined;
  attempts: number;
  /** What the call counts as charged, decided once by the client (interpret.ts). */
  charge: AnswerCharge;
  /** When the answer was fetched, for one taken from the local store instead of sent (0 attempts). */
  fromStore?: Date;
}

/** How a call is made: see ApiClient.get. */
export interface CallOptions {
  signal?: AbortSignal;
  stop?: AbortSignal;
  claim?: AnswerClaim;
}

/**
 * What one call came to, as the client's listeners hear it (ApiClient.listen): every call that
 * reaches its first attempt ends in exactly one record, answered or failed, with its charge, the
 * same object its result or its error carries. The spend ledger, the ceiling memory and the store
 * listen to these; a call refused by --max-credits, or stopped before its first attempt, was
 * never sent and has none.
 */
export type CallRecord = AnsweredCall | FailedCall;

interface CallHeard {
  /** The request: its path, query, method and price (`cost`). */
  spec: RequestSpec<unknown>;
  /** When the call ended, by the client's clock. */
  at: Date;
  status?: number;
  requestId?: string;
  /**
   * The body's bytes as received (the key masked, where the service echoed it): what the store
   * keeps. The answer's own buffer, not a copy.
   */
  bytes?: Uint8Array;
}

interface AnsweredCall extends CallHeard {
  charge: AnswerCharge;
  /** The answer's body, read tolerantly (ApiResult.body). */
  body: unknown;
  error?: undefined;
}

interface FailedCall extends CallHeard {
  charge: Charge;
  /** The error body the service sent, when it sent one. */
  body?: unknown;
  /** What the call ends with; its details.charge is `charge`. */
  error: SocialError;
}

/** Hears every call's record as the call ends, before its caller does. */
export type CallListener = (record: CallRecord) => void;

/** An answer as it came: its status, headers and bytes. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** Why an attempt ended without an answer, and whether the request had been written by then. */
export interface SendFailure {
  cause: unknown;
  /** The request went to the socket: the service may have received it, and charged it. */
  written: boolean;
  /** Our own limits: the attempt's deadline passed, or the answer grew past the cap. */
  limit?: 'deadline' | 'too_large';
  /** The status and headers, when they had come before the answer was cut off (`api --include`). */
  head?: Pick<Answer, 'statusCode' | 'headers'>;
}
