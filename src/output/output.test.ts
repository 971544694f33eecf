import { readFileSync, rmSync } from 'node:fs';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { runCli, sandboxEnv, tempConfigDir } from '../../test/helpers/cli.js';
import { until } from '../../test/helpers/gate.js';
import { useSandbox } from '../../test/helpers/sandbox.js';
import { compactNumber, relativeTime, renderCell, UNKNOWN } from './cells.js';
import { csvCell, csvText } from './csv.js';
import { textWidth as displayWidth, fitText, wrapText } from './measure.js';
import { sample, sparkline } from './sparkline.js';
import { fitColumns } from './table.js';
import type { CellKind, Column, RecordView, Result, View } from './types.js';
import { formatJson, type WriteOptions, writeResult } from './write.js';

const NOW = new Date('2026-11-21T12:00:00Z');

function render(result: Result, options: Partial<WriteOptions> = {}): string {
  let out = '';
  let writes = 0;
  writeResult(
    {
      write: (chunk: string) => {
        out += chunk;
        writes++;
        return true;
      },
    },
    result,
    { format: 'table', color: false, columns: 100, now: NOW, ...options },
  );
  expect(writes).toBeLessThanOrEqual(1);
  return out;
}

const SGR = /\u001b\[[0-9;]*m/g;
const stripAnsi = (s: string): string => s.replace(SGR, '');
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_JSON = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

interface Post {
  id: string;
  author: string;
  text: string | null;
  likes: number | null;
  reposts: number | null;
  delta: number | null;
  at: string | null;
  pinned: boolean | null;
  series: Array<number | null>;
  url: string;
}

const posts: Post[] = [
  {
    id: 'p1',
    author: 'alice.bsky.social',
    text: 'Hello, "world"\nsecond line',
    likes: 0,
    reposts: 12_345,
    delta: 3,
    at: '2026-11-21T09:00:00Z',
    pinned: true,
    series: [1, 2, 3, 4, 5, 6, 7, 8],
    url: 'https://bsky.app/profile/alice/post/1',
  },
  {
    id: 'p2',
    author: 'bob.bsky.social',
    text: null,
    likes: null,
    reposts: 1_234_567,
    delta: -2,
    at: null,
    pinned: null,
    series: [],
    url: 'https://bsky.app/profile/bob/post/2',
  },
];

const postColumns: Column<Post>[] = [
  { header: 'ID', value: (p) => p.id, csvOnly: true },
  { header: 'AUTHOR', value: (p) => p.author, fit: 'id' },
  { header: 'LIKES', value: (p) => p.likes, kind: 'count' },
  { header: 'REPOSTS', value: (p) => p.reposts, kind: 'count' },
  { header: 'MOVE', value: (p) => p.delta, kind: 'signed' },
  { header: 'WHEN', value: (p) => p.at, kind: 'time' },
  { header: 'PINNED', value: (p) => p.pinned, kind: 'bool' },
  { header: 'TREND', value: (p) => p.series, kind: 'spark', tableOnly: true },
  { header: 'TEXT', value: (p) => p.text, fit: 'free' },
];

function postsResult(rows: Post[] = posts): Result {
  const view: View<Post> = {
    heading: ['Posts by alice'],
    columns: postColumns,
    rank: ['AUTHOR', 'TEXT', 'LIKES'],
    rows,
    empty: 'No posts.',
  };
  return { json: { success: true, data: rows }, table: [view], csv: view };
}

describe('json', () => {
  it('writes the body as one pretty document', () => {
    const body = { success: true, data: [{ a: 1, b: null, c: 'x' }] };
    const out = render({ json: body, table: [], csv: { columns: [], rows: [] } }, { format: 'json' });
    expect(out).toBe(`${JSON.stringify(body, null, 2)}\n`);
  });

  it('escapes terminal-active characters and parses back to the same value', () => {
    const body = {
      'key\u001b[1m': 'a\u001b[31mred\u001b[0m \u0007 \u007f \u0085 \u009b31m \u061c \u200e \u200f',
      list: ['\u202a\u202b\u202c\u202d\u202e', '\u2066\u2067\u2068\u2069', 'line\u2028sep\u2029', 'tab\tnl\n'],
      emoji: 'ok 🎉 ünï 中文',
    };
    const pretty = formatJson(body, true);
    const compact = formatJson(body, false);
    for (const text of [pretty, compact]) {
      // Raw newlines only between tokens of the pretty layout.
      expect(text.replace(/\n/g, '')).not.toMatch(UNSAFE_JSON);
      expect(JSON.parse(text)).toEqual(body);
    }
    expect(compact).toContain('\\u0085');
    expect(compact).toContain('\\u202e');
    expect(compact).toContain('\\u2028');
    expect(compact).toContain('ok 🎉 ünï 中文');
    expect(compact).not.toContain('\n');
  });

  it('writes undefined as null rather than nothing', () => {
    expect(formatJson(undefined, true)).toBe('null');
  });
});

describe('ndjson', () => {
  it('defaults to the json body on one line', () => {
    const body = { success: true, data: { handle: 'a' } };
    expect(render({ json: body, table: [], csv: { columns: [], rows: [] } }, { format: 'ndjson' })).toBe(
      `${JSON.stringify(body)}\n`,
    );
  });

  it('writes one compact, escaped line per element', () => {
    const items = [
      { input: 'a', ok: true },
      { input: 'b\u001b]0;pwned\u0007', ok: false, x: '\u2028' },
    ];
    const out = render(
      { json: null, records: { items, within: () => null }, table: [], csv: { columns: [], rows: [] } },
      { format: 'ndjson' },
    );
    const lines = out.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines.slice(0, 2).map((l) => JSON.parse(l) as unknown)).toEqual(items);
    for (const line of lines) expect(line).not.toMatch(UNSAFE_JSON);
  });
});

describe('a batch stream of json and ndjson', () => {
  const hostile = 'a\u001b[31m \u009b2J \u0085 \u202e \u2066 \u061c \u200f \u2028 \u2029 \u007f é 日本 😀';
  const records: unknown[] = [
    { input: 'plain', body: { n: 1 } },
    { input: 'del', body: { name: 'ascii\u007fonly\u007f' } },
    { input: 'hostile', body: { name: hostile } },
    { input: 'wide', body: { name: 'é 日本 😀' } },
    // Past what the stream gathers before a write, and past what it can gather at all.
    { input: 'big', body: { bio: `${'x'.repeat(30_000)}\u007f` } },
    { input: 'huge', body: { bio: `${hostile}${'y'.repeat(400)}`.repeat(300) } },
    ...Array.from({ length: 400 }, (_, i) => ({
      input: `n${i}`,
      body: { name: i % 7 === 0 ? hostile : 'z'.repeat(i) },
    })),
  ];

  async function streamed(format: 'json' | 'ndjson', items: unknown[]): Promise<string> {
    const chunks: Buffer[] = [];
    const out = { write: (chunk: string | Uint8Array) => chunks.push(Buffer.from(chunk)) };
    const { createStreamWriter } = await import('./stream.js');
    const writer = await createStreamWriter(
      out,
      { format, color: false, columns: 100, now: NOW },
      { columns: [], table: () => ({ columns: [] }) },
    );
    for (const item of items) writer.write(item, []);
    await writer.end();
    return Buffer.concat(chunks).toString('utf8');
  }

  it('writes each record as formatJson does, in order, whatever its size and characters', async () => {
    const lines = records.map((record) => formatJson(record, false));
    expect(await streamed('ndjson', records)).toBe(lines.map((line) => `${line}\n`).join(''));
    expect(await streamed('json', records)).toBe(`[\n${lines.join(',\n')}\n]\n`);
    expect(await streamed('json', [])).toBe('[]\n');
    expect(await streamed('ndjson', [])).toBe('');
  });

  it('--jq whose values never come (a fresh jq that could not load) fails end(), not the process', async () => {
    const { createStreamWriter } = await import('./stream.js');
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const writer = await createStreamWriter(
        { write: () => true },
        { format: 'ndjson', color: false, columns: 100, now: NOW, filter: () => Promise.reject(new Error('no jq')) },
        { columns: [], table: () => ({ columns: [] }) },
      );
      writer.write({ input: 'a' }, []);
      // The records go to jq on the next turn; its failure then waits for end(), several turns on.
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      await expect(writer.end()).rejects.toThrow('no jq');
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('carries in each write every record handed over before it, so a failed write loses none', async () => {
    // A batch takes a record as written once a write made after it was handed over is done
    // (heldOutput): a write that left out a record handed over would let that record go unsaved.
    const { createStreamWriter } = await import('./stream.js');
    const small = { input: 'small', body: { n: 1 } };
    const large = { input: 'large', body: { bio: 'L'.repeat(70_000) } };
    for (const format of ['json', 'ndjson'] as const) {
      let handed = 0;
      let written = '';
      // How many records had been handed over at each write: one of them is the large record's.
      const carried: number[] = [];
      const out = {
        write: (chunk: string | Uint8Array) => {
          written += Buffer.from(chunk).toString('utf8');
          carried.push(handed);
          expect(written.split('"input":').length - 1).toBe(handed);
        },
      };
      const writer = await createStreamWriter(
        out,
        { format, color: false, columns: 100, now: NOW },
        { columns: [], table: () => ({ columns: [] }) },
      );
      for (const record of [small, small, large, small]) {
        handed += 1;
        writer.write(record, []);
      }
      await writer.end();
      expect(carried).toContain(3);
    }
  });

  it('--jq: a record it prints nothing of goes as written once what came before it has, not at the end', async () => {
    // A batch holds each record until a write carries its values (heldOutput): one with no values
    // is carried by a write of nothing, or the batch would hold it, its answer whole, to its end.
    const { createStreamWriter } = await import('./stream.js');
    const { heldOutput, savedPath, saveUnwritten } = await import('../runtime/unwritten.js');
    const dir = tempConfigDir();
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const writes: Array<{ bytes: number; done: (error?: Error | null) => void }> = [];
    const stdout = {
      write: (chunk: string | Uint8Array, done?: (error?: Error | null) => void) => {
        writes.push({ bytes: chunk.length, done: done ?? (() => {}) });
        return true;
      },
    };
    let failure: Error | undefined;
    const output = heldOutput(stdout, dir, NOW, (error) => {
      failure = error;
    });
    const quiet = { input: 'quiet' };
    const loud = { input: 'loud' };
    const writer = await createStreamWriter(
      output.out,
      { format: 'ndjson', color: false, columns: 100, now: NOW, filter: (inputs) => inputs.filter((i) => i === loud) },
      { columns: [], table: () => ({ columns: [] }) },
      output.given,
    );
    output.pend(quiet);
    writer.write(quiet, []);
    await until(() => writes.length === 1, 'the write that carries the record jq printed nothing of');
    expect(writes[0]!.bytes).toBe(0);
    writes[0]!.done(null);
    output.pend(loud);
    writer.write(loud, []);
    await until(() => writes.length === 2, "the write of the next record's values");
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    writes[1]!.done(full);
    await writer.end();
    output.done();
    expect(failure).toBe(full);
    // Only the record stdout did not take is saved: the first was let go at its write.
    expect(readFileSync(savedPath(saveUnwritten())!, 'utf8')).toBe(`${JSON.stringify(loud)}\n`);
  });
});

describe('csv', () => {
  it('writes a header and one CRLF record per row, RFC 4180 quoted', () => {
    const out = render(postsResult(), { format: 'csv' });
    const header = 'ID,AUTHOR,LIKES,REPOSTS,MOVE,WHEN,PINNED,TEXT';
    expect(out).toBe(
      `${header}\r\n` +
        'p1,alice.bsky.social,0,12345,3,2026-11-21T09:00:00Z,true,"Hello, ""world""\nsecond line"\r\n' +
        'p2,bob.bsky.social,,1234567,-2,,,\r\n',
    );
  });

  it('writes only the header for no rows', () => {
    expect(render(postsResult([]), { format: 'csv' })).toBe('ID,AUTHOR,LIKES,REPOSTS,MOVE,WHEN,PINNED,TEXT\r\n');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('-1')).toBe("'-1");
    expect(csvText('@cmd')).toBe("'@cmd");
    expect(csvText('\t=cmd')).toBe("'\t=cmd");
    expect(csvText('\r=cmd')).toBe("'=cmd");
    expect(csvText('\rhello')).toBe("'hello");
    // What sanitising leaves at the front counts too.
    expect(csvText('\u001b[31m=cmd')).toBe("'=cmd");
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText('hello')).toBe('hello');
  });

  it('writes a line or paragraph separator as the line break it means, inside quotes', () => {
    expect(csvText('one\u2028two\u2029three')).toBe('one\ntwo\nthree');
    expect(csvText('\u2028=cmd')).toBe('\n=cmd');
    const view: View<{ t: string }> = {
      columns: [{ header: 'text', value: (r) => r.t }],
      rows: [{ t: 'a\u2028b' }, { t: 'c\nd' }, { t: 'e' }],
    };
    const out = render({ json: null, table: [], csv: view }, { format: 'csv' });
    // A cell of several lines is quoted, a bare line feed too: a reader would end the record there.
    expect(out).toBe('text\r\n"a\nb"\r\n"c\nd"\r\ne\r\n');
    expect(out).not.toMatch(/[\u2028\u2029]/);
  });

  it('does not guard numbers', () => {
    expect(csvCell(-3, 'signed')).toBe('-3');
    expect(csvCell(-3, 'integer')).toBe('-3');
    expect(csvCell(-3, undefined)).toBe('-3');
    expect(csvCell('-3', 'count')).toBe('-3');
    expect(csvCell('-3', 'text')).toBe("'-3");
    expect(csvCell(0, 'count')).toBe('0');
    expect(csvCell(null, 'count')).toBe('');
    expect(csvCell(undefined, 'text')).toBe('');
    expect(csvCell(true, 'bool')).toBe('true');
    expect(csvCell(false, 'bool')).toBe('false');
  });

  it('quotes guarded cells that need it and parses back', () => {
    interface R {
      t: string;
      n: number;
    }
    const view: View<R> = {
      columns: [
        { header: 'text', value: (r) => r.t },
        { header: 'n', value: (r) => r.n, kind: 'signed' },
      ],
      rows: [
        { t: '=HYPERLINK("http://evil","x")', n: -3 },
        { t: '@a,b', n: 0 },
        { t: '\t-x', n: 5 },
      ],
    };
    const out = render({ json: null, table: [], csv: view }, { format: 'csv' });
    expect(out).toBe('text,n\r\n' + `"'=HYPERLINK(""http://evil"",""x"")",-3\r\n` + `"'@a,b",0\r\n` + `'\t-x,5\r\n`);
  });
});

describe('table cells', () => {
  it('measures every code point as string-width does', () => {
    const differ: string[] = [];
    // The planes that hold emoji, marks and wide letters; the tags and variation selectors.
    const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    for (const code of [...codes(0, 0x1ffff), ...codes(0xe0000, 0xe01ef)]) {
      const text = String.fromCodePoint(code);
      if (displayWidth(text) !== stringWidth(text)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });

  const cell = (value: Parameters<typeof renderCell>[0], kind?: CellKind): string =>
    renderCell(value, kind, { now: NOW, exact: false, limit: 1000 }).text;

  it('shows null as the unknown mark and zero as 0', () => {
    for (const kind of ['text', 'count', 'integer', 'signed', 'time', 'bool', 'spark', undefined] as const) {
      expect(cell(null, kind)).toBe(UNKNOWN);
      expect(cell(undefined, kind)).toBe(UNKNOWN);
    }
    expect(UNKNOWN).toBe('unknown');
    expect(cell(0, 'count')).toBe('0');
    expect(cell(0, 'integer')).toBe('0');
    expect(cell(0, 'signed')).toBe('=0');
    expect(cell(0)).toBe('0');
    expect(cell(false, 'bool')).toBe('no');
    expect(cell(true, 'bool')).toBe('yes');
  });

  it('compacts counts', () => {
    expect(compactNumber(0)).toBe('0');
    expect(compactNumber(999)).toBe('999');
    expect(compactNumber(1000)).toBe('1K');
    expect(compactNumber(1234)).toBe('1.2K');
    expect(compactNumber(2300)).toBe('2.3K');
    expect(compactNumber(1999)).toBe('1.9K');
    expect(compactNumber(12_345)).toBe('12K');
    expect(compactNumber(999_999)).toBe('999K');
    expect(compactNumber(1_234_567)).toBe('1.2M');
    expect(compactNumber(3_400_000_000)).toBe('3.4B');
    expect(compactNumber(-12_345)).toBe('-12K');
    expect(cell(12_345, 'count')).toBe('12K');
    expect(cell(12_345, 'integer')).toBe('12345');
  });

  it('shows movement with arrows', () => {
    expect(cell(3, 'signed')).toBe('▲3');
    expect(cell(-2, 'signed')).toBe('▼2');
    expect(cell(0, 'signed')).toBe('=0');
  });

  it('shows times relative to now', () => {
    const ago = (ms: number): string => relativeTime(new Date(NOW.getTime() - ms), NOW);
    expect(ago(0)).toBe('just now');
    expect(ago(59_000)).toBe('just now');
    expect(ago(5 * 60_000)).toBe('5m ago');
    expect(ago(3 * 3_600_000)).toBe('3h ago');
    expect(ago(2 * 86_400_000 + 5)).toBe('2d ago');
    expect(ago(30 * 86_400_000)).toBe('30d ago');
    expect(ago(-3 * 3_600_000)).toBe('in 3h');
    expect(cell('2026-08-01T10:00:00Z', 'time')).toBe('2026-08-01');
    expect(cell('2026-11-21T09:00:00Z', 'time')).toBe('3h ago');
    expect(cell('not a date', 'time')).toBe('not a date');
  });

  it('draws sparklines', () => {
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([8, 1])).toBe('█▁');
    expect(sparkline([0, 10, 5])).toBe('▁█▅');
    expect(sparkline([3, 3, 3])).toBe('▄▄▄');
    expect(sparkline([1, null, 8])).toBe('▁ █');
    expect(sparkline([null, 5, null])).toBe(' ▄ ');
    expect(sparkline([])).toBeNull();
    expect(sparkline([null, null])).toBeNull();
    expect(cell([], 'spark')).toBe(UNKNOWN);
    expect(cell([2, 4], 'spark')).toBe('▁█');
  });

  it('caps sparklines at 24 points, keeping the first and last', () => {
    const series = Array.from({ length: 100 }, (_, i) => i);
    const points = sample(series, 24);
    expect(points).toHaveLength(24);
    expect(points[0]).toBe(0);
    expect(points[23]).toBe(99);
    const line = sparkline(series) as string;
    expect([...line]).toHaveLength(24);
    expect(line.startsWith('▁')).toBe(true);
    expect(line.endsWith('█')).toBe(true);
    expect(sparkline(Array.from({ length: 24 }, (_, i) => i))).toHaveLength(24);
  });

  it('measures and truncates wide text', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('中文')).toBe(4);
    expect(displayWidth('🎉')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
    const truncate = (text: string, width: number): string => fitText(text, width).text;
    expect(truncate('hello world', 6)).toBe('hello…');
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('中文中文', 5)).toBe('中文…');
    expect(displayWidth(truncate('🎉🎉🎉🎉', 5))).toBeLessThanOrEqual(5);
  });
});

describe('table', () => {
  it('renders heading, header and rows with unknown marks and zeros', () => {
    const out = render(postsResult());
    const lines = out.split('\n');
    expect(lines[0]).toBe('Posts by alice');
    expect(lines[1]).toMatch(/^AUTHOR\s+LIKES\s+REPOSTS\s+MOVE\s+WHEN\s+PINNED\s+TREND\s+TEXT$/);
    expect(lines[2]).toMatch(
      /^alice\.bsky\.social\s+0\s+12,345\s+▲3\s+3h ago\s+yes\s+▁▂▃▄▅▆▇█\s+Hello, "world" second line$/,
    );
    expect(lines[3]).toMatch(/^bob\.bsky\.social\s+unknown\s+1,234,567\s+▼2\s+unknown\s+unknown\s+unknown\s+unknown$/);
    expect(out.endsWith('\n')).toBe(true);
    expect(out).not.toContain('p1'); // csvOnly
    for (const line of lines) expect(line).toBe(line.trimEnd());
  });

  it('right-aligns numbers', () => {
    const lines = render(postsResult()).split('\n');
    const end = (line: string, token: string): number => line.indexOf(token) + token.length;
    expect(end(lines[1] as string, 'LIKES')).toBe(end(lines[2] as string, ' 0'));
    expect(end(lines[1] as string, 'REPOSTS')).toBe(end(lines[3] as string, '1,234,567'));
  });

  it('lays a cell out by the width it was cut to: combining marks and zero-width text whole, in line', () => {
    const rows = [
      { title: 'नमस्ते दुनिया', points: 7 },
      { title: 'zero\u200bwidth', points: 1234 },
      { title: 'plain', points: 5 },
    ];
    const view: View<(typeof rows)[number]> = {
      columns: [
        { header: 'title', value: (r) => r.title, fit: 'free' },
        { header: 'points', value: (r) => r.points, kind: 'count' },
      ],
      rows,
    };
    const lines = render({ json: null, table: [view], csv: view }, { columns: 22 })
      .trimEnd()
      .split('\n');
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/)[0])).toEqual(['नमस्ते दुनिया', 'zero\u200bwidth', 'plain']);
    for (const line of lines) expect(displayWidth(line)).toBe(displayWidth(lines[0] as string));
  });

  it('shows the empty message instead of a table', () => {
    expect(render(postsResult([]))).toBe('Posts by alice\nNo posts.\n');
  });

  it('renders a record view and separates views with a blank line', () => {
    const profile: RecordView = {
      heading: ['alice on bluesky'],
      fields: [
        { id: 'Name', label: 'Name', value: 'Alice' },
        { id: 'Followers', label: 'Followers', value: 12_345, kind: 'count' },
        { id: 'Following', label: 'Following', value: 0, kind: 'count' },
        { id: 'Posts', label: 'Posts', value: null, kind: 'count' },
        { id: 'Verified', label: 'Verified', value: false, kind: 'bool' },
      ],
    };
    const out = render({
      json: null,
      table: [profile, postsResult().table[0] as View],
      csv: { columns: [], rows: [] },
    });
    const [record, table] = out.split('\n\n');
    expect(record).toBe(
      'alice on bluesky\nName       Alice\nFollowers  12,345\nFollowing  0\nPosts      unknown\nVerified   no',
    );
    expect(table?.startsWith('Posts by alice\nAUTHOR')).toBe(true);
  });

  it('wraps long record values within the width', () => {
    const profile: RecordView = { fields: [{ id: 'Bio', label: 'Bio', value: 'word '.repeat(50) }] };
    const out = render({ json: null, table: [profile], csv: { columns: [], rows: [] } }, { columns: 40 });
    const lines = out.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(lines[1]?.startsWith('     word')).toBe(true);
  });

  it('uses colour only when asked', () => {
    const plain = render(postsResult(), { color: false });
    expect(plain).not.toContain('\u001b');
    const coloured = render(postsResult(), { color: true });
    expect(coloured).toContain('\u001b[1m'); // bold header
    expect(coloured).toContain('\u001b[2munknown'); // dim unknown
    expect(coloured).toContain('\u001b[32m▲3'); // green up
    expect(coloured).toContain('\u001b[31m▼2'); // red down
    expect(stripAnsi(coloured)).toBe(plain);
  });

  it('never exceeds the terminal width', () => {
    const long = Array.from({ length: 30 }, (_, i) => ({
      ...(posts[0] as Post),
      author: `someone.with.a.very.long.handle.number.${i}.bsky.social`,
      text: `${'A long post text 中文 🎉 that goes on and on. '.repeat(5)}${i}`,
      series: Array.from({ length: 40 }, (_, j) => (j % 7 === 0 ? null : Math.sin(i + j))),
    }));
    for (const color of [false, true]) {
      for (const columns of [20, 40, 60, 80, 120, 200]) {
        const out = render(postsResult(long), { color, columns });
        // Only an identifier too wide for the terminal, on a line of its own in cards, is wider.
        for (const line of out.split('\n')) {
          const plain = stripAnsi(line);
          if (long.some((p) => p.author === plain)) continue;
          // Cards keep 16 columns for a value beside the longest label (REPOSTS).
          const limit = Math.max(columns, 7 + 2 + 16);
          expect(displayWidth(plain)).toBeLessThanOrEqual(limit);
          // The independent check for the ASCII lines.
          if (/^[\x20-\x7e]*$/.test(plain)) expect(plain.length).toBeLessThanOrEqual(limit);
        }
        // The identifier, ranked first, is shown whole: in the table, or in cards on a line of its own.
        for (const post of long) expect(out).toContain(post.author);
        if (columns >= 120) {
          expect(out).toContain('…');
          expect(out).toContain('TEXT');
        }
      }
    }
  });

  it('fits columns by rank: the top ones at the minimum of free text, the others while text keeps 40, identifiers last', () => {
    const col = (exact: number, fit: 'free' | 'id' | 'fixed', header = 2) => ({ exact, header, fit });
    const fits = [col(20, 'id'), col(7, 'fixed'), col(200, 'free'), col(8, 'fixed')];
    // Ranked: the number, the text, the other number, the identifier.
    const order = [1, 2, 3, 0];
    expect(fitColumns(fits, 120, null, { order }).columns).toEqual([
      { index: 0, width: 20 },
      { index: 1, width: 7 },
      { index: 2, width: 120 - 20 - 7 - 8 - 6 },
      { index: 3, width: 8 },
    ]);
    // The identifier goes first when the text would keep less than 40 columns.
    expect(fitColumns(fits, 81, null, { order }).columns).toHaveLength(4);
    expect(fitColumns(fits, 80, null, { order })).toEqual({
      columns: [
        { index: 1, width: 7 },
        { index: 2, width: 80 - 7 - 8 - 4 },
        { index: 3, width: 8 },
      ],
      compact: false,
      core: true,
    });
    // The top three are kept down to 20 columns of text; below that, cards (core false).
    expect(fitColumns(fits, 39, null, { order }).columns).toEqual([
      { index: 1, width: 7 },
      { index: 2, width: 20 },
      { index: 3, width: 8 },
    ]);
    expect(fitColumns(fits, 38, null, { order }).core).toBe(false);
    // One too wide is passed over for a narrower one ranked after it.
    const five = [col(30, 'free'), col(6, 'fixed'), col(5, 'fixed'), col(60, 'fixed'), col(8, 'fixed')];
    expect(fitColumns(five, 100, null).columns.map((c) => c.index)).toEqual([0, 1, 2, 4]);
    // Numbers exact where there is room, compact where that lets a column in.
    const counts = [col(12, 'fixed'), col(9, 'fixed'), col(40, 'free')];
    expect(fitColumns(counts, 80, [12, 4, 40]).compact).toBe(false);
    expect(fitColumns(counts, 45, [12, 4, 40]).compact).toBe(false);
    expect(fitColumns(counts, 40, [12, 4, 40])).toEqual({
      columns: [
        { index: 0, width: 12 },
        { index: 1, width: 4 },
        { index: 2, width: 20 },
      ],
      compact: true,
      core: true,
    });
    // --fields: every column, free text cut to its minimum, or cards.
    expect(fitColumns(fits, 65, null, { keepAll: true }).columns).toEqual([
      { index: 0, width: 20 },
      { index: 1, width: 7 },
      { index: 2, width: 24 },
      { index: 3, width: 8 },
    ]);
    expect(fitColumns(fits, 60, null, { keepAll: true }).core).toBe(false);
  });

  it('wraps headings and empty messages, never ending them in "…"', () => {
    const heading = 'tech · 2026-08-24 12:00 → 2026-11-22 12:00 UTC · 1,234 items · 5,000 points · truncated';
    const view: View<Post> = {
      heading: [heading],
      columns: postColumns,
      rows: [],
      empty: `No items. ${'word '.repeat(40)}`,
    };
    const out = render({ json: null, table: [view], csv: view }, { columns: 40 });
    for (const line of out.trimEnd().split('\n')) {
      expect(displayWidth(line)).toBeLessThanOrEqual(40);
      expect(line.endsWith('…')).toBe(false);
    }
    expect(out.replace(/\n/g, ' ')).toContain(heading);
    expect(wrapText('a'.repeat(25), 10)).toEqual(['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(5)]);
    expect(wrapText('中文中文中文', 5)).toEqual(['中文', '中文', '中文']);
  });

  it('shows exact counts where there is room, compact where not, exact always with --exact', () => {
    const view: View<Post> = {
      columns: postColumns.filter((c) => ['AUTHOR', 'REPOSTS'].includes(c.header)),
      rows: posts,
    };
    const result: Result = { json: null, table: [view], csv: view };
    expect(render(result, { columns: 28 })).toContain('1,234,567');
    expect(render(result, { columns: 26 })).toContain('1.2M');
    // --exact: a count never goes compact; with no room for the top columns, cards.
    expect(render(result, { columns: 28, exact: true })).toContain('1,234,567');
    expect(render(result, { columns: 26, exact: true })).toMatch(/^REPOSTS +1,234,567$/m);
  });

  it('draws no more rows than the view allows, and says so under the table', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ ...(posts[0] as Post), id: `p${i}`, likes: i }));
    const view: View<Post> = {
      columns: postColumns.filter((c) => ['LIKES', 'TEXT'].includes(c.header)),
      rows,
      limit: { rows: 100, why: 'the service never returns more than 100 posts' },
    };
    for (const columns of [80, Number.POSITIVE_INFINITY]) {
      const lines = render({ json: null, table: [view], csv: view }, { columns })
        .trimEnd()
        .split('\n');
      expect(lines).toHaveLength(1 + 100 + 1);
      expect(lines[100]).toMatch(/^ +99 /);
      expect(lines.at(-1)).toBe('the service never returns more than 100 posts: showing the first 100 of 1,000');
    }
  });

  it('has no width limit when the width is Infinity (a file, a pipe)', () => {
    const long = [{ ...(posts[0] as Post), text: 'word '.repeat(100).trim() }];
    const out = render(postsResult(long), { columns: Number.POSITIVE_INFINITY });
    expect(out).toContain('word '.repeat(99));
    expect(out).not.toContain('…');
  });

  it('cuts a megabyte cell to its column before measuring it, linear in its size', () => {
    for (const unit of ['a', '中', 'é', 'a\u0301', '🎉']) {
      const huge = unit.repeat(Math.ceil(1_000_000 / unit.length));
      const rows = Array.from({ length: 3 }, () => ({ ...(posts[0] as Post), text: huge, author: huge }));
      const out = render(postsResult(rows), { columns: 120 });
      const lines = out.trimEnd().split('\n');
      // An identifier ranked below the top ones, bounded (1024) but wider than any terminal: left
      // out, and said.
      const unranked = render(
        { ...postsResult(rows), table: [{ ...postsResult(rows).csv, rank: undefined }] },
        { columns: 120 },
      );
      for (const line of unranked.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(120);
      expect(unranked.trimEnd().split('\n').at(-1)).toMatch(/^hidden: AUTHOR/);
      expect(lines).toContain('AUTHOR');
      // Asked for with --fields, it is shown whole in cards, on a line of its own, bounded all the same.
      const asked = render(postsResult(rows), { columns: 120, fields: ['AUTHOR', 'TEXT'] })
        .trimEnd()
        .split('\n');
      for (const line of asked) expect(displayWidth(line)).toBeLessThanOrEqual(1024 + 2 + 16 + 40);
      expect(asked[1]).toBe('AUTHOR');
      expect(asked[2]?.endsWith('…')).toBe(true);
      expect(displayWidth(asked[2] as string)).toBeGreaterThan(1020);
      const record = render(
        { json: null, table: [{ fields: [{ id: 'bio', label: 'bio', value: huge }] }], csv: { columns: [], rows: [] } },
        { columns: 80 },
      );
      expect(record.length).toBeLessThan(80 * 14 * 4);
      expect(record.trimEnd().endsWith('…')).toBe(true);
    }
  });
});

describe('terminal attacks', () => {
  const corpus = [
    'red \u001b[31mtext\u001b[0m',
    'clear \u001b[2J screen',
    'link \u001b]8;;https://evil.example\u0007x\u001b]8;;\u0007 end',
    'title \u001b]0;pwned\u0007 end',
    'c1 \u009b31m csi',
    'nel \u0085 here',
    'bidi \u202e reversed',
    'isolate \u2066 here \u2069',
    'bell \u0007 del \u007f bs \u0008 nul \u0000',
    'cr \r overwrite',
    '\u001b[31m=cmd',
  ];
  interface Row {
    text: string;
  }
  const columns: Column<Row>[] = [
    { header: 'TEXT \u001b[31m', value: (r) => r.text },
    { header: 'MORE', value: (r) => r.text, fit: 'free' },
  ];
  const view: View<Row> = {
    heading: ['heading \u001b]0;pwned\u0007'],
    columns,
    rows: corpus.map((text) => ({ text })),
  };
  const record: RecordView = {
    fields: corpus.map((text, i) => ({ id: `label${i}`, label: `label${i}\u001b[2J`, value: text })),
  };
  const result: Result = {
    json: corpus,
    records: { items: corpus.map((text) => ({ text })), within: () => corpus },
    table: [view, record],
    csv: view,
  };

  it('leaves nothing that acts on a terminal in the table', () => {
    for (const color of [false, true]) {
      const out = stripAnsi(render(result, { color, columns: 80 }));
      expect(out).not.toMatch(UNSAFE);
      expect(out).not.toContain('\u001b');
      expect(out).not.toContain('\r');
      expect(out).not.toContain('\t');
      expect(out).not.toContain('pwned');
      expect(out).not.toContain('evil.example');
      expect(out).not.toContain('[31m');
      expect(out).not.toContain('[2J');
    }
    // With colour on, the only escapes are our own SGR codes.
    const coloured = render(result, { color: true, columns: 80 });
    expect(coloured.replace(SGR, '')).not.toContain('\u001b');
  });

  it('leaves nothing that acts on a terminal in the csv', () => {
    const out = render(result, { format: 'csv' });
    // \r only as part of a record delimiter, \n only there or inside quoted cells.
    const withoutDelimiters = out.replace(/\r\n/g, '');
    expect(withoutDelimiters).not.toMatch(UNSAFE);
    expect(withoutDelimiters).not.toContain('\r');
    expect(out).not.toContain('pwned');
    expect(out).not.toContain('evil.example');
    expect(out).toContain(`'=cmd`);
  });

  it('escapes everything in json and ndjson, and keeps the value', () => {
    const json = render(result, { format: 'json' });
    // Raw newlines only between tokens of the pretty layout.
    expect(json.replace(/\n/g, '')).not.toMatch(UNSAFE_JSON);
    expect(JSON.parse(json)).toEqual(corpus);
    const ndjson = render(result, { format: 'ndjson' });
    const lines = ndjson.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(corpus.map((text) => ({ text })));
    for (const line of lines) expect(line).not.toMatch(UNSAFE_JSON);
  });
});

describe('command tables keep their top-ranked columns', () => {
  const sandbox = useSandbox();
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  /** `social <argv> -o table` into a pipe with COLUMNS set, or at a terminal of `tty` columns. */
  const table = async (argv: string[], width: number, tty = false): Promise<string> => {
    const dir = tempConfigDir();
    dirs.push(dir);
    const env = { ...sandboxEnv(sandbox.current.url, 'sbx_demo', dir), NO_COLOR: '1', COLUMNS: String(width) };
    const run = await runCli(tty ? argv : [...argv, '-o', 'table'], { env, tty, columns: width });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  };
  const json = async (argv: string[]): Promise<any> => {
    const dir = tempConfigDir();
    dirs.push(dir);
    return JSON.parse(
      (await runCli([...argv, '--json'], { env: sandboxEnv(sandbox.current.url, 'sbx_demo', dir) })).stdout,
    );
  };
  /** The header line (the one starting with `first`) split into its columns. */
  const header = (out: string, first: string): string[] =>
    (out.split('\n').find((l) => l.startsWith(`${first} `)) ?? '').split(/\s{2,}/);

  /**
   * The records of an expanded table: its lines from the one starting with `first`, a record a
   * block. A field's label and value are split at two spaces or more; a label alone on its line
   * has its value (an identifier) on the next; an indented line carries on the value above.
   */
  const records = (out: string, first: string): Array<Record<string, string>> => {
    const lines = out.trimEnd().split('\n');
    const from = lines.findIndex((l) => l.startsWith(`${first} `) || l === first);
    expect(from, out).toBeGreaterThanOrEqual(0);
    const blocks: Array<Record<string, string>> = [{}];
    let label = '';
    let alone = false;
    for (const line of lines.slice(from)) {
      const block = blocks[blocks.length - 1] as Record<string, string>;
      if (line === '') blocks.push({});
      else if (alone) {
        block[label] = line;
        alone = false;
      } else if (line.startsWith(' ')) block[label] += ` ${line.trim()}`;
      else {
        const m = /^(\S+(?: \S+)*?)(?: {2,}(.*))?$/.exec(line) as RegExpExecArray;
        label = m[1] as string;
        alone = m[2] === undefined;
        if (!alone) block[label] = m[2] as string;
      }
    }
    return blocks;
  };
  /** Every line is within `width`, but for an identifier longer than it on a line of its own. */
  const within = (out: string, width: number, ids: readonly string[]): void => {
    for (const line of out.trimEnd().split('\n')) {
      if (displayWidth(line) > width) expect(ids, line).toContain(line);
    }
  };

  /** The footer naming what a narrow table left out, or null. */
  const hidden = (out: string): string[] | null => {
    const at = out.search(/^hidden: /m);
    const m = /^hidden: (.*); widen the terminal or use --fields$/.exec(out.slice(at).trim().replace(/\n/g, ' '));
    return at < 0 || m === null ? null : (m[1] as string).split(', ');
  };

  it('movers keep rank, title, gained, per hour and points at 80, 120 and 200; a footer names the rest', async () => {
    const movers = (await json(['movers', 'tech'])).items as Array<{ url: string; title: string }>;
    const expected: Record<number, [string[], string[] | null]> = {
      80: [
        ['rank', 'title', 'points', 'gained', 'per hour'],
        ['comments', 'position', 'url'],
      ],
      120: [['rank', 'title', 'points', 'gained', 'per hour', 'comments', 'position'], ['url']],
      200: [['rank', 'title', 'points', 'gained', 'per hour', 'comments', 'position', 'url'], null],
    };
    for (const [width, [columns, left]] of Object.entries(expected)) {
      const out = await table(['movers', 'tech'], Number(width));
      expect(header(out, 'rank'), width).toEqual(columns);
      expect(hidden(out), width).toEqual(left);
      within(out, Number(width), []);
    }
    // At 120 every title is whole: the url goes before the text is cut.
    const at120 = await table(['movers', 'tech'], 120);
    for (const mover of movers) expect(at120).toContain(`  ${mover.title}  `);
  });

  it('trends keep title, points and the sparkline; the legend only with a sparkline', async () => {
    for (const width of [80, 120, 200]) {
      const out = await table(['trends', 'tech', '--from', '7d'], width);
      const columns = header(out, 'title');
      expect(columns.slice(0, 1)).toEqual(['title']);
      expect(columns).toContain('points');
      expect(columns).toContain('points~');
      expect(out).toContain('sparklines: 24 cells');
      within(out, width, []);
      if (width < 200) expect(hidden(out), String(width)).toContain('url');
    }
    const plain = await table(['trends', 'tech', '--from', '7d', '--fields', 'title,points'], 80);
    expect(header(plain, 'title')).toEqual(['title', 'points']);
    expect(plain).not.toContain('sparklines');
    expect(hidden(plain)).toBeNull();
  });

  it('posts keep published, text, likes and replies; ids go before the text is cut', async () => {
    const posts = (await json(['posts', 'bluesky', 'jay.bsky.team'])).data.items as Array<{ id: string }>;
    const at80 = await table(['posts', 'bluesky', 'jay.bsky.team'], 80);
    expect(header(at80, 'published').slice(0, 4)).toEqual(['published', 'text', 'likes', 'replies']);
    expect(hidden(at80)).toEqual(expect.arrayContaining(['id', 'url']));
    within(at80, 80, []);
    for (const width of [120, 200]) {
      const out = await table(['posts', 'bluesky', 'jay.bsky.team'], width);
      const columns = header(out, 'published');
      expect(columns.slice(0, 6)).toEqual(['published', 'text', 'likes', 'replies', 'reposts', 'quotes']);
      within(out, width, []);
      // Where the ids are shown, the text keeps at least 40 columns.
      const head = out.split('\n').find((l) => l.startsWith('published ')) as string;
      const textWidth = head.indexOf('likes') - head.indexOf('text') - 2;
      if (columns.includes('id')) {
        expect(textWidth, String(width)).toBeGreaterThanOrEqual(40);
        for (const post of posts) expect(out).toContain(`  ${post.id}`);
      } else expect(hidden(out)).toContain('id');
    }
  });

  it('cards only when even the top-ranked columns cannot fit', async () => {
    const movers = (await json(['movers', 'tech'])).items as Array<{ url: string; title: string; points: number }>;
    const narrow = await table(['movers', 'tech'], 30);
    const rows = records(narrow, 'rank');
    expect(rows.map((r) => [r.url, r.points])).toEqual(movers.map((m) => [m.url, m.points.toLocaleString('en-US')]));
    expect(hidden(narrow)).toBeNull();
    const table40 = await table(['movers', 'tech'], 40);
    expect(header(table40, 'rank')).toEqual(['rank', 'title', 'gained']);
    within(table40, 40, []);
  });

  it('the one-post view keeps every number, field by field', async () => {
    const first = (await json(['posts', 'bluesky', 'jay.bsky.team'])).data.items[0];
    for (const width of [70, 80, 200]) {
      const one = await table(['post', first.id], width, true);
      const m = first.metrics;
      for (const [label, value] of Object.entries({
        likes: m.likes,
        replies: m.replies,
        reposts: m.reposts,
        quotes: m.quotes,
      })) {
        expect(one, `${label} at ${width}`).toMatch(new RegExp(`^${label} +${value.toLocaleString('en-US')}$`, 'm'));
      }
      // Beside its own label where the line holds both, else on a line of its own.
      const id = { 70: `^id\n${first.id}$`, 80: `^id {2}${first.id}$`, 200: `^id +${first.id}$` }[width];
      expect(one).toMatch(new RegExp(id as string, 'm'));
      expect(one).toMatch(new RegExp(`^url +${first.url}$`, 'm'));
      expect(one).not.toContain('…');
    }
  });

  it('profiles: handle, name and the audience first, numbers exact; the rest named as hidden', async () => {
    for (const exact of [[], ['--exact']]) {
      const out = await table(['profile', 'instagram', 'natgeo', 'ana.ceramics', ...exact], 80);
      expect(header(out, 'handle')).toEqual(['handle', 'name', 'followers', 'following', 'posts', 'verified']);
      expect(out).toMatch(/^natgeo {8}National Geographic {5}279,412,003 {8}187 {2}30,512 {2}yes$/m);
      expect(hidden(out)).toEqual(['private', 'bio']);
    }
    const wide = await table(['profile', 'instagram', 'natgeo', 'ana.ceramics'], 200);
    expect(header(wide, 'handle')).toEqual('handle name followers following posts verified private bio'.split(' '));
    expect(wide).toContain('Step into wonder and find the extraordinary 🌎');
  });

  it('--dry-run: the URL whole, with the method and the most it could cost, at 80 and wide', async () => {
    for (const width of [80, 200]) {
      for (const tty of [true, false]) {
        const out = await table(['trends', 'tech', '--from', '89d', '--dry-run'], width, tty);
        const url = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1\/trends\/tech\?from=\S+&to=\S+Z)(\n| +1\n)/.exec(out);
        expect(url, out).not.toBeNull();
        expect(out).not.toContain('…');
        // Field by field where one line cannot hold it all, else a table.
        if (width === 80) expect(out).toMatch(/^method +GET\nmax credits +1\nurl\nhttp:\S+$/m);
        else expect(out).toMatch(/^method {2}max credits {2}url\nGET {15}1 {2}http:\S+$/m);
      }
    }
  });

  it('a terminal too narrow for the identifiers: expanded, each identifier whole, on a line of its own where it must', async () => {
    for (const width of [20, 30]) {
      const out = await table(['profile', 'instagram', 'natgeo', 'ana.ceramics'], width);
      expect(out).toMatch(/^handle +natgeo\n(.*\n)+\nhandle +ana\.ceramics\nname +Ana Ribeiro/m);
      expect(out).toMatch(/^followers +279,412,003$/m);
      const one = await table(['profile', 'bluesky', 'jay.bsky.team'], width, true);
      expect(one).toMatch(/^url\nhttps:\/\/bsky\.app\/profile\/jay\.bsky\.team$/m);
      expect(one).toMatch(/^followers +1,042,318$/m);
    }
  });
});
