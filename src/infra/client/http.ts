// The one HTTP client: a keep-alive undici Pool per process, bearer auth, a deadline per attempt, a
// cap on the size of an answer, the retry policy, and every body checked with the shared zod schemas.
// This module (and undici with it) is loaded only when a session opens: commands that send nothing
// never load it.
import { type Dispatcher, errors, Pool } from 'undici';
import type { ZodType } from 'zod';
import type { AnswerCharge, Charge } from '../../domain/charges.js';
import { SocialError } from '../../domain/errors.js';
import { formatBytes } from '../../domain/sizes.js';
import { sanitiseLine } from '../../domain/text.js';
import type { AnswerClaim, PausedReader } from './answer-budget.js';
import { chargeOfAnswer, chargeOfFailure } from './interpret.js';
import type { BodyShape } from './reader.js';
import { DriftLog, driftText, parseBody, readSuccess } from './reader.js';
import { type KeyMask, keyMask } from './redact.js';
import { sayCharge, serviceCode, serviceError } from './service-errors.js';

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
  /** Sees every request before it is sent; an error it returns is thrown and nothing is sent (a budget). */
  refuse?: (spec: RequestSpec<unknown>) => SocialError | undefined;
  /** Runs just before a request is written to its socket (the ledger writes what it holds). */
  beforeWrite?: () => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec<T> {
  /** Path under the base URL, like /api/v1/github/profile. */
  path: string;
  query?: Record<string, string | number | undefined>;
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
  /** The service caches this route's answers (a hit is free): see ApiClient.get. */
  cached?: boolean;
}

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

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

type DispatchController = Dispatcher.DispatchController;

/** A route's schema as its loader gives it (see RequestSpec.loadSchema). */
type Schema<T> = Awaited<ReturnType<RequestSpec<T>['loadSchema']>>;

/** What one attempt came to: the result, or the error it ends with and whether to try again. */
type Outcome<T> = { result: ApiResult<T> } | { error: SocialError; retryable: boolean; retryAfterMs?: number };

/**
 * How a call ends once an attempt has: its result, a retry's promise, or its error, given back and
 * not thrown. A throw in an event-loop callback costs V8 a walk of the stack and the message an
 * uncaught exception is reported with, made whatever catches it, which a batch of inputs that fail
 * (404s) would pay once an input.
 */
type Concluded = ApiResult<unknown> | Promise<ApiResult<unknown>> | SocialError;

/** A concluded call as a promise: its error a rejection. */
function settled(concluded: Concluded): Promise<ApiResult<unknown>> {
  return concluded instanceof SocialError ? Promise.reject(concluded) : Promise.resolve(concluded);
}

/** One attempt's request. */
interface Outgoing {
  pool: Pool;
  options: Dispatcher.DispatchOptions;
  path: string;
  method: HttpMethod;
  /** When it was made, for --debug. */
  started: number;
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

/** How a call is made: see ApiClient.get. */
export interface CallOptions {
  signal?: AbortSignal;
  stop?: AbortSignal;
  claim?: AnswerClaim;
}

/** One call of get(), as its attempts share it. */
interface Call {
  spec: RequestSpec<unknown>;
  schema: Schema<unknown>;
  options: CallOptions;
  /** What ends it: its options' signal, else the client's. */
  signal: AbortSignal;
  /** Its path and query, as sent. */
  path: string;
  /** Its entry among a cached route's calls under way, which identical calls wait for. */
  held: UnderWay | undefined;
}

/**
 * A cached route's call under way (see ApiClient.get): what an identical call waits for. Made
 * for every such call; its promise only when one waits.
 */
class UnderWay {
  private waited: Promise<boolean> | undefined;
  private release: ((answered: boolean) => void) | undefined;

  constructor(readonly path: string) {}

  /**
   * Settles when the call has ended, however it ended: true when it had an answer, which the
   * service now holds cached.
   */
  ended(): Promise<boolean> {
    this.waited ??= new Promise<boolean>((resolve) => {
      this.release = resolve;
    });
    return this.waited;
  }

  /** Whether an identical call waited for it: the path is repeated in this run. */
  get waitedFor(): boolean {
    return this.waited !== undefined;
  }

  end(answered: boolean): void {
    this.release?.(answered);
  }
}

/**
 * A client's calls of a cached route under way, each by its path. No more than the calls a batch
 * runs at a time (64 at most), so a list looked through from the start, its slots reused. Not a
 * Map: a batch's thousands of paths coming and going would make it a new table every few dozen,
 * and V8 links a table it replaces to the next one; once a replaced table has lived into the old
 * generation, every young-generation GC until the next full one counts all the tables after it,
 * and the calls in them, as alive, and copies them (a 50,000-input batch doubled its young
 * generation for that alone).
 */
class CallsUnderWay {
  private readonly calls: (UnderWay | undefined)[] = [];

  find(path: string): UnderWay | undefined {
    for (let at = 0; at < this.calls.length; at += 1) if (this.calls[at]?.path === path) return this.calls[at];
    return undefined;
  }

  add(call: UnderWay): void {
    const free = this.calls.indexOf(undefined);
    if (free === -1) this.calls.push(call);
    else this.calls[free] = call;
  }

  remove(call: UnderWay): void {
    const at = this.calls.indexOf(call);
    if (at !== -1) this.calls[at] = undefined;
  }
}

/**
 * How many repeated paths a client remembers as answered (see ApiClient.answeredPaths): a bound,
 * so a batch of any length keeps a set of the same size.
 */
const REMEMBERED_PATHS = 1024;

/** What bounds each attempt of a client: the same for all of them, made once. */
interface AttemptLimits {
  /** From connect to the last byte of the answer. */
  deadlineMs: number;
  maxBodyBytes: number;
  /** The client's attempts under way, by deadline. */
  deadlines: Deadlines;
}

/**
 * The deadlines of a client's attempts under way, with one timer for them all: each attempt is
 * linked into a list in the order of its deadline, so a call costs no timer object of its own (a
 * batch's young-generation GCs would copy each one, and Node's timer lists relink them). The
 * timer is set for the earliest deadline; an attempt that ends leaves the list, and the timer,
 * once it fires, ends those past their deadline and is set again for the next. Attempts start
 * with the same deadline, so each joins at the end; one resumed after a pause (the rest of its
 * deadline) is placed by its own.
 */
class Deadlines {
  private first: Attempt | undefined;
  private last: Attempt | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires, in clock() time. */
  private timerAt = 0;

  /** `attempt` ends at its deadlineAt unless it leaves the list first. */
  add(attempt: Attempt): void {
    this.remove(attempt);
    let before = this.last;
    while (before !== undefined && before.deadlineAt > attempt.deadlineAt) before = before.earlier;
    const after = before === undefined ? this.first : before.later;
    attempt.earlier = before;
    attempt.later = after;
    attempt.listed = true;
    if (before === undefined) this.first = attempt;
    else before.later = attempt;
    if (after === undefined) this.last = attempt;
    else after.earlier = attempt;
    if (this.timer === undefined || attempt.deadlineAt < this.timerAt) this.arm(attempt.deadlineAt);
  }

  remove(attempt: Attempt): void {
    if (!attempt.listed) return;
    const { earlier, later } = attempt;
    if (earlier === undefined) this.first = later;
    else earlier.later = later;
    if (later === undefined) this.last = earlier;
    else later.earlier = earlier;
    attempt.earlier = undefined;
    attempt.later = undefined;
    attempt.listed = false;
    // Nothing left to time: no timer keeps the process waiting.
    if (this.first === undefined && this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private arm(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(expireDue, Math.max(0, at - clock()), this);
  }

  /** @internal The timer fired: ends every attempt past its deadline, and times the next. */
  expireDue(): void {
    this.timer = undefined;
    const now = clock();
    for (let attempt = this.first; attempt !== undefined && attempt.deadlineAt <= now; attempt = this.first) {
      this.remove(attempt);
      attempt.stop(new Error('deadline passed'), 'deadline');
    }
    if (this.first !== undefined && this.timer === undefined) this.arm(this.first.deadlineAt);
  }
}

/**
 * The time deadlines are kept in, in ms: monotonic, as the timer that ends them is. The wall clock
 * (Date.now) may be set back while a call waits (NTP, a virtual machine resumed): a deadline on it
 * would be stretched by the step, and a call to a server that never answers wait that much longer.
 */
function clock(): number {
  // process.hrtime, not performance.now: the first touch of `performance` loads perf_hooks.
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}

function expireDue(deadlines: Deadlines): void {
  deadlines.expireDue();
}

/**
 * The bytes of an answer, never more than `max`, in one buffer made at the first byte with the
 * declared Content-Length, or grown by doubling: each chunk is copied in and dropped at once, so
 * an answer sent in tiny chunks costs what its bytes do, not a Buffer object a chunk. An answer
 * that comes whole in one chunk is kept as it came.
 */
/** The most memory beside an answer's bytes that a chunk kept as it came may hold. */
const READ_BESIDES = 4096;

export class CappedBody {
  private bytes: Buffer | undefined;
  private size = 0;
  /** The declared Content-Length, 0 when none was. */
  declared = 0;

  constructor(private readonly max: number) {}

  /** Takes the declared Content-Length (NaN when none); false when it is over the cap. */
  expect(declared: number): boolean {
    if (declared > this.max) return false;
    if (Number.isInteger(declared) && declared > 0) this.declared = declared;
    return true;
  }

  /** False when the answer has grown past the cap: nothing more is kept. */
  add(chunk: Buffer): boolean {
    const size = this.size + chunk.length;
    if (size > this.max) {
      this.drop();
      return false;
    }
    // The whole declared answer in one chunk (most are, in the one read of their socket): no buffer
    // to make and fill. Not when the memory under it is much larger (a slab of Node's shared pool,
    // say): the read it came in holds only the status line and the headers besides.
    if (this.bytes === undefined && size === this.declared && chunk.buffer.byteLength - size <= READ_BESIDES) {
      this.bytes = chunk;
      this.size = size;
      return true;
    }
    if (this.bytes === undefined || size > this.bytes.length) {
      // The declared length, else at least 16 KiB; never past the cap. Never from Node's shared
      // pool: a small answer kept would keep its whole slab. Not 16 KiB for an answer that declared
      // less: a batch of small answers would hold that much for each until a GC.
      const least = this.declared > 0 && this.bytes === undefined ? this.declared : 16_384;
      const capacity = Math.max(size, 2 * (this.bytes?.length ?? 0), least);
      const grown = Buffer.allocUnsafeSlow(Math.min(this.max, capacity));
      this.bytes?.copy(grown, 0, 0, this.size);
      this.bytes = grown;
    }
    chunk.copy(this.bytes, this.size);
    this.size = size;
    return true;
  }

  /** The answer's bytes, given up: this body holds nothing after. */
  take(): Buffer {
    const { bytes, size } = this;
    this.drop();
    if (bytes === undefined) return Buffer.alloc(0);
    // Most answers fill the buffer of their declared length: then it is the answer, not a view.
    return size === bytes.length ? bytes : bytes.subarray(0, size);
  }

  drop(): void {
    this.bytes = undefined;
    this.size = 0;
  }
}

/**
 * One attempt of a call, a GET on the pool through undici's dispatch API, and undici's handler of
 * its request: one object an attempt, its methods on the prototype, where closures for each
 * callback would cost a batch an allocation apiece. It is the body it reads (a CappedBody), the
 * listener in its signal's abort slots, and an entry in its client's deadlines. undici calls
 * onRequestStart just before it writes the request to the socket (in the same turn), so a failure
 * before it means the request was never sent, and one after it may follow a charge. The deadline
 * runs from connect to the last byte; the answer's bytes are counted as they arrive and never kept
 * past the cap. `beforeWrite` runs in onRequestStart, when the request is about to be written.
 *
 * It ends once, with the answer or with a SendFailure that says whether the request was written,
 * and its client reads that end at once (ApiClient.settle): `done` is the call's result, the
 * error it ends with, or the retry's promise. Nothing else waits while a call is under way.
 */
class Attempt extends CappedBody implements Dispatcher.DispatchHandler, AbortListener, PausedReader {
  readonly done: Promise<ApiResult<unknown>>;
  private resolve!: (result: ApiResult<unknown> | Promise<ApiResult<unknown>>) => void;
  private reject!: (error: unknown) => void;
  /** Set in onRequestStart, just before undici writes the request: from then on it may be charged. */
  private written = false;
  private settled = false;
  private controller: DispatchController | undefined;
  private statusCode = 0;
  private headers: Answer['headers'] | undefined;
  private readonly deadlineMs: number;
  private readonly deadlines: Deadlines;
  // The deadline is the server's: time spent paused by the batch's memory budget does not count.
  /** @internal When the deadline passes, in clock() time. */
  deadlineAt = 0;
  /** @internal The attempts before and after this one in its client's Deadlines, while listed. */
  earlier: Attempt | undefined;
  /** @internal */
  later: Attempt | undefined;
  /** @internal */
  listed = false;
  /** What was left of the deadline when the budget paused the reading. */
  private left = 0;
  private aborts: AbortSlots | undefined;
  private slot = 0;

  private readonly claim: AnswerClaim | undefined;

  constructor(
    private readonly client: ApiClient,
    /** @internal The call, as ApiClient.settle reads its end. */
    readonly call: Call,
    /** @internal */
    readonly request: Outgoing,
    /** @internal Which attempt of the call, from 1. */
    readonly number: number,
    limits: AttemptLimits,
    private readonly beforeWrite: (() => void) | undefined,
  ) {
    super(limits.maxBodyBytes);
    this.claim = call.options.claim;
    this.deadlineMs = limits.deadlineMs;
    this.deadlines = limits.deadlines;
    this.done = new Promise<ApiResult<unknown>>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  start(pool: Pool, options: Dispatcher.DispatchOptions, signal: AbortSignal): void {
    if (signal.aborted) {
      this.stop(signal.reason);
      return;
    }
    this.deadlineAt = clock() + this.deadlineMs;
    this.deadlines.add(this);
    this.aborts = AbortSlots.of(signal);
    this.slot = this.aborts.add(this);
    pool.dispatch(options, this);
  }

  /** Ctrl-C: the signal aborted. */
  onAbort(reason: unknown): void {
    this.stop(reason);
  }

  onRequestStart(controller: DispatchController): void {
    this.controller = controller;
    // Ended while connecting: aborted here, undici does not write the request.
    if (this.settled) controller.abort(new Error('attempt ended before the request was sent'));
    else {
      this.beforeWrite?.();
      this.written = true;
    }
  }

  onResponseStart(controller: DispatchController, status: number, headers: Answer['headers']): void {
    this.statusCode = status;
    this.headers = headers;
    if (!this.expect(Number(headers['content-length']))) this.tooLarge();
    // A declared length counts against a batch's budget at once (its buffer is made with the
    // first byte): a call held back sets nothing aside until it may go on.
    else if (this.claim !== undefined && this.declared > 0 && !this.claim.add(this.declared, this))
      this.pause(controller);
  }

  onResponseData(controller: DispatchController, chunk: Buffer): void {
    if (this.settled) return;
    if (!this.add(chunk)) this.tooLarge();
    else if (this.claim !== undefined && this.declared === 0 && !this.claim.add(chunk.length, this))
      this.pause(controller);
  }

  onResponseEnd(): void {
    if (this.end()) this.settle({ statusCode: this.statusCode, headers: this.headers ?? {}, bytes: this.take() });
  }

  onResponseError(_controller: DispatchController, error: Error): void {
    if (!this.end()) return;
    this.claim?.drop();
    this.settle(this.failure(error));
  }

  /**
   * The budget lets the reading go on: later, not now, for it may say so inside another answer's
   * data callback, and undici cannot resume one socket's parser while another's runs.
   */
  readAgain(): void {
    setImmediate(resume, this);
  }

  /** @internal */
  resumeNow(): void {
    if (this.settled) return;
    this.deadlineAt = clock() + this.left;
    this.deadlines.add(this);
    this.controller?.resume();
  }

  private tooLarge(): void {
    this.stop(new Error('answer too large'), 'too_large');
  }

  /** The budget holds the reading: so does the deadline. */
  private pause(controller: DispatchController): void {
    this.deadlines.remove(this);
    this.left = Math.max(0, this.deadlineAt - clock());
    controller.pause();
  }

  /** Ends the attempt from our side: the request is aborted (if it has started) and forgotten. */
  stop(cause: unknown, limit?: SendFailure['limit']): void {
    if (!this.end()) return;
    this.drop();
    this.claim?.drop();
    // The reason (undici types it as an Error) is never read back: the failure says what happened.
    this.controller?.abort(cause as Error);
    this.settle(this.failure(cause, limit));
  }

  /** What the end means, read by the client: never thrown into undici's callbacks. */
  private settle(ended: Answer | SendFailure): void {
    try {
      const concluded = this.client.settle(this, ended);
      if (concluded instanceof SocialError) this.reject(concluded);
      else this.resolve(concluded);
    } catch (error) {
      this.reject(error);
    }
  }

  private failure(cause: unknown, limit?: SendFailure['limit']): SendFailure {
    const failure: SendFailure = { cause, written: this.written };
    if (limit !== undefined) failure.limit = limit;
    if (this.headers !== undefined) failure.head = { statusCode: this.statusCode, headers: this.headers };
    return failure;
  }

  /** False when the attempt had already ended; else it ends now, and nothing else holds it. */
  private end(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.deadlines.remove(this);
    this.aborts?.remove(this.slot, this);
    return true;
  }
}

function resume(attempt: Attempt): void {
  attempt.resumeNow();
}

interface AbortListener {
  onAbort(reason: unknown): void;
}

/**
 * The listeners of one signal, in reusable slots. A slot is emptied when its call ends, so nothing
 * keeps a finished call reachable: an EventTarget listener a call (or a Set of them) would leave
 * list nodes or rehashed tables that do, and a batch's young-generation GCs then copy every
 * finished call onwards (measured: ~2 MB promoted a scavenge, ~12% of a 5,000-input batch, and a
 * heap that grows with the input). Node also warns past ten listeners on one signal.
 */
class AbortSlots {
  private static readonly bySignal = new WeakMap<AbortSignal, AbortSlots>();
  private readonly slots: Array<AbortListener | undefined> = [];
  private readonly free: number[] = [];

  /** The slots of `signal`, which has not aborted. */
  static of(signal: AbortSignal): AbortSlots {
    let slots = AbortSlots.bySignal.get(signal);
    if (slots === undefined) {
      slots = new AbortSlots(signal);
      AbortSlots.bySignal.set(signal, slots);
    }
    return slots;
  }

  private constructor(signal: AbortSignal) {
    signal.addEventListener(
      'abort',
      () => {
        for (const listener of this.slots) listener?.onAbort(signal.reason);
      },
      { once: true },
    );
  }

  /** The slot `listener` is in until remove(). */
  add(listener: AbortListener): number {
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = listener;
    return slot;
  }

  /** Empties `slot` if `listener` is still in it: removing twice never frees another's slot. */
  remove(slot: number, listener: AbortListener): void {
    if (this.slots[slot] !== listener) return;
    this.slots[slot] = undefined;
    this.free.push(slot);
  }
}

/**
 * Calls `listener` when `signal` (not aborted yet) aborts; returns the function that forgets it.
 * For a wait between attempts; an attempt is its own listener.
 */
function onAbort(signal: AbortSignal, listener: (reason: unknown) => void): () => void {
  const slots = AbortSlots.of(signal);
  const entry = { onAbort: listener };
  const slot = slots.add(entry);
  return () => slots.remove(slot, entry);
}

// Failures to connect (the request was never sent, so nothing can have been charged) that may
// pass next time. A certificate or an argument refused will not.
const RETRYABLE_CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const RETRYABLE_STATUSES = new Set([502, 503]);
const MAX_BACKOFF_MS = 8000;
const MAX_RETRY_AFTER_MS = 60_000;

export class ApiClient {
  /** Opened at the first request (the first after limitConnections changed the limit). */
  private pool: Pool | undefined;
  /** Pools limitConnections took out of use, their requests under way finishing: ended at close(). */
  private readonly retired: Pool[] = [];
  /** The most connections the pool opens; none: as many as calls under way. */
  private connections: number | undefined;
  private readonly origin: string;
  private readonly basePath: string;
  /** What drifted from the documented shape over this client's answers: one note a run. */
  private readonly drift = new DriftLog();
  /**
   * Each schema as its loader gave it, by loader: a route's request built by one loader (a batch's
   * thousands) waits for its schema once, not once a call.
   */
  private readonly schemas = new WeakMap<RequestSpec<unknown>['loadSchema'], unknown>();
  /** The headers of a request without a body, with the key and without: the same every call. */
  private readonly bodiless: { withKey?: Record<string, string>; withoutKey?: Record<string, string> } = {};
  /**
   * The key's search and mask in each answer (see redact.ts), made for the first answer: a run
   * that sends nothing (--dry-run) does not pay for its patterns.
   */
  private madeMask: KeyMask | undefined | null = null;
  /** What bounds every attempt, with the deadlines of those under way. */
  private readonly limits: AttemptLimits;
  /** A cached route's calls under way, by path and query. */
  private readonly underWay = new CallsUnderWay();
  /**
   * Repeated paths of a cached route that have had an answer in this run, which the service now
   * holds cached: their calls go at once, as cache hits, not one at a time. At most
   * REMEMBERED_PATHS, the oldest forgotten first (a forgotten one only waits again).
   */
  private readonly answeredPaths = new Set<string>();
  /** Who hears each call's record (see listen). */
  private readonly listeners: CallListener[] = [];

  constructor(private readonly options: ClientOptions) {
    this.limits = { deadlineMs: options.timeoutMs, maxBodyBytes: options.maxBodyBytes, deadlines: new Deadlines() };
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
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
    return `${this.origin}${this.pathOf(spec)}`;
  }

  /** A request's path and query, as sent. */
  private pathOf(spec: Pick<RequestSpec<unknown>, 'path' | 'query'>): string {
    let search = '';
    const query = spec.query ?? {};
    // Not Object.entries: an array of arrays a call, for a query of one or two names.
    for (const name in query) {
      const value = query[name];
      if (value !== undefined)
        search += `${search === '' ? '?' : '&'}${formEncoded(name)}=${formEncoded(String(value))}`;
    }
    return `${this.basePath}${spec.path}${search}`;
  }

  /** The headers of a request: made once for every request without a body (undici only reads them). */
  private headersOf(spec: RequestSpec<unknown>, payload: string | undefined): Record<string, string> {
    const withKey = spec.auth && this.options.apiKey !== undefined;
    if (payload === undefined) {
      const cached = withKey ? this.bodiless.withKey : this.bodiless.withoutKey;
      if (cached !== undefined) return cached;
    }
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'social-cli' };
    if (withKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    else if (withKey) this.bodiless.withKey = headers;
    else this.bodiless.withoutKey = headers;
    return headers;
  }

  /**
   * The request (a GET unless the spec says otherwise) with the retry policy. `signal` replaces the session's for this call: a batch lets calls
   * already under way finish after Ctrl-C (they may be charged), so it passes one of its own, and
   * passes Ctrl-C as `stop`: no attempt is sent after it, and a wait to retry ends at once. A
   * batch's `claim` counts the answer's bytes against its memory budget, and pauses the reading
   * when the budget says so. A call under way is its attempt alone: no function waits on it, so a
   * batch's calls each keep one object alive, not a suspended frame and promises besides.
   */
  get<T>(spec: RequestSpec<T>, options: CallOptions = {}): Promise<ApiResult<T>> {
    try {
      const refusal = this.options.refuse?.(spec as RequestSpec<unknown>);
      if (refusal !== undefined) throw refusal;
      const path = this.pathOf(spec);
      // The service caches answers of this route, but a call that comes while an identical one is
      // still under way (a batch's repeated input) would miss that cache and be charged again: it
      // waits for the one under way to end, and is then a cache hit.
      let held: UnderWay | undefined;
      if (spec.cached === true && !this.answeredPaths.has(path)) {
        const earlier = this.underWay.find(path);
        if (earlier !== undefined)
          return this.after(earlier, spec as RequestSpec<unknown>, options, path) as Promise<ApiResult<T>>;
        held = new UnderWay(path);
        this.underWay.add(held);
      }
      return this.start(spec as RequestSpec<unknown>, options, path, held) as Promise<ApiResult<T>>;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A call identical to one under way: made once that one has ended. One that ended without an
   * answer left nothing cached: the calls that waited for it go one at a time again, not all at
   * once (the first to look is the call under way, the others wait for it).
   */
  private async after(
    earlier: UnderWay,
    spec: RequestSpec<unknown>,
    options: CallOptions,
    path: string,
  ): Promise<ApiResult<unknown>> {
    let waited = earlier;
    while (!(await waited.ended())) {
      const next = this.underWay.find(path);
      if (next === undefined) {
        const held = new UnderWay(path);
        this.underWay.add(held);
        return this.start(spec, options, path, held);
      }
      waited = next;
    }
    return this.start(spec, options, path, undefined);
  }

  /** A call's first attempt, once its route's schema is at hand (loaded once for all its calls). */
  private start(
    spec: RequestSpec<unknown>,
    options: CallOptions,
    path: string,
    held: UnderWay | undefined,
  ): Promise<ApiResult<unknown>> {
    const signal = options.signal ?? this.options.signal;
    if (signal.aborted) {
      this.ended(path, held);
      return Promise.reject(interrupted());
    }
    const schema = this.schemas.get(spec.loadSchema) as Schema<unknown> | undefined;
    if (schema === undefined) return this.loadThenAttempt(spec, options, signal, path, held);
    return this.attempt({ spec, schema, options, signal, path, held }, 1);
  }

  private async loadThenAttempt(
    spec: RequestSpec<unknown>,
    options: CallOptions,
    signal: AbortSignal,
    path: string,
    held: UnderWay | undefined,
  ): Promise<ApiResult<unknown>> {
    let schema: Schema<unknown>;
    try {
      schema = await spec.loadSchema();
    } catch (error) {
      this.ended(path, held);
      throw error;
    }
    this.schemas.set(spec.loadSchema, schema);
    return this.attempt({ spec, schema, options, signal, path, held }, 1);
  }

  /** A call has ended (`answered`: with an answer): identical calls waiting for it go on. */
  private ended(path: string, held: UnderWay | undefined, answered = false): void {
    if (held === undefined) return;
    this.underWay.remove(held);
    if (answered && held.waitedFor) {
      this.answeredPaths.add(path);
      if (this.answeredPaths.size > REMEMBERED_PATHS)
        this.answeredPaths.delete(this.answeredPaths.values().next().value as string);
    }
    held.end(answered);
  }

  /**
   * Attempt `number` of a call, started; what its end means is read by settle(). Whatever it
   * throws ends the call, so identical calls waiting for it go on.
   */
  private attempt(call: Call, number: number): Promise<ApiResult<unknown>> {
    try {
      const request = this.request(call.spec, call.path);
      // The last moment before the request is written: after Ctrl-C nothing more is sent.
      if (call.options.stop?.aborted)
        return settled(this.conclude(call, number, { error: notSent(), retryable: false }));
      const attempt = new Attempt(this, call, request, number, this.limits, this.options.beforeWrite);
      attempt.start(request.pool, request.options, call.signal);
      return attempt.done;
    } catch (error) {
      this.ended(call.path, call.held);
      return Promise.reject(error);
    }
  }

  /**
   * @internal What an attempt's end means, read as it ends: the call's result, the error it
   * throws, or the promise of the retry.
   */
  settle(attempt: Attempt, ended: Answer | SendFailure): Concluded {
    const { call, request, number } = attempt;
    let outcome: Outcome<unknown>;
    try {
      outcome =
        'bytes' in ended
          ? this.answered(call.spec, call.schema, ended, request, number)
          : this.unanswered(ended, request, number, call.signal);
    } catch (error) {
      // An answer that came but could not be read (a fault of ours on a hostile one) may have
      // been charged: the call fails as an answer not understood, counted and recorded so.
      if (!('bytes' in ended)) {
        this.ended(call.path, call.held);
        throw error;
      }
      const why = `it could not be read (${error instanceof Error ? error.message : String(error)})`;
      outcome = { error: notUnderstood(why, undefined), retryable: false };
    }
    return this.conclude(call, number, outcome);
  }

  /** The retry policy on attempt `number`'s outcome: the result, a retry's promise, or the call's error. */
  private conclude(call: Call, number: number, outcome: Outcome<unknown>): Concluded {
    const { spec } = call;
    const { retries } = this.options;
    // A method other than GET may act, and charge, on any attempt the service received: sent once.
    const once = (spec.method ?? 'GET') !== 'GET';
    if ('result' in outcome) {
      const { result } = outcome;
      this.ended(call.path, call.held, true);
      const { status, body, requestId, charge } = result;
      this.tell({ spec, at: this.options.now(), charge, status, body, requestId });
      return result;
    }
    // What the failure counts as charged, decided once: whether it is sent again, what its
    // message says of money, and what the budget, the ledger and the ceiling count all follow it.
    const charge = chargeOfFailure(outcome.error, spec.cost ?? 1);
    // Only what the service says it did not do is sent again: an answer stating credits used
    // (a 503 that says it took 1) was charged, and a retry would be charged again.
    const free = charge.credits === 0 && !charge.uncertain;
    if (number <= retries && outcome.retryable && free && !once && !call.options.stop?.aborted) {
      // The answer just had is dropped: its bytes no longer count against a batch's budget.
      call.options.claim?.drop();
      const delay = this.backoff(number, outcome.retryAfterMs);
      this.options.debug?.(
        `retry ${number}/${retries} in ${delay} ms after ${outcome.error.details.status ?? outcome.error.details.code ?? 'connection failure'}`,
      );
      return this.retry(call, number + 1, outcome.error, delay);
    }
    this.ended(call.path, call.held, false);
    return this.failed(spec, outcome.error, charge);
  }

  /** A call ends with `error`, counted as `charge`: said on it, and told to the listeners. */
  private failed(spec: RequestSpec<unknown>, error: SocialError, charge: Charge): SocialError {
    sayCharge(error, charge);
    error.details.charge = charge;
    const { status, requestId, body } = error.details;
    this.tell({ spec, at: this.options.now(), charge, status, requestId, body, error });
    return error;
  }

  /** Hands a call's record to every listener, in the order they listened. */
  private tell(record: CallRecord): void {
    for (const listener of this.listeners) listener(record);
  }

  /**
   * `listener` hears the record of every call from now on (see CallRecord); returns the function
   * that stops it.
   */
  listen(listener: CallListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at !== -1) this.listeners.splice(at, 1);
    };
  }

  /** Attempt `number` after waiting `delay` ms. */
  private async retry(call: Call, number: number, error: SocialError, delay: number): Promise<ApiResult<unknown>> {
    let waited: boolean;
    try {
      waited = await sleep(delay, call.signal, call.options.stop);
    } catch (ending) {
      // The call's signal aborted during the wait: it ends interrupted, nothing more sent.
      this.ended(call.path, call.held);
      throw ending instanceof SocialError ? this.failed(call.spec, ending, FREE) : ending;
    }
    // Ctrl-C during the wait: the answer just had is the outcome, and nothing more is sent.
    if (!waited) {
      this.ended(call.path, call.held);
      throw this.failed(call.spec, error, FREE);
    }
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

  private backoff(attempt: number, retryAfterMs: number | undefined): number {
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
    const step = Math.min(MAX_BACKOFF_MS, (this.options.retryBaseMs ?? 500) * 2 ** (attempt - 1));
    // Equal jitter: half fixed, half random, so many clients do not retry in step.
    return Math.round(step / 2 + Math.random() * (step / 2));
  }

  /** An attempt's request, as undici takes it, and when it was made (for --debug). */
  private request(spec: RequestSpec<unknown>, path: string): Outgoing {
    this.pool ??= new Pool(this.origin, {
      connections: this.connections,
      keepAliveTimeout: 10_000,
      connect: { timeout: this.options.timeoutMs },
    });
    const method = spec.method ?? 'GET';
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    return {
      pool: this.pool,
      options: {
        path,
        method,
        headers: this.headersOf(spec, payload),
        body: payload,
        // The attempt's own deadline covers connect to last byte; undici's timers would only
        // repeat it, and each request's is an object kept until undici's next timer tick.
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      path,
      method,
      // Date.now, not performance.now: the first touch of `performance` loads perf_hooks.
      started: Date.now(),
    };
  }

  /** What an attempt that ended without an answer means. */
  private unanswered(
    failure: SendFailure,
    { method, path, started }: Outgoing,
    attempt: number,
    signal: AbortSignal,
  ): Outcome<never> {
    const outcome = this.transportError(failure, signal);
    // The status line and headers that came before the answer was cut off (social api --include),
    // the key masked in them as in any answer's.
    const head = failure.head;
    if (head !== undefined) {
      const cut = { ...head, bytes: EMPTY };
      const response = this.mask?.clean(cut, undefined, false).response ?? cut;
      outcome.error.details.answer = { status: response.statusCode, headers: response.headers };
    }
    this.options.debug?.(
      `${method} ${this.origin}${path} -> ${outcome.error.details.code ?? 'failed'}${failure.written ? ' after the request was sent' : ''} in ${Date.now() - started} ms (attempt ${attempt})`,
    );
    return outcome;
  }

  /** What an answer means, read, checked and cleaned of the key. */
  private answered<T>(
    spec: RequestSpec<T>,
    schema: Schema<T>,
    answered: Answer,
    { method, path, started }: Outgoing,
    attempt: number,
  ): Outcome<T> {
    const status = answered.statusCode;
    const mask = this.mask;
    const parsed = parseBody(answered.bytes, mask?.inText);
    const unreadable = parsed.why;
    const { response, body } = mask?.clean(answered, parsed.value, parsed.found) ?? {
      response: answered,
      body: parsed.value,
    };
    const requestId = requestIdOf(body, response.headers);
    this.options.debug?.(
      `${method} ${this.origin}${path} -> ${status} in ${Date.now() - started} ms${requestId ? ` request_id=${requestId}` : ''} (attempt ${attempt})`,
    );
    const outcome = this.read(spec, schema, { method, path, attempt, response, body, unreadable, requestId });
    // A failure that came with an answer keeps its status line and headers (social api --include).
    if ('error' in outcome) outcome.error.details.answer = { status, headers: response.headers };
    return outcome;
  }

  /** What an answer means: the result, or the error it says (retryable or not). */
  private read<T>(
    spec: RequestSpec<T>,
    schema: Schema<T>,
    answer: {
      method: string;
      path: string;
      attempt: number;
      response: Answer;
      body: unknown;
      /** Why there is no body (undefined): not JSON, or nested too deep. */
      unreadable?: string;
      requestId?: string;
    },
  ): Outcome<T> {
    const { method, path, attempt, response, body, unreadable, requestId } = answer;
    const status = response.statusCode;

    if (status >= 200 && status < 300 && !(spec.shape !== 'archive' && isFailedEnvelope(body))) {
      if (body === undefined)
        return { error: notUnderstood(unreadable ?? 'the body is not JSON', requestId), retryable: false };
      const reading = readSuccess(spec.shape, typeof schema === 'function' ? schema(body) : schema, body);
      if (!reading.ok) return { error: notUnderstood(reading.why, requestId, body), retryable: false };
      if (this.options.strict && reading.drift.length > 0) {
        return {
          error: notUnderstood(`--strict: the service sent ${driftText(reading.drift)}`, requestId, body),
          retryable: false,
        };
      }
      this.drift.add(reading.drift);
      return {
        result: {
          status,
          body: reading.body,
          headers: response.headers,
          requestId,
          attempts: attempt,
          charge: chargeOfAnswer(reading.body, spec.cost),
        },
      };
    }
    const allow = response.headers.allow;
    const now = this.options.now();
    const error = serviceError(status, body, requestId, now, {
      method,
      path: pathOnly(path),
      allow: typeof allow === 'string' ? allow : undefined,
    });
    if (status >= 200 && status < 300 && serviceCode(body) === undefined) {
      return {
        error: notUnderstood('the envelope says it failed but carries no error type', requestId, body),
        retryable: false,
      };
    }
    return {
      error,
      retryable: RETRYABLE_STATUSES.has(status),
      retryAfterMs: retryAfter(response.headers['retry-after'], now),
    };
  }

  private transportError(failure: SendFailure, signal: AbortSignal): { error: SocialError; retryable: boolean } {
    const { cause, written, limit } = failure;
    // Stopped once the request was written: the service may have charged it, as after a timeout,
    // so the spend ledger counts it (uncertain) and the user is told.
    if (signal.aborted) return { error: written ? interruptedAfterSending() : interrupted(), retryable: false };
    const code = (cause as { code?: string }).code;
    const seconds = this.options.timeoutMs / 1000;
    if (limit === 'too_large') {
      return {
        error: new SocialError(
          'badResponse',
          `the answer is larger than ${formatBytes(this.options.maxBodyBytes)}: aborted`,
          {
            code: 'too_large',
            maybeCharged: true,
            suggestion:
              'Not retried: the service may have charged the call. If an answer this large is expected, raise --max-body (or SOCIAL_MAX_BODY).',
          },
        ),
        retryable: false,
      };
    }
    // The service answered, in bytes undici's parser refuses (a control byte in a header, say):
    // an answer not understood, not a broken network, and as chargeable as any other answer.
    const refused = written ? refusedBytes(cause, failure.head !== undefined) : undefined;
    if (refused !== undefined) {
      return {
        error: new SocialError(
          'badResponse',
          `the answer could not be read: ${refused.what} (the call may have been charged)`,
          {
            code: 'malformed_answer',
            maybeCharged: true,
            suggestion: `Not retried: the service may have charged the call.${refused.said}`,
          },
        ),
        retryable: false,
      };
    }
    const timedOut = limit === 'deadline' || code === 'UND_ERR_CONNECT_TIMEOUT';
    if (written) {
      // The service may have received the request, and charged it: never sent again.
      return {
        error: new SocialError(
          'network',
          timedOut
            ? `no complete answer within ${seconds} s (the call may have been charged)`
            : 'the connection broke after the request was sent (the call may have been charged)',
          {
            code: timedOut ? 'timeout' : (code ?? 'connection_broken'),
            maybeCharged: true,
            suggestion: timedOut
              ? 'Not retried: the service may have charged the call. Raise --timeout if the service is slow.'
              : 'Not retried: the service may have charged the call.',
          },
        ),
        retryable: false,
      };
    }
    if (timedOut) {
      return {
        error: new SocialError('network', `cannot reach ${this.origin}: no connection within ${seconds} s`, {
          code: 'connect_timeout',
          suggestion: 'Check the base URL (`social config get base-url`) and the network.',
        }),
        retryable: true,
      };
    }
    const detail = sanitiseLine((cause as Error)?.message ?? String(cause));
    return {
      error: new SocialError('network', `cannot reach ${this.origin}: ${detail}`, {
        code: code ?? 'network',
        suggestion: 'Check the base URL (`social config get base-url`) and the network.',
      }),
      retryable: code !== undefined && RETRYABLE_CONNECT_CODES.has(code),
    };
  }
}

const EMPTY = Buffer.alloc(0);

/** What a call costs that the service said it did not do: only such a call is retried. */
const FREE: Charge = { credits: 0, uncertain: false };

/**
 * Why undici refused the bytes of an answer, and its parser's reason (sanitised, for the
 * suggestion), or undefined when the failure is not that. Two of undici's errors are not what they
 * seem. Its parser's "Invalid EOF state" is the connection closing or reset before a chunked body
 * ended (a body cut off, as one with a Content-Length is): a broken connection. And once a
 * Content-Length header has been read, a head the parser refuses after it is reported as a length
 * mismatch, the parser's reason lost: with no head read whole, that mismatch is a malformed head.
 * A head larger than undici reads (Node's --max-http-header-size) is an answer too, as one larger
 * than --max-body is. So is a status undici will not take for a GET (100 Continue, 101 Switching
 * Protocols), which it reports as a socket's "bad response" or "bad upgrade". These are told
 * apart by their messages: undici's public errors give nothing else (an HTTPParserError's code is
 * unset, as undici looks its llhttp error up in a table by name; every SocketError's code is
 * UND_ERR_SOCKET).
 */
function refusedBytes(cause: unknown, headRead: boolean): { what: string; said: string } | undefined {
  const malformed = headRead ? "its body's HTTP framing was malformed" : 'its status line or headers were malformed';
  if (cause instanceof errors.HTTPParserError) {
    if (cause.message.endsWith('(Invalid EOF state)')) return undefined;
    return { what: malformed, said: ` The HTTP parser said: ${sanitiseLine(cause.message)}` };
  }
  if (!headRead && cause instanceof errors.ResponseContentLengthMismatchError) return { what: malformed, said: '' };
  if (cause instanceof errors.HeadersOverflowError)
    return { what: 'its headers were larger than the HTTP client reads', said: '' };
  if (cause instanceof errors.SocketError && (cause.message === 'bad response' || cause.message === 'bad upgrade'))
    return { what: 'its status (1xx) is not one that ends an answer', said: '' };
  return undefined;
}

/** Characters URLSearchParams writes as they are. */
const FORM_PLAIN = /^[\w.*-]*$/;

/** `text` as URLSearchParams writes it; the plain text most values are, without building one. */
function formEncoded(text: string): string {
  return FORM_PLAIN.test(text) ? text : new URLSearchParams([['', text]]).toString().slice(1);
}

/** A request's path without its query. */
function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
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
    // A 2xx the client could not read was most likely charged.
    maybeCharged: true,
    suggestion: 'Nothing was retried. If the service changed, update social; otherwise report it with the request id.',
  });
}

function interrupted(): SocialError {
  return new SocialError('interrupted', 'interrupted');
}

function interruptedAfterSending(): SocialError {
  return new SocialError('interrupted', 'interrupted after the request was sent (the call may have been charged)', {
    code: 'interrupted_after_sending',
    maybeCharged: true,
    suggestion: '`social credits` counts it as uncertain.',
  });
}

function notSent(): SocialError {
  return new SocialError('interrupted', 'interrupted before it was sent: nothing charged', { code: 'not_sent' });
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfter(header: string | string[] | undefined, now: Date): number | undefined {
  if (typeof header !== 'string') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

/** Waits `ms`: true when it did, false when `stop` aborted first; rejects when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal, stop: AbortSignal | undefined): Promise<boolean> {
  if (signal.aborted) return Promise.reject(interrupted());
  if (stop?.aborted) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const end = (waited: boolean, error?: SocialError) => {
      clearTimeout(timer);
      forgetSignal();
      forgetStop();
      if (error) reject(error);
      else resolve(waited);
    };
    const forgetSignal = onAbort(signal, () => end(false, interrupted()));
    const forgetStop = stop ? onAbort(stop, () => end(false)) : () => {};
    const timer = setTimeout(() => end(true), ms);
  });
}
