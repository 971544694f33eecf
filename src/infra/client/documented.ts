// Whether a body is exactly as its zod schema documents it, decided without zod's parse. A batch
// reads thousands of answers, almost all as documented, and zod's parse is built of a small
// function a node of the schema, each of which a short process has to warm up; this is one
// function over a plain tree made once from the schema's definition, and it only answers yes or
// "ask zod". The types are checked here; every check a schema carries (a number's integer format,
// a date-time's pattern, the envelope's refinement) is zod's own, run as zod runs it. A schema
// with a part not listed here is always left to zod, and so is any body this finds a fault in:
// zod's parse alone says what differs.
import type { ZodType } from 'zod';

/** A zod check, as its definition exposes it. */
interface Check {
  _zod: { def: { check: string }; check: (payload: { value: unknown; issues: unknown[] }) => unknown };
}

type Node =
  | { kind: 'any' }
  | { kind: 'string' | 'number' | 'boolean' | 'null'; checks: Check[] }
  | { kind: 'enum'; values: ReadonlySet<unknown> }
  | { kind: 'nullable' | 'optional'; inner: Node }
  | { kind: 'array'; element: Node }
  | { kind: 'object'; fields: Array<{ name: string; node: Node }>; checks: Check[] }
  | { kind: 'record'; value: Node };

interface Def {
  type: string;
  getter?: () => ZodType;
  innerType?: ZodType;
  element?: ZodType;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  entries?: Record<string, unknown>;
  keyType?: ZodType;
  valueType?: ZodType;
  checks?: Check[];
  check?: string;
}

interface Internals {
  _zod: { def: Def; check?: Check['_zod']['check'] };
}

/** Checks that only look at a value (none rewrites it). */
const READ_ONLY_CHECKS = new Set(['number_format', 'string_format', 'greater_than', 'less_than', 'custom']);

class Unsupported extends Error {}

const trees = new WeakMap<ZodType, Node | null>();

/** True only when zod would find `body` exactly as `schema` documents it; false: ask zod. */
export function documented(schema: ZodType, body: unknown): boolean {
  let tree = trees.get(schema);
  if (tree === undefined) {
    try {
      tree = build(schema, new Map());
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      tree = null;
    }
    trees.set(schema, tree);
  }
  return tree !== null && matches(tree, body);
}

function build(schema: ZodType, seen: Map<ZodType, Node>): Node {
  const known = seen.get(schema);
  if (known !== undefined) return known;
  // Filled in below: a schema that contains itself (through z.lazy) points at this same node.
  const node = {} as Node;
  seen.set(schema, node);
  Object.assign(node, describe(schema as unknown as Internals, seen));
  return node;
}

function describe(schema: Internals, seen: Map<ZodType, Node>): Node {
  const def = schema._zod.def;
  const checks = (): Check[] => {
    const all = [...(def.checks ?? [])];
    // A format (z.int(), z.iso.datetime()) is a check of the schema itself.
    if (def.check !== undefined) all.unshift(schema as unknown as Check);
    if (all.some((check) => !READ_ONLY_CHECKS.has(check._zod.def.check))) throw new Unsupported();
    return all;
  };
  switch (def.type) {
    case 'unknown':
    case 'any':
      if (def.checks !== undefined) throw new Unsupported();
      return { kind: 'any' };
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { kind: def.type, checks: checks() };
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (def.checks !== undefined || values.some((value) => typeof value !== 'string')) throw new Unsupported();
      return { kind: 'enum', values: new Set(values) };
    }
    case 'lazy':
      return build((def.getter as () => ZodType)(), seen);
    case 'nullable':
    case 'optional':
      if (def.checks !== undefined) throw new Unsupported();
      return { kind: def.type, inner: build(def.innerType as ZodType, seen) };
    case 'array':
      if (def.checks !== undefined) throw new Unsupported();
      return { kind: 'array', element: build(def.element as ZodType, seen) };
    case 'object': {
      // Unknown keys pass (a loose object) or are dropped (a plain one); a strict one is zod's.
      const catchall = (def.catchall as unknown as Internals | undefined)?._zod.def.type;
      if (catchall !== undefined && catchall !== 'unknown') throw new Unsupported();
      const fields = Object.entries(def.shape ?? {}).map(([name, field]) => ({ name, node: build(field, seen) }));
      return { kind: 'object', fields, checks: checks() };
    }
    case 'record': {
      const key = (def.keyType as unknown as Internals)._zod.def;
      if (def.checks !== undefined || key.type !== 'string' || key.checks !== undefined || key.check !== undefined)
        throw new Unsupported();
      return { kind: 'record', value: build(def.valueType as ZodType, seen) };
    }
    default:
      throw new Unsupported();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function passes(checks: readonly Check[], value: unknown): boolean {
  if (checks.length === 0) return true;
  const payload = { value, issues: [] };
  // An asynchronous check (none of ours) is left to zod.
  for (const check of checks) if (check._zod.check(payload) instanceof Promise) return false;
  return payload.issues.length === 0;
}

function matches(node: Node, value: unknown): boolean {
  switch (node.kind) {
    case 'any':
      return true;
    case 'string':
      return typeof value === 'string' && passes(node.checks, value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && passes(node.checks, value);
    case 'boolean':
      return typeof value === 'boolean' && passes(node.checks, value);
    case 'null':
      return value === null && passes(node.checks, value);
    case 'enum':
      return node.values.has(value);
    case 'nullable':
      return value === null || matches(node.inner, value);
    case 'optional':
      return value === undefined || matches(node.inner, value);
    case 'array':
      if (!Array.isArray(value)) return false;
      for (let i = 0; i < value.length; i += 1) if (!matches(node.element, value[i])) return false;
      return true;
    case 'object':
      if (!isObject(value)) return false;
      for (const { name, node: field } of node.fields) {
        // An absent key passes only where the schema says optional (zod: not even for z.unknown()).
        if (!(name in value)) {
          if (field.kind !== 'optional') return false;
        } else if (!matches(field, value[name])) return false;
      }
      return passes(node.checks, value);
    case 'record':
      if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
      for (const key of Object.keys(value)) if (!matches(node.value, value[key])) return false;
      return true;
  }
}
