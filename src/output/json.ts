// JSON for json and ndjson: the value untouched, but safe to print at a terminal. JSON.stringify
// already writes C0 controls as escapes; the other characters that can act on a terminal (DEL, C1
// controls, bidi marks, embeddings, overrides and isolates) and the JavaScript line separators are
// written as \u escapes too. They can only occur inside JSON strings, so the parsed value is the same.
import { sanitiseText } from '../domain/text.js';

const TERMINAL_ACTIVE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function escapeChar(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** JSON text with its terminal-active chars escaped. */
export function terminalSafe(text: string): string {
  // Searched first: replace copies the whole text even when it changes nothing.
  TERMINAL_ACTIVE.lastIndex = 0;
  return TERMINAL_ACTIVE.test(text) ? text.replace(TERMINAL_ACTIVE, escapeChar) : text;
}

/** `value` as JSON text (2-space indent when `pretty`, else one line), not escaped yet. */
export function jsonText(value: unknown, pretty = false): string {
  // undefined (or a function) has no JSON text: null is the nearest honest value. V8's serialiser
  // recurses, which is safe: no answer nested past the reader's MAX_NESTING is ever parsed.
  return JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
}

/** `value` as JSON text (2-space indent when `pretty`, else one line), terminal-active chars escaped. */
export function formatJson(value: unknown, pretty: boolean): string {
  return terminalSafe(jsonText(value, pretty));
}

const DEL = 0x7f;

/**
 * JSON texts (and the separators between them) as formatJson writes them, encoded as UTF-8 into
 * one buffer as they come, for a stream of records written together: each text is encoded once,
 * straight from the string. A text encoded in as many bytes as it has characters is ASCII, and
 * of the terminal-active chars ASCII holds only DEL, so such a text is not searched: the bytes
 * are, for DEL, once, when they are taken. Any other text is escaped as formatJson does.
 */
export class JsonBytes {
  private readonly buffer: Buffer;
  private used = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  /** Bytes put and not taken yet. */
  get length(): number {
    return this.used;
  }

  /**
   * Appends `text` between `before` and `after` (separators, ASCII: copied as they are), all or
   * nothing: false, leaving the bytes as they were, when they may not fit.
   */
  put(text: string, before = '', after = ''): boolean {
    const room = this.buffer.length - before.length - after.length;
    // A UTF-16 unit takes at most 3 bytes in UTF-8: room for that, so nothing is ever cut.
    if (this.used + 3 * text.length > room) return false;
    const start = this.ascii(before, this.used);
    let length = this.buffer.write(text, start);
    if (length !== text.length) {
      const safe = terminalSafe(text);
      if (safe !== text) {
        if (this.used + 3 * safe.length > room) return false;
        length = this.buffer.write(safe, start);
      }
    }
    this.used = this.ascii(after, start + length);
    return true;
  }

  /** Copies ASCII `text` in at `at`; where it ends. Separators are a character or two. */
  private ascii(text: string, at: number): number {
    let end = at;
    for (let i = 0; i < text.length; i += 1) this.buffer[end++] = text.charCodeAt(i);
    return end;
  }

  /** The bytes put since the last take, in a buffer of their own (the writer may keep it). */
  take(): Buffer {
    const bytes = Buffer.allocUnsafe(this.used);
    this.buffer.copy(bytes, 0, 0, this.used);
    this.used = 0;
    if (!bytes.includes(DEL)) return bytes;
    // DEL is one byte in UTF-8, never part of another character's, and latin1 reads and writes
    // back every byte as it was: only the DELs change.
    return Buffer.from(bytes.toString('latin1').replaceAll('\u007f', escapeChar('\u007f')), 'latin1');
  }
}

/** The json format: one pretty document. */
export function renderJson(value: unknown): string {
  return `${formatJson(value, true)}\n`;
}

/**
 * What --jq prints: a value a line, strings raw like jq -r (sanitised: escape sequences and
 * controls removed, newlines kept), other values as compact JSON.
 */
export function renderFiltered(values: readonly unknown[]): string {
  let out = '';
  for (const value of values) out += `${typeof value === 'string' ? sanitiseText(value) : formatJson(value, false)}\n`;
  return out;
}

/** The ndjson format: one compact document a line. */
export function renderNdjson(values: readonly unknown[]): string {
  let out = '';
  for (const value of values) out += `${formatJson(value, false)}\n`;
  return out;
}
