// The local store as a session uses it: every answer the client gets (and every call that may
// have been charged) written as one fetch record, and --max-age / --offline answered from it. The
// store is opened at the first answer or look-up (node:sqlite loaded then), never before. A store
// that cannot be opened or written costs nothing of the answer: the run goes on, the store left
// alone from then on, and one warning at the end says what was not stored and why.
import { localReason, SocialError } from '../domain/errors.js';
import type { CallRecord, RequestSpec, Reused } from '../infra/client/call-types.js';
import type { Context } from '../infra/context.js';
import type { StateReport } from '../infra/state/state-report.js';
import type { FetchRecord, Store } from '../infra/store/store.js';
import { formatTimestamp } from '../messages/intl.js';
import { said, t } from '../messages/use-errors.js';
import '../messages/use-notes.js';

/** Whose calls these are. */
export interface StoreIdentity {
  /** The service's origin, or "sandbox". */
  service: string;
  /** keyFingerprint of the key, or null. */
  key: string | null;
  /** The command a call was made for, as the ledger names it. */
  command: (spec: RequestSpec<unknown>) => string;
}

export interface StoreUse {
  /** --max-age in ms: a stored success younger than this is taken instead of sending. */
  maxAgeMs: number | undefined;
  /** --offline: only stored answers, nothing sent. */
  offline: boolean;
  sandbox: boolean;
  /** The store setting (a file, a postgres:// URL, or off). */
  storeUrl: string | undefined;
}

/**
 * How long an answer may wait to be written with the ones that follow it (a group commit): a
 * transaction an answer was most of what storing a batch cost, in the pages every commit rewrites.
 */
const HOLD_MS = 100;
/** Answers held past this many bytes of bodies, or this many, are written at once: the queue stays small. */
const HOLD_BYTES = 1024 * 1024;
const HOLD_RECORDS = 512;
/**
 * What an answer handed to the store takes beside its body's bytes until it is written (its
 * fields, its parsed body, its statements' values): counted so that a batch of small answers on
 * a store slower than the service is held back too.
 */
const RECORD_BYTES = 1024;

/** The sessions' stores holding answers not yet written: written as the process exits, however it exits. */
const holding = new Set<LocalStore>();
let exitHooked = false;

/**
 * Writes what this process's sessions hold, and waits for it: a command reading the store in the
 * process that paid for the answers (`social mcp`'s store tools after its paid ones) finds them.
 */
export async function writeHeld(): Promise<void> {
  await Promise.all([...holding].map((store) => store.written()));
}

/**
 * Why the store takes nothing more this run. Off (SOCIAL_STORE=off, or the config's store) is a
 * stop that says nothing, as the user asked; a failure is said once: at close, or in an --offline
 * call's error (`told`), which the close then does not repeat.
 */
type Stop = { off: true } | { off: false; failure: unknown; told: boolean };

const OFF: Stop = { off: true };

export class LocalStore {
  /** The store as opened, or none: off, it is none from the start and nothing opens it. */
  private opened: Promise<Store | undefined> | undefined;
  /** Set once the store takes nothing more: no answer is written from then on. */
  private stopped: Stop | undefined;
  /** An answer was given to be stored: a store that failed lost it, and the run's end says so. */
  private given = false;
  /** The store once opened: what is held is written to it at once. */
  private ready: Store | undefined;
  /** The writes under way or waiting for the store to open: close() waits for them. */
  private writing: Promise<void> = Promise.resolve();
  /** Groups handed over while the store was opening, not yet written. */
  private waiting = 0;
  /** The answers not yet written, written together (a group commit) within HOLD_MS of the first. */
  private queue: FetchRecord[] = [];
  private queuedBytes = 0;
  private holdTimer: NodeJS.Timeout | undefined;
  /** Bytes of the answers handed to the store and not yet written (see `backlog`). */
  private unwritten = 0;
  private readonly writtenListeners = new Set<() => void>();
  /** When the answers taken from the store were fetched: the earliest and latest, and how many. */
  private reused: { count: number; first: Date; last: Date } | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly identity: StoreIdentity,
    private readonly use: StoreUse,
    private readonly state: StateReport,
    /**
     * A request's path and query as asked (RequestSpec.asked): what an answer is filed under, and
     * what --max-age and --offline look up.
     */
    private readonly requestOf: (spec: RequestSpec<unknown>) => string,
    /** Opens the store: the context's opener, unless the session holds the store's connection. */
    private readonly opener: () => Promise<Store> = () => ctx.store.open(use),
  ) {
    // Off: nothing is written or looked up, and --offline finds nothing held.
    if (ctx.store.location(use).engine === 'off') {
      this.stopped = OFF;
      this.opened = NOT_OPENED;
    }
  }

  /** Whether calls may be answered from the store (--max-age or --offline given). */
  get answers(): boolean {
    return this.use.maxAgeMs !== undefined || this.use.offline;
  }

  private store(): Promise<Store | undefined> {
    this.opened ??= this.opener().then(
      (store) => {
        this.ready = store;
        return store;
      },
      (error: unknown) => {
        this.fail(error);
        return undefined;
      },
    );
    return this.opened;
  }

  /**
   * Starts opening the store (node:sqlite loaded then) while a paid call is under way, so it is
   * open when the answer comes: a session that pays calls it; niches, --dry-run and help never do.
   */
  prepare(): void {
    void this.store();
  }

  /** The store failed: nothing more is written, and close() says why (after what the run's other state said). */
  private fail(error: unknown): void {
    this.stopped ??= { off: false, failure: error, told: false };
  }

  /**
   * Takes one call (a listener of the client's) for the store. Answers are held, up to HOLD_MS
   * (or HOLD_BYTES, HOLD_RECORDS), and written together in one transaction: by then the batch
   * has handed them to stdout, so an answer reaches the user before it is stored, and each is
   * whole or absent. A run's end writes what is held (Ctrl-C and the other signals end a run so);
   * a second signal, `| head` closing stdout and any other exit write it as the process exits;
   * SIGKILL loses the answers of its last HOLD_MS at most, never one written before.
   */
  record(call: CallRecord): void {
    // The free coverage route (a niche look-up) is not kept: nothing was paid for it.
    if (call.spec.cost === 0) return;
    // A call stopped before its request was written reached no one: there is nothing to keep.
    if (call.status === undefined && call.charge.credits === 0 && !call.charge.uncertain) return;
    this.given = true;
    if (this.stopped !== undefined) return;
    const record = fetchRecord(call, this.identity, this.requestOf(call.spec));
    const bytes = record.body?.byteLength ?? 0;
    this.hold();
    // The client frees an answer's buffer once its listeners have heard it. A large one is
    // written now, while it is there, rather than copied; the others are held as copies.
    if (bytes >= HOLD_BYTES && this.ready !== undefined && this.waiting === 0) {
      this.queue.push(record);
      this.flush();
      return;
    }
    if (record.body !== undefined) record.body = Buffer.from(record.body);
    this.queue.push(record);
    this.queuedBytes += bytes;
    if (this.queuedBytes >= HOLD_BYTES || this.queue.length >= HOLD_RECORDS) this.flush();
    else this.holdTimer ??= setTimeout(this.flushHeld, HOLD_MS).unref();
  }

  private readonly flushHeld = (): void => {
    this.holdTimer = undefined;
    this.flush();
  };

  /** Listed for the exit hook while answers are held. */
  private hold(): void {
    if (this.queue.length > 0) return;
    holding.add(this);
    if (exitHooked) return;
    exitHooked = true;
    // A SQLite store writes within the call: what is held is in the file before the process ends.
    process.once('exit', () => {
      for (const store of holding) store.flush();
    });
  }

  /**
   * The bytes of the answers handed to the store and not yet written, each counted with
   * RECORD_BYTES more: a store slower than the service (a PostgreSQL server a network away, busy
   * or waited for) holds them, and a batch counts them against its memory as it counts the
   * output its reader has not taken, starting no call while they fill it. A SQLite store writes
   * within the call: nothing stays here.
   */
  get backlog(): number {
    return this.unwritten;
  }

  /** Calls `listener` each time a write ends (the backlog went down); gives back what stops it. */
  onWritten(listener: () => void): () => void {
    this.writtenListeners.add(listener);
    return () => this.writtenListeners.delete(listener);
  }

  /** Writes what is held; resolves once every write so far is done. */
  written(): Promise<void> {
    this.flush();
    return this.writing;
  }

  /** Writes the answers held, in one transaction, now if the store is open, else once it is. */
  private flush(): void {
    if (this.queue.length === 0) return;
    const records = this.queue;
    this.queue = [];
    this.queuedBytes = 0;
    holding.delete(this);
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    let bytes = 0;
    for (const record of records) bytes += (record.body?.byteLength ?? 0) + RECORD_BYTES;
    this.unwritten += bytes;
    if (this.ready !== undefined && this.waiting === 0) {
      const written = this.write(this.ready, records, bytes);
      this.writing = this.writing.then(() => written);
      return;
    }
    this.waiting += 1;
    this.writing = this.writing.then(async () => {
      const store = await this.store();
      this.waiting -= 1;
      await this.write(store, records, bytes);
    });
  }

  /** Writes `records` (`bytes` of the backlog), unless the store failed; then they leave the backlog. */
  private async write(store: Store | undefined, records: readonly FetchRecord[], bytes: number): Promise<void> {
    try {
      if (store !== undefined && this.stopped === undefined) await store.recordFetches(records);
    } catch (error) {
      this.fail(error);
    } finally {
      this.unwritten -= bytes;
      for (const listener of this.writtenListeners) listener();
    }
  }

  /**
   * The client's `reuse`: the stored answer of a request, when --max-age or --offline asks for
   * one (never for the free coverage route, which is not stored).
   */
  reuse(spec: RequestSpec<unknown>): Promise<Reused | undefined> | undefined {
    if (!this.answers || spec.cost === 0) return undefined;
    return this.lookUp(this.requestOf(spec));
  }

  /**
   * When the stored answer a request would take was fetched, or undefined: what --dry-run says of
   * it (not counted as taken).
   */
  async heldAt(spec: RequestSpec<unknown>): Promise<Date | undefined> {
    if (!this.answers || spec.cost === 0) return undefined;
    return (await this.lookUp(this.requestOf(spec), false))?.fetchedAt;
  }

  /** The stored answer of `request` (as asked), or undefined (also when the store cannot be read). */
  private async lookUp(request: string, taken = true): Promise<Reused | undefined> {
    // An answer of this run still held is looked up too: a batch with an input twice takes it.
    this.flush();
    const store = await this.store();
    if (store === undefined) return undefined;
    const since = this.use.maxAgeMs === undefined ? undefined : new Date(this.ctx.now().getTime() - this.use.maxAgeMs);
    let found: Awaited<ReturnType<Store['findAnswer']>>;
    try {
      found = await store.findAnswer({ service: this.identity.service, method: 'GET', request, since });
    } catch (error) {
      this.fail(error);
      return undefined;
    }
    if (found === undefined) return undefined;
    if (taken) this.took(found.fetchedAt);
    return { fetchedAt: found.fetchedAt, status: found.status, body: found.body };
  }

  private took(at: Date): void {
    if (this.reused === undefined) this.reused = { count: 1, first: at, last: at };
    else {
      this.reused.count += 1;
      if (at < this.reused.first) this.reused.first = at;
      if (at > this.reused.last) this.reused.last = at;
    }
  }

  /**
   * The client's `offline`: the error of a call no stored answer serves. A store that could not be
   * read says so, with why, in that error: nothing was held back from it, and the run's closing
   * warning (that an answer was not stored) would speak of a result there is not.
   */
  offline(): ((spec: RequestSpec<unknown>) => SocialError | undefined) | undefined {
    if (!this.use.offline) return undefined;
    const suggestion = t(
      this.use.maxAgeMs === undefined ? 'errors.offline.notStored.hint' : 'errors.offline.tooOld.hint',
    );
    // --sandbox's free coverage never leaves the process: a niche is still checked offline.
    return (spec) => {
      if (this.use.sandbox && spec.cost === 0) return undefined;
      // Named as looked up: the request as asked (a time left open as `now`).
      const path = this.requestOf(spec);
      const stop = this.stopped;
      if (stop === undefined || stop.off)
        return new SocialError('offline', said('errors.offline.notStored', { path }), {
          code: 'not_stored',
          suggestion,
        });
      stop.told = true;
      return new SocialError(
        'offline',
        said('errors.offline.unreadable', { path, reason: localReason(stop.failure) }),
        {
          code: 'not_stored',
          suggestion: t('errors.offline.unreadable.hint'),
        },
      );
    };
  }

  /** The line that says which answers came from the store, for stderr; undefined when none did. */
  reusedLine(): string | undefined {
    const reused = this.reused;
    if (reused === undefined) return undefined;
    const fetched =
      reused.first.getTime() === reused.last.getTime()
        ? t('notes.reused.at', { at: formatTimestamp(reused.first) })
        : t('notes.reused.between', { first: formatTimestamp(reused.first), last: formatTimestamp(reused.last) });
    return t('notes.reused', { n: reused.count, fetched });
  }

  /** Writes what is held, waits for the writes, closes the store; says why answers were not stored. Once, however often called. */
  close(): Promise<void> {
    this.closing ??= this.closeOnce();
    return this.closing;
  }

  private closing: Promise<void> | undefined;

  private async closeOnce(): Promise<void> {
    this.flush();
    await this.writing;
    const stop = this.stopped;
    // A run that stored nothing (its watchlist unread, a call never sent) lost nothing to say.
    if (stop !== undefined && !stop.off && !stop.told && this.given)
      this.state.notSaved(t('notes.state.localStore'), stop.failure);
    const store = this.opened === undefined ? undefined : await this.opened;
    await store?.close();
  }
}

/** What a store that is off holds as opened: none. */
const NOT_OPENED: Promise<undefined> = Promise.resolve(undefined);

/** The fetch log row of a call; `request` its path and query as asked. */
function fetchRecord(call: CallRecord, identity: StoreIdentity, request: string): FetchRecord {
  const params: Record<string, string | number> = {};
  const query = call.spec.query ?? {};
  for (const name in query) {
    const value = query[name];
    if (value !== undefined) params[name] = value;
  }
  const details = call.error?.details;
  return {
    at: call.at,
    service: identity.service,
    key: identity.key,
    command: identity.command(call.spec),
    method: call.spec.method ?? 'GET',
    route: call.spec.path,
    params,
    request,
    status: call.status,
    ok: call.error === undefined,
    body: call.bytes,
    // A balance probe's answer is logged with its call, never read into the analyst tables.
    parsed: call.spec.probe === true ? undefined : call.body,
    errorCode: call.error === undefined ? undefined : (details?.code ?? call.error.kind),
    errorMessage: call.error?.message,
    credits: call.charge.credits,
    uncertain: call.charge.uncertain,
    requestId: call.requestId ?? details?.requestId,
  };
}
