// posts against the real sandbox over HTTP: the limit refused, not clamped, the envelope and its
// table; and the engagement rate computed beside the posts, spawned as a user runs it.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { useSandboxUser } from '../../../test/helpers/sandbox.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { type PostItem, type PostsEnvelope, PostsEnvelopeSchema } from '../../domain/schemas.js';

const user = useSandboxUser();

describe('posts', () => {
  it('posts: limit refused out of range (never clamped), threads takes none', async () => {
    for (const argv of [
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '101'],
      ['posts', 'mastodon', 'Gargron@mastodon.social', '--limit', '0'],
      ['posts', 'threads', 'zuck', '--limit', '5'],
      ['posts', 'github', 'octocat'],
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '2.5'],
    ]) {
      const run = await runCli(argv, { env: user.env });
      expect(run.status, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
    }
  });

  it('posts: json is the envelope; the table drops quotes on threads and never shows raw HTML', async () => {
    const json = await runCli(['posts', 'bluesky', 'mirahalvorsen.com', '--limit', '30'], { env: user.env });
    expect(PostsEnvelopeSchema.parse(JSON.parse(json.stdout)).data?.items).toHaveLength(30);
    const threads = await runCli(['posts', 'threads', 'zuck', '-o', 'table'], { env: user.env, columns: 160 });
    expect(threads.stdout).not.toMatch(/quotes/);
    expect(threads.stdout).toMatch(/likes/);
    const mastodon = await runCli(['posts', 'mastodon', 'mallory@toot.exploit.example', '-o', 'table'], {
      env: user.env,
      columns: 200,
    });
    expect(mastodon.status).toBe(0);
    expect(mastodon.stdout).not.toMatch(/<script|onerror=|onclick=/i);
    expect(mastodon.stdout).not.toMatch(/[\u001b\u009b\u202e]/);
  });

  describe('the engagement rate, beside the service keys', () => {
    /** (likes + replies + reposts + quotes) / followers, as the test reads the raw answer. */
    const rateOf = (post: PostItem, followers: number) => {
      const { likes, replies, reposts, quotes } = post.metrics;
      return (likes! + replies! + reposts! + quotes!) / followers;
    };
    const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
    const posts = async (args: string[], stdin = '') => {
      const run = await spawnSocial(['posts', ...args, '--no-store'], user.env, stdin);
      expect(run.status, run.stderr).toBe(0);
      return run.stdout;
    };

    it('json is the service body without --computed; with it, each post gains a computed object, nothing else', async () => {
      const args = ['bluesky', 'mirahalvorsen.com', '--limit', '5'];
      const plain: PostsEnvelope = JSON.parse(await posts([...args, '-o', 'json']));
      expect(plain.data!.items).toHaveLength(5);
      expect(plain.data!.items.some((post) => 'computed' in post)).toBe(false);
      const followers = plain.data!.author.followers!;
      expect(followers).toBeGreaterThan(0);

      const computed = JSON.parse(await posts([...args, '-o', 'json', '--computed']));
      const rates = plain.data!.items.map((post) => round(rateOf(post, followers), 6));
      expect(computed.data.items.map((post: { computed: unknown }) => post.computed)).toEqual(
        rates.map((engagement_rate) => ({ engagement_rate })),
      );
      // Take computed away and the answer is what -o json printed: every key where it was.
      const stripped = computed.data.items.map(({ computed: _, ...post }: { computed: unknown }) => post);
      expect(stripped).toEqual(plain.data!.items);
      expect(Object.keys(computed)).toEqual(Object.keys(plain));
      expect({ ...computed.data, items: [] }).toEqual({ ...plain.data, items: [] });

      const lines = (await posts([...args, '-o', 'ndjson', '--computed'])).trim().split('\n');
      expect(lines.map((line) => JSON.parse(line).computed)).toEqual(
        rates.map((engagement_rate) => ({ engagement_rate })),
      );
      expect((await posts([...args, '-o', 'ndjson'])).includes('"computed"')).toBe(false);

      // csv: a column of its own, in per cent, after the counters.
      const csv = (await posts([...args, '-o', 'csv'])).split('\r\n');
      const header = csv[0]!.split(',');
      expect(header.slice(0, 7)).toEqual(['text', 'likes', 'replies', 'reposts', 'quotes', 'engagement', 'id']);
      const ids = plain.data!.items.map((post) => post.id);
      for (const [i, post] of plain.data!.items.entries()) {
        const row = csv.find((line) => line.includes(`,${ids[i]},`))!;
        const cells = row.split(',');
        const at = cells.indexOf(ids[i]!);
        expect(Number(cells[at - 1])).toBe(round(rateOf(post, followers) * 100, 2));
      }
    });

    it('unknown where a counter is: threads publishes no quotes', async () => {
      const json = JSON.parse(await posts(['threads', 'zuck', '-o', 'json', '--computed']));
      expect(json.data.items.length).toBeGreaterThan(0);
      for (const post of json.data.items) expect(post.computed).toEqual({ engagement_rate: null });
      const table = await spawnSocial(['posts', 'threads', 'zuck', '-o', 'table', '--no-store'], {
        ...user.env,
        COLUMNS: '160',
      });
      expect(table.stdout).toMatch(/likes +replies +reposts +eng\. %/);
      expect(table.stdout).toMatch(/ 1,107 +unknown /);
    });

    it('a batch carries it in each record body, as one call does; the header comes from the catalogue', async () => {
      const lines = (
        await posts(
          ['bluesky', '-', '--limit', '2', '-o', 'ndjson', '--computed'],
          'jay.bsky.team\nmirahalvorsen.com\n',
        )
      )
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.map((record) => record.input)).toEqual(['jay.bsky.team', 'mirahalvorsen.com']);
      for (const record of lines) {
        const followers = record.body.data.author.followers;
        for (const post of record.body.data.items)
          expect(post.computed).toEqual({ engagement_rate: round(rateOf(post, followers), 6) });
      }
      const portuguese = await spawnSocial(
        ['posts', 'bluesky', 'jay.bsky.team', '--limit', '2', '-o', 'table', '--no-store'],
        {
          ...user.env,
          COLUMNS: '200',
          LANG: 'pt_BR.UTF-8',
        },
      );
      expect(portuguese.stdout).toMatch(/engaj\. %/);
    });
  });
});
