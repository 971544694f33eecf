// What jq is given of a value: its JSON text as JSON.stringify writes it, with a lone surrogate as
// U+FFFD. jq-wasm reads its input as UTF-8 bytes, so a value too large for the main thread (which
// goes to jq's thread) is written straight to bytes, in one buffer that is then handed to the
// thread, not copied: never as the whole text in one string as well, nor as a copy of that
// string in the thread and its bytes there again.

/** A string longer than this is written in pieces of at most this many characters. */
const PIECE = 64 * 1024;

/**
 * JSON text jq takes: a lone surrogate (half of a UTF-16 pair, not a character; a server may send
 * one as \udXXX) becomes U+FFFD, the replacement character, as jq makes of bytes that are not
 * UTF-8. jq refuses the escape, and with it every input after it in the same call. JSON.stringify
 * writes a surrogate as an escape only when it is alone, so an escape of one, not itself escaped
 * (after an even run of backslashes), is one.
 */
export function wellFormed(text: string): string {
  return text.includes('\\ud') ? text.replace(LONE_SURROGATE, '$1\\ufffd') : text;
}

const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

/**
 * Whether the JSON text of `value` is longer than `limit` characters, for certain: its strings
 * and keys alone are (what escapes add is not counted). Walks the value only until it knows.
 */
export function jsonLongerThan(value: unknown, limit: number): boolean {
  let length = 0;
  const over = (item: unknown): boolean => {
    if (typeof item === 'string') length += item.length + 2;
    else if (Array.isArray(item)) {
      length += 2;
      for (const each of item) if (over(each)) return true;
    } else if (item !== null && typeof item === 'object') {
      length += 2;
      for (const [key, each] of Object.entries(item)) {
        // JSON leaves out a key whose value it cannot write (undefined, a function, a symbol).
        if (each === undefined || typeof each === 'function' || typeof each === 'symbol') continue;
        length += key.length + 3;
        if (over(each)) return true;
      }
    } else length += 1;
    return length > limit;
  };
  return over(value);
}

/**
 * The UTF-8 bytes of `wellFormed(JSON.stringify(value) ?? 'null')`, written without that text:
 * each string of more than `piece` characters is written a piece at a time, into one buffer of
 * its own (grown by doubling, each outgrown one freed at once), which is then cut to its length.
 * A value that is not a plain object or array (one with toJSON, say) is written by JSON.stringify.
 */
export function jsonBytes(value: unknown, piece = PIECE): Uint8Array<ArrayBuffer> {
  const out = new Bytes();
  /** A string as JSON, a piece at a time, no piece ending between the halves of a pair. */
  const string = (text: string) => {
    if (text.length <= piece) return out.put(wellFormed(JSON.stringify(text)));
    out.put('"');
    for (let at = 0; at < text.length; ) {
      let end = Math.min(at + piece, text.length);
      if (end < text.length && end - 1 > at && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      out.put(wellFormed(JSON.stringify(text.slice(at, end)).slice(1, -1)));
      at = end;
    }
    out.put('"');
  };
  const write = (item: unknown) => {
    if (typeof item === 'string') return string(item);
    if (item === null || typeof item !== 'object' || typeof (item as { toJSON?: unknown }).toJSON === 'function')
      return out.put(wellFormed(JSON.stringify(item) ?? 'null'));
    if (Array.isArray(item)) {
      out.put('[');
      for (let at = 0; at < item.length; at++) {
        if (at > 0) out.put(',');
        const each: unknown = item[at];
        // As JSON.stringify writes a member it leaves out of an object.
        if (each === undefined || typeof each === 'function' || typeof each === 'symbol') out.put('null');
        else write(each);
      }
      return out.put(']');
    }
    out.put('{');
    let first = true;
    for (const key of Object.keys(item)) {
      const each = (item as Record<string, unknown>)[key];
      if (each === undefined || typeof each === 'function' || typeof each === 'symbol') continue;
      out.put(first ? '' : ',');
      first = false;
      string(key);
      out.put(':');
      write(each);
    }
    out.put('}');
  };
  write(value);
  return out.take();
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Bytes written one text after another into one buffer. */
class Bytes {
  private bytes = Buffer.allocUnsafeSlow(PIECE);
  private size = 0;

  put(text: string): void {
    // A character is at most three bytes of UTF-8 (a pair's two halves, four).
    const most = this.size + 3 * text.length;
    if (most > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(most, 2 * this.bytes.length));
      this.bytes.copy(grown, 0, 0, this.size);
      // Freed now, not left for the collector: a large value's bytes are held once, not twice.
      this.bytes.buffer.transfer(0);
      this.bytes = grown;
    }
    this.size += this.bytes.write(text, this.size);
  }

  /** The bytes written, in an ArrayBuffer of their own length (handed over, not copied). */
  take(): Uint8Array<ArrayBuffer> {
    const taken = new Uint8Array(this.bytes.buffer.transfer(this.size));
    this.size = 0;
    return taken;
  }
}
