// A server that echoes the key back (in a body, an error message or a header) must not get it
// printed: each answer is cleaned of the key as it is read, before anything else sees it, so -o
// json, tables, csv, --jq, `api -i` headers, error messages and --debug all show the masked form
// (maskKey: "k_li…cdef"). The key is found in any case (a server may upper- or lower-case what it
// echoes, and header names come lower-cased), each of its characters as it is, percent-encoded
// (%6B) or behind a JSON escape (\u006b, \/), and with anything that hides from a reader between
// its characters: an escape sequence or a control, invisible or bidi character (hiddenPatterns,
// from the sanitiser's own grammar), which the sanitiser would remove, or a terminal show as
// nothing, leaving the key whole. A key shorter than 8 characters is not looked for: it would
// match ordinary text, and no real key is that short.
import { hiddenPatterns } from '../../domain/text.js';
import { maskKey } from '../config.js';
import type { Answer } from './http.js';

const MIN_KEY = 8;

/** The key's search, made once a client: every answer is searched. */
export interface KeyMask {
  /**
   * Whether an answer's text may hold the key once parsed. Asked of the text as the reader decodes
   * it (parseBody), which keeps no text, with its `bytes` when they are at hand: one search of the
   * string by a pattern compiled once.
   */
  inText: (text: string, bytes?: Uint8Array) => boolean;
  /**
   * `response` and its parsed `body` with every echo of the key replaced by its mask. What holds
   * none is given back as it came, not copied: most answers. The body is walked only when
   * `bodyMayHoldKey` (inText's answer about its text).
   */
  clean: (response: Answer, body: unknown, bodyMayHoldKey: boolean) => { response: Answer; body: unknown };
}

/** The key's search and mask, or undefined when `key` is not looked for. */
export function keyMask(key: string | undefined): KeyMask | undefined {
  if (key === undefined || key.length < MIN_KEY) return undefined;
  const chars = keyChars(key);
  const find = new RegExp(chars.join(''), 'i');
  const mask = maskKey(key);
  // In a string (a parsed value, a header), and in an answer's JSON text before it is parsed.
  const hidden = hiddenPatterns();
  const inValue = new KeyAcrossGaps(chars, hidden.text);
  const inJson = new KeyAcrossGaps(chars, hidden.json);
  const clean = (value: string) => (inValue.mayHold(value) ? inValue.mask(value, mask) : value);
  const holds = (text: string) => inValue.mayHold(text) && inValue.holds(text);
  return {
    // JSON text of ASCII (as many characters as bytes) with neither an escape nor a character
    // that hides (DEL, which JSON leaves raw) has the key whole or not at all, as nearly every
    // answer.
    inText: (text, bytes) =>
      bytes !== undefined && bytes.length === text.length && !hidden.json.start.test(text)
        ? find.test(text)
        : inJson.mayHold(text) && inJson.holds(text),
    clean(response, body, bodyMayHoldKey) {
      const inHeaders = heldInHeaders(response.headers, find, holds);
      if (!bodyMayHoldKey && !inHeaders) return { response, body };
      let cleaned = response;
      if (inHeaders) {
        const headers: Answer['headers'] = {};
        for (const [name, value] of Object.entries(response.headers))
          headers[clean(name)] = Array.isArray(value) ? value.map(clean) : value === undefined ? value : clean(value);
        cleaned = { ...response, headers };
      }
      return { response: cleaned, body: bodyMayHoldKey ? cleanValue(body, clean) : body };
    },
  };
}

/** JSON's short escapes of the characters a key may hold (printable ASCII). */
const SHORT_ESCAPE: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '/': '\\/' };

/**
 * A pattern of each character of `key` (matched case-insensitively): as it is, or as %XX, or as
 * \u00XX, or by its short JSON escape. A key is printable ASCII (checkApiKey), so each of its
 * characters has one two-digit code, and the pattern's hex digits match either case too.
 */
function keyChars(key: string): string[] {
  return Array.from(key, (char) => {
    const forms = new Set<string>();
    for (const variant of new Set([char.toLowerCase(), char.toUpperCase()])) {
      const hex = variant.charCodeAt(0).toString(16).padStart(2, '0');
      forms.add(variant).add(`%${hex}`).add(`\\u00${hex}`);
      if (variant in SHORT_ESCAPE) forms.add(SHORT_ESCAPE[variant]!);
    }
    return `(?:${[...forms].map((form) => form.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|')})`;
  });
}

/**
 * Whether a header holds the key, in its value or its name (`social api -i` prints both): looked at
 * by name, which allocates nothing for an answer. A name is a token, of printable ASCII: nothing
 * hides in it.
 */
function heldInHeaders(headers: Answer['headers'], find: RegExp, holds: (text: string) => boolean): boolean {
  for (const name in headers) {
    const value = headers[name];
    if (find.test(name)) return true;
    if (typeof value === 'string' ? holds(value) : value?.some((item) => holds(item))) return true;
  }
  return false;
}

/**
 * The key with what hides from a reader between its characters (hiddenPatterns): any number of
 * escape sequences and hidden characters, each read either way an escape sequence can be (whole,
 * as the sanitiser removes it, or its ESC alone, its tail then perhaps the key's characters). A
 * search of every way at once, from each place the key's first character is: at most (length of
 * the text) x (length of the key) steps from each, and only in a text that holds something hidden.
 */
class KeyAcrossGaps {
  private readonly chars: RegExp[];
  private readonly maybe: RegExp;
  private readonly places: RegExp;
  private readonly plain: RegExp;
  /** The furthest place in the text the searches since `failed` was last cleared have looked at. */
  private reached = 0;

  constructor(
    chars: readonly string[],
    private readonly gaps: { sequence: RegExp; char: RegExp; start: RegExp },
  ) {
    this.chars = chars.map((char) => new RegExp(char, 'iy'));
    // The key whole, or its first characters with something that may hide right after them: one
    // pattern that starts with the key's first character (two alternatives would cost twice), and
    // after each of its characters takes the next, or stops where something may hide.
    const hide = `(?=${gaps.start.source})`;
    const rest = chars.slice(1).reduceRight((inner, char) => `(?:${char}${inner}|${hide})`, '');
    this.maybe = new RegExp(`${chars[0]}${rest}`, 'i');
    this.places = new RegExp(this.maybe.source, 'gi');
    // As many of the key's characters as follow one another from here, each a group.
    const then = chars.slice(1).reduceRight((inner, char) => `(?:(${char})${inner})?`, '');
    this.plain = new RegExp(`${chars[0]}${then}`, 'iy');
  }

  /**
   * Whether `text` may hold the key: one search, little slower than one for the key alone, that
   * every answer takes. Where it says yes, `holds` and `mask` look for the key itself.
   */
  mayHold(text: string): boolean {
    return this.maybe.test(text);
  }

  /** Whether `text` holds the key. */
  holds(text: string): boolean {
    return this.spans(text, true).length > 0;
  }

  /** Where the key is in `text`: [start, end) each, in order, none inside another (`one`: the first only). */
  spans(text: string, one = false): Array<[number, number]> {
    const spans: Array<[number, number]> = [];
    // Only where `maybe` says so: a place the key is whole, or where something may hide in it.
    const places = this.places;
    places.lastIndex = 0;
    // Where the key was looked for in vain (a place and how many of its characters are behind),
    // for every place: the next finds no more from there, so the text is looked through once.
    const failed = new Set<number>();
    this.reached = 0;
    for (let place = places.exec(text); place !== null; place = places.exec(text)) {
      // A search from here looks at nothing before it: what was looked at before can be forgotten,
      // so a text of many near-keys holds what one of them takes, not what all of them do.
      if (place.index > this.reached) failed.clear();
      const end = this.end(text, place.index, failed);
      // Not the key here: the next place may start inside what was looked at.
      places.lastIndex = end === -1 ? place.index + 1 : end;
      if (end === -1) continue;
      spans.push([place.index, end]);
      if (one) break;
      // A search that found the key left some ways not gone down: none counts as looked at.
      failed.clear();
    }
    return spans;
  }

  /** `text` with each place the key is (what hides inside it included) replaced by `mask`. */
  mask(text: string, mask: string): string {
    let out = '';
    let at = 0;
    for (const [start, end] of this.spans(text)) {
      out += text.slice(at, start) + mask;
      at = end;
    }
    return at === 0 ? text : out + text.slice(at);
  }

  /** Where the key that starts at `start` (a place `maybe` found) ends, or -1. */
  private end(text: string, start: number, seen: Set<number>): number {
    const last = this.chars.length;
    const { char, sequence } = this.gaps;
    // The key's characters that follow one another from `start`: nothing hides among them (no
    // form of a key's character is one of what hides). Most places end here: the whole key, or
    // a character neither the key's next nor one that may hide.
    const plain = this.plain;
    plain.lastIndex = start;
    const run = plain.exec(text);
    if (run === null) return -1;
    let matched = run.length;
    while (run[matched - 1] === undefined) matched -= 1;
    if (matched === last) return plain.lastIndex;
    if (after(char, text, plain.lastIndex) === -1) return -1;
    // Places to go on from: a place in the text, and how many of the key's characters are behind.
    const todo: number[] = [plain.lastIndex, matched];
    while (todo.length > 0) {
      const count = todo.pop() as number;
      const at = todo.pop() as number;
      if (count === last) return at;
      const state = at * (last + 1) + count;
      if (seen.has(state)) continue;
      seen.add(state);
      if (at > this.reached) this.reached = at;
      const next = after(this.chars[count] as RegExp, text, at);
      if (next !== -1) todo.push(next, count + 1);
      const hidden = after(char, text, at);
      if (hidden === -1) continue;
      todo.push(hidden, count);
      const whole = after(sequence, text, at);
      if (whole !== -1) todo.push(whole, count);
    }
    return -1;
  }
}

/** Where `pattern` (sticky) ends if it matches `text` at `at`, or -1. */
function after(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/**
 * `value` with `clean` applied to every string and property name, in place and without recursion
 * (an answer may nest up to the reader's limit of 1,000 levels).
 */
function cleanValue(value: unknown, clean: (text: string) => string): unknown {
  if (typeof value === 'string') return clean(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item = node[i];
        if (typeof item === 'string') node[i] = clean(item);
        else if (item !== null && typeof item === 'object') stack.push(item);
      }
    } else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const names = Object.keys(record);
      // A renamed property is put back in its place: every property is re-added in order.
      const rename = names.some((name) => clean(name) !== name);
      for (const name of names) {
        const item = record[name];
        const next = typeof item === 'string' ? clean(item) : item;
        if (rename) {
          delete record[name];
          record[clean(name)] = next;
        } else if (next !== item) record[name] = next;
        if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  return value;
}
