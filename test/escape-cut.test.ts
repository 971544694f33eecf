// Text that starts with a long escape sequence (a hyperlink or title of thousands of bytes, before
// the readable text) shows its readable text in every view: a cell is sanitised before it is cut
// to its width, so the sequence's bytes take none of it, and no escape byte reaches the terminal;
// one that ends in such a sequence shows its text without a "…", as nothing readable was cut.
// Spawned runs against a loopback server whose profile bio and post text are such text.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileEnvelope } from './helpers/envelopes.js';
import { spawnSocial } from './helpers/spawn-cli.js';
import type { Loopback } from './hostile/harness.js';
import { httpServer } from './hostile/harness.js';

const READABLE = 'Hello world';
// Longer than any cell keeps of its text (a table's 4,112 code units, a card's bio at 100 columns).
const LONG = 6000;
/** By the handle asked for: the text, READABLE with an escape sequence before or after it. */
const TEXTS: Record<string, string> = Object.fromEntries(
  Object.entries({
    'osc-bel': `\u001b]0;${'x'.repeat(LONG)}\u0007`,
    'osc8-st': `\u001b]8;;https://x.example/${'x'.repeat(LONG)}\u001b\\`,
    'c1-osc': `\u009d]0;${'x'.repeat(LONG)}\u009c`,
    csi: `\u001b[${'1;'.repeat(LONG / 2)}31m`,
    'c1-csi': `\u009b${'1;'.repeat(LONG / 2)}31m`,
  }).map(([handle, sequence]) => [handle, `${sequence}${READABLE}`]),
);
TEXTS['osc-after'] = `${READABLE}\u001b]0;${'x'.repeat(LONG)}\u0007`;
const ESCAPE_BYTE = /[\u001b\u0007\u009b-\u009d]/;

const posts = JSON.parse(
  readFileSync(join(import.meta.dirname, 'conformance', 'fixtures', 'posts-all-fields.json'), 'utf8'),
) as { serve: [{ body: { data: { items: Array<Record<string, unknown>> } } }] };

let server: Loopback;
const dirs: string[] = [];

beforeAll(async () => {
  // The handle (a mastodon one's user) names the prefix of the text.
  server = await httpServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://x');
    const handle = (url.searchParams.get('handle') ?? '').replace(/^@/, '').split('@')[0] ?? '';
    const text = TEXTS[handle] ?? READABLE;
    let body: unknown;
    if (url.pathname.endsWith('/posts')) {
      const envelope = structuredClone(posts.serve[0].body);
      const [item] = envelope.data.items;
      envelope.data.items = [
        { ...item, text },
        { ...item, id: '1102', text },
      ];
      body = envelope;
    } else {
      const envelope = profileEnvelope() as { data: { author: Record<string, unknown> } };
      envelope.data.author.bio = text;
      body = envelope;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function social(args: string[], stdin = '') {
  const dir = mkdtempSync(join(tmpdir(), 'social-escape-cut-'));
  dirs.push(dir);
  const env = {
    SOCIAL_CONFIG_DIR: dir,
    SOCIAL_CACHE_DIR: 'off',
    SOCIAL_BASE_URL: server.url,
    SOCIAL_API_KEY: 'sk_test_escape_cut',
    NO_COLOR: '1',
    COLUMNS: '100',
  };
  const run = await spawnSocial(args, env, stdin);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).not.toMatch(ESCAPE_BYTE);
  expect(run.stderr).not.toMatch(ESCAPE_BYTE);
  return run.stdout;
}

/** The line of `stdout` that holds `label` (a card's label, or a table's cell). */
function lineWith(stdout: string, label: RegExp): string {
  return stdout.split('\n').find((line) => label.test(line)) ?? stdout;
}

describe.each(Object.keys(TEXTS))('text with a long escape sequence around it (%s)', (name) => {
  it("a profile's card shows the readable text after it", async () => {
    expect(lineWith(await social(['profile', 'github', name, '-o', 'table']), /^bio /)).toMatch(/^bio +Hello world$/);
  });

  it('a batch of profiles shows it in the table, and csv carries it', async () => {
    const table = await social(['profile', 'github', '--file', '-', '-o', 'table'], `${name}\n${name}\n`);
    const rows = table.split('\n').filter((line) => line.startsWith('octocat'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/ Hello world$/);
    expect(await social(['profile', 'github', name, '-o', 'csv'])).toContain(`,${READABLE},`);
  });

  it("an account's posts show it in the table", async () => {
    const table = await social(['posts', 'mastodon', `${name}@example.social`, '-o', 'table']);
    const rows = table.split('\n').filter((line) => /\b110[12]\b/.test(line));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain(`  ${READABLE}  `);
  });
});
