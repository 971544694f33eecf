// The one table of the ten platforms. Validation, normalisation, help, completion and the
// sandbox's routing all read it, so a platform is described here and nowhere else (which routes
// each platform serves is in the route table, routes.ts).

import { type Said, said } from '../messages/catalogue.js';
import { renderedInEnglish } from '../messages/registry.js';
import { t } from '../messages/use-errors.js';
import { quoted } from './text.js';

export type PlatformName =
  | 'bluesky'
  | 'github'
  | 'instagram'
  | 'linktree'
  | 'mastodon'
  | 'medium'
  | 'pinterest'
  | 'soundcloud'
  | 'threads'
  | 'tiktok';

export interface Platform {
  name: PlatformName;
  /** The spec's letter for the platform kind. */
  letter: string;
  /**
   * What the handle is, in English words whatever the run speaks: what a model reads (the MCP
   * tools' schemas) and the sandbox answers. A person reads it in a refusal, in the run's
   * language (the catalogue's errors.handle.rule.<name>).
   */
  handleRule: string;
  /** The spec's pattern for the handle, after normalisation. */
  handlePattern: RegExp;
  /** A good handle, shown in help and in every refusal. */
  example: string;
  /** A profile URL of the same account as `example`, for help. */
  exampleUrl: string;
  /** Reduces a pasted profile URL of this platform to its handle; null when it is not one. */
  handleFromUrl: (url: URL) => string | null;
}

const DOMAIN = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:[.][A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+';

function hostIs(url: URL, ...hosts: string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  return hosts.includes(host);
}

/** The path segments of a URL, decoded, without empty ones. */
function segments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

/** `https://host/<user>` and `https://host/@<user>` forms: the first segment, one `@` dropped. */
function firstSegment(...hosts: string[]) {
  return (url: URL): string | null => {
    if (!hostIs(url, ...hosts)) return null;
    const first = segments(url)[0];
    return first === undefined ? null : first.replace(/^@/, '');
  };
}

/** `https://host/@<user>` forms only: the `@` marks the profile path. */
function atSegment(...hosts: string[]) {
  return (url: URL): string | null => {
    if (!hostIs(url, ...hosts)) return null;
    const first = segments(url)[0];
    return first?.startsWith('@') ? first.slice(1) : null;
  };
}

const TABLE: ReadonlyArray<Omit<Platform, 'handleRule'>> = [
  {
    name: 'bluesky',
    letter: 'A',
    handlePattern: new RegExp(`^${DOMAIN}$`),
    example: 'jay.bsky.team',
    exampleUrl: 'https://bsky.app/profile/jay.bsky.team',
    handleFromUrl: (url) => {
      if (!hostIs(url, 'bsky.app')) return null;
      const [profile, handle] = segments(url);
      return profile === 'profile' && handle !== undefined ? handle : null;
    },
  },
  {
    name: 'github',
    letter: 'B',
    handlePattern: /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/,
    example: 'octocat',
    exampleUrl: 'https://github.com/octocat',
    handleFromUrl: firstSegment('github.com'),
  },
  {
    name: 'instagram',
    letter: 'C',
    handlePattern: /^[A-Za-z0-9._]{1,30}$/,
    example: 'natgeo',
    exampleUrl: 'https://www.instagram.com/natgeo/',
    handleFromUrl: firstSegment('instagram.com'),
  },
  {
    name: 'linktree',
    letter: 'D',
    handlePattern: /^[A-Za-z0-9._-]{1,60}$/,
    example: 'lizzo',
    exampleUrl: 'https://linktr.ee/lizzo',
    handleFromUrl: firstSegment('linktr.ee'),
  },
  {
    name: 'mastodon',
    letter: 'E',
    handlePattern: /^[A-Za-z0-9._-]{1,30}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?[.])+[A-Za-z]{2,24}$/,
    example: 'Gargron@mastodon.social',
    exampleUrl: 'https://mastodon.social/@Gargron',
    // Any host can be an instance, so the URL form is recognised by its `/@user` path.
    handleFromUrl: (url) => {
      const first = segments(url)[0];
      if (!first?.startsWith('@')) return null;
      const user = first.slice(1);
      // `https://host/@user@other.host` names a remote account already fully qualified.
      return user.includes('@') ? user : `${user}@${url.hostname.toLowerCase()}`;
    },
  },
  {
    name: 'medium',
    letter: 'F',
    handlePattern: /^[A-Za-z0-9._-]{1,64}$/,
    example: 'ev',
    exampleUrl: 'https://medium.com/@ev',
    handleFromUrl: (url) => {
      const host = url.hostname.toLowerCase();
      // `https://user.medium.com/` is the custom-subdomain form of the same profile.
      const sub = /^([A-Za-z0-9_-]+)\.medium\.com$/.exec(host);
      if (sub && sub[1] !== 'www') return sub[1] ?? null;
      return atSegment('medium.com')(url);
    },
  },
  {
    name: 'pinterest',
    letter: 'G',
    handlePattern: /^[A-Za-z0-9_-]{1,30}$/,
    example: 'pinterest',
    exampleUrl: 'https://www.pinterest.com/pinterest/',
    handleFromUrl: (url) => {
      const host = url.hostname
        .toLowerCase()
        .replace(/^[a-z]{2}\./, '')
        .replace(/^www\./, '');
      if (!/^pinterest\.[a-z.]{2,8}$/.test(host)) return null;
      return segments(url)[0] ?? null;
    },
  },
  {
    name: 'soundcloud',
    letter: 'H',
    handlePattern: /^[A-Za-z0-9_-]{1,80}$/,
    example: 'flume',
    exampleUrl: 'https://soundcloud.com/flume',
    handleFromUrl: firstSegment('soundcloud.com'),
  },
  {
    name: 'threads',
    letter: 'I',
    handlePattern: /^[A-Za-z0-9._]{1,30}$/,
    example: 'zuck',
    exampleUrl: 'https://www.threads.net/@zuck',
    handleFromUrl: atSegment('threads.net', 'threads.com'),
  },
  {
    name: 'tiktok',
    letter: 'J',
    handlePattern: /^[A-Za-z0-9._]{1,24}$/,
    example: 'khaby.lame',
    exampleUrl: 'https://www.tiktok.com/@khaby.lame',
    handleFromUrl: atSegment('tiktok.com'),
  },
];

export const PLATFORMS: readonly Platform[] = TABLE.map((platform) => ({
  ...platform,
  handleRule: renderedInEnglish(() => t(`errors.handle.rule.${platform.name}`)),
}));

export const PLATFORM_NAMES: readonly PlatformName[] = PLATFORMS.map((p) => p.name);

const byName = new Map<string, Platform>(PLATFORMS.map((p) => [p.name, p]));

export function findPlatform(name: string): Platform | undefined {
  return byName.get(name.trim().toLowerCase());
}

export type HandleCheck = { ok: true; handle: string } | { ok: false; reason: Said };

/**
 * Normalises what a user typed or pasted into a handle and checks it against the spec's pattern:
 * surrounding whitespace trimmed, one leading `@` dropped, a profile URL of the platform reduced
 * to its handle. The reason on refusal names the rule and a good example.
 */
export function normaliseHandle(platform: Platform, input: string): HandleCheck {
  let handle = input.trim();
  const address = withScheme(handle);
  if (address !== undefined) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return refuse(platform, input, 'errors.handle.notUrl');
    }
    const fromUrl = platform.handleFromUrl(url);
    if (fromUrl === null) {
      return refuse(
        platform,
        input,
        anFirst(platform) ? 'errors.handle.notProfileUrlAn' : 'errors.handle.notProfileUrl',
      );
    }
    handle = fromUrl;
  } else if (handle.startsWith('@')) {
    handle = handle.slice(1);
  }
  if (handle === '') return refuse(platform, input, 'errors.handle.empty');
  if (platform.name === 'mastodon' && !handle.includes('@')) {
    return refuse(platform, input, 'errors.handle.noInstance');
  }
  if (!platform.handlePattern.test(handle)) return refuse(platform, input, 'errors.handle.noMatch');
  return { ok: true, handle };
}

/**
 * `text` as a URL to parse when it is one: with its http(s) scheme, or a pasted address without it
 * (github.com/octocat, bsky.app/profile/x, mastodon.social/@Gargron: a host name with a dot, then
 * a slash), which gets https://. undefined for anything else (a handle, user@instance).
 */
export function withScheme(text: string): string | undefined {
  // Both forms have a slash; a handle, read for every input of a batch, has none.
  if (!text.includes('/')) return undefined;
  if (/^https?:\/\//i.test(text)) return text;
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i.test(text)) return `https://${text}`;
  return undefined;
}

/** Whether English says "an" before the platform's name ("an instagram handle"). */
function anFirst(platform: Platform): boolean {
  return /^[aeiou]/i.test(platform.name);
}

type Refusal =
  | 'errors.handle.notUrl'
  | 'errors.handle.notProfileUrl'
  | 'errors.handle.notProfileUrlAn'
  | 'errors.handle.empty'
  | 'errors.handle.noInstance'
  | 'errors.handle.noMatch';

/** The refusal of `input`: what is wrong with it, then the platform's rule and a good example. */
function refuse(platform: Platform, input: string, refusal: Refusal): HandleCheck {
  const { name, example, exampleUrl: url } = platform;
  return {
    ok: false,
    reason: said('errors.handle.refused', {
      refusal: said(refusal, { platform: name, input: quoted(input), url }),
      rules: said(anFirst(platform) ? 'errors.handle.rulesAn' : 'errors.handle.rules', {
        platform: name,
        rule: said(`errors.handle.rule.${name}`),
        example,
        url,
      }),
    }),
  };
}
