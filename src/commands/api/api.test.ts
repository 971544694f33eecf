// `social api`: raw GETs with auth, retries, exit statuses and formats; paths only, never URLs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { apiResult } from './api-view.js';
import { parseApiOptions } from './index.js';

const sandbox = useSandbox();

describe('social api', () => {
  it('parses paths, methods and fields', () => {
    expect(parseApiOptions('github/profile', { field: ['handle=octocat'] })).toEqual({
      method: 'GET',
      path: '/api/v1/github/profile',
      query: { handle: 'octocat' },
      include: false,
    });
    expect(parseApiOptions('/api/v1/movers/tech?hours=6', { rawField: ['limit=5'] })).toMatchObject({
      path: '/api/v1/movers/tech',
      query: { hours: '6', limit: '5' },
    });
    // From the root, a path is taken as it is; the short form is under /api/v1.
    expect(parseApiOptions('/openapi.json').path).toBe('/openapi.json');
    // api/v1/… without its leading slash is the same path, as gh api takes both.
    expect(parseApiOptions('api/v1/nichos').path).toBe('/api/v1/nichos');
    expect(parseApiOptions('api/v1').path).toBe('/api/v1');
    expect(parseApiOptions('apis/x').path).toBe('/api/v1/apis/x');
    expect(
      parseApiOptions('x', { method: 'post', field: ['n=5', 'a=b=c'], rawField: ['m=5', 't=true', 'z=null', 's=5x'] }),
    ).toEqual({
      method: 'POST',
      path: '/api/v1/x',
      query: {},
      body: { n: '5', a: 'b=c', m: 5, t: true, z: null, s: '5x' },
      include: false,
    });
    expect(parseApiOptions('x', { method: 'DELETE' }).body).toBeUndefined();
    expect(() => parseApiOptions('x', { method: 'TRACE' })).toThrow(/-X takes/);
    expect(() => parseApiOptions('https://evil.example/api/v1/x')).toThrow(/not a URL/);
    expect(() => parseApiOptions('//evil.example/x')).toThrow(/not a URL/);
    expect(() => parseApiOptions('github/../../x')).toThrow(/\.\./);
    expect(() => parseApiOptions('github/profile', { field: ['handle'] })).toThrow(/-f takes key=value/);
    expect(() => parseApiOptions('github/profile', { rawField: ['=1'] })).toThrow(/-F takes key=value/);
  });

  it('names the slip of a method given before the path, and refuses extra arguments', async () => {
    const env = sandboxEnv(sandbox.current.url);
    const word = await runCli(['api', 'get', '/api/v1/nichos'], { env });
    expect(word.status).toBe(2);
    expect(word.stdout).toBe('');
    expect(word.stderr).toContain('the method goes in -X');
    expect(word.stderr).toContain('social api -X GET /api/v1/nichos');
    const extra = await runCli(['api', 'nichos', 'more'], { env });
    expect(extra.status).toBe(2);
    expect(extra.stderr).toContain('api takes one path; got 2 arguments: "nichos" "more"');
    // A method alone is not sent as a path (/api/v1/GET).
    const alone = await runCli(['api', 'GET'], { env });
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('"GET" is a method, not a path: give the path too');
    // With -X as well, the word is not taken for the method: two arguments, one too many.
    const both = await runCli(['api', '-X', 'POST', 'GET', '/x'], { env });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('api takes one path; got 2 arguments: "GET" "/x"');
  });

  it('GETs a route with the key and prints the body as it came', async () => {
    const run = await runCli(['api', 'github/profile', '-f', 'handle=octocat'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { author: { handle: 'octocat' } } });
  });

  it('maps errors to exit statuses and keeps the error body on stdout', async () => {
    const missing = await runCli(['api', 'github/videos', '-f', 'handle=octocat'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(missing.status).toBe(7);
    const bad = await runCli(['api', 'movers/tech', '-f', 'hours=0'], { env: sandboxEnv(sandbox.current.url) });
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout).error).toBe('parametro_invalido');
    const key = await runCli(['api', 'trends/tech'], { env: sandboxEnv(sandbox.current.url, 'sbx_inactive') });
    expect(key.status).toBe(3);
  });

  it('calls coverage without a key, and renders lists as tables and csv', async () => {
    const run = await runCli(['api', 'nichos', '-o', 'csv'], {
      env: { ...sandboxEnv(sandbox.current.url), SOCIAL_API_KEY: '' },
    });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\r\n')[0]).toBe('id,label,windows_24h,last_window');
    const table = await runCli(['api', 'nichos', '-o', 'table'], { env: sandboxEnv(sandbox.current.url) });
    expect(table.stdout).toMatch(/tech/);
  });

  it('--dry-run knows the price of known routes and says when it does not', async () => {
    const known = JSON.parse(
      (await runCli(['api', 'movers/tech', '--dry-run', '--json'], { env: sandboxEnv(sandbox.current.url) })).stdout,
    );
    expect(known.max_credits).toBe(10);
    const unknown = JSON.parse(
      (await runCli(['api', 'youtube/channel', '--dry-run', '--json'], { env: sandboxEnv(sandbox.current.url) }))
        .stdout,
    );
    expect(unknown.max_credits).toBeNull();
  });
});

describe('social api: methods, fields, --include, bodies that are not envelopes', () => {
  it('prints a body that is neither an envelope nor a list as JSON, even with -o table or csv', async () => {
    for (const format of ['table', 'csv']) {
      const run = await runCli(['api', '/openapi.json', '-o', format], { env: sandboxEnv(sandbox.current.url) });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).openapi).toMatch(/^3\.1/);
    }
  });

  it('shows an envelope in a table field by field, nested fields by dotted name, never JSON cut off', async () => {
    const run = await runCli(['api', 'github/profile', '-f', 'handle=octocat', '-o', 'table'], {
      env: { ...sandboxEnv(sandbox.current.url), NO_COLOR: '1' },
      tty: true,
      columns: 80,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^data\.author\.handle +octocat$/m);
    expect(run.stdout).not.toMatch(/\{"/);
  });

  it('shows a body with a list as its own fields, then the rows, lists left out with a note, never JSON cut mid-token', async () => {
    const env = { ...sandboxEnv(sandbox.current.url), NO_COLOR: '1' };
    const trends = await runCli(['api', '/api/v1/trends/tech', '-f', 'limit=2', '-o', 'table'], {
      env,
      tty: true,
      columns: 200,
    });
    expect(trends.status, trends.stderr).toBe(0);
    for (const field of ['niche +tech', 'from +20', 'to +20', 'credits_charged +1'])
      expect(trends.stdout).toMatch(new RegExp(`^${field}`, 'm'));
    expect(trends.stdout).toMatch(/^external_id +title +url .*best_position +movement$/m);
    expect(trends.stdout).not.toMatch(/[[{]"/);
    expect(trends.stdout).toMatch(/^Not shown in this table: items\[\]\.series .*-o json or --jq\.$/m);
    // Identifiers are kept before numbers and free text; at 80 columns the ids and URLs alone do
    // not fit beside the text, so the posts are shown expanded, the id whole beside its own label.
    for (const [columns, headers] of [
      [80, /^id {2}at:\/\/did:plc:\S+\nurl +https:\/\/bsky\.app\/\S+\ntext +\S.*\n(.+\n)+?metrics\.likes +942\n/m],
      [200, /^id +url +text +metrics\.likes/m],
    ] as const) {
      const posts = await runCli(['api', '/api/v1/bluesky/posts', '-f', 'handle=jay.bsky.team', '-o', 'table'], {
        env,
        tty: true,
        columns,
      });
      expect(posts.status, posts.stderr).toBe(0);
      expect(posts.stdout).toMatch(/^data\.author\.handle +jay\.bsky\.team$/m);
      expect(posts.stdout).toMatch(headers);
      expect(posts.stdout).toMatch(
        /^id +at:\/\/did:plc:\S+\/app\.bsky\.feed\.post\/\w+|^at:\/\/did:plc:\S+\/app\.bsky\.feed\.post\/\w+/m,
      );
      expect(posts.stdout).not.toMatch(/[[{]"/);
    }
  });

  it("fits a list's columns by what they hold: the row's identifiers whole, nested ones kept next, text with spaces free", () => {
    const body = {
      niche: 'x',
      items: [{ id: 'a1', author: { url: 'https://x.test/a' }, text: 'two words', n: 3, none: null, tags: ['x'] }],
    };
    const [, rows, note] = apiResult(body).table as Array<{
      columns?: Array<Record<string, unknown>>;
      rank?: string[];
      empty?: string;
    }>;
    const fits = Object.fromEntries((rows?.columns ?? []).map((c) => [c.header, [c.fit ?? 'fixed', c.kind]]));
    expect(fits).toEqual({
      id: ['id', undefined],
      'author.url': ['fixed', undefined],
      text: ['free', undefined],
      n: ['fixed', 'integer'],
    });
    // A narrow table keeps the row's own identifier, its text, the nested identifier, then numbers.
    expect(rows?.rank).toEqual(['id', 'text', 'author.url', 'n']);
    expect(note?.empty).toMatch(/^Not shown in this table: items\[\]\.tags /);
  });

  it('a method the route does not allow is said as such (405), not as a bug in social; exit 1 as the exit table says', async () => {
    const run = await runCli(['api', 'github/profile', '-X', 'POST', '-f', 'handle=octocat'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /POST is not allowed on \/api\/v1\/github\/profile: the service allows GET there \(HTTP 405\)/,
    );
    expect(run.stderr).toMatch(/routes are GET: run it again without -X\/--method/);
    expect(run.stderr).not.toMatch(/This is a bug in social/);
  });

  it('--include prints the status line and headers before the body, on stdout', async () => {
    const run = await runCli(['api', 'nichos', '--include', '--json'], { env: sandboxEnv(sandbox.current.url) });
    expect(run.status, run.stderr).toBe(0);
    const [head = '', body = ''] = run.stdout.split('\n\n');
    expect(head.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toMatch(/^x-request-id: req_\w+$/m);
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(run.stdout.slice(head.length + 2)).niches).toEqual(expect.any(Array));
    expect(body).not.toBe('');
  });

  it('--include prints the status line and headers of an error answer too, before its body; the exit status stays', async () => {
    const cases = [
      { key: 'sbx_quota', path: 'trends/tech', line: 'HTTP/1.1 429 Too Many Requests', status: 6 },
      { key: 'sbx_empty', path: 'trends/tech', line: 'HTTP/1.1 402 Payment Required', status: 4 },
      { key: 'sbx_demo', path: '/api/v1/nothing', line: 'HTTP/1.1 404 Not Found', status: 7 },
    ];
    for (const { key, path, line, status } of cases) {
      const run = await runCli(['api', path, '--include', '--json'], { env: sandboxEnv(sandbox.current.url, key) });
      expect(run.status, run.stderr).toBe(status);
      const [head = ''] = run.stdout.split('\n\n');
      expect(head.split('\n')[0]).toBe(line);
      expect(head).toMatch(/^x-request-id: req_\w+$/m);
      expect(JSON.parse(run.stdout.slice(head.length + 2)).error).toEqual(expect.any(String));
    }
    // In a table the head is still printed; the error goes to stderr.
    const table = await runCli(['api', 'nothing', '-i', '-o', 'table'], { env: sandboxEnv(sandbox.current.url) });
    expect(table.status).toBe(7);
    expect(table.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/);
  });

  it('--include prints the status line and headers that came before a timeout cut the answer off', async () => {
    // The head is sent at once; the body never comes.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-trace': 'abc', 'x-echo': 'key sbx_demo' });
      res.flushHeaders();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const run = await runCli(['api', 'some/route', '-i', '--timeout', '1', '--json'], {
        env: sandboxEnv(`http://127.0.0.1:${port}`),
      });
      expect(run.status, run.stderr).toBe(10);
      expect(run.stdout).toMatch(/^HTTP\/1\.1 200 OK\n/);
      expect(run.stdout).toMatch(/^x-trace: abc$/m);
      // The key a server echoes is masked here as in any answer.
      expect(run.stdout).not.toContain('sbx_demo');
      expect(run.stderr).toContain('no complete answer within 1 s (the call may have been charged)');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('takes api/v1/… with or without the leading slash', async () => {
    const run = await runCli(['api', 'api/v1/nichos', '--json'], { env: sandboxEnv(sandbox.current.url) });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).niches).toEqual(expect.any(Array));
  });

  it('--dry-run shows the method and the JSON body of a request other than GET', async () => {
    const run = await runCli(['api', '-X', 'POST', 'x/y', '-F', 'n=2', '--dry-run', '--json'], {
      env: sandboxEnv(sandbox.current.url),
    });
    expect(JSON.parse(run.stdout).requests).toEqual([
      expect.objectContaining({ method: 'POST', body: { n: 2 }, max_credits: null }),
    ]);
  });

  it('sends fields as a JSON body with other methods, and never retries them; a GET is retried', async () => {
    const seen: Array<{ method?: string; url?: string; type?: string; body: string }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, error: 'indisponivel', message: 'down' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const env = sandboxEnv(`http://127.0.0.1:${port}`);
      const post = await runCli(['api', '-X', 'POST', 'x/y', '-F', 'n=2', '-f', 's=3', '--retries', '3'], { env });
      expect(post.status).toBe(9);
      expect(seen).toEqual([{ method: 'POST', url: '/api/v1/x/y', type: 'application/json', body: '{"s":"3","n":2}' }]);
      seen.length = 0;
      const get = await runCli(['api', 'x/y', '-F', 'n=2', '--retries', '2'], { env });
      expect(get.status).toBe(9);
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(Array(3).fill('GET /api/v1/x/y?n=2'));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the credit note of social api', () => {
  // At a terminal, the same one-line note the command of the route prints, on stderr.
  it.each([
    [['api', 'github/profile', '-f', 'handle=octocat'], /^(1 credit used|cached, 0 credits) · [\d,]+ remaining$/m],
    [['api', 'trends/tech'], /^1 credit used, free [\d,]+\/[\d,]+ · balance [\d,]+/m],
    [['api', 'movers/tech'], /^10 credits charged · balance [\d,]+$/m],
    [['api', 'movers/nosuchniche'], /^nothing charged \(no movement to report\) · balance [\d,]+$/m],
  ])('%j', async (argv, note) => {
    const run = await runCli([...argv, '--json'], { env: sandboxEnv(sandbox.current.url), tty: true });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(note);
  });

  it('none for an answer without credit figures (coverage)', async () => {
    const run = await runCli(['api', 'nichos', '--json'], { env: sandboxEnv(sandbox.current.url), tty: true });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/credit|balance/);
  });
});

describe('social api -o table is a raw view', () => {
  it('null is shown as null, not as "unknown"', async () => {
    const run = await runCli(['api', '/api/v1/github/profile', '-f', 'handle=octocat', '-o', 'table'], {
      env: sandboxEnv(sandbox.current.url),
      columns: 100,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^data\.author\.bio +null$/m);
    expect(run.stdout).toMatch(/^error +null$/m);
    expect(run.stdout).not.toContain('unknown');
  });

  it('in the rows of a list too', async () => {
    const run = await runCli(['api', '/api/v1/trends/tech', '-o', 'table'], {
      env: sandboxEnv(sandbox.current.url),
      columns: 400,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('unknown');
  });
});
