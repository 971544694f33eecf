// The ways the key search (redact.ts) has not gone down yet, kept so that the search takes time
// linear in a hostile answer and memory bounded by the key's length.

/**
 * Ways of a search not yet gone down (a place in the text, a count of the key's characters
 * behind it, the place the key started): a binary heap by place then count, whose least are
 * taken a place at a time. Ways that meet (the same place and count) are one from the moment the
 * second is added, kept with the earliest start: so the heap holds each place and count once, and
 * its size is bounded by the places a way can be ahead of the search (a character, an escape
 * sequence, the end of the OSC the search is in) times the key's length, however many ways meet
 * there (every OSC start inside one OSC's text leads to its end).
 */
export class Ways {
  /** place * (key length + 1) + count, heap-ordered, each once. */
  private readonly keys: number[] = [];
  /**
   * The earliest start of the way at the same index of keys, moved with it. Beside the heap, not
   * in a Map by key: the heap is small, and a Map that millions of keys come and go in makes a new
   * table every few dozen, which V8 links each to the next: young-generation GCs then keep every
   * table since the last full one, and a hostile answer's search took hundreds of MB that way.
   */
  private readonly firsts: number[] = [];
  /** The ways takeAt took: their counts and starts, `taken` of them. */
  readonly counts: number[] = [];
  readonly starts: number[] = [];
  taken = 0;

  constructor(private readonly length: number) {}

  get size(): number {
    return this.keys.length;
  }

  clear(): void {
    this.keys.length = 0;
    this.firsts.length = 0;
  }

  /** The least place a way is at (size > 0). */
  nextPlace(): number {
    return Math.floor((this.keys[0] as number) / (this.length + 1));
  }

  add(place: number, count: number, start: number): void {
    const { keys, firsts } = this;
    const key = place * (this.length + 1) + count;
    const known = keys.indexOf(key);
    if (known !== -1) {
      if (start < (firsts[known] as number)) firsts[known] = start;
      return;
    }
    let i = keys.length;
    keys.push(key);
    firsts.push(start);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((keys[parent] as number) < key) break;
      this.move(parent, i);
      i = parent;
    }
    keys[i] = key;
    firsts[i] = start;
  }

  /** Takes every way at `place` (the least): into counts and starts, by count. */
  takeAt(place: number): void {
    const { keys, firsts, counts, starts } = this;
    const width = this.length + 1;
    this.taken = 0;
    while (keys.length > 0 && Math.floor((keys[0] as number) / width) === place) {
      counts[this.taken] = (keys[0] as number) - place * width;
      starts[this.taken] = firsts[0] as number;
      this.pop();
      this.taken += 1;
    }
  }

  private pop(): void {
    const { keys, firsts } = this;
    const lastKey = keys.pop() as number;
    const lastFirst = firsts.pop() as number;
    const size = keys.length;
    if (size === 0) return;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && (keys[right] as number) < (keys[child] as number)) child = right;
      if (lastKey < (keys[child] as number)) break;
      this.move(child, i);
      i = child;
    }
    keys[i] = lastKey;
    firsts[i] = lastFirst;
  }

  /** The way at `from` moved to `to`, its start with it. */
  private move(from: number, to: number): void {
    this.keys[to] = this.keys[from] as number;
    this.firsts[to] = this.firsts[from] as number;
  }
}
