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

/** Items of a list a piece of its json or ndjson holds (writeJson, writeNdjson). */
const LIST_PIECE = 1000;

/**
 * The json format given to `write` a piece at a time: the text renderJson gives. A long list (an
 * account's 100,000 snapshots) is written LIST_PIECE items at a time, each piece JSON.stringify's
 * own text of those items with the brackets taken off: never one string of the whole, which cost
 * more in the memory it took than in the making. (Pieces are the same text: the items here are
 * data, whose JSON does not depend on their place in the list.)
 */
export function writeJson(value: unknown, write: (text: string) => void): void {
  if (!Array.isArray(value) || value.length <= LIST_PIECE) {
    write(renderJson(value));
    return;
  }
  for (let at = 0; at < value.length; at += LIST_PIECE) {
    // "[\n  item,\n  item\n]": the items' lines, joined to the pieces before and after.
    const items = formatJson(value.slice(at, at + LIST_PIECE), true).slice(1, -2);
    write(`${at === 0 ? '[' : ','}${items}${at + LIST_PIECE >= value.length ? '\n]\n' : ''}`);
  }
}

/** The ndjson format given to `write` LIST_PIECE lines at a time: the text renderNdjson gives. */
export function writeNdjson(values: readonly unknown[], write: (text: string) => void): void {
  for (let at = 0; at < values.length; at += LIST_PIECE) write(renderNdjson(values.slice(at, at + LIST_PIECE)));
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
