// The memory a batch may hold in answers at once. Every call of a batch holds a claim, ranked by
// its input's position; the bytes of its answer count against the budget from the first one read
// until the batch has written its record. Past the budget the batch starts no more calls, and
// calls under way stop reading (the socket is paused: the server waits, the bytes stay in the
// kernel), except the first in input order, whose record is the next to write: it always reads,
// so the batch always moves. What the output has not taken yet (a slow or paused stdout) counts
// too, and holds even that first call: then nothing grows until the reader takes more.

export class AnswerBudget {
  private held = 0;
  /**
   * The claims not yet released, oldest first, linked through the claims themselves. Not a Set: a
   * Set that a batch adds to and deletes from thousands of times rehashes into new tables, and an
   * old table keeps the claims it held alive through young-generation GCs, which copy them on.
   */
  private first: AnswerClaim | undefined;
  private last: AnswerClaim | undefined;
  /** @internal The claims whose reading is paused: wake() looks at these only. */
  readonly paused = new Set<AnswerClaim>();
  private rooms: Array<() => void> = [];

  /**
   * `limit` in bytes; `backlog` says how many bytes the output holds that its reader has not
   * taken; `onWait` hears each time the start of a call has to wait. Call wake() when the output
   * drains.
   */
  constructor(
    readonly limit: number,
    private readonly backlog: () => number,
    private readonly onWait?: (held: number, backlog: number) => void,
  ) {}

  /** A claim for the call of the input at `rank` (its position): lower ranks go first. */
  claim(rank: number): AnswerClaim {
    const claim = new AnswerClaim(this, rank);
    claim.previous = this.last;
    if (this.last === undefined) this.first = claim;
    else this.last.next = claim;
    this.last = claim;
    return claim;
  }

  /** Whether another call may start now. */
  hasRoom(): boolean {
    return this.held + this.backlog() < this.limit;
  }

  /** Resolves when another call may start. */
  room(): Promise<void> {
    if (this.hasRoom()) return Promise.resolve();
    if (this.rooms.length === 0) this.onWait?.(this.held, this.backlog());
    return new Promise((resolve) => this.rooms.push(resolve));
  }

  /** Lets what the budget held back go on, as far as it now allows. */
  wake(): void {
    if (this.paused.size > 0) {
      const paused = [...this.paused].sort((a, b) => a.rank - b.rank);
      for (const claim of paused) if (this.mayRead(claim)) claim.resume();
    }
    if (this.rooms.length > 0 && this.hasRoom()) {
      const rooms = this.rooms;
      this.rooms = [];
      for (const resolve of rooms) resolve();
    }
  }

  /** @internal */
  change(claim: AnswerClaim, bytes: number): void {
    this.held += bytes;
    if (claim.released) this.unlink(claim);
    // Bytes given back, or a claim gone (the first in order may now be another): room may be made.
    if (bytes < 0 || claim.released) this.wake();
  }

  /** @internal Whether `claim` may read more now. */
  mayRead(claim: AnswerClaim): boolean {
    const backlog = this.backlog();
    if (backlog >= this.limit) return false;
    if (this.held + backlog <= this.limit) return true;
    for (let other = this.first; other !== undefined; other = other.next) if (other.rank < claim.rank) return false;
    return true;
  }

  /** Takes a released claim out of the list; it keeps no link to the others. */
  private unlink(claim: AnswerClaim): void {
    const { previous, next } = claim;
    if (previous === undefined) {
      if (this.first !== claim) return;
      this.first = next;
    } else previous.next = next;
    if (next === undefined) this.last = previous;
    else next.previous = previous;
    claim.previous = undefined;
    claim.next = undefined;
  }
}

/** What reads an answer, told when a paused reading may go on. */
export interface PausedReader {
  readAgain(): void;
}

export class AnswerClaim {
  private bytes = 0;
  private reader: PausedReader | undefined;
  released = false;
  /** @internal The budget's list of claims not yet released. */
  previous: AnswerClaim | undefined;
  /** @internal */
  next: AnswerClaim | undefined;

  constructor(
    private readonly budget: AnswerBudget,
    readonly rank: number,
  ) {}

  /**
   * Counts `bytes` just read. False when reading must pause: `reader.readAgain()` is called when it
   * may go on (unless drop() or release() comes first).
   */
  add(bytes: number, reader: PausedReader): boolean {
    this.bytes += bytes;
    this.budget.change(this, bytes);
    if (this.budget.mayRead(this)) return true;
    this.reader = reader;
    this.budget.paused.add(this);
    return false;
  }

  /** @internal */
  resume(): void {
    const reader = this.reader;
    this.reader = undefined;
    this.budget.paused.delete(this);
    reader?.readAgain();
  }

  /** The bytes read so far are gone (an attempt that failed): they no longer count. */
  drop(): void {
    this.reader = undefined;
    this.budget.paused.delete(this);
    const bytes = this.bytes;
    this.bytes = 0;
    this.budget.change(this, -bytes);
  }

  /** The record is written: the claim ends. */
  release(): void {
    this.released = true;
    this.drop();
  }
}
