// A server that echoes the key back (in a body, an error message or a header) must not get it
// printed: each answer is cleaned of the key as it is read, before anything else sees it, so -o
// json, tables, csv, --jq, `api -i` headers, error messages and --debug all show the masked form
// (maskKey: "k_li…cdef"). The key is found in any case (a server may upper- or lower-case what it
// echoes, and header names come lower-cased), each of its characters as it is, percent-encoded
// (%6B) or behind a JSON escape (\u006b, \/), and with anything that hides from a reader between
// its characters: an escape sequence or a control, invisible or bidi character (hiddenPatterns,
// from the sanitiser's own grammar), which the sanitiser would remove, or a terminal show as
// nothing (a variation selector too, which the sanitiser keeps for the emoji it belongs to),
// leaving the key whole; these too as they are or percent-encoded (%E2%80%8B, in a URL
// that a reader decodes). A key shorter than 8 characters is not looked for: it would
// match ordinary text, and no real key is that short.
import { type HiddenPattern, hiddenPatterns, keyCharAsIs, keyCharPattern } from '../../domain/text.js';
import { maskKey } from '../config.js';
import { Ways } from './key-ways.js';

/** An answer's headers, as the client reads them. */
type Headers = Record<string, string | string[] | undefined>;

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
  clean<A extends { headers: Headers }>(
    response: A,
    body: unknown,
    bodyMayHoldKey: boolean,
  ): { response: A; body: unknown };
}

/** The key's search and mask, or undefined when `key` is not looked for. */
export function keyMask(key: string | undefined): KeyMask | undefined {
  if (key === undefined || key.length < MIN_KEY) return undefined;
  const chars = Array.from(key, keyCharPattern);
  const find = new RegExp(chars.join(''), 'i');
  // The key as it is, in either case: `find` where a text holds no `%` and no backslash (a pattern
  // of plain classes, which the engine looks for faster than one of alternatives).
  const asIs = new RegExp(Array.from(key, keyCharAsIs).join(''));
  const mask = maskKey(key);
  // In a string (a parsed value, a header), and in an answer's JSON text before it is parsed.
  const hidden = hiddenPatterns();
  // The searches across hidden characters, made when a text first needs one: their patterns are
  // large, and most answers (of ASCII, hiding nothing) need neither.
  let inValue: KeyAcrossGaps | undefined;
  let inJson: KeyAcrossGaps | undefined;
  const valueSearch = () => {
    inValue ??= new KeyAcrossGaps(chars, hidden.text);
    return inValue;
  };
  const jsonSearch = () => {
    inJson ??= new KeyAcrossGaps(chars, hidden.json);
    return inJson;
  };
  // A text too large for the pattern engine (it runs out of stack on some hostile answers) is
  // taken to hold the key: a string it cannot search is replaced by the mask whole. The answer
  // still reaches the user, and its charge the ledger.
  const maskIn = (value: string) => valueSearch().mask(value, mask);
  const clean = (value: string) => failClosed(mask, maskIn, value);
  // A header (name or value) that hides nothing has the key whole or not at all.
  const holdsIn = (text: string) => (hidden.text.start.test(text) ? valueSearch().holds(text) : find.test(text));
  const holds = (text: string) => failClosed(true, holdsIn, text);
  // JSON text of ASCII (as many characters as bytes) with neither an escape nor a character
  // that hides (DEL, which JSON leaves raw; `%` and the backslash start one too) has the key as it
  // is or not at all, as nearly every answer. A \u escape of `%` or of a hex digit may spell a
  // percent-encoded one: the parsed values are searched then, where it is a `%` again.
  const inJsonText = (text: string, bytes?: Uint8Array) =>
    bytes !== undefined && bytes.length === text.length && !hidden.json.start.test(text)
      ? asIs.test(text)
      : ESCAPED_PERCENT.test(text) || jsonSearch().holds(text);
  return {
    inText: (text, bytes) => failClosed(true, inJsonText, text, bytes),
    clean(response, body, bodyMayHoldKey) {
      const inHeaders = heldInHeaders(response.headers, holds);
      if (!bodyMayHoldKey && !inHeaders) return { response, body };
      let cleaned = response;
      if (inHeaders) {
        const headers: Headers = {};
        for (const [name, value] of Object.entries(response.headers))
          headers[clean(name)] = Array.isArray(value) ? value.map(clean) : value === undefined ? value : clean(value);
        cleaned = { ...response, headers };
      }
      return { response: cleaned, body: bodyMayHoldKey ? cleanValue(body, clean) : body };
    },
  };
}

/** A JSON escape of `%` or of a hex digit (see inText). */
const ESCAPED_PERCENT = /\\u00(?:25|3[0-9]|4[1-6]|6[1-6])/i;

/**
 * `search(text, bytes)`, or `otherwise` when the pattern engine cannot search the text (a
 * RangeError). The search is a function made once a client, its text an argument: a closure a
 * call would be one more object for every header of every answer.
 */
function failClosed<T>(
  otherwise: T,
  search: (text: string, bytes?: Uint8Array) => T,
  text: string,
  bytes?: Uint8Array,
): T {
  try {
    return search(text, bytes);
  } catch (error) {
    if (error instanceof RangeError) return otherwise;
    throw error;
  }
}

/**
 * Whether a header holds the key, in its value or its name (`social api -i` prints both): their
 * text searched at once, a space between each, as one search of an answer's few headers costs
 * less than one of each of them. A key is found in the text wherever one of them holds it; the
 * spaces between them can only make it seem to be where it is not (a key that itself has a space),
 * and then each is cleaned of what it holds alone. A name is a token of printable ASCII, where the
 * key may still be percent-encoded around hidden characters.
 */
function heldInHeaders(headers: Headers, holds: (text: string) => boolean): boolean {
  let text = '';
  for (const name in headers) {
    const value = headers[name];
    text += ` ${name} `;
    if (typeof value === 'string') text += value;
    else if (value !== undefined) text += value.join(' ');
  }
  return holds(text);
}

/**
 * The key with what hides from a reader between its characters (hiddenPatterns): any number of
 * escape sequences and hidden characters, each read either way an escape sequence can be (whole,
 * as the sanitiser removes it, or its ESC alone, its tail then perhaps the key's characters). One
 * pass through the text, every way at once: a way is a place in the text and how many of the key's
 * characters are behind it, and the ways are gone down in the order of their places, each place
 * and count once (where ways meet they go on as one, from the earliest start). A way leads at
 * most one character or one escape sequence further on, so few wait at any time; and an OSC that
 * starts inside another's text, which would be read to its end again for each, ends where that
 * one does, and ways that meet there are one (Ways). Time linear in the text (times the key's
 * length at most), memory bounded by the key's length, whatever the text: a search that
 * remembered each place it had looked at, or read the same OSC text once for each OSC start
 * inside it, took memory or time that grew with the square of a hostile answer, and one that kept
 * a way to an OSC's end for each OSC start inside it, memory that grew with the answer.
 */
class KeyAcrossGaps {
  private readonly chars: RegExp[];
  private readonly places: RegExp;
  /** The same, matching no characters: the search's next place, found without a match's array. */
  private readonly nextPlaces: RegExp;
  /** The ways not yet gone down, by place (see Ways). */
  private readonly ways: Ways;
  /** Where mask() found the key: start and end, each. */
  private readonly spans: number[] = [];

  constructor(
    chars: readonly string[],
    private readonly gaps: HiddenPattern,
  ) {
    this.chars = chars.map((char) => new RegExp(char, 'iy'));
    // Where the key may start: the key whole, or its first characters with something that may hide
    // right after them. One pattern that starts with the key's first character (two alternatives
    // would cost twice), and after each of its characters takes the next, or stops where something
    // may hide.
    const hide = `(?=${gaps.start.source})`;
    const rest = chars.slice(1).reduceRight((inner, char) => `(?:${char}${inner}|${hide})`, '');
    this.places = new RegExp(`${chars[0]}${rest}`, 'gi');
    this.nextPlaces = new RegExp(`(?=${this.places.source})`, 'gi');
    this.ways = new Ways(chars.length);
  }

  /** Whether `text` holds the key. One search, which most texts end at the first look. */
  holds(text: string): boolean {
    return this.search(text, undefined);
  }

  /** `text` with each place the key is (what hides inside it included) replaced by `mask`. */
  mask(text: string, mask: string): string {
    const spans = this.spans;
    spans.length = 0;
    if (!this.search(text, spans)) return text;
    let out = '';
    let at = 0;
    for (let i = 0; i < spans.length; i += 2) {
      out += text.slice(at, spans[i]) + mask;
      at = spans[i + 1] as number;
    }
    return out + text.slice(at);
  }

  /**
   * Whether `text` holds the key; with `spans`, also where: [start, end) each, in order, none
   * inside another, each the one that ends first (from the earliest start that ends there), the
   * search going on from its end. Without `spans`, the first found ends it.
   */
  private search(text: string, spans: number[] | undefined): boolean {
    const places = this.places;
    places.lastIndex = 0;
    const first = places.exec(text);
    if (first === null) return false;
    const { chars, ways, nextPlaces } = this;
    const { char, sequence, osc } = this.gaps;
    const last = chars.length;
    ways.clear();
    let place = first.index;
    // The last OSC gone past whole: where it starts and ends.
    let oscFrom = -1;
    let oscEnd = -1;
    // The key found that ends first, while a way that may end as early is left.
    let foundStart = -1;
    let foundEnd = -1;
    const found = (start: number, end: number) => {
      if (foundEnd === -1 || end < foundEnd || (end === foundEnd && start < foundStart)) {
        foundStart = start;
        foundEnd = end;
      }
    };
    for (;;) {
      const at = ways.size === 0 ? place : place === -1 ? ways.nextPlace() : Math.min(place, ways.nextPlace());
      if (foundEnd !== -1 && (at === -1 || at >= foundEnd)) {
        if (spans === undefined) return true;
        spans.push(foundStart, foundEnd);
        ways.clear();
        if (place !== -1 && place < foundEnd) {
          place = placeFrom(nextPlaces, text, foundEnd);
        }
        foundEnd = -1;
        continue;
      }
      if (at === -1) return spans !== undefined && spans.length > 0;
      if (at === place) {
        // The key's characters that follow one another from here: nothing hides among them (no
        // form of a key's character is one of what hides). Most places end here: the whole key,
        // or a character neither the key's next nor one that may hide. A character at a time, by
        // tests that make no match's array: a hostile answer may hold a near-key a few bytes.
        let end = place;
        let matched = 0;
        for (let next = after(chars[0] as RegExp, text, end); next !== -1; ) {
          end = next;
          matched += 1;
          next = matched === last ? -1 : after(chars[matched] as RegExp, text, end);
        }
        if (matched === last) found(place, end);
        else if (after(char, text, end) !== -1) ways.add(end, matched, place);
        place = placeFrom(nextPlaces, text, place + 1);
        continue;
      }
      // Every way at this place, each count once, from its earliest start.
      ways.takeAt(at);
      const hidden = after(char, text, at);
      // An OSC inside another's text ends where that one does: looked for once, however many.
      let whole: number;
      if (at > oscFrom && at < oscEnd && after(osc, text, at) !== -1) whole = oscEnd;
      else {
        whole = after(sequence, text, at);
        if (whole !== -1 && after(osc, text, at) !== -1) {
          oscFrom = at;
          oscEnd = whole;
        }
      }
      for (let i = 0; i < ways.taken; i++) {
        const count = ways.counts[i] as number;
        const start = ways.starts[i] as number;
        const next = after(chars[count] as RegExp, text, at);
        if (next !== -1) {
          if (count + 1 === last) found(start, next);
          else ways.add(next, count + 1, start);
        }
        if (hidden !== -1) ways.add(hidden, count, start);
        if (whole !== -1) ways.add(whole, count, start);
      }
    }
  }
}

/** Where `pattern` (global, matching no characters) first matches `text` from `at`, or -1. */
function placeFrom(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
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
