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

/** A record's keys, in order, for writeColumns: a key, or a key and the keys of the record under it. */
export type RecordShape = ReadonlyArray<string | readonly [string, RecordShape]>;

/** One column of values a record's key takes, the i-th record's the i-th; or one value for every record. */
export type RecordColumn = readonly unknown[] | { readonly every: unknown };

/** A list of records given as columns: its records have `shape`, their values `columns` (one a leaf key). */
export interface ColumnRecords {
  shape: RecordShape;
  /** One a leaf of `shape`, in its order (a nested record's keys in its place). */
  columns: readonly RecordColumn[];
  length: number;
}

/**
 * A value's JSON text, as JSON.stringify writes it inside a document indented at `indent`, its
 * terminal-active characters escaped: escaping each part of a text is escaping the whole.
 */
function valueText(value: unknown, indent: string | undefined): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string') return escapeTerminalActive(JSON.stringify(value));
  const text = JSON.stringify(value, null, indent === undefined ? undefined : 2) ?? 'null';
  return escapeTerminalActive(indent === undefined ? text : text.replaceAll('\n', `\n${indent}`));
}

/**
 * The text of one record of `shape` at `depth` (1: an item of a pretty list), cut where its
 * values go: `parts[i]` comes before the i-th leaf's value, `tail` after the last, and `indents[i]`
 * is the indent a nested value at that leaf takes. A leaf whose column is one value for every
 * record has that value's text in the part after it.
 */
function recordParts(shape: RecordShape, columns: readonly RecordColumn[], pretty: boolean, depth: number) {
  const parts: string[] = [];
  const indents: Array<string | undefined> = [];
  const leaves: Array<readonly unknown[]> = [];
  let pending = '';
  let leaf = 0;
  const walk = (keys: RecordShape, level: number): void => {
    if (keys.length === 0) {
      pending += '{}';
      return;
    }
    const inner = pretty ? `\n${'  '.repeat(level + 1)}` : '';
    keys.forEach((key, at) => {
      const name = typeof key === 'string' ? key : key[0];
      pending += `${at === 0 ? '{' : ','}${inner}${escapeTerminalActive(JSON.stringify(name))}${pretty ? ': ' : ':'}`;
      if (typeof key !== 'string') {
        walk(key[1], level + 1);
        return;
      }
      const column = columns[leaf++] as RecordColumn;
      const indent = pretty ? '  '.repeat(level + 1) : undefined;
      if (!Array.isArray(column)) {
        pending += valueText((column as { every: unknown }).every, indent);
        return;
      }
      parts.push(pending);
      indents.push(indent);
      leaves.push(column);
      pending = '';
    });
    pending += `${pretty ? `\n${'  '.repeat(level)}` : ''}}`;
  };
  walk(shape, depth);
  return { parts, indents, leaves, tail: pending };
}

/**
 * json (one pretty list) or ndjson (a record a line) of records given as columns, to `write` a
 * piece of LIST_PIECE records at a time: the text writeJson and writeNdjson give of the records
 * made as objects (every value JSON's: none undefined), without making them. A long list read as
 * columns (an account's 100,000 snapshots) costs its values' text and no object a record.
 */
export function writeColumns(records: ColumnRecords, format: 'json' | 'ndjson', write: (text: string) => void): void {
  const pretty = format === 'json';
  const { parts, indents, leaves, tail } = recordParts(records.shape, records.columns, pretty, pretty ? 1 : 0);
  const { length } = records;
  if (pretty && length === 0) {
    write('[]\n');
    return;
  }
  // A column's value as the record before had it (a source, a count that did not move) takes
  // that one's text again.
  const seen: unknown[] = leaves.map(() => undefined);
  const texts: string[] = leaves.map(() => '');
  let piece = pretty ? '[\n  ' : '';
  for (let i = 0; i < length; i++) {
    for (let leaf = 0; leaf < parts.length; leaf++) {
      const value = (leaves[leaf] as readonly unknown[])[i];
      if (value !== seen[leaf] || i === 0) {
        seen[leaf] = value;
        texts[leaf] = valueText(value, indents[leaf]);
      }
      piece += (parts[leaf] as string) + (texts[leaf] as string);
    }
    piece += tail;
    const last = i === length - 1;
    piece += pretty ? (last ? '\n]\n' : ',\n  ') : '\n';
    if (last || i % LIST_PIECE === LIST_PIECE - 1) {
      write(piece);
      piece = '';
    }
  }
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
