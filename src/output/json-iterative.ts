// JSON text without recursion, for values nested deeper than V8's JSON.stringify can follow (it
// recurses, and a body 100,000 levels deep overflows the stack). Compact only: indenting such a
// document would take space quadratic in its depth. Same text as JSON.stringify(value) for any
// value JSON.parse can return, and the same rules for the rest (toJSON, undefined, functions,
// symbols and non-finite numbers).

type Frame =
  | { kind: 'array'; items: readonly unknown[]; next: number }
  | { kind: 'object'; record: Record<string, unknown>; keys: string[]; next: number; wrote: boolean };

/** What JSON.stringify would make of `value` before writing it: toJSON applied. */
function prepare(value: unknown, key: string): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  return value;
}

/** Values with no JSON text: left out of objects, null in arrays. */
function isAbsent(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** `value`'s JSON text, compact, like JSON.stringify(value) (undefined when it has none). */
export function stringifyIterative(value: unknown): string | undefined {
  const root = prepare(value, '');
  if (isAbsent(root)) return undefined;
  const parts: string[] = [];
  const stack: Frame[] = [];
  const seen = new Set<object>();
  // Writes a value: a leaf at once, a container as an opening and a frame that writes its members.
  const open = (item: unknown) => {
    if (item === null || typeof item !== 'object') {
      parts.push(typeof item === 'number' && !Number.isFinite(item) ? 'null' : (JSON.stringify(item) as string));
      return;
    }
    if (seen.has(item)) throw new TypeError('Converting circular structure to JSON');
    seen.add(item);
    if (Array.isArray(item)) {
      parts.push('[');
      stack.push({ kind: 'array', items: item, next: 0 });
    } else {
      parts.push('{');
      stack.push({
        kind: 'object',
        record: item as Record<string, unknown>,
        keys: Object.keys(item),
        next: 0,
        wrote: false,
      });
    }
  };
  open(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.kind === 'array') {
      if (frame.next === frame.items.length) {
        parts.push(']');
        seen.delete(frame.items);
        stack.pop();
        continue;
      }
      const index = frame.next;
      frame.next += 1;
      if (index > 0) parts.push(',');
      const item = prepare(frame.items[index], String(index));
      if (isAbsent(item)) parts.push('null');
      else open(item);
    } else {
      if (frame.next === frame.keys.length) {
        parts.push('}');
        seen.delete(frame.record);
        stack.pop();
        continue;
      }
      const key = frame.keys[frame.next]!;
      frame.next += 1;
      const item = prepare(frame.record[key], key);
      if (isAbsent(item)) continue;
      parts.push(`${frame.wrote ? ',' : ''}${JSON.stringify(key)}:`);
      frame.wrote = true;
      open(item);
    }
  }
  return parts.join('');
}
