// A server that echoes the key back (in a body, an error message or a header) must not get it
// printed: each answer is cleaned of the exact key as it is read, before anything else sees it, so
// -o json, tables, csv, --jq, `api -i` headers, error messages and --debug all show the masked
// form (maskKey: "k_li…cdef"). A key shorter than 8 characters is not looked for: it would match
// ordinary text, and no real key is that short.
import { maskKey } from '../config.js';
import type { Answer } from './http.js';

const MIN_KEY = 8;
const BACKSLASH = 0x5c;

/** The key's UTF-8 bytes, encoded once for all the answers of a run, not once an answer. */
let encoded: { key: string; bytes: Buffer } | undefined;
function keyBytes(key: string): Buffer {
  if (encoded?.key !== key) encoded = { key, bytes: Buffer.from(key) };
  return encoded.bytes;
}

/**
 * `response` and its parsed `body` with every occurrence of `key` replaced by its mask. What holds
 * no key is given back as it came, not copied: most answers.
 */
export function withoutKey(
  response: Answer,
  body: unknown,
  key: string | undefined,
): { response: Answer; body: unknown } {
  if (key === undefined || key.length < MIN_KEY) return { response, body };
  // The parsed body is walked only when the key could be in it: as it is, or behind JSON escapes.
  const walk = response.bytes.includes(keyBytes(key)) || response.bytes.includes(BACKSLASH);
  const inHeaders = heldInHeaders(response.headers, key);
  if (!walk && !inHeaders) return { response, body };
  const clean = (value: string) => (value.includes(key) ? value.replaceAll(key, maskKey(key)) : value);
  let cleaned = response;
  if (inHeaders) {
    const headers: Answer['headers'] = {};
    for (const [name, value] of Object.entries(response.headers))
      headers[name] = Array.isArray(value) ? value.map(clean) : value === undefined ? value : clean(value);
    cleaned = { ...response, headers };
  }
  return { response: cleaned, body: walk ? cleanValue(body, clean) : body };
}

/** Whether a header holds the key: looked at by name, which allocates nothing for an answer. */
function heldInHeaders(headers: Answer['headers'], key: string): boolean {
  for (const name in headers) {
    const value = headers[name];
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
