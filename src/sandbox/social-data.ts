// The sandbox's built-in social data, loaded from data/*.json (bundled at build time): the
// accounts, posts and short videos its profile, posts, single-post and transcript routes answer
// from, and the lookups over them. No HTTP, no clock: two sandboxes serve byte-identical answers.
//
// The data follows the service spec's field rules to the letter, because the client is tested
// against it (social-data.test.ts beside it checks every rule): a field a platform does not
// publish is null on every account of that platform (never 0, never absent), post fields are null
// where the spec says so, and a few records carry hostile content (unsanitised HTML, terminal
// escapes, bidi overrides) that the client must neutralise.

import type { PlatformName } from '../domain/platforms.js';
import type { Author, PostItem, TranscriptSegment } from '../domain/schemas.js';
import accountsJson from './data/accounts.json' with { type: 'json' };
import videosJson from './data/videos.json' with { type: 'json' };

export type Reserved = 'notfound' | 'blocked' | 'unavailable';

export interface Account {
  platform: PlatformName;
  author: Author;
  /** Newest first; [] where the platform has no posts route. */
  posts: PostItem[];
}

export interface Video {
  url: string;
  id: string;
  author: Author;
  /** [] = the platform generated no caption track (the common case). */
  segments: TranscriptSegment[];
}

/** data/accounts.json: the accounts of each platform, without the platform repeated in each. */
type AccountsFile = Record<PlatformName, Array<Omit<Account, 'platform'>>>;
/** data/videos.json: tiktok videos by the handle of an account in accounts.json. */
type VideosFile = Array<{ handle: string; id: string; segments: TranscriptSegment[] }>;

function withPlatform(file: AccountsFile): Record<PlatformName, readonly Account[]> {
  const out = {} as Record<PlatformName, readonly Account[]>;
  for (const platform of Object.keys(file) as PlatformName[]) {
    out[platform] = file[platform].map((account) => ({ platform, ...account }));
  }
  return out;
}

const ACCOUNTS = withPlatform(accountsJson as AccountsFile);

// ---------------------------------------------------------------------------------------------
// Reserved handles

const RESERVED: readonly Reserved[] = ['notfound', 'blocked', 'unavailable'];

/** The reserved words shaped to each platform's handle rule (bluesky needs a domain, mastodon an instance). */
function reservedHandleFor(platform: PlatformName, word: Reserved): string {
  if (platform === 'bluesky') return `${word}.bsky.social`;
  if (platform === 'mastodon') return `${word}@example.social`;
  return word;
}

/**
 * The reserved handles of a platform, for docs/tests: { notfound: 'notfound.bsky.social', blocked: ..., unavailable: ... }
 * @internal Exported for the tests.
 */
export function reservedHandles(platform: PlatformName): Record<Reserved, string> {
  return {
    notfound: reservedHandleFor(platform, 'notfound'),
    blocked: reservedHandleFor(platform, 'blocked'),
    unavailable: reservedHandleFor(platform, 'unavailable'),
  };
}

/** 'notfound' -> 404, 'blocked' -> 451, 'unavailable' -> 503 on that platform; undefined otherwise. Case-insensitive. */
export function reservedHandle(platform: PlatformName, handle: string): Reserved | undefined {
  const wanted = handle.trim().toLowerCase();
  return RESERVED.find((word) => reservedHandleFor(platform, word) === wanted);
}

// ---------------------------------------------------------------------------------------------
// Lookups

const byHandle = new Map<string, Account>(
  Object.values(ACCOUNTS).flatMap((list) =>
    list.map((a) => [`${a.platform}:${a.author.handle?.toLowerCase()}`, a] as const),
  ),
);

/** Case-insensitive lookup by handle (as normalised by platforms.ts normaliseHandle). */
export function findAccount(platform: PlatformName, handle: string): Account | undefined {
  return byHandle.get(`${platform}:${handle.trim().toLowerCase()}`);
}

/**
 * All accounts of a platform (for docs, README examples, tests).
 * @internal Exported for the tests and benches.
 */
export function accounts(platform: PlatformName): Account[] {
  return [...ACCOUNTS[platform]];
}

/** A bluesky post by at:// URI; accepts both at://<did>/app.bsky.feed.post/<rkey> and at://<handle>/app.bsky.feed.post/<rkey> (handle case-insensitive). */
export function findBlueskyPost(uri: string): { account: Account; post: PostItem } | undefined {
  const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([A-Za-z0-9._~:-]+)$/.exec(uri.trim());
  const authority = match?.[1]?.toLowerCase();
  const rkey = match?.[2];
  if (authority === undefined || rkey === undefined) return undefined;
  const account = authority.startsWith('did:')
    ? ACCOUNTS.bluesky.find((a) => a.author.id === authority)
    : findAccount('bluesky', authority);
  if (account === undefined) return undefined;
  const id = `at://${account.author.id}/app.bsky.feed.post/${rkey}`;
  const post = account.posts.find((candidate) => candidate.id === id);
  return post === undefined ? undefined : { account, post };
}

// ---------------------------------------------------------------------------------------------
// TikTok videos: ids carry their upload second in the top 32 bits, like the platform's own.

const VIDEOS: readonly Video[] = (videosJson as VideosFile).map(({ handle, id, segments }) => {
  const account = findAccount('tiktok', handle);
  if (account === undefined) throw new Error(`data/videos.json: no tiktok account ${handle}`);
  return { url: `https://www.tiktok.com/@${handle}/video/${id}`, id, author: account.author, segments };
});

const TIKTOK_HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);

/** A tiktok video by URL https://www.tiktok.com/@<user>/video/<id> (also tiktok.com without www, m.tiktok.com, trailing slash or query ignored); looked up by the numeric id. */
export function findVideo(url: string): Video | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (!TIKTOK_HOSTS.has(parsed.hostname.toLowerCase())) return undefined;
  const id = /^\/@[^/]+\/video\/(\d+)\/?$/.exec(parsed.pathname)?.[1];
  return id === undefined ? undefined : VIDEOS.find((v) => v.id === id);
}

/** @internal Exported for the tests. */
export function videos(): Video[] {
  return [...VIDEOS];
}
