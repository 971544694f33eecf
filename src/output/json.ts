// JSON for json and ndjson: the value untouched, but safe to print at a terminal. JSON.stringify
// already writes C0 controls as escapes; the other characters that can act on a terminal (DEL, C1
// controls, bidi marks, embeddings, overrides and isolates) and the JavaScript line separators are
// written as \u escapes too. They can only occur inside JSON strings, so the parsed value is the same.
import { sanitiseText } from '../domain/text.js';

const TERMINAL_ACTIVE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function escapeChar(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `value` as JSON text (2-space indent when `pretty`, else one line), terminal-active chars escaped. */
export function formatJson(value: unknown, pretty: boolean): string {
  // undefined (or a function) has no JSON text: null is the nearest honest value. V8's serialiser
  // recurses, which is safe: no answer nested past the reader's MAX_NESTING is ever parsed.
  return escapeTerminalActive(JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null');
}

/** JSON text with the terminal-active characters in its strings written as \u escapes: the same value. */
export function escapeTerminalActive(text: string): string {
  // Searched first: replace copies the whole text even when it changes nothing.
  TERMINAL_ACTIVE.lastIndex = 0;
  return TERMINAL_ACTIVE.test(text) ? text.replace(TERMINAL_ACTIVE, escapeChar) : text;
}

/**
 * One-line JSON of records given as their values in `keys`' order, one at a time: the text
 * formatJson(record, false) gives of the record with those keys (each a column's name, so no two
 * alike and none an array index, which an object would put first), without making the object.
 */
export function jsonLineWriter(keys: readonly string[]): (values: readonly unknown[]) => string {
  const names = keys.map((key) => `${JSON.stringify(key)}:`);
  return (values) => {
    let text = '{';
    for (let i = 0; i < names.length; i++) {
      // A value with no JSON text (undefined) leaves its key out, as it does of an object.
      const value = JSON.stringify(values[i]);
      if (value === undefined) continue;
      text += `${text.length > 1 ? ',' : ''}${names[i]}${value}`;
    }
    return escapeTerminalActive(`${text}}`);
  };
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
