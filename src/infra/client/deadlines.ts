// The deadlines of a client's attempts under way, with one timer for them all. Each attempt is
// linked into a list in the order of its deadline, so an attempt costs no timer of its own: a
// batch keeps its calls' Node timers alive across every young-generation GC that finds them under
// way, and V8 grows its young generation from what those GCs find alive (see docs/performance.md,
// "Memory of a long batch"). The timer is set for the earliest deadline; an attempt that ends
// leaves the list, and the timer, once it fires, ends those past their deadline and is set again
// for the next. Attempts start with the same deadline, so each joins at the end; one resumed after
// a pause (the rest of its deadline) is placed by its own.

/** An attempt as the list holds it: its links live on it, so joining the list makes nothing. */
export interface Timed {
  /** When its deadline passes, in clock() time. */
  deadlineAt: number;
  /** @internal The list's links, kept by Deadlines alone. */
  earlier: Timed | undefined;
  /** @internal */
  later: Timed | undefined;
  /** @internal */
  listed: boolean;
  /** The deadline passed: called once, after it has left the list. */
  expire(): void;
}

/**
 * The time deadlines are kept in, in ms: monotonic, as the timer that ends them is. The wall clock
 * (Date.now) may be set back while a call waits (NTP, a virtual machine resumed): a deadline on it
 * would be stretched by the step, and a call to a server that never answers wait that much longer.
 */
export function clock(): number {
  // process.hrtime, not performance.now: the first touch of `performance` loads perf_hooks.
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1000 + nanoseconds / 1e6;
}

export class Deadlines {
  private first: Timed | undefined;
  private last: Timed | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires, in clock() time. */
  private timerAt = 0;

  /** `timed` ends at its deadlineAt unless it leaves the list first. */
  add(timed: Timed): void {
    this.remove(timed);
    let before = this.last;
    while (before !== undefined && before.deadlineAt > timed.deadlineAt) before = before.earlier;
    const after = before === undefined ? this.first : before.later;
    timed.earlier = before;
    timed.later = after;
    timed.listed = true;
    if (before === undefined) this.first = timed;
    else before.later = timed;
    if (after === undefined) this.last = timed;
    else after.earlier = timed;
    if (this.timer === undefined || timed.deadlineAt < this.timerAt) this.arm(timed.deadlineAt);
  }

  remove(timed: Timed): void {
    if (!timed.listed) return;
    const { earlier, later } = timed;
    if (earlier === undefined) this.first = later;
    else earlier.later = later;
    if (later === undefined) this.last = earlier;
    else later.earlier = earlier;
    timed.earlier = undefined;
    timed.later = undefined;
    timed.listed = false;
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
    for (let timed = this.first; timed !== undefined && timed.deadlineAt <= now; timed = this.first) {
      this.remove(timed);
      timed.expire();
    }
    if (this.first !== undefined && this.timer === undefined) this.arm(this.first.deadlineAt);
  }
}

function expireDue(deadlines: Deadlines): void {
  deadlines.expireDue();
}
