// The cap on an answer's size: the bytes of one answer, counted as they arrive and never kept
// past the cap, in as few buffers as the answer's chunks allow.

/** The most memory beside an answer's bytes that a chunk kept as it came may hold. */
const READ_BESIDES = 4096;

/**
 * The bytes of an answer, never more than `max`, in one buffer made at the first byte with the
 * declared Content-Length, or grown by doubling: each chunk is copied in and dropped at once, so
 * an answer sent in tiny chunks costs what its bytes do, not a Buffer object a chunk. An answer
 * that comes whole in one chunk is kept as it came.
 */
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
