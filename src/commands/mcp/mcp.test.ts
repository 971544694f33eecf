// `social mcp` with real clients: the SDK's own Client over stdio spawning the built CLI against
// its in-process sandbox (or a loopback server of our own), raw JSON-RPC on a spawned server's
// stdin and stdout, and Streamable HTTP with and without its token.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempConfigDir } from '../../../test/helpers/cli.js';
import { profileEnvelope as specEnvelope } from '../../../test/helpers/envelopes.js';
import { cliEnv, REQUIRED_FILES, SOCIAL, tracedRun } from '../../../test/helpers/spawn-cli.js';
import { httpServer, using } from '../../../test/hostile/harness.js';
import type { Context } from '../../infra/context.js';
import { buildProgram } from '../../program.js';
import { handshake } from './handshake-data.js';
import type { ListingName } from './listing.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configDir(): string {
  const dir = tempConfigDir();
  dirs.push(dir);
  return dir;
}

interface Started {
  client: Client;
  stderr: () => string;
  dir: string;
}

/** The SDK's Client connected over stdio to a spawned `social mcp ...args`. */
async function connect(
  args: string[],
  options: { env?: Record<string, string>; client?: Client } = {},
): Promise<Started> {
  const dir = configDir();
  const [command, ...first] = SOCIAL;
  const transport = new StdioClientTransport({
    command,
    args: [...first, 'mcp', ...args],
    env: cliEnv({ SOCIAL_CONFIG_DIR: dir, SOCIAL_RETRY_BASE_MS: '5', ...options.env }),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const client = options.client ?? new Client({ name: 'social-tests', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, dir };
}

const servers: Client[] = [];
afterEach(async () => {
  for (const client of servers.splice(0)) await client.close();
});

async function sandboxServer(args: string[] = [], options: Parameters<typeof connect>[1] = {}): Promise<Started> {
  const started = await connect(['--sandbox', ...args], options);
  servers.push(started.client);
  return started;
}

type Result = Awaited<ReturnType<Client['callTool']>> & {
  structuredContent?: any;
  _meta?: any;
  content: Array<{ type: string; text: string }>;
};

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}

const GOOD_CALLS: Array<[string, Record<string, unknown>]> = [
  ['profile', { platform: 'github', handles: ['octocat'] }],
  ['posts', { platform: 'bluesky', handle: 'jay.bsky.team', limit: 5 }],
  ['post', { uri: 'at://jay.bsky.team/app.bsky.feed.post/3n2p5d7ji25zm' }],
  ['transcript', { url: 'https://www.tiktok.com/@chef.tomas/video/7709487796665882014' }],
  ['niches', {}],
  ['trends', { niche: 'tech', from: '24h' }],
  ['movers', { niche: 'tech', hours: 6 }],
  ['history', { platform: 'github', handle: 'octocat' }],
  ['track_report', {}],
  ['search', { text: 'the' }],
  ['credits', {}],
  ['store_sql', { query: 'SELECT count(*) AS n FROM fetches' }],
  ['quote', { tool: 'profile', arguments: { platform: 'github', handles: ['octocat', 'lenafischer'] } }],
];

/** The tools answered from the local store alone: free, nothing sent. */
const STORE_TOOLS = ['history', 'track_report', 'search', 'store_sql'];

describe('social mcp over stdio (the SDK client)', () => {
  it('lists one tool a command, each with a valid JSON Schema, a price and honest annotations', async () => {
    const { client } = await sandboxServer();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(GOOD_CALLS.map(([name]) => name));
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.annotations?.openWorldHint, tool.name).toBe(
        !STORE_TOOLS.includes(tool.name) && tool.name !== 'quote',
      );
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.transcript!.description).toContain('charged even when empty');
    expect(byName.profile!.description).toContain('1 credit');
    expect(byName.niches!.annotations?.readOnlyHint).toBe(true);
    expect(byName.profile!.annotations?.readOnlyHint).toBe(false);
    expect(byName.profile!.annotations?.idempotentHint).toBe(true);
    // The spec's patterns and ranges are in the schema.
    const posts = JSON.stringify(byName.posts!.inputSchema);
    expect(posts).toContain('"maximum":40');
    expect(posts).toContain('^[A-Za-z0-9._]{1,30}$');
    const ajvPosts = ajv.compile(byName.posts!.inputSchema);
    expect(ajvPosts({ platform: 'mastodon', handle: 'Gargron@mastodon.social', limit: 41 })).toBe(false);
    expect(ajvPosts({ platform: 'mastodon', handle: 'Gargron@mastodon.social', limit: 40 })).toBe(true);
  });

  it('calls each tool: records as structured content, a summary, and the charge in _meta', async () => {
    const { client } = await sandboxServer();
    for (const [name, args] of GOOD_CALLS) {
      const result = await call(client, name, args);
      expect(result.isError, `${name}: ${result.content[0]?.text}`).toBeFalsy();
      expect(typeof result.structuredContent, name).toBe('object');
      expect(result.content[0]!.text.length, name).toBeGreaterThan(0);
      for (const key of ['credits_charged', 'uncertain', 'credits_remaining', 'request_id'])
        expect(result._meta, `${name} ${key}`).toHaveProperty(key);
    }
    const profile = await call(client, 'profile', { platform: 'github', handles: ['lenafischer'] });
    expect(profile.structuredContent.data.author.handle).toBe('lenafischer');
    // The summary says what was fetched: the profile, not a count of its (unshown) items.
    expect(profile.content[0]!.text).toMatch(
      /^the profile of lenafischer \(Lena Fischer\), \d+ followers; 1 credit charged$/,
    );
    const posts = await call(client, 'posts', { platform: 'bluesky', handle: 'jay.bsky.team', limit: 3 });
    expect(posts.content[0]!.text).toMatch(/^3 posts by jay\.bsky\.team /);
    // Structured content carries the computed figures, as --computed gives them.
    for (const post of posts.structuredContent.data.items)
      expect(post.computed).toEqual({ engagement_rate: expect.any(Number) });
    expect(profile._meta.credits_charged).toBe(1);
    expect(profile._meta.request_id).toBe(profile.structuredContent.request_id);
    expect(profile._meta.credits_remaining).toBe(profile.structuredContent.credits_remaining);
    const quote = await call(client, 'quote', GOOD_CALLS.at(-1)![1]);
    expect(quote.structuredContent.max_credits).toBe(2);
    expect(quote._meta.requests).toBe(0);
  });

  it('refuses bad arguments before anything is sent: a handle breaking its pattern, a limit out of range', async () => {
    const { client } = await sandboxServer();
    const before = (await call(client, 'credits')).structuredContent.balance;
    for (const args of [
      { platform: 'github', handles: ['-bad-'] },
      { platform: 'mastodon', handles: ['Gargron'] },
    ]) {
      const result = await call(client, 'profile', args);
      expect(result.isError).toBe(true);
      expect(result.structuredContent.error.code).toBe('usage');
      expect(result._meta.requests).toBe(0);
    }
    const overSchema = await call(client, 'posts', { platform: 'bluesky', handle: 'jay.bsky.team', limit: 500 });
    expect(overSchema.isError).toBe(true);
    expect(overSchema.content[0]!.text).toMatch(/limit/);
    const overPlatform = await call(client, 'posts', {
      platform: 'mastodon',
      handle: 'Gargron@mastodon.social',
      limit: 41,
    });
    expect(overPlatform.isError).toBe(true);
    expect(overPlatform.content[0]!.text).toContain('from 1 to 40');
    expect((await call(client, 'credits')).structuredContent.balance).toBe(before);
  });

  it('a service error is a tool error with its code and what was charged', async () => {
    const { client } = await sandboxServer();
    const result = await call(client, 'profile', { platform: 'github', handles: ['notfound'] });
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ code: 'nao_encontrado', exit: 7, status: 404 });
    expect(result.structuredContent.charged).toBe(0);
    expect(result.content[0]!.text).toContain('error (nao_encontrado)');
    expect(result.content[0]!.text).toContain('nothing charged');
    // The server goes on.
    expect((await call(client, 'niches')).isError).toBeFalsy();
  });

  it("--sandbox-now and SOCIAL_SANDBOX_NOW fix the sandbox's clock, as for any --sandbox run", async () => {
    for (const [args, env] of [
      [['--sandbox-now', '2026-11-21T12:00:00Z'], {}],
      [[], { SOCIAL_SANDBOX_NOW: '2026-11-21T12:00Z' }],
    ] as const) {
      const { client } = await sandboxServer([...args], { env });
      const answer = await call(client, 'profile', { platform: 'github', handles: ['octocat'] });
      // The README's figures at that instant: the sandbox's counts move with its clock.
      expect(answer.structuredContent).toMatchObject({
        data: { author: { followers: 21_873 } },
        free_credits_reset_at: '2026-12-01T00:00:00.000Z',
      });
    }
  });

  it('--max-credits holds the whole session: the call past it is refused, saying what is left', async () => {
    const { client } = await sandboxServer(['--max-credits', '2']);
    const first = await call(client, 'profile', { platform: 'github', handles: ['octocat'] });
    const second = await call(client, 'profile', { platform: 'github', handles: ['lenafischer'] });
    expect([first._meta.credits_charged, second._meta.credits_charged]).toEqual([1, 1]);
    const third = await call(client, 'profile', { platform: 'github', handles: ['mariam-okafor'] });
    expect(third.isError).toBe(true);
    expect(third.structuredContent.error.code).toBe('not_sent');
    expect(third.content[0]!.text).toContain('has 0 credits left (2 credits spent)');
    expect(third._meta).toMatchObject({ requests: 0, session_spent: 2, session_left: 0 });
    // Free tools still answer.
    expect((await call(client, 'niches')).isError).toBeFalsy();
  });

  it('a batch the session budget stops names that budget: its warning and its held-back records', async () => {
    const { client, stderr } = await sandboxServer(['--max-credits', '2']);
    const handles = ['octocat', 'lenafischer', 'mariam-okafor', 'torvalds'];
    const batch = await call(client, 'profile', { platform: 'github', handles });
    expect(batch._meta).toMatchObject({ credits_charged: 2, requests: 2, session_left: 0 });
    expect(batch.content[0]!.text).toContain('stopped at the --max-credits budget of 2: 2 inputs held back');
    expect(stderr()).not.toContain('budget of unknown');
    const held = batch.structuredContent.records.filter((r: { exit: number }) => r.exit !== 0);
    expect(held).toHaveLength(2);
    for (const record of held) {
      expect(record.error.code).toBe('not_sent');
      expect(record.error.message).toMatch(/budget of 2\b/);
    }
  });

  it('a batch whose input the session budget refused as it was sent resumes at that input, not past it', async () => {
    const { client } = await sandboxServer(['--max-credits', '3']);
    await call(client, 'profile', { platform: 'github', handles: ['octocat'] });
    // The batch starts three calls within the budget of 3; the session, 1 spent, refuses the third.
    const handles = ['lenafischer', 'mariam-okafor', 'quiet-committer', 'torvalds', 'notfound'];
    const batch = await call(client, 'profile', { platform: 'github', handles });
    expect(batch._meta).toMatchObject({ credits_charged: 2, requests: 2, session_left: 0 });
    const records = batch.structuredContent.records as Array<{ input: string; exit: number }>;
    expect(records.map((r) => r.exit)).toEqual([0, 0, 12, 12, 12]);
    const text = batch.content[0]!.text;
    expect(text).toContain('2 inputs: 2 ok, 0 failed, 3 not sent (budget)');
    expect(text).toContain('3 inputs held back (quiet-committer, torvalds, notfound), not sent; resume with --skip 2');
  });

  it("a plan says what the session's budget would make of the call: a batch capped at what is left, a call refused", async () => {
    const { client } = await sandboxServer(['--max-credits', '3']);
    await call(client, 'profile', { platform: 'github', handles: ['octocat'] });
    const handles = ['lenafischer', 'mariam-okafor', 'quiet-committer', 'torvalds'];
    const quote = (tool: string, args: Record<string, unknown>) => call(client, 'quote', { tool, arguments: args });
    // 2 credits left of 3: the batch would send what they cover and hold the rest back, as it does.
    const plan = await quote('profile', { platform: 'github', handles });
    expect(plan.structuredContent).toMatchObject({
      valid: 4,
      max_credits: 2,
      max_credits_without_budget: 4,
      budget: 2,
    });
    expect(plan.content[0]!.text).toMatch(
      /^dry run: nothing sent; 4 inputs: 4 valid; at most 2 credits, what the session's --max-credits budget has left \(4 credits without it\): the inputs past it would be held back, not sent; /,
    );
    const movers = await quote('movers', { niche: 'tech' });
    expect(movers.structuredContent).toMatchObject({ max_credits: 10 });
    expect(movers.content[0]!.text).toContain(
      "at most 10 credits; the call itself would not be sent: this call can cost 10 credits, and the session's --max-credits budget of 3 has 2 credits left (1 credit spent): nothing sent",
    );
    const batch = await call(client, 'profile', { platform: 'github', handles });
    expect(batch._meta).toMatchObject({ credits_charged: 2, requests: 2, session_left: 0 });
    // Nothing left: no input would be sent.
    const none = await quote('profile', { platform: 'github', handles });
    expect(none.structuredContent).toMatchObject({ max_credits: 0, max_credits_without_budget: 4, budget: 0 });
    expect(none.content[0]!.text).toContain(
      "at most 0 credits: the session's --max-credits budget has nothing left, so no input would be sent (4 credits without it)",
    );
    // Within what is left, a plan is as without a budget.
    const within = await sandboxServer(['--dry-run', '--max-credits', '5']);
    const small = await call(within.client, 'profile', { platform: 'github', handles: ['octocat', 'lenafischer'] });
    expect(small.structuredContent).toMatchObject({ max_credits: 2, max_credits_without_budget: 2, budget: 5 });
    expect(small.content[0]!.text).toMatch(/^dry run: nothing sent; 2 inputs: 2 valid; at most 2 credits; /);
  });

  it('a call refused before it is sent (budget, --confirm-above, the niche it names) has no request in _meta', async () => {
    const { client } = await sandboxServer(['--max-credits', '3', '--confirm-above', '5']);
    // Each is refused after movers' free look-up of its niche, which the ledger does not record either.
    for (const args of [{ niche: 'tech' }, { niche: 'nope' }, { niche: 'tech', confirm: true }]) {
      const refused = await call(client, 'movers', args);
      expect(refused.isError, JSON.stringify(args)).toBe(true);
      expect(refused._meta, JSON.stringify(args)).toMatchObject({ requests: 0, request_id: null, credits_charged: 0 });
    }
    // A paid call counts its own request, not the look-up before it; a free tool its own.
    const trends = await call(client, 'trends', { niche: 'tech', from: '24h' });
    expect(trends._meta).toMatchObject({ requests: 1, request_id: expect.stringMatching(/^req_/) });
    const niches = await call(client, 'niches');
    expect(niches._meta).toMatchObject({ requests: 1, request_id: expect.stringMatching(/^req_/) });
  });

  it('16 concurrent calls never pass the budget: each reserves before sending', async () => {
    const { client } = await sandboxServer(['--max-credits', '5']);
    const accounts = JSON.parse(readFileSync(join(import.meta.dirname, '../../sandbox/data/accounts.json'), 'utf8'));
    const pairs = Object.entries(accounts as Record<string, Array<{ author: { handle: string } }>>)
      .flatMap(([platform, list]) => list.slice(0, 2).map((a) => ({ platform, handles: [a.author.handle] })))
      .slice(0, 16);
    expect(pairs).toHaveLength(16);
    const results = await Promise.all(pairs.map((args) => call(client, 'profile', args)));
    const charged = results.reduce((sum, r) => sum + r._meta.credits_charged, 0);
    const refused = results.filter((r) => r.structuredContent?.error?.code === 'not_sent');
    expect(charged).toBeLessThanOrEqual(5);
    expect(charged + refused.length).toBe(16);
    expect(refused.every((r) => r._meta.requests === 0)).toBe(true);
    const after = await call(client, 'niches');
    expect(after._meta.session_spent).toBe(charged);
  });

  it('--read-only lists only the free tools; --dry-run answers every call with its plan', async () => {
    const readOnly = await sandboxServer(['--read-only']);
    const { tools } = await readOnly.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'niches',
      'history',
      'track_report',
      'search',
      'credits',
      'store_sql',
      'quote',
    ]);
    const dry = await sandboxServer(['--dry-run']);
    const plan = await call(dry.client, 'profile', { platform: 'github', handles: ['octocat', 'lenafischer'] });
    expect(plan.isError).toBeFalsy();
    expect(plan.structuredContent).toMatchObject({ dry_run: true, max_credits: 2 });
    // Several handles are a batch, whose plan counts inputs, not the requests it would send.
    expect(plan.content[0]!.text).toMatch(/^dry run: nothing sent; 2 inputs: 2 valid; at most 2 credits; /);
    expect(plan._meta.requests).toBe(0);
    // One handle is one request, and says so.
    const one = await call(dry.client, 'profile', { platform: 'github', handles: ['octocat'] });
    expect(one.content[0]!.text).toMatch(/^dry run: nothing sent; 1 request, at most 1 credit; /);
    // The session's language: a Portuguese batch plan counts entradas.
    const portuguese = await sandboxServer(['--dry-run'], { env: { LANG: 'pt_BR.UTF-8' } });
    const plano = await call(portuguese.client, 'profile', { platform: 'github', handles: ['octocat', 'lenafischer'] });
    expect(plano.content[0]!.text).toMatch(/^simulação: nada enviado; 2 entradas: 2 válidas; no máximo 2 créditos; /);
    // movers looks its niche up in the free coverage first: nothing paid is sent.
    const movers = await call(dry.client, 'movers', { niche: 'tech' });
    expect(movers.structuredContent).toMatchObject({ dry_run: true, max_credits: 10 });
    expect(movers._meta.credits_charged).toBe(0);
  });

  it('--confirm-above: refused with what to repeat where the client cannot be asked; asked where it can', async () => {
    const { client } = await sandboxServer(['--confirm-above', '5']);
    const refused = await call(client, 'movers', { niche: 'tech' });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('confirm: true');
    expect(refused._meta.credits_charged).toBe(0);
    // Within the threshold: sent without asking.
    expect((await call(client, 'profile', { platform: 'github', handles: ['octocat'] })).isError).toBeFalsy();
    const confirmed = await call(client, 'movers', { niche: 'tech', confirm: true });
    expect(confirmed.isError).toBeFalsy();
    expect(confirmed.structuredContent.items[0].computed).toEqual({ gained_per_hour: expect.any(Number) });

    const asked: string[] = [];
    const asking = new Client(
      { name: 'social-tests', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    asking.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String(request.params.message));
      return { action: 'accept', content: { confirm: true } };
    });
    const withPerson = await sandboxServer(['--confirm-above', '5'], { client: asking });
    const sent = await call(withPerson.client, 'movers', { niche: 'tech' });
    expect(sent.isError).toBeFalsy();
    expect(asked).toEqual([expect.stringContaining('up to 10 credits')]);
  });

  it('every paid call goes to the spend ledger as mcp and its tool', async () => {
    await using(
      httpServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(profileEnvelope({ followers: 10 })));
      }),
      async (server) => {
        const started = await connect(['--base-url', server.url, '--api-key', 'sbx_demo']);
        await call(started.client, 'profile', { platform: 'github', handles: ['octocat'] });
        // The session's ledger is written by its turn's end at the latest; the server's end closes it.
        await started.client.close();
        const ledger = readFileSync(join(started.dir, 'spend.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
        expect(ledger).toEqual([expect.objectContaining({ command: 'mcp profile', credits: 1 })]);
        // The local store's fetch log names it alike.
        const store = new DatabaseSync(join(started.dir, 'store.db'), { readOnly: true });
        expect(store.prepare('SELECT command FROM fetches').all()).toEqual([{ command: 'mcp profile' }]);
        store.close();
      },
    );
  });
});

describe('social mcp: the local store as tools', () => {
  it('history, track_report, search and store_sql answer from the store the paid calls wrote, computed fields included', async () => {
    const { client } = await sandboxServer();
    const before = (await call(client, 'credits')).structuredContent.balance;
    for (let i = 0; i < 2; i += 1) await call(client, 'profile', { platform: 'github', handles: ['lenafischer'] });
    await call(client, 'posts', { platform: 'bluesky', handle: 'jay.bsky.team', limit: 5 });
    const history = await call(client, 'history', { platform: 'github', handle: '@lenafischer' });
    expect(history.isError, history.content[0]?.text).toBeFalsy();
    const snapshots = history.structuredContent.records;
    expect(snapshots.length).toBeGreaterThanOrEqual(1);
    expect(snapshots[0]).toMatchObject({ platform: 'github', handle: 'lenafischer' });
    expect(snapshots[0].computed).toHaveProperty('gained_per_day');
    expect(history.content[0]!.text).toMatch(/^\d+ snapshots? in the local store; nothing sent, nothing charged$/);
    expect(history._meta.requests).toBe(0);
    const sql = await call(client, 'store_sql', {
      query: "SELECT command, route FROM fetches WHERE route LIKE '%profile%' ORDER BY id",
    });
    expect(sql.structuredContent.records[0]).toEqual({ command: 'mcp profile', route: '/api/v1/github/profile' });
    expect(sql.content[0]!.text).toMatch(/^2 rows; /);
    const search = await call(client, 'search', { text: 'the', limit: 2 });
    expect(search.isError, search.content[0]?.text).toBeFalsy();
    expect(search.structuredContent.records.length).toBeLessThanOrEqual(2);
    const report = await call(client, 'track_report', { since: '7d' });
    expect(report.isError, report.content[0]?.text).toBeFalsy();
    expect(report.structuredContent.records).toEqual([]);
    // Nothing the store tools did cost anything.
    const spent = (await call(client, 'credits')).structuredContent.balance;
    expect(before - spent).toBe(2);
  });

  it('store_sql reads only, and refuses an answer too large to hold', async () => {
    const { client } = await sandboxServer();
    await call(client, 'profile', { platform: 'github', handles: ['octocat'] });
    const write = await call(client, 'store_sql', { query: 'DELETE FROM fetches' });
    expect(write.isError).toBe(true);
    expect(write.structuredContent.error.code).toBe('usage');
    const counted = await call(client, 'store_sql', { query: 'SELECT count(*) AS n FROM fetches' });
    expect(counted.structuredContent).toEqual({ records: [{ n: 1 }] });
    expect(counted.content[0]!.text).toMatch(/^1 row; /);
    const big = await call(client, 'store_sql', {
      query: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) SELECT i FROM n',
    });
    expect(big.isError).toBe(true);
    expect(big.content[0]!.text).toContain('more than 1000 rows');
    // A bad handle is refused as the command refuses it, and the quote of a store tool is free.
    expect((await call(client, 'history', { platform: 'github', handle: '-x-' })).structuredContent.error.code).toBe(
      'usage',
    );
    const quote = await call(client, 'quote', { tool: 'search', arguments: { text: 'x' } });
    expect(quote.structuredContent).toEqual({ dry_run: true, requests: [], max_credits: 0 });
  });
});

/** The spec's profile envelope with these author fields. */
function profileEnvelope(author: Record<string, unknown>): Record<string, unknown> {
  const envelope = specEnvelope() as { data: { author: Record<string, unknown> } };
  return { ...envelope, data: { ...envelope.data, author: { ...envelope.data.author, ...author } } };
}

/** A spawned `social mcp` driven by raw JSON-RPC lines: every byte of its stdout is kept. */
/** A spawned `social mcp ...args` and raw JSON-RPC over its stdio; `nodeArgs` go to node (SOCIAL as node and the bin). */
function rawServer(args: string[], env: Record<string, string>, nodeArgs: string[] = []) {
  const [command, ...first] = SOCIAL;
  const child = spawn(command, [...nodeArgs, ...first, 'mcp', ...args], {
    env: cliEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiting: Array<{ id: number; resolve: (message: any) => void }> = [];
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
    for (const line of stdout.split('\n').slice(0, -1)) {
      const message = JSON.parse(line);
      const at = waiting.findIndex((w) => w.id === message.id);
      if (at >= 0) waiting.splice(at, 1)[0]!.resolve(message);
    }
  });
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let id = 0;
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    notify(method: string, params: unknown = {}) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
    request(method: string, params: unknown = {}): Promise<any> {
      id += 1;
      const promise = new Promise((resolve) => waiting.push({ id, resolve }));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return promise;
    },
    async initialize() {
      const answer = await this.request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      });
      this.notify('notifications/initialized');
      return answer;
    },
  };
}

describe('social mcp: stdout and the end of a session', () => {
  it('every byte of stdout is a JSON-RPC message, over a session with drift, errors and a batch', async () => {
    await using(
      httpServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        const handle = new URL(req.url ?? '/', 'http://x').searchParams.get('handle');
        // A display field of another type: a drift note, which goes to stderr only.
        res.end(JSON.stringify(profileEnvelope({ handle, followers: 'many', bio: 'line\u001b[31m\u009b2J' })));
      }),
      async (server) => {
        const dir = configDir();
        const raw = rawServer(['--base-url', server.url], { SOCIAL_CONFIG_DIR: dir, SOCIAL_API_KEY: 'sbx_demo' });
        await raw.initialize();
        await raw.request('tools/list');
        const drifted = await raw.request('tools/call', {
          name: 'profile',
          arguments: { platform: 'github', handles: ['octocat'] },
        });
        expect(drifted.result.isError).toBeFalsy();
        const batch = await raw.request('tools/call', {
          name: 'profile',
          arguments: { platform: 'github', handles: ['octocat', 'lenafischer', 'mariam-okafor'] },
        });
        expect(batch.result.structuredContent.records).toHaveLength(3);
        const refused = await raw.request('tools/call', {
          name: 'profile',
          arguments: { platform: 'github', handles: ['-x-'] },
        });
        expect(refused.result.isError).toBe(true);
        const unknown = await raw.request('tools/call', { name: 'nope', arguments: {} });
        expect(unknown.error ?? unknown.result?.isError).toBeTruthy();
        // The bio as the store holds it, read back by store_sql: the same escaping on the way out.
        const stored = await raw.request('tools/call', {
          name: 'store_sql',
          arguments: { query: 'SELECT bio FROM profiles LIMIT 1' },
        });
        expect(stored.result.structuredContent.records[0].bio).toContain('\u001b[31m');
        raw.child.stdin.end();
        expect(await raw.exited).toBe(0);
        const lines = raw.stdout().split('\n');
        expect(lines.pop()).toBe('');
        for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
        // Nothing terminal-active, even inside the strings.
        expect(raw.stdout()).not.toMatch(/[\u001b\u009b]/);
        expect(raw.stderr()).toMatch(/drift|differ|documented/i);
      },
    );
  });

  // The single executable takes no node arguments: the log of V8's code is asked for by node's.
  it.skipIf(SOCIAL.length === 1)(
    "a long session: none of social's code compiled by Maglev, the young generation never doubled from its size at the first call",
    async () => {
      const dir = configDir();
      const log = join(dir, 'v8.log');
      const probe = join(dir, 'probe.cjs');
      // The new space's size when asked (SIGUSR2) and as the process ends, each written to a file.
      const sizes = { asked: join(dir, 'new-space-asked'), last: join(dir, 'new-space-last') };
      writeFileSync(
        probe,
        `const { writeFileSync } = require('node:fs');
const size = () => String(require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
process.on('SIGUSR2', () => writeFileSync(${JSON.stringify(sizes.asked)}, size()));
process.on('exit', () => writeFileSync(${JSON.stringify(sizes.last)}, size()));
`,
      );
      const raw = rawServer(['--sandbox'], { SOCIAL_CONFIG_DIR: dir }, [
        '--require',
        probe,
        '--log-code',
        `--logfile=${log}`,
        '--no-logfile-per-isolate',
      ]);
      await raw.initialize();
      const call = async () => {
        const answer = await raw.request('tools/call', {
          name: 'profile',
          arguments: { platform: 'github', handles: ['octocat'] },
        });
        expect(answer.result.isError).toBeFalsy();
      };
      // The young generation as the server answers its first call (grown while social started)...
      await call();
      raw.child.kill('SIGUSR2');
      await vi.waitFor(() => expect(existsSync(sizes.asked)).toBe(true));
      // ...after 400 more, 8 at a time (as a busy agent makes them)...
      for (let i = 0; i < 50; i += 1) await Promise.all(Array.from({ length: 8 }, call));
      raw.child.stdin.end();
      expect(await raw.exited).toBe(0);
      // ...has not doubled by the end, as V8 grows it (Node 26's V8 rounds it up to its pages, by
      // a quarter of a MB here; it may shrink it when idle).
      expect(Number(readFileSync(sizes.last, 'utf8'))).toBeLessThan(2 * Number(readFileSync(sizes.asked, 'utf8')));
      // V8's log marks each piece of code by its tier: `+` is Maglev's. What the start compiled,
      // before the flags change, is left out: the log from the SDK's first code on (read at the
      // first call, after them).
      const lines = readFileSync(log, 'utf8').split('\n');
      const dist = join(import.meta.dirname, '..', '..', '..', 'dist');
      const taken = lines.findIndex((line) => line.includes(join(dist, 'vendor-mcp.cjs')));
      expect(taken).toBeGreaterThan(0);
      const maglev = lines
        .slice(taken)
        .filter((line) => line.startsWith('code-creation,JS,') && /,\+'?$/.test(line) && line.includes(dist));
      expect(maglev).toEqual([]);
    },
    60_000,
  );

  it('a client that goes away mid-call: the server exits cleanly, the call counted once, never resent', async () => {
    let requests = 0;
    await using(
      httpServer(() => {
        // Never answered: the client goes away while the request is under way.
        requests += 1;
      }),
      async (server) => {
        const dir = configDir();
        const raw = rawServer(['--base-url', server.url], { SOCIAL_CONFIG_DIR: dir, SOCIAL_API_KEY: 'sbx_demo' });
        await raw.initialize();
        void raw.request('tools/call', { name: 'profile', arguments: { platform: 'github', handles: ['octocat'] } });
        await expect.poll(() => requests, { timeout: 10_000 }).toBe(1);
        raw.child.stdin.end();
        expect(await raw.exited).toBe(0);
        expect(requests).toBe(1);
        const ledger = readFileSync(join(dir, 'spend.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
        expect(ledger).toEqual([expect.objectContaining({ command: 'mcp profile', uncertain: true, credits: 1 })]);
      },
    );
  });
});

describe('social mcp --http', () => {
  it('serves 127.0.0.1 only: 401 without the token, 403 for an Origin not loopback, the same tools with it', async () => {
    const token = 'test-token-0123456789abcdef';
    const [command, ...first] = SOCIAL;
    const child = spawn(command, [...first, 'mcp', '--sandbox', '--http', '0', '--token', token], {
      env: cliEnv({ SOCIAL_CONFIG_DIR: configDir() }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    try {
      await expect.poll(() => /http:\/\/127\.0\.0\.1:\d+\/mcp/.test(stderr), { timeout: 30_000 }).toBe(true);
      const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr)![0];
      // A token given is never printed.
      expect(stderr).not.toContain(token);
      const initialize = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      expect((await fetch(url, { method: 'POST', headers, body: initialize })).status).toBe(401);
      const wrong = { ...headers, authorization: 'Bearer not-the-token-at-all' };
      expect((await fetch(url, { method: 'POST', headers: wrong, body: initialize })).status).toBe(401);
      const authorized = { ...headers, authorization: `Bearer ${token}` };
      const evil = await fetch(url, {
        method: 'POST',
        headers: { ...authorized, origin: 'https://evil.example' },
        body: initialize,
      });
      expect(evil.status).toBe(403);
      const local = await fetch(url, {
        method: 'POST',
        headers: { ...authorized, origin: 'http://localhost:3000' },
        body: initialize,
      });
      expect(local.status).toBe(200);
      // A 2025-era client's session is named by Mcp-Session-Id: one not opened here is not found.
      expect(local.headers.get('mcp-session-id')).toMatch(/^[\w-]{16,}$/);
      const stale = await fetch(url, {
        method: 'POST',
        headers: { ...authorized, 'mcp-session-id': 'no-such-session' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(stale.status).toBe(404);

      const client = new Client({ name: 'social-tests', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(GOOD_CALLS.map(([name]) => name));
      const profile = await call(client, 'profile', { platform: 'github', handles: ['octocat'] });
      expect(profile.structuredContent.data.author.handle).toBe('octocat');
      expect(profile._meta).toHaveProperty('request_id');
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
  });

  it('--confirm-above over Streamable HTTP asks the person through the SDK client (elicitation); a no sends nothing', async () => {
    const token = 'test-token-0123456789abcdef';
    const [command, ...first] = SOCIAL;
    const child = spawn(
      command,
      [...first, 'mcp', '--sandbox', '--http', '0', '--token', token, '--confirm-above', '5'],
      { env: cliEnv({ SOCIAL_CONFIG_DIR: configDir() }), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    try {
      await expect.poll(() => /http:\/\/127\.0\.0\.1:\d+\/mcp/.test(stderr), { timeout: 30_000 }).toBe(true);
      const url = new URL(/http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(stderr)![0]);
      const asked: string[] = [];
      let answer: 'accept' | 'decline' = 'accept';
      const client = new Client(
        { name: 'social-tests', version: '1.0.0' },
        { capabilities: { elicitation: { form: {} } } },
      );
      client.setRequestHandler('elicitation/create', async (request) => {
        asked.push(String(request.params.message));
        return answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
      });
      await client.connect(
        new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
      );
      const sent = await call(client, 'movers', { niche: 'tech' });
      expect(sent.isError, sent.content[0]?.text).toBeFalsy();
      expect(asked).toEqual([expect.stringContaining('up to 10 credits')]);
      answer = 'decline';
      const declined = await call(client, 'movers', { niche: 'tech', hours: 3 });
      expect(declined.isError).toBe(true);
      expect(declined.content[0]!.text).toContain('the person did not agree (decline)');
      expect(declined._meta.credits_charged).toBe(0);
      expect(asked).toHaveLength(2);
      // Within the threshold nothing is asked.
      expect((await call(client, 'profile', { platform: 'github', handles: ['octocat'] })).isError).toBeFalsy();
      expect(asked).toHaveLength(2);
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

/** The handshake the SDK's own server answers for the program's tools, worked out from the sources once. */
let fromSources: ReturnType<typeof handshake> | undefined;
function sourcesHandshake() {
  fromSources ??= workedOut();
  return fromSources;
}

async function workedOut() {
  const sink = { write: () => true };
  const ctx = {
    io: { stdout: sink, stderr: sink, stdin: process.stdin, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false },
    env: {},
    now: () => new Date(0),
    signal: new AbortController().signal,
  } as unknown as Context;
  return handshake(buildProgram(ctx).commands.find((command) => command.name() === 'mcp')!);
}

// Each test spawns a server and the first works the handshake out from the sources (the SDK and
// every tool's schema through vitest's transform): slow on a loaded machine, so given a minute.
describe('social mcp: the handshake, answered before the SDK is loaded', { timeout: 60_000 }, () => {
  const LISTED: Array<[string[], ListingName]> = [
    [[], 'all'],
    [['--confirm-above', '5'], 'confirm'],
    [['--read-only'], 'readOnly'],
  ];
  it.each(LISTED)(
    'answers initialize and tools/list as the SDK does, then the SDK serves the rest (%j)',
    async (args, name) => {
      const expected = await sourcesHandshake();
      const raw = rawServer(['--sandbox', ...args], { SOCIAL_CONFIG_DIR: configDir() });
      const initialize = await raw.initialize();
      expect(initialize.result).toEqual({ protocolVersion: '2025-06-18', ...expected.server });
      const listed = await raw.request('tools/list');
      expect(listed.result).toEqual(expected.tools[name]);
      // The first message the front does not answer: the SDK's server takes the session over.
      expect((await raw.request('ping')).result).toEqual({});
      expect((await raw.request('tools/list')).result).toEqual(listed.result);
      const niches = await raw.request('tools/call', { name: 'niches', arguments: {} });
      expect(niches.result.isError).toBeFalsy();
      raw.child.stdin.end();
      expect(await raw.exited).toBe(0);
      // The SDK's answer to the initialize it was handed again is not written: one answer an id.
      const ids = raw
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id);
      expect(ids).toEqual([1, 2, 3, 4, 5]);
    },
  );

  it('settles the protocol version as the SDK does: the one asked for when it knows it, else its newest', async () => {
    const expected = await sourcesHandshake();
    expect(expected.versions).toContain('2024-11-05');
    for (const [asked, given] of [
      ['2024-11-05', '2024-11-05'],
      ['1999-01-01', expected.versions[0]],
    ]) {
      const raw = rawServer(['--sandbox'], { SOCIAL_CONFIG_DIR: configDir() });
      const answer = await raw.request('initialize', {
        protocolVersion: asked,
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      });
      expect(answer.result.protocolVersion).toBe(given);
      raw.child.stdin.end();
      expect(await raw.exited).toBe(0);
    }
  });

  it('a session of the handshake alone reads neither the SDK nor the sandbox; the first call reads them', async () => {
    const handshakeLines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const lines = (messages: unknown[]) => messages.map((m) => `${JSON.stringify(m)}\n`).join('');
    const read = async (messages: unknown[]) => {
      const run = await tracedRun<string[]>(['mcp', '--sandbox'], 'http://127.0.0.1:9', REQUIRED_FILES, {
        stdin: lines(messages),
      });
      expect(run.code).toBe(0);
      return run.report.map((path) => path.split(/[\\/]/).pop());
    };
    const handshakeOnly = await read(handshakeLines);
    expect(handshakeOnly).toContain('mcp-handshake.cjs');
    expect(handshakeOnly).not.toContain('vendor-mcp.cjs');
    expect(handshakeOnly).not.toContain('sandbox.cjs');
    const called = await read([
      ...handshakeLines,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'niches', arguments: {} } },
    ]);
    expect(called).toContain('vendor-mcp.cjs');
    expect(called).not.toContain('vendor-mcp-http.cjs');
  });
});
