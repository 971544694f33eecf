// The cap on an answer's size: the bytes of one answer, counted as they arrive and never kept
// past the cap, in as few buffers as the answer's chunks allow.

/** The most memory beside an answer's bytes that a chunk kept as it came may hold. */
const READ_BESIDES = 4096;

/**
 * The bytes of an answer, never more than `max`, in one buffer made at the first byte with the
 * declared Content-Length, or grown by doubling: each chunk is copied in and dropped at once, so
 * an answer sent in tiny chunks costs what its bytes do, not a Buffer object a chunk. An answer
 * that comes whole in one chunk is kept as it came. A buffer made here is freed as soon as it is
 * done with (replaced by a larger one, or dropped once read or cut off), not left for V8 to
 * collect: an answer that grows to the cap holds no more than the cap, whatever the collector does.
 */
export class CappedBody {
  private bytes: Buffer | undefined;
  /** `bytes` when this body made them, not a chunk kept as it came: this body frees them. */
  private made: Buffer<ArrayBuffer> | undefined;
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
      const sized = this.declared > 0 && this.bytes === undefined;
      const capacity = Math.max(size, 2 * (this.bytes?.length ?? 0), sized ? this.declared : 16_384);
      // Past half the cap, the cap itself: a last small step up to it would copy the whole once more.
      const grown = Buffer.allocUnsafeSlow(!sized && capacity > this.max / 2 ? this.max : capacity);
      this.bytes?.copy(grown, 0, 0, this.size);
      this.free();
      this.bytes = grown;
      this.made = grown;
    }
    chunk.copy(this.bytes, this.size);
    this.size = size;
    return true;
  }

  /**
   * The answer's bytes. This body keeps no other hold on them, but frees a buffer it made on
   * drop(): what is kept of them past that must be a copy (a string decoded from them, a value).
   */
  take(): Buffer {
    const { bytes, size } = this;
    this.bytes = undefined;
    this.size = 0;
    if (bytes === undefined) return Buffer.alloc(0);
    // Most answers fill the buffer of their declared length: then it is the answer, not a view.
    return size === bytes.length ? bytes : bytes.subarray(0, size);
  }

  /** Nothing is kept, and a buffer this body made is freed now. */
  drop(): void {
    this.free();
    this.bytes = undefined;
    this.size = 0;
  }

  private free(): void {
    release(this.made);
    this.made = undefined;
  }
}

/**
 * Frees a buffer's memory now: its ArrayBuffer handed over to one of no length is detached, and
 * what it held goes back to the allocator (views of it are then empty).
 */
function release(bytes: Buffer<ArrayBuffer> | undefined): void {
  bytes?.buffer.transfer(0);
}
