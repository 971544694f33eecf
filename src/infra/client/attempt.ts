// One attempt of a call: undici's handler of its request, within the attempt's limits (the cap on
// the answer's size, body-cap.ts; a deadline from connect to the last byte) and ended by the
// call's signal. It ends once, with the answer or with a SendFailure that says whether the
// request was written, and hands that end to its reader at once: what it means is not its job.
import type { Dispatcher, Pool } from 'undici';
import { SocialError } from '../../domain/errors.js';
import { type AbortListener, AbortSlots } from './abort-slots.js';
import type { AnswerClaim, PausedReader } from './answer-budget.js';
import { CappedBody } from './body-cap.js';
import type { Answer, ApiResult, ClientOptions, SendFailure } from './call-types.js';
import { clock, Deadlines, type Timed } from './deadlines.js';

type DispatchController = Dispatcher.DispatchController;

/**
 * How a call ends once an attempt has: its result, a retry's promise, or its error, given back and
 * not thrown. A throw in an event-loop callback costs V8 a walk of the stack and the message an
 * uncaught exception is reported with, made whatever catches it, which a batch of inputs that fail
 * (404s) would pay once an input.
 */
export type Concluded = ApiResult<unknown> | Promise<ApiResult<unknown>> | SocialError;

/** Reads what an attempt's end means, as it ends (ApiClient). */
export interface AttemptReader<Call> {
  settle(attempt: Attempt<Call>, ended: Answer | SendFailure): Concluded;
}

/** What bounds each attempt of a client: the same for all of them, made once. */
export interface AttemptLimits {
  /** From connect to the last byte of the answer. */
  deadlineMs: number;
  maxBodyBytes: number;
  /** Runs when the request is about to be written (the spend ledger writes what it holds). */
  beforeWrite: (() => void) | undefined;
  /** The client's attempts under way, by deadline: one timer for them all. */
  deadlines: Deadlines;
}

/** A client's limits, from its options, with an empty list of deadlines. */
export function attemptLimits(
  options: Pick<ClientOptions, 'timeoutMs' | 'maxBodyBytes' | 'beforeWrite'>,
): AttemptLimits {
  const { timeoutMs, maxBodyBytes, beforeWrite } = options;
  return { deadlineMs: timeoutMs, maxBodyBytes, beforeWrite, deadlines: new Deadlines() };
}

/**
 * One attempt, a request on the pool through undici's dispatch API: one object an attempt, its
 * methods on the prototype, where closures for each callback would cost a batch an allocation
 * apiece. It is the body it reads (a CappedBody) and the listener of its signal. undici calls
 * onRequestStart just before it writes the request to the socket (in the same turn), so a failure
 * before it means the request was never sent, and one after it may follow a charge. The answer's
 * bytes are counted as they arrive and never kept past the cap; a batch's claim counts them
 * against its memory budget and may pause the reading, and with it the deadline (the deadline is
 * the server's: time paused by the budget does not count).
 */
export class Attempt<Call>
  extends CappedBody
  implements Dispatcher.DispatchHandler, PausedReader, AbortListener, Timed
{
  /** The call's result, the error it ends with, or the retry's promise. */
  readonly done: Promise<ApiResult<unknown>>;
  private resolve!: (result: ApiResult<unknown> | Promise<ApiResult<unknown>>) => void;
  private reject!: (error: unknown) => void;
  /** Set in onRequestStart, just before undici writes the request: from then on it may be charged. */
  private written = false;
  private ended = false;
  private controller: DispatchController | undefined;
  private statusCode = 0;
  private headers: Answer['headers'] | undefined;
  private aborts: AbortSlots | undefined;
  private slot = 0;
  /** @internal When the deadline passes, in clock() time (see Deadlines). */
  deadlineAt = 0;
  /** @internal */
  earlier: Timed | undefined;
  /** @internal */
  later: Timed | undefined;
  /** @internal */
  listed = false;
  /** What was left of the deadline when the budget paused the reading. */
  private left = 0;
  /** When it was made, for --debug: Date.now, not performance.now (its first touch loads perf_hooks). */
  readonly startedAt = Date.now();

  constructor(
    private readonly reader: AttemptReader<Call>,
    /** The call this attempt is of, as its reader knows it. */
    readonly call: Call,
    /** Which attempt of the call, from 1. */
    readonly number: number,
    private readonly limits: AttemptLimits,
    private readonly claim: AnswerClaim | undefined,
  ) {
    super(limits.maxBodyBytes);
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
    this.arm(this.limits.deadlineMs);
    this.aborts = AbortSlots.of(signal);
    this.slot = this.aborts.add(this);
    pool.dispatch(options, this);
  }

  /** Ctrl-C: the signal aborted (the attempt is its own listener, no closure a call). */
  onAbort(reason: unknown): void {
    this.stop(reason);
  }

  onRequestStart(controller: DispatchController): void {
    this.controller = controller;
    // Ended while connecting: aborted here, undici does not write the request.
    if (this.ended) controller.abort(new Error('attempt ended before the request was sent'));
    else {
      this.limits.beforeWrite?.();
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
    if (this.ended) return;
    if (!this.add(chunk)) this.tooLarge();
    else if (this.claim !== undefined && this.declared === 0 && !this.claim.add(chunk.length, this))
      this.pause(controller);
  }

  onResponseEnd(): void {
    if (!this.end()) return;
    this.settle({ statusCode: this.statusCode, headers: this.headers ?? {}, bytes: this.take() });
    // Read, parsed and checked by settle, which keeps nothing of them: the bytes are freed now.
    this.drop();
  }

  onResponseError(_controller: DispatchController, error: Error): void {
    if (!this.end()) return;
    this.drop();
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
    if (this.ended) return;
    this.arm(this.left);
    this.controller?.resume();
  }

  /** @internal The deadline passed (it has left the client's deadlines). */
  expire(): void {
    this.stop(new Error('deadline passed'), 'deadline');
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

  /**
   * The deadline, in the client's list, not AbortSignal.timeout: the budget pauses a deadline,
   * which a timeout signal cannot.
   */
  private arm(ms: number): void {
    this.deadlineAt = clock() + ms;
    this.limits.deadlines.add(this);
  }

  private disarm(): void {
    this.limits.deadlines.remove(this);
  }

  private tooLarge(): void {
    this.stop(new Error('answer too large'), 'too_large');
  }

  /** The budget holds the reading: so does the deadline. */
  private pause(controller: DispatchController): void {
    this.disarm();
    this.left = Math.max(0, this.deadlineAt - clock());
    controller.pause();
  }

  /** What the end means, read by the reader: never thrown into undici's callbacks. */
  private settle(ended: Answer | SendFailure): void {
    try {
      const concluded = this.reader.settle(this, ended);
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
    if (this.ended) return false;
    this.ended = true;
    this.disarm();
    this.aborts?.remove(this.slot, this);
    return true;
  }
}

function resume(attempt: Attempt<unknown>): void {
  attempt.resumeNow();
}
