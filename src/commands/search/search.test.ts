// `social search` finds stored posts and transcripts by their words, best first, names each
// match's source, marks the words at a terminal, lets nothing from the network control it, and
// sends nothing (a service nothing listens on is configured).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { filledStore, storeEngines } from '../../../test/helpers/store-engines.js';
import { ftsQuery } from '../../infra/store/analyst-sqlite.js';
import { videos } from '../../sandbox/social-data.js';
import { markedSnippet } from './run.js';

const spoken = videos().find((video) => video.segments.length > 0)!;

describe.each(storeEngines())('on $name', (engine) => {
  const user = filledStore(engine, async (env) => {
    for (const args of [
      ['posts', 'bluesky', 'jay.bsky.team'],
      ['posts', 'bluesky', 'pixelpusher.bsky.social'],
      ['posts', 'mastodon', 'mallory@toot.exploit.example'],
      ['transcript', spoken.url],
    ])
      expect((await runCli(args, { env })).status).toBe(0);
  });

  describe('search', () => {
    it('finds every word, best first, each match named by its source, with nothing sent', async () => {
      const run = await runCli(['search', 'tokyo', 'self-hosting'], { env: user.env });
      expect([run.status, run.stderr]).toEqual([0, '']);
      const [match, ...rest] = JSON.parse(run.stdout);
      expect(rest).toEqual([]);
      expect(match).toMatchObject({ source: 'post', platform: 'bluesky', handle: 'jay.bsky.team' });
      expect(match.id).toMatch(/^at:\/\/did:plc:.*\/app\.bsky\.feed\.post\//);
      expect(match.snippet).toContain('developer meetup in Tokyo!');
      const word = spoken.segments[0]!.text.split(' ')
        .find((w) => w.length > 5)!
        .replace(/\W/g, '');
      const transcript = JSON.parse((await runCli(['search', word], { env: user.env })).stdout);
      expect(transcript[0]).toMatchObject({ source: 'transcript', platform: 'tiktok', id: spoken.url, handle: null });
    });

    it('marks the words found at a terminal, and keeps csv and json plain', async () => {
      const table = await runCli(['search', 'meetup', '-o', 'table'], {
        env: { ...user.env, NO_COLOR: '1' },
        tty: true,
        columns: 200,
      });
      expect(table.stdout).toMatch(/^1 match for "meetup" in the local store, best first$/m);
      expect(table.stdout).toContain('came to the developer [meetup] in Tokyo!');
      const csv = await runCli(['search', 'meetup', '-o', 'csv'], { env: user.env });
      expect(csv.stdout).not.toContain('[meetup]');
      expect(csv.stdout.split('\r\n')[0]).toBe('rank,source,platform,handle,snippet,id,url,published_at,fetched_at');
      const prefix = JSON.parse((await runCli(['search', 'meet*'], { env: user.env })).stdout);
      expect(prefix.length).toBeGreaterThan(0);
    });

    it('lets no escape sequence or bidi control from a stored post reach the output', async () => {
      for (const format of ['table', 'csv', 'json']) {
        // No colour: an escape left would be the post's.
        const run = await runCli(['search', 'click', '-o', format], {
          env: { ...user.env, NO_COLOR: '1' },
          tty: format === 'table',
          columns: 200,
        });
        expect(run.status).toBe(0);
        expect(run.stdout).toMatch(/click/i);
        expect(run.stdout).not.toMatch(
          /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
        );
      }
    });

    it('takes words as words: FTS syntax in them is text, and nothing matching is success', async () => {
      expect(ftsQuery(['a"b', 'NEAR(x', 'pre*', '*'])).toBe('"a""b" "NEAR(x" "pre"*');
      const odd = await runCli(['search', 'NEAR(tokyo', 'OR', '"x'], { env: user.env });
      expect([odd.status, JSON.parse(odd.stdout)]).toEqual([0, []]);
      const none = await runCli(['search', 'zzzqqq', '-o', 'table'], { env: user.env, tty: true });
      expect(none.status).toBe(0);
      expect(none.stdout).toContain('Nothing in the local store');
      expect(markedSnippet('a \uE000b\uE001 \uE000c')).toEqual({ plain: 'a b c', marked: 'a [b] [c]' });
    });

    it('as a user sees it: json in a pipe, exit 2 for no words, --limit checked', async () => {
      const run = await spawnSocial(['search', 'tokyo'], user.env);
      expect([run.status, run.stderr]).toEqual([0, '']);
      expect(JSON.parse(run.stdout)).toHaveLength(1);
      for (const nothing of ['*', '(', '-- "" ***']) {
        const empty = await spawnSocial(['search', nothing], user.env);
        expect([empty.status, empty.stdout], nothing).toEqual([2, '']);
      }
      const limit = await spawnSocial(['search', 'tokyo', '--limit', '0'], user.env);
      expect([limit.status, limit.stdout]).toEqual([2, '']);
    });
  });
});
