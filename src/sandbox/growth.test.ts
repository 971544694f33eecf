// The sandbox's counts move with its clock: the data's own at the anchor hour, the same for one
// handle and hour, growing over days, nulls kept null.
import { describe, expect, it } from 'vitest';
import { ANCHOR, authorAt, postAt } from './growth.js';
import { accounts, findAccount } from './social-data.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(ANCHOR.getTime() + hours * HOUR);
const octocat = findAccount('github', 'octocat')!;

describe('sandbox growth', () => {
  it('answers the data files unchanged at the anchor hour, whatever its minute', () => {
    expect(authorAt('github', octocat.author, ANCHOR)).toBe(octocat.author);
    expect(authorAt('github', octocat.author, new Date(ANCHOR.getTime() + 59 * 60_000))).toBe(octocat.author);
    const post = findAccount('bluesky', 'jay.bsky.team')!.posts[0]!;
    expect(postAt(post, ANCHOR)).toBe(post);
  });

  it('moves followers with the hour, the same for one handle and hour', () => {
    const day = authorAt('github', octocat.author, at(24)).followers;
    expect(day).not.toBe(octocat.author.followers);
    expect(authorAt('github', octocat.author, at(24)).followers).toBe(day);
    expect(authorAt('github', { ...octocat.author }, at(24)).followers).toBe(day);
    // Other fields are the account's own.
    expect({ ...authorAt('github', octocat.author, at(24)), followers: 0 }).toEqual({
      ...octocat.author,
      followers: 0,
    });
  });

  it('grows most accounts over a week, and keeps every null a null', () => {
    const all = accounts('github').concat(accounts('instagram'), accounts('bluesky'));
    const grown = all.filter(
      (a) => (authorAt(a.platform, a.author, at(24 * 7)).followers ?? 0) > (a.author.followers ?? 0),
    );
    expect(grown.length).toBeGreaterThan(all.length / 2);
    for (const platform of ['github', 'threads', 'medium'] as const)
      for (const a of accounts(platform))
        if (a.author.followers === null) expect(authorAt(platform, a.author, at(100)).followers).toBeNull();
  });

  it("grows a post's metrics hour after hour, nulls kept (threads publishes no quotes)", () => {
    const post = findAccount('bluesky', 'jay.bsky.team')!.posts[0]!;
    let before = postAt(post, ANCHOR).metrics;
    for (let hours = 1; hours <= 72; hours += 1) {
      const now = postAt(post, at(hours)).metrics;
      for (const name of ['likes', 'replies', 'reposts', 'quotes'] as const)
        expect(now[name] as number).toBeGreaterThanOrEqual(before[name] as number);
      before = now;
    }
    expect(before.likes).toBeGreaterThan(post.metrics.likes as number);
    const thread = accounts('threads').flatMap((a) => a.posts)[0]!;
    expect(postAt(thread, at(48)).metrics.quotes).toBeNull();
  });
});
