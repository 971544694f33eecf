// The one HTTP client, composed of four parts with one job each, as gh builds its client from
// small wrappers: an attempt (attempt.ts: undici's handler, the cap on the answer, the deadline,
// the signal), the interpretation of its answer or failure and of what the call cost
// (interpret.ts, pure), the retry decision and backoff (retry.ts, pure), and identical calls
// under way made one at a time (identical-calls.ts). ApiClient holds what they share: a keep-alive
// undici Pool per process, what each call sends (outgoing.ts: its path, query and headers, bearer
// auth among them), the key's mask, the schemas, and the listeners that hear each call's record.
// This module (and undici with it) is loaded only when a session opens: commands that send
// nothing never load it.
import { SocialError } from '../../domain/errors.js';
import { say } from '../../messages/catalogue.js';
import { t } from '../../messages/use-notes.js';
import { Pool } from '../vendor/undici.js';
import { onAbort } from './abort-slots.js';
import { Attempt, type AttemptLimits, type AttemptReader, attemptLimits, type Concluded } from './attempt.js';
import type {
  Answer,
  ApiResult,
  CallListener,
  CallOptions,
  CallRecord,
  ClientOptions,
  RequestSpec,
  Reused,
  Schema,
  Seen,
  SendFailure,
} from './call-types.js';
import { heldResult } from './held-answer.js';
import { IdenticalCalls } from './identical-calls.js';
import { type AttemptEnd, type Failed, interpretAnswer, interpretFailure, unsent } from './interpret.js';
import { Requests } from './outgoing.js';
import { DriftLog } from './reader.js';
import { type KeyMask, keyMask } from './redact.js';
import { retryDelay } from './retry.js';
import { interrupted, type TransportLimits } from './transport-failure.js';

/** One call of get(), as its attempts share it. */
interface Call {
  spec: RequestSpec<unknown>;
  schema: Schema<unknown>;
  options: CallOptions;
  /** What ends it: its options' signal, else the client's. */
  signal: AbortSignal;
  /** Its path and query, as sent. */
  path: string;
  method: string;
}

/** A concluded call as a promise: its error a rejection. */
function settled(concluded: Concluded): Promise<ApiResult<unknown>> {
  return concluded instanceof SocialError ? Promise.reject(concluded) : Promise.resolve(concluded);
}

export class ApiClient implements AttemptReader<Call> {
  /** Opened at the first request (the first after limitConnections changed the limit). */
  private pool: Pool | undefined;
  /** Pools limitConnections took out of use, their requests under way finishing: ended at close(). */
  private readonly retired: Pool[] = [];
  /** The most connections the pool opens; none: as many as calls under way. */
  private connections: number | undefined;
  private readonly origin: string;
  /** The path, query and headers each call sends. */
  private readonly requests: Requests;
  /** What drifted from the documented shape over this client's answers: one note a run. */
  private readonly drift = new DriftLog();
  /**
   * Each schema as its loader gave it, by loader: a route's request built by one loader (a batch's
   * thousands) waits for its schema once, not once a call.
   */
  private readonly schemas = new WeakMap<RequestSpec<unknown>['loadSchema'], unknown>();
  /**
   * The key's search and mask in each answer (see redact.ts), made for the first answer: a run
   * that sends nothing (--dry-run) does not pay for its patterns.
   */
  private madeMask: KeyMask | undefined | null = null;
  /** What bounds every attempt. */
  private readonly limits: AttemptLimits;
  /** What an attempt without an answer is read against. */
  private readonly transport: TransportLimits;
  /** A cached route's calls under way. */
  private readonly identical = new IdenticalCalls();
  /** Who hears each call's record (see listen). */
  private readonly listeners: CallListener[] = [];

  constructor(private readonly options: ClientOptions) {
    this.limits = attemptLimits(options);
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.requests = new Requests(base, options.apiKey);
    this.transport = { origin: this.origin, timeoutMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes };
  }

  /** The key's search and mask (see keyMask), undefined when there is no key to look for. */
  private get mask(): KeyMask | undefined {
    if (this.madeMask === null) this.madeMask = keyMask(this.options.apiKey);
    return this.madeMask;
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
    return `${this.origin}${this.requests.pathOf(spec)}`;
  }

  /**
   * `listener` hears the record of every call from now on (see CallRecord), before the call's
   * caller has its result; returns the function that stops it.
   */
  listen(listener: CallListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at !== -1) this.listeners.splice(at, 1);
    };
  }

  /**
   * The request (a GET unless the spec says otherwise) with the retry policy. `signal` replaces
   * the session's for this call: a batch lets calls already under way finish after Ctrl-C (they
   * may be charged), so it passes one of its own, and passes Ctrl-C as `stop`: no attempt is sent
   * after it, and a wait to retry ends at once. A batch's `claim` counts the answer's bytes
   * against its memory budget, and pauses the reading when the budget says so. A call of a cached
   * route waits for an identical one under way (identical-calls.ts).
   */
  get<T>(spec: RequestSpec<T>, options: CallOptions = {}): Promise<ApiResult<T>> {
    try {
      const path = this.requests.pathOf(spec);
      // An answer held locally is taken before anything else: it costs nothing, so no budget refuses it.
      const held = (spec.method ?? 'GET') === 'GET' ? this.options.reuse?.(spec as RequestSpec<unknown>) : undefined;
      if (held !== undefined)
        return held.then((reused) =>
          reused ? this.reused(spec, path, reused, options) : this.send(spec, options, path),
        );
      return this.send(spec, options, path);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The call sent (see get), unless --offline or the budget refuses it. */
  private send<T>(spec: RequestSpec<T>, options: CallOptions, path: string): Promise<ApiResult<T>> {
    try {
      const offline = this.options.offline?.(spec as RequestSpec<unknown>);
      if (offline !== undefined) throw offline;
      const refusal = this.options.refuse?.(spec as RequestSpec<unknown>);
      const call = () => this.start(spec as RequestSpec<unknown>, options, path);
      const sent = () => (spec.cached === true ? this.identical.run(path, call) : call()) as Promise<ApiResult<T>>;
      // A shared budget reserves the call's price before it is sent: waited for.
      if (refusal instanceof Promise)
        return refusal.then((refused) => (refused === undefined ? sent() : Promise.reject(refused)));
      if (refusal !== undefined) throw refusal;
      return sent();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A held answer as the call's result (held-answer.ts); one that no longer reads as the route's is sent. */
  private async reused<T>(
    spec: RequestSpec<T>,
    path: string,
    held: Reused,
    options: CallOptions,
  ): Promise<ApiResult<T>> {
    const schema = (this.schemas.get(spec.loadSchema) ?? (await spec.loadSchema())) as Schema<unknown>;
    this.schemas.set(spec.loadSchema, schema);
    const { strict = false, now } = this.options;
    const end = heldResult(held, { spec: spec as RequestSpec<unknown>, schema, path, strict, now });
    if (end === undefined) return this.send(spec, options, path);
    this.drift.add(end.drift);
    this.options.debug?.(
      t('notes.debug.stored', { request: `GET ${this.origin}${path}`, at: held.fetchedAt.toISOString() }),
    );
    return end.result as ApiResult<T>;
  }

  /** A call's first attempt, once its route's schema is at hand (loaded once for all its calls). */
  private start(spec: RequestSpec<unknown>, options: CallOptions, path: string): Promise<ApiResult<unknown>> {
    const signal = options.signal ?? this.options.signal;
    if (signal.aborted) return Promise.reject(interrupted());
    const method = spec.method ?? 'GET';
    const schema = this.schemas.get(spec.loadSchema) as Schema<unknown> | undefined;
    if (schema !== undefined) return this.attempt({ spec, schema, options, signal, path, method }, 1);
    return spec.loadSchema().then((loaded) => {
      this.schemas.set(spec.loadSchema, loaded);
      return this.attempt({ spec, schema: loaded, options, signal, path, method }, 1);
    });
  }

  /** Attempt `number` of a call, started; what its end means is read by settle(). */
  private attempt(call: Call, number: number): Promise<ApiResult<unknown>> {
    // The last moment before the request is written: after Ctrl-C nothing more is sent.
    if (call.options.stop?.aborted) return settled(this.conclude(call, number, unsent()));
    const options = this.requests.request(call.spec, call.path, call.method);
    const attempt = new Attempt(this, call, number, this.limits, call.options.claim);
    this.pool ??= new Pool(this.origin, {
      connections: this.connections,
      keepAliveTimeout: 10_000,
      connect: { timeout: this.options.timeoutMs },
    });
    attempt.start(this.pool, options, call.signal);
    return attempt.done;
  }

  /**
   * @internal What an attempt's end means, read as it ends: the call's result, the error it
   * ends with, or the promise of the retry.
   */
  settle(attempt: Attempt<Call>, ended: Answer | SendFailure): Concluded {
    const { call, number } = attempt;
    const { spec, method, path } = call;
    const outcome =
      'bytes' in ended
        ? interpretAnswer(ended, {
            spec,
            schema: call.schema,
            method,
            path,
            attempt: number,
            mask: this.mask,
            strict: this.options.strict === true,
            now: this.options.now,
          })
        : interpretFailure(ended, call.signal.aborted, spec.cost, this.transport, this.mask);
    const request = `${method} ${this.origin}${path}`;
    this.options.debug?.(debugLine(request, ended, outcome, number, attempt.startedAt));
    const { charge } = 'result' in outcome ? outcome.result : outcome;
    if (charge.uncertain && charge.reason !== undefined)
      this.options.debug?.(
        t('notes.debug.uncertain', {
          request,
          credits: t('notes.credits', { n: charge.credits }),
          reason: say(charge.reason),
        }),
      );
    return this.conclude(call, number, outcome);
  }

  /** The retry policy on attempt `number`'s outcome: the result, a retry's promise, or the call's error. */
  private conclude(call: Call, number: number, outcome: AttemptEnd): Concluded {
    const { spec } = call;
    if ('result' in outcome) {
      const { result } = outcome;
      this.drift.add(outcome.drift);
      const { status, body, requestId, charge } = result;
      this.tell({ spec, at: this.options.now(), charge, status, body, requestId, bytes: outcome.seen?.bytes });
      return result;
    }
    const { retries } = this.options;
    const stopped = call.options.stop?.aborted === true;
    const policy = { method: call.method, retries, baseMs: this.options.retryBaseMs ?? 500, stopped };
    const delay = retryDelay(outcome, number, policy, Math.random());
    if (delay === undefined) return this.failed(spec, outcome);
    // The answer just had is dropped: its bytes no longer count against a batch's budget.
    call.options.claim?.drop();
    const { details } = outcome.error;
    // Milliseconds as digits alone, as in debugLine.
    const cause = String(details.status ?? details.code ?? t('notes.debug.connectionFailure'));
    this.options.debug?.(t('notes.debug.retry', { number, retries, ms: String(delay), cause }));
    return this.retry(call, number + 1, outcome, delay);
  }

  /** A call ends with its failure: told to the listeners, given to its caller. */
  private failed(spec: RequestSpec<unknown>, { error, charge, seen }: Failed & { seen?: Seen }): SocialError {
    const { status, requestId, body } = error.details;
    this.tell({
      spec,
      at: this.options.now(),
      charge,
      status: status ?? seen?.status,
      requestId,
      body,
      error,
      bytes: seen?.bytes,
    });
    return error;
  }

  /** Hands a call's record to every listener, in the order they listened. */
  private tell(record: CallRecord): void {
    for (const listener of this.listeners) listener(record);
  }

  /** Attempt `number` after waiting `delay` ms; the failure before it ends the call if the wait is cut short. */
  private async retry(call: Call, number: number, before: Failed, delay: number): Promise<ApiResult<unknown>> {
    const waited = await wait(delay, call.signal, call.options.stop);
    // The call's signal aborted during the wait: it ends interrupted. Ctrl-C (stop): the answer
    // just had is the outcome. Either way nothing more is sent, and nothing more was charged.
    if (waited === 'aborted') throw this.failed(call.spec, unsent(interrupted()));
    if (waited === 'stopped') throw this.failed(call.spec, before);
    return this.attempt(call, number);
  }

  /**
   * At most `count` connections for every request sent from now on, for a batch of `count` calls
   * at a time. Without a limit undici opens a connection for a call dispatched before the last
   * answer's connection is marked free, and a batch ends up with twice as many sockets, each set
   * up and polled. undici fixes a pool's limit when it is made: a pool opened before (a request
   * came first) is taken out of use, its requests under way finishing on it, and the next request
   * opens one that holds the limit.
   */
  limitConnections(count: number): void {
    if (count === this.connections) return;
    this.connections = count;
    if (this.pool !== undefined) this.retired.push(this.pool);
    this.pool = undefined;
  }

  /** Ends the pools' connections. Called when no request is under way: nothing is cut off. */
  async close(): Promise<void> {
    // destroy, not close: close waits for each idle keep-alive socket's graceful end, which a short
    // run pays for connections nothing will use again.
    const pools = this.retired.splice(0);
    if (this.pool !== undefined) pools.push(this.pool);
    this.pool = undefined;
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}

/** --debug's line for an attempt's end: the status or the failure's code, and how long it took. */
function debugLine(request: string, ended: Answer | SendFailure, outcome: AttemptEnd, number: number, started: number) {
  // Milliseconds as digits alone, as a trace is grepped (-> 200 in 1234 ms).
  const common = { request, ms: String(Date.now() - started), attempt: number };
  if ('bytes' in ended) {
    const requestId = 'result' in outcome ? outcome.result.requestId : outcome.error.details.requestId;
    const status = String(ended.statusCode);
    return requestId
      ? t('notes.debug.answeredId', { ...common, status, id: requestId })
      : t('notes.debug.answered', { ...common, status });
  }
  const code = ('error' in outcome ? outcome.error.details.code : undefined) ?? t('notes.debug.noCode');
  return t(ended.written ? 'notes.debug.failedSent' : 'notes.debug.failed', { ...common, code });
}

/**
 * Waits `ms` between attempts: 'waited', or 'stopped' when `stop` aborted first, or 'aborted' when
 * `signal` did.
 */
function wait(
  ms: number,
  signal: AbortSignal,
  stop: AbortSignal | undefined,
): Promise<'waited' | 'stopped' | 'aborted'> {
  if (signal.aborted) return Promise.resolve('aborted');
  if (stop?.aborted) return Promise.resolve('stopped');
  return new Promise((resolve) => {
    const end = (how: 'waited' | 'stopped' | 'aborted') => {
      clearTimeout(timer);
      forgetSignal();
      forgetStop();
      resolve(how);
    };
    const forgetSignal = onAbort(signal, () => end('aborted'));
    const forgetStop = stop ? onAbort(stop, () => end('stopped')) : () => {};
    const timer = setTimeout(end, ms, 'waited');
  });
}
