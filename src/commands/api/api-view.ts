// How `social api` shows an answer in a table or csv. Its columns are known only from the answer:
// nested objects are spread into dotted names (author.handle); in a table a cell holds one value,
// never a list or an object as JSON cut mid-token, so what does not fit a cell is left out with a
// note pointing to -o json and --jq. csv, which cuts nothing, carries lists as compact JSON.

import { t } from '../../messages/use-views.js';
import { formatJson } from '../../output/json.js';
import type { Column, RecordView, Result, View } from '../../output/types.js';

type Cell = string | number | boolean | null;
type Flat = Record<string, Cell>;

/** Objects deeper than this below a row (or the body) are left out of a table. */
const MAX_DEPTH = 4;
/** Keys that name a record: a table keeps them before numbers and free text. */
const IDENTIFIERS = new Set(['id', 'url', 'handle', 'external_id', 'uri']);

interface Spread {
  cells: Flat;
  /** Dotted names of what a cell cannot hold (a list, an object too deep). */
  leftOut: string[];
}

/**
 * `value` spread into cells by dotted name. An empty list or object is a cell ([] or {}); another
 * list, or an object deeper than MAX_DEPTH, is left out (or, with `asJson`, one cell of compact
 * JSON, for csv).
 */
function spread(value: unknown, asJson: boolean, skip?: string): Spread {
  const out: Spread = { cells: {}, leftOut: [] };
  const walk = (v: unknown, name: string, depth: number): void => {
    if (name === skip) return;
    if (v === null || typeof v !== 'object') {
      out.cells[name || 'value'] = v === undefined ? null : (v as Cell);
      return;
    }
    const entries = Array.isArray(v) ? [] : Object.entries(v as Record<string, unknown>);
    const empty = Array.isArray(v) ? v.length === 0 : entries.length === 0;
    if (empty) out.cells[name || 'value'] = Array.isArray(v) ? '[]' : '{}';
    else if (asJson && (Array.isArray(v) || depth >= MAX_DEPTH)) out.cells[name || 'value'] = formatJson(v, false);
    else if (Array.isArray(v) || depth >= MAX_DEPTH) out.leftOut.push(name || 'value');
    else for (const [key, inner] of entries) walk(inner, name ? `${name}.${key}` : key, depth + 1);
  };
  walk(value, '', 0);
  return out;
}

/** Where the list a body carries is (data.items, items, niches), and the list. */
function listOf(body: unknown): { name: string; list: unknown[] } | undefined {
  const record = (body ?? {}) as Record<string, unknown>;
  const data = (record.data ?? {}) as Record<string, unknown>;
  const candidates: Array<[string, unknown]> = [
    ['data.items', data.items],
    ['items', record.items],
    ['niches', record.niches],
  ];
  for (const [name, list] of candidates) if (Array.isArray(list)) return { name, list };
  return undefined;
}

/**
 * Whether a table or csv can show the body: an envelope (the service's `{success, data, …}`) or a
 * body that carries a list. Anything else (/openapi.json, a route's own shape) is printed as JSON.
 */
export function isTabular(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  return typeof (body as Record<string, unknown>).success === 'boolean' || listOf(body) !== undefined;
}

const lastName = (key: string): string => key.slice(key.lastIndexOf('.') + 1);

/** A raw view: null is shown as null, not as the "unknown" mark of the commands' own tables. */
const NULL = 'views.cell.null';

/**
 * A column for `key`, fitted by what its cells hold: identifiers are kept longest, text with spaces
 * is free text (cut first), numbers are kept before other fixed columns.
 */
function columnFor(key: string, rows: readonly Flat[]): Column<Flat> {
  const values = rows.map((row) => row[key] ?? null);
  const value = (row: Flat) => row[key] ?? null;
  const missing = NULL;
  // A row's own identifier is kept whole; a nested one (author.id) is secondary, kept before others.
  if (IDENTIFIERS.has(key)) return { header: key, value, fit: 'id', missing };
  if (IDENTIFIERS.has(lastName(key))) return { header: key, value, missing };
  if (values.every((v) => v === null || typeof v === 'number')) return { header: key, value, kind: 'integer', missing };
  if (values.some((v) => typeof v === 'string' && /\s/.test(v))) return { header: key, value, fit: 'free', missing };
  return { header: key, value, missing };
}

function rowsView(spreads: readonly Spread[], table: boolean): View<Flat> {
  const rows = spreads.map((s) => s.cells);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  // A name left out in one row (a list there) is left out of every row, not shown half empty.
  const leftOut = new Set(spreads.flatMap((s) => s.leftOut));
  // A table has no room for a column with no value in any row.
  const shown = keys.filter((key) => !leftOut.has(key) && rows.some((row) => (row[key] ?? null) !== null));
  if (!table) return { rows, columns: keys.map((key) => ({ header: key, value: (r) => r[key] ?? null })) };
  const columns = shown.map((key) => columnFor(key, rows));
  // A narrow table keeps a row's own identifiers, its free text, nested identifiers, numbers, the rest.
  const place = (c: Column<Flat>): number => {
    if (c.fit === 'id') return 0;
    if (c.fit === 'free') return 1;
    if (IDENTIFIERS.has(lastName(c.header))) return 2;
    return c.kind === 'integer' ? 3 : 4;
  };
  const rank = [...columns].sort((x, y) => place(x) - place(y)).map((c) => c.header);
  return { rows, columns, rank };
}

/** The table views: the body's own fields, its list as rows, and a note naming what was left out. */
function tableViews(body: unknown): Array<View | RecordView> {
  const found = listOf(body);
  const rows = found?.list.length ? found.list.map((row) => spread(row, false)) : [];
  const own = spread(body, false, rows.length > 0 ? found?.name : undefined);
  const views: Array<View | RecordView> = [];
  const fields = Object.entries(own.cells).map(([key, value]) => ({ id: key, label: key, value, missing: t(NULL) }));
  if (fields.length > 0) views.push({ fields });
  if (rows.length > 0) views.push(rowsView(rows, true));
  const leftOut = [...new Set([...own.leftOut, ...rows.flatMap((r) => r.leftOut).map((k) => `${found?.name}[].${k}`)])];
  if (leftOut.length > 0) {
    const note = t('views.api.leftOut', { names: leftOut.join(', ') });
    views.push({ columns: [], rows: [], empty: note });
  }
  return views;
}

export function apiResult(body: unknown): Result {
  // The table and csv views are made only when asked for: json output of a large body would
  // otherwise pay for a copy of it as rows.
  return {
    json: body,
    get table() {
      return tableViews(body);
    },
    get csv() {
      // A list as rows; else the body as one row.
      const list = listOf(body)?.list;
      return rowsView(
        (list?.length ? list : [body]).map((row) => spread(row, true)),
        false,
      );
    },
  };
}
