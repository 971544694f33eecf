import { describe, expect, it } from 'vitest';
import { normaliseHandle, PLATFORM_NAMES, PLATFORMS, type PlatformName } from '../domain/platforms.js';
import { routePlatforms } from '../domain/routes.js';
import { AuthorSchema, PostItemSchema, TranscriptSegmentSchema } from '../domain/schemas.js';
import {
  type Account,
  accounts,
  findAccount,
  findBlueskyPost,
  findVideo,
  reservedHandle,
  reservedHandles,
  videos,
} from './social-data.js';

/** The Author fields, as the schema the CLI reads an answer by names them. */
const AUTHOR_FIELDS = Object.keys(AuthorSchema.unwrap().shape).sort();

/** What each platform leaves null on every account; the rest of these fields are never null. */
const UNPUBLISHED: Record<PlatformName, string[]> = {
  bluesky: ['external_url'],
  github: ['verified'],
  instagram: [],
  linktree: ['following', 'posts_count'],
  mastodon: ['verified'],
  medium: ['posts_count'],
  pinterest: ['verified'],
  soundcloud: ['external_url'],
  threads: ['posts_count'],
  tiktok: [],
};
const COUNTS_AND_FLAGS = ['followers', 'following', 'posts_count', 'verified', 'is_private'] as const;

const POSTS_PLATFORMS: PlatformName[] = ['bluesky', 'mastodon', 'threads'];
const ESC = '\u001b';
const RLO = '\u202e';

function allPosts(platform: PlatformName) {
  return accounts(platform).flatMap((account) => account.posts.map((post) => ({ account, post })));
}

function handleOf(account: Account): string {
  const handle = account.author.handle;
  if (handle === null) throw new Error('account without handle');
  return handle;
}

describe.each(PLATFORMS.map((p) => [p.name, p] as const))('%s accounts', (name, platform) => {
  const list = accounts(name);

  it('has 4 to 6 accounts, including the example handle', () => {
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.length).toBeLessThanOrEqual(6);
    expect(findAccount(name, platform.example)?.author.handle).toBe(platform.example);
  });

  it('gives every author exactly the twelve fields, valid per AuthorSchema', () => {
    for (const account of list) {
      expect(account.platform).toBe(name);
      expect(Object.keys(account.author).sort()).toEqual(AUTHOR_FIELDS);
      expect(AuthorSchema.safeParse(account.author).success).toBe(true);
    }
  });

  it('uses handles that the CLI would send unchanged', () => {
    const seen = new Set<string>();
    for (const account of list) {
      const handle = handleOf(account);
      expect(platform.handlePattern.test(handle)).toBe(true);
      expect(normaliseHandle(platform, handle)).toEqual({ ok: true, handle });
      // The profile URL reduces to the same handle, so `url` really is this account's page.
      expect(normaliseHandle(platform, account.author.url ?? '')).toEqual({ ok: true, handle });
      expect(seen.has(handle.toLowerCase())).toBe(false);
      seen.add(handle.toLowerCase());
      expect(reservedHandle(name, handle)).toBeUndefined();
    }
  });

  it('leaves null exactly the fields the platform does not publish, on every account', () => {
    for (const account of list) {
      for (const field of UNPUBLISHED[name]) expect(account.author[field], `${handleOf(account)} ${field}`).toBeNull();
      for (const field of COUNTS_AND_FLAGS) {
        if (!UNPUBLISHED[name].includes(field))
          expect(account.author[field], `${handleOf(account)} ${field}`).not.toBeNull();
      }
      expect(account.author.id).not.toBeNull();
      expect(account.author.url).toMatch(/^https:\/\//);
    }
  });

  it('has a private account and an account with 0 followers (0, not null)', () => {
    expect(list.some((a) => a.author.is_private === true)).toBe(true);
    expect(list.some((a) => a.author.followers === 0)).toBe(true);
  });

  it('has posts only where the platform has a posts route', () => {
    if (!routePlatforms('posts').includes(platform)) {
      for (const account of list) expect(account.posts).toEqual([]);
    } else {
      expect(list.some((a) => a.posts.length > 0)).toBe(true);
    }
  });
});

describe.each(POSTS_PLATFORMS)('%s posts', (name) => {
  const entries = allPosts(name);

  it('are valid PostItems with title and position null', () => {
    for (const { post } of entries) {
      expect(PostItemSchema.safeParse(post).success).toBe(true);
      expect(post.title).toBeNull();
      expect(post.position).toBeNull();
      expect(Number.isInteger(post.metrics.likes)).toBe(true);
      expect(Number.isInteger(post.metrics.replies)).toBe(true);
      expect(Number.isInteger(post.metrics.reposts)).toBe(true);
    }
  });

  it('are newest first, dated in UTC before 2026-11-21 and over several weeks', () => {
    for (const account of accounts(name)) {
      const times = account.posts.map((p) => {
        expect(p.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
        return Date.parse(p.published_at ?? '');
      });
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThan(times[i - 1] ?? 0);
      for (const t of times) expect(t).toBeLessThan(Date.parse('2026-11-21T00:00:00Z'));
      for (const t of times) expect(t).toBeGreaterThan(Date.parse('2026-09-01T00:00:00Z'));
    }
  });

  it('have unique ids', () => {
    const ids = entries.map(({ post }) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry text_html only on mastodon and thumbnails never on bluesky or mastodon', () => {
    for (const { post } of entries) {
      if (name === 'mastodon') expect(typeof post.text_html).toBe('string');
      else expect(post.text_html).toBeNull();
      if (name !== 'threads') expect(post.thumbnail_url).toBeNull();
    }
  });

  it('report quotes as null on threads and as an integer elsewhere', () => {
    for (const { post } of entries) {
      if (name === 'threads') expect(post.metrics.quotes).toBeNull();
      else expect(Number.isInteger(post.metrics.quotes)).toBe(true);
    }
  });

  it('include exactly one terminal attack (escape sequence and bidi override)', () => {
    const attacks = entries.filter(({ post }) => post.text?.includes(ESC));
    expect(attacks).toHaveLength(1);
    expect(attacks[0]?.post.text).toContain(RLO);
  });

  it('include non-ASCII text', () => {
    expect(entries.some(({ post }) => /[^\u0000-\u007f]/.test(post.text ?? ''))).toBe(true);
  });
});

describe('bluesky posts', () => {
  it('are at:// URIs on the author DID with a 13-character TID, and bsky.app URLs', () => {
    for (const { account, post } of allPosts('bluesky')) {
      const did = account.author.id ?? '';
      expect(did).toMatch(/^did:plc:[a-z2-7]{24}$/);
      const match = /^at:\/\/(did:plc:[a-z2-7]{24})\/app\.bsky\.feed\.post\/([2-7a-z]{13})$/.exec(post.id);
      expect(match?.[1]).toBe(did);
      expect(post.url).toBe(`https://bsky.app/profile/${handleOf(account)}/post/${match?.[2]}`);
    }
  });

  it('let --limit matter: one account beyond the default 25, one with a handful', () => {
    const sizes = accounts('bluesky').map((a) => a.posts.length);
    expect(sizes.some((n) => n > 25)).toBe(true);
    expect(sizes.some((n) => n > 0 && n <= 10)).toBe(true);
  });

  it('give the private account no posts', () => {
    for (const account of accounts('bluesky')) {
      if (account.author.is_private) expect(account.posts).toEqual([]);
    }
  });
});

describe('mastodon posts', () => {
  const entries = allPosts('mastodon');
  const htmls = entries.map(({ post }) => post.text_html ?? '');

  it('have more than the default limit of 20 on one account', () => {
    expect(accounts('mastodon').some((a) => a.posts.length > 20)).toBe(true);
  });

  it('carry hostile HTML in text_html', () => {
    expect(htmls.some((h) => /<script\b/i.test(h))).toBe(true);
    expect(htmls.some((h) => h.includes('onerror='))).toBe(true);
    expect(htmls.some((h) => h.includes('onclick='))).toBe(true);
    expect(htmls.some((h) => h.includes('href="javascript:'))).toBe(true);
    expect(htmls.some((h) => h.includes('<img src=x onerror=alert(1)>'))).toBe(true);
    expect(htmls.filter((h) => /<script\b|\son[a-z]+=|javascript:/i.test(h)).length).toBeGreaterThanOrEqual(4);
  });

  it('carry ordinary markup too: paragraphs, links, mentions and hashtags', () => {
    expect(htmls.every((h) => h.startsWith('<p>'))).toBe(true);
    expect(htmls.some((h) => /<a href="https:\/\/[^"]+"/.test(h))).toBe(true);
    expect(htmls.some((h) => h.includes('class="u-url mention"'))).toBe(true);
    expect(htmls.some((h) => h.includes('class="mention hashtag"'))).toBe(true);
  });

  it('strip every tag, script body and entity from text', () => {
    for (const { post } of entries) {
      const text = post.text ?? '';
      expect(text).not.toMatch(/[<>]/);
      expect(text).not.toMatch(/\bon(error|click|mouseover)\b|javascript:|alert\(|document\.cookie|fetch\(/i);
      expect(text).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z]+);/i);
    }
    const texts = entries.map(({ post }) => post.text ?? '');
    expect(texts).toContain('Hello fediverse! 👋');
    expect(texts).toContain('Cute cat pic');
    expect(texts.some((t) => t.includes("That's the point."))).toBe(true);
    expect(texts.some((t) => t.includes('LTO & dropping'))).toBe(true);
  });

  it('include replies to other people, whose text starts with @user@host', () => {
    const replies = entries.filter(({ post }) => /^@[A-Za-z0-9._-]+@[a-z0-9.-]+\.[a-z]+ /.test(post.text ?? ''));
    expect(replies.length).toBeGreaterThanOrEqual(3);
  });
});

describe('threads posts', () => {
  it('come in pages of 4, 5 and 10 on three different accounts', () => {
    const sizes = accounts('threads')
      .map((a) => a.posts.length)
      .filter((n) => n > 0);
    for (const size of [4, 5, 10]) expect(sizes).toContain(size);
    for (const size of sizes) expect([4, 5, 10]).toContain(size);
  });

  it('set a thumbnail on some posts only', () => {
    const thumbs = allPosts('threads').map(({ post }) => post.thumbnail_url);
    expect(thumbs.some((t) => t !== null)).toBe(true);
    expect(thumbs.some((t) => t === null)).toBe(true);
  });
});

describe('hostile profile text', () => {
  it('puts a terminal attack with a bidi override in a bio', () => {
    const bios = PLATFORM_NAMES.flatMap((name) => accounts(name).map((a) => a.author.bio ?? ''));
    expect(bios.some((bio) => bio.includes(ESC) && bio.includes(RLO))).toBe(true);
  });
});

describe('findAccount', () => {
  it('is case-insensitive', () => {
    expect(findAccount('github', 'OCTOCAT')?.author.handle).toBe('octocat');
    expect(findAccount('bluesky', 'Jay.Bsky.Team')?.author.handle).toBe('jay.bsky.team');
    expect(findAccount('mastodon', 'gargron@MASTODON.social')?.author.handle).toBe('Gargron@mastodon.social');
    expect(findAccount('tiktok', 'Khaby.Lame')?.author.handle).toBe('khaby.lame');
  });

  it('keeps platforms apart and knows no unknown or reserved handle', () => {
    expect(findAccount('github', 'zuck')).toBeUndefined();
    expect(findAccount('threads', 'octocat')).toBeUndefined();
    expect(findAccount('mastodon', 'Gargron')).toBeUndefined();
    expect(findAccount('mastodon', 'Gargron@example.social')).toBeUndefined();
    for (const name of PLATFORM_NAMES) {
      for (const handle of Object.values(reservedHandles(name))) expect(findAccount(name, handle)).toBeUndefined();
    }
  });

  it('returns a copy of the list, not the sandbox data itself', () => {
    const list = accounts('github');
    list.pop();
    expect(accounts('github')).toHaveLength(list.length + 1);
  });
});

describe('findBlueskyPost', () => {
  const account = accounts('bluesky').find((a) => a.posts.length > 25);
  const post = account?.posts[30];

  it('finds a post by its at:// URI on the DID', () => {
    expect(post).toBeDefined();
    expect(findBlueskyPost(post?.id ?? '')).toEqual({ account, post });
  });

  it('finds the same post by the URI on the handle, in any case', () => {
    const rkey = post?.id.split('/').pop();
    const handle = account?.author.handle ?? '';
    expect(findBlueskyPost(`at://${handle}/app.bsky.feed.post/${rkey}`)?.post).toBe(post);
    expect(findBlueskyPost(`at://${handle.toUpperCase()}/app.bsky.feed.post/${rkey}`)?.post).toBe(post);
  });

  it('finds the example account’s posts', () => {
    const jay = findAccount('bluesky', 'jay.bsky.team');
    const first = jay?.posts[0];
    expect(first).toBeDefined();
    expect(findBlueskyPost(first?.id ?? '')?.account).toBe(jay);
  });

  it('finds nothing for unknown rkeys, unknown authors, other collections or non-URIs', () => {
    const rkey = post?.id.split('/').pop() ?? '';
    const did = account?.author.id ?? '';
    expect(findBlueskyPost(`at://${did}/app.bsky.feed.post/3aaaaaaaaaaaa`)).toBeUndefined();
    expect(findBlueskyPost(`at://did:plc:aaaaaaaaaaaaaaaaaaaaaaaa/app.bsky.feed.post/${rkey}`)).toBeUndefined();
    expect(findBlueskyPost(`at://nobody.bsky.social/app.bsky.feed.post/${rkey}`)).toBeUndefined();
    expect(findBlueskyPost(`at://${did}/app.bsky.feed.like/${rkey}`)).toBeUndefined();
    expect(findBlueskyPost(`https://bsky.app/profile/${account?.author.handle}/post/${rkey}`)).toBeUndefined();
    // Another account's DID with this rkey is not this post.
    const other = accounts('bluesky').find((a) => a !== account && a.posts.length > 0);
    expect(findBlueskyPost(`at://${other?.author.id}/app.bsky.feed.post/${rkey}`)).toBeUndefined();
    expect(findBlueskyPost('')).toBeUndefined();
  });
});

describe('tiktok videos', () => {
  const all = videos();

  it('are 6 to 10, most without captions and two or three with a caption track', () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.length).toBeLessThanOrEqual(10);
    const captioned = all.filter((v) => v.segments.length > 0);
    expect(captioned.length).toBeGreaterThanOrEqual(2);
    expect(captioned.length).toBeLessThanOrEqual(3);
    expect(all.length - captioned.length).toBeGreaterThan(captioned.length);
  });

  it('belong to tiktok accounts and live at their canonical URL', () => {
    const ids = new Set<string>();
    for (const video of all) {
      const owner = findAccount('tiktok', video.author.handle ?? '');
      expect(owner?.author).toBe(video.author);
      expect(video.id).toMatch(/^\d{19}$/);
      expect(video.url).toBe(`https://www.tiktok.com/@${video.author.handle}/video/${video.id}`);
      ids.add(video.id);
    }
    expect(ids.size).toBe(all.length);
  });

  it('have caption segments in order, each a valid {start, end, text}', () => {
    for (const video of all) {
      let previousEnd = 0;
      for (const segment of video.segments) {
        expect(TranscriptSegmentSchema.safeParse(segment).success).toBe(true);
        expect(Object.keys(segment).sort()).toEqual(['end', 'start', 'text']);
        expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
        expect(segment.end).toBeGreaterThan(segment.start ?? 0);
        expect(segment.text.trim()).not.toBe('');
        previousEnd = segment.end ?? 0;
      }
    }
  });

  it('are found by URL in its usual variants', () => {
    const video = all.find((v) => v.segments.length > 0);
    if (video === undefined) throw new Error('no captioned video');
    const path = `@${video.author.handle}/video/${video.id}`;
    for (const url of [
      video.url,
      `https://tiktok.com/${path}`,
      `https://m.tiktok.com/${path}`,
      `https://www.tiktok.com/${path}/`,
      `https://www.tiktok.com/${path}?is_from_webapp=1&sender_device=pc`,
      `https://WWW.TikTok.com/${path}#comments`,
      `  ${video.url}  `,
      // Looked up by the id: a renamed account's old URL still finds the video.
      `https://www.tiktok.com/@someone.else/video/${video.id}`,
    ]) {
      expect(findVideo(url), url).toBe(video);
    }
  });

  it('are not found for unknown ids, other hosts or malformed URLs', () => {
    const video = all[0];
    if (video === undefined) throw new Error('no video');
    expect(findVideo('https://www.tiktok.com/@khaby.lame/video/1234567890123456789')).toBeUndefined();
    expect(findVideo(video.url.replace('www.tiktok.com', 'www.tiktok.com.evil.example'))).toBeUndefined();
    expect(findVideo(video.url.replace('https://www.tiktok.com', 'https://vm.tiktok.com'))).toBeUndefined();
    expect(findVideo(`https://www.tiktok.com/video/${video.id}`)).toBeUndefined();
    expect(findVideo(video.url.replace('https:', 'ftp:'))).toBeUndefined();
    expect(findVideo(video.id)).toBeUndefined();
    expect(findVideo('not a url')).toBeUndefined();
  });
});

describe('reserved handles', () => {
  const expected: Record<PlatformName, string> = {
    bluesky: 'notfound.bsky.social',
    github: 'notfound',
    instagram: 'notfound',
    linktree: 'notfound',
    mastodon: 'notfound@example.social',
    medium: 'notfound',
    pinterest: 'notfound',
    soundcloud: 'notfound',
    threads: 'notfound',
    tiktok: 'notfound',
  };

  it.each(PLATFORMS.map((p) => [p.name, p] as const))(
    'on %s answer notfound, blocked, unavailable',
    (name, platform) => {
      const handles = reservedHandles(name);
      expect(handles.notfound).toBe(expected[name]);
      for (const kind of ['notfound', 'blocked', 'unavailable'] as const) {
        const handle = handles[kind];
        expect(normaliseHandle(platform, handle)).toEqual({ ok: true, handle });
        expect(reservedHandle(name, handle)).toBe(kind);
        expect(reservedHandle(name, handle.toUpperCase())).toBe(kind);
      }
      expect(reservedHandle(name, platform.example)).toBeUndefined();
    },
  );

  it('are the adapted forms only', () => {
    expect(reservedHandles('bluesky').blocked).toBe('blocked.bsky.social');
    expect(reservedHandles('mastodon').unavailable).toBe('unavailable@example.social');
    expect(reservedHandle('bluesky', 'notfound')).toBeUndefined();
    expect(reservedHandle('mastodon', 'notfound')).toBeUndefined();
    expect(reservedHandle('mastodon', 'notfound@mastodon.social')).toBeUndefined();
    expect(reservedHandle('github', 'notfound.bsky.social')).toBeUndefined();
    expect(reservedHandle('tiktok', 'Blocked')).toBe('blocked');
  });
});
