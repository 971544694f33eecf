// Identical calls under way, made one at a time. The service caches a cached route's answers,
// but a call that comes while an identical one is still under way (a batch's repeated input)
// would miss that cache and be charged again: it waits for the one under way to end, and is then
// a cache hit.

/**
 * How many repeated paths are remembered as answered: a bound, so a batch of any length keeps a
 * set of the same size.
 */
const REMEMBERED_PATHS = 1024;

/** A call under way: what an identical call waits for. Its promise is made only when one waits. */
class UnderWay {
  private waited: Promise<boolean> | undefined;
  private release: ((answered: boolean) => void) | undefined;

  constructor(readonly path: string) {}

  /** Settles when the call has ended: true when it had an answer, which the service now holds cached. */
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
 * The calls under way, each by its path. No more than the calls a batch runs at a time (64 at
 * most), so a list looked through from the start, its slots reused. Not a Map: a batch's
 * thousands of paths coming and going would make it a new table every few dozen, and V8 links a
 * table it replaces to the next one; once a replaced table has lived into the old generation,
 * every young-generation GC until the next full one counts all the tables after it, and the calls
 * in them, as alive, and copies them.
 */
class CallsUnderWay {
  private readonly calls: (UnderWay | undefined)[] = [];

  get(path: string): UnderWay | undefined {
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

export class IdenticalCalls {
  /** The calls under way, by path and query. */
  private readonly underWay = new CallsUnderWay();
  /**
   * Repeated paths that have had an answer in this run, which the service now holds cached:
   * their calls go at once, as cache hits, not one at a time. At most REMEMBERED_PATHS, the oldest
   * forgotten first (a forgotten one only waits again).
   */
  private readonly answered = new Set<string>();

  /** `send()`, the call of `path` (its path and query as sent), once no identical call is under way. */
  run<T>(path: string, send: () => Promise<T>): Promise<T> {
    if (this.answered.has(path)) return send();
    const earlier = this.underWay.get(path);
    return earlier === undefined ? this.hold(path, send) : this.after(earlier, path, send);
  }

  /**
   * A call identical to one under way: made once that one has ended. One that ended without an
   * answer left nothing cached: the calls that waited for it go one at a time again, not all at
   * once (the first to look is the call under way, the others wait for it).
   */
  private async after<T>(earlier: UnderWay, path: string, send: () => Promise<T>): Promise<T> {
    let waited = earlier;
    while (!(await waited.ended())) {
      const next = this.underWay.get(path);
      if (next === undefined) return this.hold(path, send);
      waited = next;
    }
    return send();
  }

  /**
   * The call under way of `path`, which identical calls wait for until it ends, however it ends:
   * the one place it ends (`ended`). The caller gets the call's own promise, which this follows:
   * no async function, await or promise of its own for each call of a batch (most of a batch's
   * paths are asked once).
   */
  private hold<T>(path: string, send: () => Promise<T>): Promise<T> {
    const held = new UnderWay(path);
    this.underWay.add(held);
    let sent: Promise<T>;
    try {
      sent = send();
    } catch (error) {
      this.ended(held, false);
      return Promise.reject(error);
    }
    // Its end heard before its caller hears it (reactions run in the order they were added).
    sent.then(
      () => this.ended(held, true),
      () => this.ended(held, false),
    );
    return sent;
  }

  private ended(held: UnderWay, answered: boolean): void {
    this.underWay.remove(held);
    if (answered && held.waitedFor) this.remember(held.path);
    held.end(answered);
  }

  private remember(path: string): void {
    this.answered.add(path);
    if (this.answered.size > REMEMBERED_PATHS) this.answered.delete(this.answered.values().next().value as string);
  }
}
