// post in-process against the real sandbox over HTTP: the forms of a post's address it takes; and
// its engagement rate computed beside the post, spawned as a user runs it, against the sandbox and
// against answers in the layouts the spec leaves open (the post as data, with or without its author).
import { describe, expect, it } from 'vitest';
import { useReplayServer } from '../../../test/conformance/server.js';
import { runCli } from '../../../test/helpers/cli.js';
import { useSandboxUser } from '../../../test/helpers/sandbox.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import type { PostItem } from '../../domain/schemas.js';

const user = useSandboxUser();
const replay = useReplayServer();

const JAY_POST = 'at://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.feed.post/3n2p5d7ji25zm';
/** pixelpusher.bsky.social has no followers: no rate to give. */
const NO_FOLLOWERS_POST = 'at://did:plc:qv35veq4xpeqrqqb26aobjcu/app.bsky.feed.post/3n2pmqqekwhil';

describe('post', () => {
  it('post: takes an at:// URI or its bsky.app URL', async () => {
    const posts = JSON.parse(
      (await runCli(['posts', 'bluesky', 'jay.bsky.team', '--limit', '1'], { env: user.env })).stdout,
    );
    const uri: string = posts.data.items[0].id;
    const rkey = uri.split('/').pop();
    const byUri = await runCli(['post', uri], { env: user.env });
    expect(byUri.status).toBe(0);
    const byUrl = await runCli(['post', `https://bsky.app/profile/jay.bsky.team/post/${rkey}`], { env: user.env });
    expect(byUrl.status).toBe(0);
    expect(JSON.parse(byUrl.stdout).data.items[0].id).toBe(uri);
    const bad = await runCli(['post', 'https://bsky.app/profile/jay.bsky.team'], { env: user.env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/at:\/\//);
  });

  describe('the engagement rate, beside the service keys', () => {
    /** (likes + replies + reposts + quotes) / followers, as the test reads the raw answer. */
    const rateOf = (post: PostItem, followers: number) => {
      const { likes, replies, reposts, quotes } = post.metrics;
      return (likes! + replies! + reposts! + quotes!) / followers;
    };
    const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
    const post = async (args: string[], env = user.env) => {
      const run = await spawnSocial(['post', ...args, '--no-store'], env);
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    };

    it('json is the service body without --computed; with it, the post gains a computed object, nothing else', async () => {
      const plainText = await post([JAY_POST, '-o', 'json']);
      expect(plainText.includes('"computed"')).toBe(false);
      const plain = JSON.parse(plainText);
      const followers: number = plain.data.author.followers;
      expect(followers).toBeGreaterThan(0);
      const rate = rateOf(plain.data.items[0], followers);

      const computed = JSON.parse(await post([JAY_POST, '-o', 'json', '--computed']));
      expect(computed.data.items[0].computed).toEqual({ engagement_rate: round(rate, 6) });
      // Take computed away and the answer is what -o json printed, every key where it was (but what
      // the sandbox says of each call: its balance after it, its request id).
      const { computed: _, ...stripped } = computed.data.items[0];
      const perCall = Object.fromEntries(
        Object.keys(plain)
          .filter((key) => /credits_|request_id/.test(key))
          .map((key) => [key, plain[key]]),
      );
      const back = { ...computed, data: { ...computed.data, items: [stripped] }, ...perCall };
      expect(`${JSON.stringify(back, null, 2)}\n`).toBe(plainText);

      const ndjson = (await post([JAY_POST, '-o', 'ndjson', '--computed'])).trim().split('\n');
      expect(ndjson.map((line) => JSON.parse(line).computed)).toEqual([{ engagement_rate: round(rate, 6) }]);
      expect(await post([JAY_POST, '-o', 'ndjson'])).not.toMatch(/"computed"/);

      // csv and the table: a column of their own, in per cent, after the counters.
      const csv = (await post([JAY_POST, '-o', 'csv'])).split('\r\n');
      expect(csv[0]).toMatch(/^text,likes,replies,reposts,quotes,engagement,id,/);
      const cells = csv[1]!.split(',');
      expect(Number(cells[cells.indexOf(JAY_POST) - 1])).toBe(round(rate * 100, 2));
    });

    it('unknown where the author has no followers', async () => {
      const plain = JSON.parse(await post([NO_FOLLOWERS_POST, '-o', 'json']));
      expect(plain.data.author.followers).toBe(0);
      const computed = JSON.parse(await post([NO_FOLLOWERS_POST, '-o', 'json', '--computed']));
      expect(computed.data.items[0].computed).toEqual({ engagement_rate: null });
      const table = await spawnSocial(['post', NO_FOLLOWERS_POST, '-o', 'table', '--no-store'], {
        ...user.env,
        COLUMNS: '100',
      });
      expect(table.stdout).toMatch(/eng\. % +unknown\n/);
    });

    describe('in the layouts the spec leaves open, and where the followers are unknown', () => {
      const ANA_POST = 'at://ana.bsky.social/app.bsky.feed.post/3kx1';
      const METRICS = { likes: 12, replies: 3, reposts: 1, quotes: 0 };
      const POST = {
        id: 'at://did:plc:abc123/app.bsky.feed.post/3kx1',
        url: 'https://bsky.app/profile/ana.bsky.social/post/3kx1',
        text: 'First glaze firing today',
        text_html: null,
        title: null,
        position: null,
        published_at: '2026-11-21T09:00:00Z',
        thumbnail_url: null,
        metrics: METRICS,
      };
      const AUTHOR = {
        id: 'did:plc:abc123',
        handle: 'ana.bsky.social',
        name: 'Ana Lima',
        bio: null,
        avatar_url: null,
        followers: 1520,
        following: 310,
        posts_count: 842,
        verified: false,
        is_private: false,
        external_url: null,
        url: 'https://bsky.app/profile/ana.bsky.social',
      };
      const envelope = (data: unknown) => ({
        success: true,
        platform: 'bluesky',
        endpoint: 'post',
        data,
        error: null,
        credits_used: 1,
        cached: false,
        request_id: 'req_0001',
      });
      /**
       * `post --computed` against an answer with this data: its json and its ndjson line; `-o json`
       * without --computed is checked to be the body as received, byte for byte.
       */
      const computedFor = async (data: unknown) => {
        replay.server.set('/api/v1/bluesky/post', { status: 200, text: JSON.stringify(envelope(data)) });
        const env = {
          SOCIAL_BASE_URL: replay.server.url,
          SOCIAL_API_KEY: 'test_key_0123456789',
          SOCIAL_CONFIG_DIR: replay.configDir(),
        };
        expect(await post([ANA_POST, '-o', 'json'], env)).toBe(`${JSON.stringify(envelope(data), null, 2)}\n`);
        const json = JSON.parse(await post([ANA_POST, '--json', '--computed'], env));
        const ndjson = JSON.parse(await post([ANA_POST, '-o', 'ndjson', '--computed'], env));
        return { json, ndjson };
      };

      it('the post as data, its author beside it: computed beside the post keys, over those followers', async () => {
        const { json, ndjson } = await computedFor({ ...POST, author: AUTHOR });
        const engagement_rate = round(16 / 1520, 6);
        expect(json.data).toEqual({ ...POST, author: AUTHOR, computed: { engagement_rate } });
        expect(ndjson.computed).toEqual({ engagement_rate });
      });

      it('the post as data without an author, or items whose author has null followers: unknown', async () => {
        const alone = await computedFor(POST);
        expect(alone.json.data).toEqual({ ...POST, computed: { engagement_rate: null } });
        expect(alone.ndjson.computed).toEqual({ engagement_rate: null });
        const unknown = await computedFor({
          author: { ...AUTHOR, followers: null },
          items: [POST],
          has_more: false,
          next_cursor: null,
        });
        expect(unknown.json.data.items).toEqual([{ ...POST, computed: { engagement_rate: null } }]);
        expect(unknown.json.data.author.followers).toBe(null);
        expect(unknown.ndjson.computed).toEqual({ engagement_rate: null });
      });
    });
  });
});
