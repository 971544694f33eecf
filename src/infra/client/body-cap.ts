// The cap on an answer's size: the bytes of one answer, counted as they arrive and never kept
// past the cap, each byte held once.

/** The most memory beside an answer's bytes that a chunk kept as it came may hold. */
const READ_BESIDES = 4096;

/** The smallest chunk of an answer of unknown length kept as it came: a smaller one is copied. */
const KEPT_FROM = 4096;

/** The first buffer made for the small chunks of an answer of unknown length, and the largest. */
const FIRST_MADE = 16_384;
const LAST_MADE = 2 ** 20;

/**
 * The bytes of an answer, never more than `max`. An answer that comes whole in one chunk, as most
 * do, is kept as it came. One with a declared Content-Length is copied into one buffer of that
 * length, made at the first byte. One of unknown length (chunked) keeps each large chunk as it
 * came, in the memory its socket read it into, which would otherwise be garbage beside a copy until
 * the collector ran: an answer cut off at the cap holds the cap once, not its copy and the chunks
 * it was copied from. Small chunks (a body sent a byte at a time) are copied into buffers made here,
 * so they cost what their bytes do, not a Buffer object a chunk. Pieces are joined once, when the
 * answer is taken. A buffer made here is freed as soon as it is done with (dropped once read or cut
 * off, or joined into the whole), not left for V8 to collect.
 */
export class CappedBody {
  /** The first piece of the answer, and those after it (undefined while there is one at most). */
  private first: Buffer | undefined;
  private rest: Buffer[] | undefined;
  /** The buffer made here that small chunks are copied into: its piece runs from openFrom to openTo. */
  private open: Buffer<ArrayBuffer> | undefined;
  private openFrom = 0;
  private openTo = 0;
  /** The buffers made here, freed on drop(); undefined while there are none. */
  private made: Array<Buffer<ArrayBuffer>> | undefined;
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
    if (chunk.length === 0) return true;
    const before = this.size;
    const size = before + chunk.length;
    if (size > this.max) {
      this.drop();
      return false;
    }
    this.size = size;
    // Kept as it came: the whole declared answer in one chunk (most are, in the one read of their
    // socket), or a large chunk of one of unknown length. Not when the memory under it is much
    // larger (a slab of Node's shared pool, a read that also held other chunks): the read it came
    // in holds only the status line, the headers or a chunk's frame besides.
    if (chunk.buffer.byteLength - chunk.length <= READ_BESIDES) {
      if (before === 0 && size === this.declared) {
        this.first = chunk;
        return true;
      }
      if (this.declared === 0 && chunk.length >= KEPT_FROM) {
        this.close();
        this.push(chunk);
        return true;
      }
    }
    if (this.open === undefined || this.openTo + chunk.length > this.open.length) {
      this.close();
      this.make(chunk.length, before);
    }
    this.openTo += chunk.copy(this.open as Buffer<ArrayBuffer>, this.openTo);
    return true;
  }

  /**
   * The answer's bytes. This body keeps no other hold on them, but frees a buffer it made on
   * drop(): what is kept of them past that must be a copy (a string decoded from them, a value).
   */
  take(): Buffer {
    this.close();
    const { first, rest, size } = this;
    this.first = undefined;
    this.rest = undefined;
    this.size = 0;
    if (first === undefined) return Buffer.alloc(0);
    if (rest === undefined) return first;
    // Joined once. Never from Node's shared pool: a buffer made here is freed, and the pool's
    // slab holds others' bytes too.
    const whole = Buffer.allocUnsafeSlow(size);
    let at = first.copy(whole);
    for (const piece of rest) at += piece.copy(whole, at);
    this.free();
    this.made = [whole];
    return whole;
  }

  /** Nothing is kept, and a buffer this body made is freed now. */
  drop(): void {
    this.free();
    this.first = undefined;
    this.rest = undefined;
    this.size = 0;
  }

  /**
   * A buffer for the small chunks to come, `needed` bytes the least: the rest of the declared
   * length, else twice the last one made, from FIRST_MADE to LAST_MADE; never past the cap.
   */
  private make(needed: number, held: number): void {
    const planned =
      this.declared > held
        ? this.declared - held
        : Math.min(LAST_MADE, Math.max(FIRST_MADE, 2 * (this.open?.length ?? 0)));
    const made = Buffer.allocUnsafeSlow(Math.min(this.max - held, Math.max(needed, planned)));
    if (this.made === undefined) this.made = [made];
    else this.made.push(made);
    this.open = made;
    this.openFrom = 0;
    this.openTo = 0;
  }

  /** The open buffer's piece, if it has bytes, is done: the next piece follows it. */
  private close(): void {
    const { open, openFrom, openTo } = this;
    if (open === undefined || openTo === openFrom) return;
    this.push(openFrom === 0 && openTo === open.length ? open : open.subarray(openFrom, openTo));
    this.openFrom = openTo;
  }

  private push(piece: Buffer): void {
    if (this.first === undefined) this.first = piece;
    else if (this.rest === undefined) this.rest = [piece];
    else this.rest.push(piece);
  }

  private free(): void {
    if (this.made !== undefined) for (const made of this.made) release(made);
    this.made = undefined;
    this.open = undefined;
    this.openFrom = 0;
    this.openTo = 0;
  }
}

/**
 * Frees a buffer's memory now: its ArrayBuffer handed over to one of no length is detached, and
 * what it held goes back to the allocator (views of it are then empty).
 */
function release(bytes: Buffer<ArrayBuffer>): void {
  bytes.buffer.transfer(0);
}
