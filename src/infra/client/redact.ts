// A server that echoes the key back (in a body, an error message or a header) must not get it
// printed: each answer is cleaned of the key as it is read, before anything else sees it, so -o
// json, tables, csv, --jq, `api -i` headers, error messages and --debug all show the masked form
// (maskKey: "k_li…cdef"). The key is found in any case (a server may upper- or lower-case what it
// echoes, and header names come lower-cased), each of its characters as it is, percent-encoded
// (%6B) or behind a JSON escape (\u006b, \/). A key shorter than 8 characters is not looked for:
// it would match ordinary text, and no real key is that short.
import { maskKey } from '../config.js';
import type { Answer } from './http.js';

const MIN_KEY = 8;

/** The key's search, made once a client: every answer is searched. */
export interface KeyMask {
  /**
   * Whether an answer's text may hold the key once parsed. Asked of the text as the reader decodes
   * it (parseBody), which keeps no text: one search of the string by a pattern compiled once.
   */
  inText: (text: string) => boolean;
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
  const source = keyPattern(key);
  const find = new RegExp(source, 'i');
  const every = new RegExp(source, 'gi');
  const mask = maskKey(key);
  const clean = (value: string) => (find.test(value) ? value.replace(every, mask) : value);
  return {
    inText: (text) => find.test(text),
    clean(response, body, bodyMayHoldKey) {
      const inHeaders = heldInHeaders(response.headers, find);
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
 * The source of a pattern of `key` (matched case-insensitively): each character as it is, or as
 * %XX, or as \u00XX, or by its short JSON escape. A key is printable ASCII (checkApiKey), so each
 * of its characters has one two-digit code, and the pattern's hex digits match either case too.
 */
function keyPattern(key: string): string {
  return Array.from(key, (char) => {
    const forms = new Set<string>();
    for (const variant of new Set([char.toLowerCase(), char.toUpperCase()])) {
      const hex = variant.charCodeAt(0).toString(16).padStart(2, '0');
      forms.add(variant).add(`%${hex}`).add(`\\u00${hex}`);
      if (variant in SHORT_ESCAPE) forms.add(SHORT_ESCAPE[variant]!);
    }
    return `(?:${[...forms].map((form) => form.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|')})`;
  }).join('');
}

/**
 * Whether a header holds the key, in its value or its name (`social api -i` prints both): looked at
 * by name, which allocates nothing for an answer.
 */
function heldInHeaders(headers: Answer['headers'], find: RegExp): boolean {
  for (const name in headers) {
    const value = headers[name];
    if (find.test(name)) return true;
    if (typeof value === 'string' ? find.test(value) : value?.some((item) => find.test(item))) return true;
  }
  return false;
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
