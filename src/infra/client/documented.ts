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

type Kind =
  | 'any'
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'enum'
  | 'lazy'
  | 'nullable'
  | 'optional'
  | 'array'
  | 'object'
  | 'record';

const NO_CHECKS: Check[] = [];
const NO_VALUES: ReadonlySet<unknown> = new Set();

/**
 * A node of the plain tree. Every node has every field, so that the walk, which reads them for
 * each value of each answer, meets one shape of object (V8 keeps such reads fast), not one a kind.
 */
class Node {
  kind: Kind = 'any';
  /** string, number, boolean, null, object: zod's checks of the schema itself. */
  checks: Check[] = NO_CHECKS;
  /** enum: the values allowed. */
  values: ReadonlySet<unknown> = NO_VALUES;
  /** lazy: the node of the schema its getter gives; nullable, optional: the schema inside; array: its
   * element; record: each value. */
  inner: Node | undefined = undefined;
  /** object: its fields' names, and their nodes at the same index. */
  names: string[] = [];
  fields: Node[] = [];
  /**
   * string, number, boolean, null: the last value that passed the checks. A check is a function of
   * the value alone, and answers repeat many (a credit figure, the free credits' reset time).
   */
  passed: unknown = undefined;
}

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
  const node = new Node();
  seen.set(schema, node);
  describe(node, schema as unknown as Internals, seen);
  return node;
}

/** Fills in `node` from the definition of `schema`. */
function describe(node: Node, schema: Internals, seen: Map<ZodType, Node>): void {
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
      node.kind = 'any';
      return;
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      node.kind = def.type;
      node.checks = checks();
      return;
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (def.checks !== undefined || values.some((value) => typeof value !== 'string')) throw new Unsupported();
      node.kind = 'enum';
      node.values = new Set(values);
      return;
    }
    case 'lazy':
      // Pointed at, not copied: in a schema that contains itself, that node may be unfinished yet.
      node.kind = 'lazy';
      node.inner = build((def.getter as () => ZodType)(), seen);
      return;
    case 'nullable':
    case 'optional':
      if (def.checks !== undefined) throw new Unsupported();
      node.kind = def.type;
      node.inner = build(def.innerType as ZodType, seen);
      return;
    case 'array':
      if (def.checks !== undefined) throw new Unsupported();
      node.kind = 'array';
      node.inner = build(def.element as ZodType, seen);
      return;
    case 'object': {
      // Unknown keys pass (a loose object) or are dropped (a plain one); a strict one is zod's.
      const catchall = (def.catchall as unknown as Internals | undefined)?._zod.def.type;
      if (catchall !== undefined && catchall !== 'unknown') throw new Unsupported();
      node.kind = 'object';
      for (const [name, field] of Object.entries(def.shape ?? {})) {
        node.names.push(name);
        node.fields.push(build(field, seen));
      }
      node.checks = checks();
      return;
    }
    case 'record': {
      const key = (def.keyType as unknown as Internals)._zod.def;
      if (def.checks !== undefined || key.type !== 'string' || key.checks !== undefined || key.check !== undefined)
        throw new Unsupported();
      node.kind = 'record';
      node.inner = build(def.valueType as ZodType, seen);
      return;
    }
    default:
      throw new Unsupported();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The one payload the checks are given, as zod gives each its own: a check reads `value` and adds
 * to `issues`, at once, and keeps neither.
 */
const payload: { value: unknown; issues: unknown[] } = { value: undefined, issues: [] };

function passes(node: Node, value: unknown): boolean {
  const { checks } = node;
  if (checks.length === 0 || value === node.passed) return true;
  // Its issues are empty between two calls: emptied only after a check added one.
  payload.value = value;
  let passed = true;
  // An asynchronous check (none of ours) is left to zod.
  for (let i = 0; i < checks.length && passed; i += 1)
    if ((checks[i] as Check)._zod.check(payload) instanceof Promise) passed = false;
  if (payload.issues.length !== 0) {
    passed = false;
    payload.issues.length = 0;
  }
  // Not kept: the value may be a whole answer.
  payload.value = undefined;
  // An object is never taken as passed for the next: what it holds may differ.
  if (passed && (value === null || typeof value !== 'object')) node.passed = value;
  return passed;
}

function matches(node: Node, value: unknown): boolean {
  switch (node.kind) {
    case 'any':
      return true;
    case 'string':
      return typeof value === 'string' && passes(node, value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && passes(node, value);
    case 'boolean':
      return typeof value === 'boolean' && passes(node, value);
    case 'null':
      return value === null && passes(node, value);
    case 'enum':
      return node.values.has(value);
    case 'lazy':
      return matches(node.inner as Node, value);
    case 'nullable':
      return value === null || matches(node.inner as Node, value);
    case 'optional':
      return value === undefined || matches(node.inner as Node, value);
    case 'array': {
      if (!Array.isArray(value)) return false;
      const element = node.inner as Node;
      for (let i = 0; i < value.length; i += 1) if (!matches(element, value[i])) return false;
      return true;
    }
    case 'object': {
      if (!isObject(value)) return false;
      const { names, fields } = node;
      for (let i = 0; i < names.length; i += 1) {
        const name = names[i] as string;
        const field = fields[i] as Node;
        const item = value[name];
        // An absent key passes only where the schema says optional (zod: not even for z.unknown()).
        if (item === undefined && !(name in value)) {
          if (field.kind !== 'optional') return false;
        } else if (!matches(field, item)) return false;
      }
      return passes(node, value);
    }
    case 'record': {
      if (!isObject(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
      const each = node.inner as Node;
      for (const key of Object.keys(value)) if (!matches(each, value[key])) return false;
      return true;
    }
  }
}
