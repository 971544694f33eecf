// A server that echoes the key back (in a body, an error message or a header) must not get it
// printed: each answer is cleaned of the exact key as it is read, before anything else sees it, so
// -o json, tables, csv, --jq, `api -i` headers, error messages and --debug all show the masked
// form (maskKey: "k_li…cdef"). A key shorter than 8 characters is not looked for: it would match
// ordinary text, and no real key is that short.
import { maskKey } from '../config.js';
import type { Answer } from './http.js';

const MIN_KEY = 8;

/**
 * Whether an answer's text may hold `key` once parsed: as it is, or behind a JSON escape. Asked of
 * the text as the reader decodes it (parseBody), which keeps no text: a string's own search, not
 * one in the bytes, whose every call pays Buffer's argument checks. Undefined when `key` is not
 * looked for.
 */
export function keyFinder(key: string | undefined): ((text: string) => boolean) | undefined {
  if (key === undefined || key.length < MIN_KEY) return undefined;
  return (text) => text.includes(key) || escapesAnyOf(text, key);
}

/** What each JSON escape but \u stands for, by the character after the backslash. */
const ESCAPED: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * Whether a JSON escape in `text` stands for a character of `key`. When none does, every character
 * of a key in the parsed strings was written as it is, side by side: the key is in the text as it
 * is. Answers escape controls and the like (a bio with terminal codes), rarely a key's letters,
 * so most answers with escapes are not walked. Anything unclear counts as a yes.
 */
function escapesAnyOf(text: string, key: string): boolean {
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', at + 2)) {
    const kind = text[at + 1] ?? '';
    const char = kind === 'u' ? String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16)) : ESCAPED[kind];
    if (char === undefined || key.includes(char)) return true;
  }
  return false;
}

/**
 * `response` and its parsed `body` with every occurrence of `key` replaced by its mask. What holds
 * no key is given back as it came, not copied: most answers. The body is walked only when
 * `bodyMayHoldKey` (keyFinder's answer about its text).
 */
export function withoutKey(
  response: Answer,
  body: unknown,
  key: string | undefined,
  bodyMayHoldKey: boolean,
): { response: Answer; body: unknown } {
  if (key === undefined || key.length < MIN_KEY) return { response, body };
  const walk = bodyMayHoldKey;
  // undici gives header names in lower case: a key echoed in one is there in lower case.
  const lower = key.toLowerCase();
  const inHeaders = heldInHeaders(response.headers, key, lower);
  if (!walk && !inHeaders) return { response, body };
  const clean = (value: string) => (value.includes(key) ? value.replaceAll(key, maskKey(key)) : value);
  let cleaned = response;
  if (inHeaders) {
    const headers: Answer['headers'] = {};
    for (const [name, value] of Object.entries(response.headers))
      headers[name.includes(lower) ? name.replaceAll(lower, maskKey(key)) : name] = Array.isArray(value)
        ? value.map(clean)
        : value === undefined
          ? value
          : clean(value);
    cleaned = { ...response, headers };
  }
  return { response: cleaned, body: walk ? cleanValue(body, clean) : body };
}

/**
 * Whether a header holds the key, in its value or its name (`social api -i` prints both): looked at
 * by name, which allocates nothing for an answer.
 */
function heldInHeaders(headers: Answer['headers'], key: string, lower: string): boolean {
  for (const name in headers) {
    const value = headers[name];
    if (name.includes(lower)) return true;
    if (typeof value === 'string' ? value.includes(key) : value?.some((item) => item.includes(key))) return true;
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
