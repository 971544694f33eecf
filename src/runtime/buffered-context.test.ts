// The buffered context of a tool call: a json result reaches it as the value itself, never
// printed and parsed back; what is printed as text (ndjson, a batch's lines) stays text.
import { describe, expect, it } from 'vitest';
import { noCodeCache } from '../infra/code-cache.js';
import { printResult } from '../output/print.js';
import type { Result } from '../output/types.js';
import { bufferedContext } from './buffered-context.js';

const from = {
  io: { stdout: { write: () => true }, stderr: { write: () => true } },
  env: {},
  now: () => new Date(0),
  signal: new AbortController().signal,
  codeCache: noCodeCache,
} as never;

const rows = [{ handle: 'octocat', bio: 'a\u001b[31mb' }];
const columns = [{ header: 'handle', value: (row: (typeof rows)[number]) => row.handle }];
const result: Result = {
  json: rows,
  records: { items: rows, within: (items) => items },
  table: [{ columns, rows }],
  csv: { columns, rows },
};
const options = { color: false, columns: 80, now: new Date(0) };

describe('a buffered context', () => {
  it('takes a json result as the value itself: nothing printed', async () => {
    const buffers = bufferedContext(from, new AbortController().signal);
    await printResult(buffers.ctx.io.stdout, result, { ...options, format: 'json' });
    expect(buffers.document()?.value).toBe(result.json);
    expect(buffers.stdout()).toBe('');
  });

  it('keeps ndjson as the text it is', async () => {
    const buffers = bufferedContext(from, new AbortController().signal);
    await printResult(buffers.ctx.io.stdout, result, { ...options, format: 'ndjson' });
    expect(buffers.document()).toBeUndefined();
    expect(buffers.stdout()).toBe('{"handle":"octocat","bio":"a\\u001b[31mb"}\n');
  });
});
