// The tolerant reader: how a success body is read. What social acts on is checked strictly (the
// body is a JSON object, `success`, `data` an object where success is true, the credit figures,
// `cached`): a body that fails those cannot be read at all. Everything else is compared with the
// documented shape (the shared zod schemas) only to say what differs: such drift is reported, and
// the body is used as sent. Fields the spec does not list pass through and are not drift.
import type { ZodType } from 'zod';
import { ENVELOPE_RULES } from '../../domain/schemas.js';
import type { Said } from '../../messages/catalogue.js';
import { said } from '../../messages/use-errors.js';
import { t } from '../../messages/use-notes.js';
import { documented } from './documented.js';

/** One field that differs from the documented shape. */
export interface Drift {
  /** Where, like data.items[0].title. */
  path: string;
  /** What came, like "a string" or "-3"; undefined when the field was left out. */
  sent: string | undefined;
  /** What the spec documents, like "null" or "a string or null". */
  documented: string;
  /** What social did about it, when not "shown as sent". */
  handling?: string;
}

export type Reading<T> =
  | {
      ok: true;
      /**
       * The body for display: the body as sent, except that a container of the wrong type (an
       * object or a list where null or text came) is replaced by an empty one that serialises back
       * to what was sent, so json output stays the body untouched.
       */
      body: T;
      drift: Drift[];
    }
  | { ok: false; why: Said };

export type BodyShape = 'envelope' | 'archive' | 'any';

/** The fields that decide what social does; a wrong type in one of them makes a body unreadable. */
const CREDIT_FIELDS = ['credits_used', 'credits_charged'] as const;
const CORE_FIELDS = new Set<string>(['success', 'data', 'cached', ...CREDIT_FIELDS]);

/**
 * The deepest a body may nest arrays and objects. A deeper one is not understood (exit 11) and is
 * never parsed: its parsed form would cost tens of bytes a level, for every call of a batch, and
 * code that walks it (the serialisers, zod) recurses. No documented answer nests past ten.
 */
const MAX_NESTING = 1000;

/**
 * An answer's bytes as a JSON value, or why there is none (not JSON, or nested too deep). `lookIn`
 * is asked about the decoded text (and the bytes it came from), which is not kept: `found` is its answer (false without it, or
 * when the text was not decoded).
 */
export function parseBody(
  bytes: Buffer,
  lookIn?: (text: string, bytes: Buffer) => boolean,
): { value: unknown; why?: undefined; found: boolean } | { value: undefined; why: Said; found: boolean } {
  if (nestsDeeperThan(bytes, MAX_NESTING))
    return { value: undefined, why: said('errors.response.tooDeep', { levels: MAX_NESTING }), found: false };
  const text = bytes.toString();
  const found = lookIn?.(text, bytes) ?? false;
  try {
    // A UTF-8 byte-order mark before the JSON is allowed.
    return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), found };
  } catch {
    return { value: undefined, why: said('errors.response.notJson'), found };
  }
}

/**
 * Whether JSON text opens more than `limit` arrays and objects inside one another (brackets in
 * strings do not count).
 * @internal Exported for its test.
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  return opensMoreThan(bytes, limit) && walkNestsDeeperThan(bytes, limit);
}

/**
 * Whether the text holds more than `limit` opening brackets (in strings too). Nesting past `limit`
 * takes more than that: an answer with fewer (most of those longer than `limit`) is not walked byte
 * by byte, its brackets are found by indexOf, a native search.
 */
function opensMoreThan(bytes: Uint8Array, limit: number): boolean {
  if (bytes.length <= limit) return false;
  let count = 0;
  for (const bracket of OPENING)
    for (let at = bytes.indexOf(bracket); at !== -1; at = bytes.indexOf(bracket, at + 1))
      if (++count > limit) return true;
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = [0x5b, 0x7b];

/**
 * nestsDeeperThan, byte by byte, for any text: exported for the test that holds the shortcut to it.
 * Read as bytes: no byte of a multi-byte UTF-8 character is ASCII, so every quote, backslash or
 * bracket byte is that character.
 * @internal Exported for its test.
 */
export function walkNestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i];
    if (byte === QUOTE) {
      // To the closing quote: one not escaped by an odd run of backslashes.
      for (i = bytes.indexOf(QUOTE, i + 1); i !== -1; i = bytes.indexOf(QUOTE, i + 1)) {
        let backslashes = 0;
        while (bytes[i - 1 - backslashes] === BACKSLASH) backslashes += 1;
        if (backslashes % 2 === 0) break;
      }
      if (i === -1) return false;
    } else if (byte === 0x5b || byte === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth -= 1;
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads a success body (2xx, and for envelopes success true) against its documented schema. */
export function readSuccess<T>(shape: BodyShape, schema: ZodType<T>, body: unknown): Reading<T> {
  // A route social does not model: nothing of it is acted on, so nothing is checked.
  if (shape === 'any') return { ok: true, body: body as T, drift: [] };
  if (!isRecord(body)) return { ok: false, why: said('errors.response.notObject') };
  if (shape === 'envelope') {
    if (typeof body.success !== 'boolean') return { ok: false, why: said('errors.response.noSuccess') };
    if (!isRecord(body.data)) return { ok: false, why: said('errors.response.dataNotObject') };
  }
  const drift: Drift[] = [];
  let view: unknown = body;
  // zod's parse only for a body the plain check does not pass: it alone says what differs.
  const parsed = documented(schema, body) ? undefined : schema.safeParse(body);
  if (parsed?.success === false) {
    const copies = new Set<object>();
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
      if (path.length === 1 && CORE_FIELDS.has(String(path[0]))) {
        // A rule between fields (data or error, success) is said as the rule: the field alone may
        // look right ("data is an object").
        const field = String(path[0]);
        const sent = describeValue(body[field]);
        const why =
          issue.code === 'custom'
            ? ruleBroken(issue)
            : sent === undefined
              ? said('errors.response.fieldMissing', { field })
              : said('errors.response.fieldIs', { field, sent });
        return { ok: false, why };
      }
      const sent = valueAt(body, path);
      const expected = (issue as { expected?: string }).expected;
      let handling: string | undefined;
      if (issue.code === 'invalid_type' && (expected === 'object' || expected === 'array')) {
        view = replaceAt(view, path, standIn(sent, expected), copies);
        if (sent !== undefined && sent !== null) handling = t('notes.drift.notShown');
      }
      drift.push({
        path: formatPath(path),
        sent: describeValue(sent),
        documented: describeSchema(schemaAt(schema, path)) ?? issue.message,
        handling,
      });
    }
  }
  // A negative figure is drift the run names; the client's charge counts such a call at its price.
  for (const field of CREDIT_FIELDS) {
    const figure = body[field];
    if (typeof figure === 'number' && figure < 0) {
      drift.push({
        path: field,
        sent: String(figure),
        documented: t('notes.drift.countOrMore'),
        handling: t('notes.drift.uncertain'),
      });
    }
  }
  return { ok: true, body: view as T, drift };
}

/** The rule between fields an envelope breaks (schemas.ts's ENVELOPE_RULES), as the catalogue says it. */
function ruleBroken(issue: { message: string; params?: Record<string, unknown> }): Said {
  const rule = issue.params?.rule;
  return typeof rule === 'string' && rule in ENVELOPE_RULES
    ? said(ENVELOPE_RULES[rule as keyof typeof ENVELOPE_RULES])
    : said('errors.response.rule', { rule: issue.message });
}

/**
 * An empty object or list standing in for a container that came as another type: display code
 * reads it as "nothing there", and JSON.stringify writes what the service sent in its place.
 */
function standIn(sent: unknown, expected: 'object' | 'array'): object {
  const value = expected === 'array' ? [] : {};
  Object.defineProperty(value, 'toJSON', { value: () => sent, enumerable: false });
  return value;
}

/** `root` with the value at `path` replaced, copying (once) each object on the way. */
function replaceAt(root: unknown, path: ReadonlyArray<string | number>, value: unknown, copies: Set<object>): unknown {
  const copy = (node: unknown): Record<string | number, unknown> => {
    if (node !== null && typeof node === 'object' && copies.has(node)) return node as Record<string, unknown>;
    const made = Array.isArray(node) ? [...node] : { ...(node as object) };
    copies.add(made);
    return made as Record<string | number, unknown>;
  };
  const top = copy(root);
  let node = top;
  for (const key of path.slice(0, -1)) {
    const child = copy(node[key]);
    node[key] = child;
    node = child;
  }
  node[path[path.length - 1] as string | number] = value;
  return top;
}

function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** data.items[0].title */
function formatPath(path: ReadonlyArray<string | number>): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? key : `.${key}`;
  return text;
}

/** What a value is, in words: "a string", "null", "an object", "1.5"; undefined when absent. */
function describeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (Array.isArray(value)) return t('notes.drift.type.list');
  switch (typeof value) {
    case 'string':
      return t('notes.drift.type.string');
    case 'number':
      return t(Number.isInteger(value) ? 'notes.drift.type.integer' : 'notes.drift.type.fraction');
    case 'boolean':
      return t('notes.drift.type.boolean');
    default:
      return t('notes.drift.type.object');
  }
}

interface SchemaDef {
  type: string;
  innerType?: ZodType;
  getter?: () => ZodType;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  entries?: Record<string, string>;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; format?: string; value?: number } } }>;
  in?: ZodType;
}

function defOf(schema: ZodType | undefined): SchemaDef | undefined {
  return (schema as unknown as { _zod?: { def: SchemaDef } } | undefined)?._zod?.def;
}

/** The schema of the field at `path`, through lazy, nullable and optional wrappers. */
function schemaAt(schema: ZodType, path: ReadonlyArray<string | number>): ZodType | undefined {
  let node: ZodType | undefined = schema;
  for (const key of path) {
    node = unwrap(node);
    const def = defOf(node);
    if (def === undefined) return undefined;
    node = def.type === 'array' ? def.element : def.type === 'object' ? def.shape?.[String(key)] : undefined;
  }
  return node;
}

function unwrap(schema: ZodType | undefined): ZodType | undefined {
  let node = schema;
  for (let def = defOf(node); def !== undefined; def = defOf(node)) {
    if (def.type === 'lazy' && def.getter) node = def.getter();
    else if ((def.type === 'optional' || def.type === 'nullable') && def.innerType) node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else break;
  }
  return node;
}

/** The documented type of a schema in words: "a string or null", "an integer", "a date-time". */
function describeSchema(schema: ZodType | undefined): string | undefined {
  const def = defOf(schema);
  if (def === undefined) return undefined;
  switch (def.type) {
    case 'lazy':
      return def.getter ? describeSchema(def.getter()) : undefined;
    case 'nullable': {
      const inner = describeSchema(def.innerType);
      return inner === undefined ? undefined : t('notes.drift.type.orNull', { type: inner });
    }
    case 'optional':
      return describeSchema(def.innerType);
    case 'null':
      return 'null';
    case 'boolean':
      return t('notes.drift.type.boolean');
    case 'object':
      return t('notes.drift.type.object');
    case 'array':
      return t('notes.drift.type.list');
    case 'enum':
      return t('notes.drift.type.oneOf', { values: Object.values(def.entries ?? {}).join(', ') });
    case 'number': {
      const checks = def.checks?.map((c) => c._zod.def) ?? [];
      const integer = def.format === 'safeint' || checks.some((c) => c.format === 'safeint');
      const min = checks.find((c) => c.check === 'greater_than')?.value;
      const type = t(integer ? 'notes.drift.type.integer' : 'notes.drift.type.number');
      return min === undefined ? type : t('notes.drift.type.atLeast', { type, min });
    }
    case 'string': {
      const format = def.format ?? def.checks?.map((c) => c._zod.def.format).find((f) => f !== undefined);
      if (format === 'datetime') return t('notes.drift.type.dateTime');
      if (format === 'date') return t('notes.drift.type.date');
      if (format === 'url') return t('notes.drift.type.url');
      return t('notes.drift.type.string');
    }
    default:
      return undefined;
  }
}

/**
 * The one drift line of a run: each drifting field once (list positions folded, so a batch of a
 * thousand answers with the same drift names it once), at most a few, then how many more.
 */
export class DriftLog {
  private readonly seen = new Map<string, Drift>();

  add(drift: readonly Drift[]): void {
    for (const entry of drift) {
      const key = entry.path.replace(/\[\d+\]/g, '[]');
      if (!this.seen.has(key)) this.seen.set(key, entry);
    }
  }

  get size(): number {
    return this.seen.size;
  }

  /** The note, or undefined when nothing drifted. */
  note(): string | undefined {
    if (this.seen.size === 0) return undefined;
    const drift = [...this.seen.values()];
    const missing = drift.some((d) => d.sent === undefined || d.sent === 'null');
    return t(missing ? 'notes.drift.missing' : 'notes.drift', { drift: driftText(drift) });
  }
}

const SHOWN = 4;

/** "data.items[0].title as a string (documented as null), no data.author.bio (documented as …)"; `drift` is not empty. */
export function driftText(drift: readonly Drift[]): string {
  const shown = drift.slice(0, SHOWN).map((d) => {
    const what =
      d.sent === undefined
        ? t('notes.drift.absent', { path: d.path, documented: d.documented })
        : t('notes.drift.sent', { path: d.path, sent: d.sent, documented: d.documented });
    return d.handling ? t('notes.drift.handled', { drift: what, handling: d.handling }) : what;
  });
  // Listed through the catalogue, each step one sentence it said, so that its English is known.
  const listed = shown.reduce((list, next) => t('notes.drift.list', { list, next }));
  return drift.length > SHOWN ? t('notes.drift.more', { shown: listed, n: drift.length - SHOWN }) : listed;
}
