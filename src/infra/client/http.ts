// The one HTTP client: a keep-alive undici Pool per process, bearer auth, a timeout, the retry
// policy, and every body checked with the shared zod schemas. This module (and undici with it) is
// loaded only when a session opens: commands that send nothing never load it.
import { type Dispatcher, Pool } from 'undici';
import type { ZodType } from 'zod';
import { SocialError } from '../../domain/errors.js';
import { sanitiseLine } from '../../domain/text.js';
import type { BodyShape } from './reader.js';
import { DriftLog, driftText, parseBody, readSuccess } from './reader.js';
import { serviceCode, serviceError } from './service-errors.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
  retries: number;
  signal: AbortSignal;
  now: () => Date;
  /** Receives one line per request and retry when --debug is on. */
  debug?: (line: string) => void;
  /** First backoff step; doubled each retry, with jitter. */
  retryBaseMs?: number;
  /** Sees every successful response, e.g. to keep the local ledger of what was spent. */
  onResponse?: (spec: RequestSpec<unknown>, body: unknown, reading: { creditsUncertain: boolean }) => void;
  /** --strict: any drift from the documented shape fails the call (exit 11) instead of a note. */
  strict?: boolean;
}

export interface RequestSpec<T> {
  /** Path under the base URL, like /api/v1/github/profile. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** The schema its answer is checked with, loaded only by a request that is sent (not --dry-run). */
  loadSchema: () => Promise<ZodType<T>>;
  /**
   * Envelope routes say success in the body; archive routes by status; `any` is a route social
   * does not model (`social api`): any JSON is taken, and an envelope saying success false fails.
   */
  shape: BodyShape;
  /** Whether the route needs the key (coverage does not, and is sent none). */
  auth: boolean;
  /** The most this call can be charged, in credits (null: not known), as --dry-run reports. */
  cost: number | null;
}

export interface ApiResult<T> {
  status: number;
  /**
   * The body, read tolerantly (see reader.ts): its credit figures and `cached` are as documented;
   * display fields are as sent, and may be missing or of another type than T says.
   */
  body: T;
  /** A credit figure came out of range (negative): the call may or may not have been charged. */
  creditsUncertain: boolean;
  headers: Record<string, string | string[] | undefined>;
  requestId: string | undefined;
  attempts: number;
}

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

type DispatchController = Dispatcher.DispatchController;

/**
 * One GET on the pool through undici's dispatch API, which says exactly when the answer began to
 * arrive: a failure after that may follow a charge, so it is marked `answerStarted`.
 */
function send(pool: Pool, options: Dispatcher.DispatchOptions, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let started = false;
    let controller: DispatchController | undefined;
    let statusCode = 0;
    let headers: Answer['headers'] = {};
    const chunks: Buffer[] = [];
    // The reason (undici types it as an Error) is never read back: transportError sees the signal.
    const forget = onAbort(signal, (reason) => controller?.abort(reason as Error));
    pool.dispatch(options, {
      onRequestStart(c: DispatchController) {
        controller = c;
        if (signal.aborted) c.abort(signal.reason as Error);
      },
      onResponseStarted() {
        started = true;
      },
      onResponseStart(_c: DispatchController, status: number, responseHeaders: Answer['headers']) {
        started = true;
        statusCode = status;
        headers = responseHeaders;
      },
      onResponseData(_c: DispatchController, chunk: Buffer) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        forget();
        resolve({ statusCode, headers, text: Buffer.concat(chunks).toString('utf8') });
      },
      onResponseError(_c: DispatchController, error: Error) {
        forget();
        reject(Object.assign(error, { answerStarted: started }));
      },
    });
  });
}

type AbortListener = (reason: unknown) => void;

/**
 * The listeners of one signal, in reusable slots. A slot is emptied when its call ends, so nothing
 * keeps a finished call reachable: an EventTarget listener a call (or a Set of them) would leave
 * list nodes or rehashed tables that do, and a batch's young-generation GCs then copy every
 * finished call onwards (measured: ~2 MB promoted a scavenge, ~12% of a 5,000-input batch, and a
 * heap that grows with the input). Node also warns past ten listeners on one signal.
 */
class AbortSlots {
  private readonly slots: Array<AbortListener | undefined> = [];
  private readonly free: number[] = [];

  constructor(signal: AbortSignal) {
    signal.addEventListener(
      'abort',
      () => {
        for (const listener of this.slots) listener?.(signal.reason);
      },
      { once: true },
    );
  }

  add(listener: AbortListener): () => void {
    let slot: number | undefined = this.free.pop() ?? this.slots.length;
    this.slots[slot] = listener;
    return () => {
      if (slot === undefined) return;
      this.slots[slot] = undefined;
      this.free.push(slot);
      slot = undefined;
    };
  }
}

const abortSlots = new WeakMap<AbortSignal, AbortSlots>();

/** Calls `listener` when `signal` aborts (at once if it has); returns the function that forgets it. */
function onAbort(signal: AbortSignal, listener: AbortListener): () => void {
  if (signal.aborted) {
    listener(signal.reason);
    return () => {};
  }
  let slots = abortSlots.get(signal);
  if (slots === undefined) {
    slots = new AbortSlots(signal);
    abortSlots.set(signal, slots);
  }
  return slots.add(listener);
}

// Failures before any response: the request cannot have been charged, and may pass next time.
const RETRYABLE_CONNECT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const RETRYABLE_STATUSES = new Set([502, 503]);
const MAX_BACKOFF_MS = 8000;
const MAX_RETRY_AFTER_MS = 60_000;

export class ApiClient {
  /** Opened at the first request. */
  private pool: Pool | undefined;
  private readonly origin: string;
  private readonly basePath: string;
  /** What drifted from the documented shape over this client's answers: one note a run. */
  private readonly drift = new DriftLog();

  constructor(private readonly options: ClientOptions) {
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
  }

  /** The key this client sends, for --dry-run to show masked. */
  get apiKey(): string | undefined {
    return this.options.apiKey;
  }

  /** The one line that says what drifted in this run's answers, or undefined. */
  driftNote(): string | undefined {
    return this.drift.note();
  }

  /** The full URL of a request, as --debug and --dry-run show it. */
  url(spec: Pick<RequestSpec<unknown>, 'path' | 'query'>): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(spec.query ?? {}))
      if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return `${this.origin}${this.basePath}${spec.path}${search ? `?${search}` : ''}`;
  }

  /**
   * GET with the retry policy. `signal` replaces the session's for this call: a batch lets calls
   * already under way finish after Ctrl-C (they may be charged), so it passes one of its own.
   */
  async get<T>(spec: RequestSpec<T>, call: { signal?: AbortSignal } = {}): Promise<ApiResult<T>> {
    const { retries } = this.options;
    const signal = call.signal ?? this.options.signal;
    for (let attempt = 1; ; attempt += 1) {
      if (signal.aborted) throw interrupted();
      const outcome = await this.attempt(spec, attempt, signal);
      if ('result' in outcome) {
        this.options.onResponse?.(spec as RequestSpec<unknown>, outcome.result.body, outcome.result);
        return outcome.result;
      }
      if (attempt > retries || !outcome.retryable) throw outcome.error;
      const delay = this.backoff(attempt, outcome.retryAfterMs);
      this.options.debug?.(
        `retry ${attempt}/${retries} in ${delay} ms after ${outcome.error.details.status ?? outcome.error.details.code ?? 'connection failure'}`,
      );
      await sleep(delay, signal);
    }
  }

  /** Ends the pool's connections. Called when no request is under way: nothing is cut off. */
  async close(): Promise<void> {
    // destroy, not close: close waits for each idle keep-alive socket's graceful end, ~2 ms of a
    // short run, for connections nothing will use again.
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private backoff(attempt: number, retryAfterMs: number | undefined): number {
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
    const step = Math.min(MAX_BACKOFF_MS, (this.options.retryBaseMs ?? 500) * 2 ** (attempt - 1));
    // Equal jitter: half fixed, half random, so many clients do not retry in step.
    return Math.round(step / 2 + Math.random() * (step / 2));
  }

  private async attempt<T>(
    spec: RequestSpec<T>,
    attempt: number,
    signal: AbortSignal,
  ): Promise<{ result: ApiResult<T> } | { error: SocialError; retryable: boolean; retryAfterMs?: number }> {
    this.pool ??= new Pool(this.origin, { keepAliveTimeout: 10_000, connect: { timeout: this.options.timeoutMs } });
    const pool = this.pool;
    const schema = await spec.loadSchema();
    const url = this.url(spec);
    const path = url.slice(this.origin.length);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'social-cli' };
    if (spec.auth && this.options.apiKey !== undefined) headers.authorization = `Bearer ${this.options.apiKey}`;
    // Date.now, not performance.now: the first touch of `performance` loads perf_hooks, ~0.7 ms.
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    let response: Answer;
    try {
      response = await send(
        pool,
        // undici enforces the timeout per phase (connect, headers, each body chunk): no timer of
        // our own per request, which a batch of thousands would pay for.
        { path, method: 'GET', headers, headersTimeout: this.options.timeoutMs, bodyTimeout: this.options.timeoutMs },
        signal,
      );
    } catch (error) {
      const answerStarted = (error as { answerStarted?: boolean }).answerStarted === true;
      const failure = this.transportError(error, answerStarted, signal);
      const what = answerStarted ? 'answer cut off' : (failure.error.details.code ?? 'failed');
      this.options.debug?.(`GET ${url} -> ${what} in ${elapsed()} ms (attempt ${attempt})`);
      return failure;
    }
    const text = response.text;
    const status = response.statusCode;
    const body = parseBody(text);
    const requestId = requestIdOf(body, response.headers);
    this.options.debug?.(
      `GET ${url} -> ${status} in ${elapsed()} ms${requestId ? ` request_id=${requestId}` : ''} (attempt ${attempt})`,
    );

    if (status >= 200 && status < 300 && !(spec.shape !== 'archive' && isFailedEnvelope(body))) {
      if (body === undefined) return { error: notUnderstood('the body is not JSON', requestId), retryable: false };
      const reading = readSuccess(spec.shape, schema, body);
      if (!reading.ok) return { error: notUnderstood(reading.why, requestId, body), retryable: false };
      if (this.options.strict && reading.drift.length > 0) {
        return {
          error: notUnderstood(`--strict: the service sent ${driftText(reading.drift)}`, requestId, body),
          retryable: false,
        };
      }
      this.drift.add(reading.drift);
      const { creditsUncertain } = reading;
      return {
        result: {
          status,
          body: reading.body,
          creditsUncertain,
          headers: response.headers,
          requestId,
          attempts: attempt,
        },
      };
    }
    const error = serviceError(status, body, requestId, this.options.now());
    if (status >= 200 && status < 300 && serviceCode(body) === undefined) {
      return {
        error: notUnderstood('the envelope says it failed but carries no error type', requestId, body),
        retryable: false,
      };
    }
    return {
      error,
      retryable: RETRYABLE_STATUSES.has(status),
      retryAfterMs: retryAfter(response.headers['retry-after'], this.options.now()),
    };
  }

  private transportError(
    error: unknown,
    answerStarted: boolean,
    signal: AbortSignal,
  ): { error: SocialError; retryable: boolean } {
    if (signal.aborted) return { error: interrupted(), retryable: false };
    const code = (error as { code?: string }).code;
    const seconds = this.options.timeoutMs / 1000;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
      return {
        error: new SocialError('network', `no answer within ${seconds} s`, {
          code: 'timeout',
          suggestion: 'Not retried: the service may have charged the call. Raise --timeout if the service is slow.',
        }),
        retryable: false,
      };
    }
    if (answerStarted) {
      return {
        error: new SocialError('network', 'the connection broke while the answer was arriving', {
          code: code ?? 'body_cut',
          suggestion: 'Not retried: the service may have charged the call.',
        }),
        retryable: false,
      };
    }
    const detail = sanitiseLine((error as Error).message ?? String(error));
    return {
      error: new SocialError('network', `cannot reach ${this.origin}: ${detail}`, {
        code: code ?? 'network',
        suggestion: 'Check the base URL (`social config get base-url`) and the network.',
      }),
      retryable: code !== undefined && RETRYABLE_CONNECT_CODES.has(code),
    };
  }
}

function isFailedEnvelope(body: unknown): boolean {
  return body !== null && typeof body === 'object' && (body as Record<string, unknown>).success === false;
}

function requestIdOf(body: unknown, headers: Answer['headers']): string | undefined {
  if (body !== null && typeof body === 'object' && typeof (body as Record<string, unknown>).request_id === 'string') {
    return (body as Record<string, string>).request_id;
  }
  const header = headers['x-request-id'];
  return typeof header === 'string' ? header : undefined;
}

function notUnderstood(what: string, requestId: string | undefined, body?: unknown): SocialError {
  return new SocialError('badResponse', `response not understood: ${what}`, {
    code: 'bad_response',
    requestId,
    body,
    suggestion: 'Nothing was retried. If the service changed, update social; otherwise report it with the request id.',
  });
}

function interrupted(): SocialError {
  return new SocialError('interrupted', 'interrupted');
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfter(header: string | string[] | undefined, now: Date): number | undefined {
  if (typeof header !== 'string') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(interrupted());
  return new Promise((resolve, reject) => {
    const forget = onAbort(signal, () => {
      clearTimeout(timer);
      reject(interrupted());
    });
    const timer = setTimeout(() => {
      forget();
      resolve();
    }, ms);
  });
}
