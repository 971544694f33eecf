// posts in-process against the real sandbox over HTTP: the limit refused, not clamped, and the
// envelope and its table.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { useSandboxUser } from '../../../test/helpers/sandbox.js';
import { PostsEnvelopeSchema } from '../../domain/schemas.js';

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
});
