// Each platform's handle rule with good and bad handles and every URL form, and a property test of
// every validator against the spec's own pattern.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { say } from '../messages/catalogue.js';
import type { PlatformName } from './platforms.js';
import { findPlatform, normaliseHandle, PLATFORMS, withScheme } from './platforms.js';

const platform = (name: PlatformName) => findPlatform(name)!;
/** The check of `input`, a refusal's reason said (in English, the tests' language). */
const ok = (name: PlatformName, input: string) => {
  const check = normaliseHandle(platform(name), input);
  return check.ok ? check : { ok: false as const, reason: say(check.reason) };
};

// The patterns exactly as the spec writes them, kept apart from the table on purpose.
const SPEC_PATTERNS: Record<PlatformName, RegExp> = {
  bluesky: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:[.][A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
  github: /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/,
  instagram: /^[A-Za-z0-9._]{1,30}$/,
  linktree: /^[A-Za-z0-9._-]{1,60}$/,
  mastodon: /^[A-Za-z0-9._-]{1,30}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?[.])+[A-Za-z]{2,24}$/,
  medium: /^[A-Za-z0-9._-]{1,64}$/,
  pinterest: /^[A-Za-z0-9_-]{1,30}$/,
  soundcloud: /^[A-Za-z0-9_-]{1,80}$/,
  threads: /^[A-Za-z0-9._]{1,30}$/,
  tiktok: /^[A-Za-z0-9._]{1,24}$/,
};

const CASES: Record<PlatformName, { good: string[]; bad: string[] }> = {
  bluesky: {
    good: ['jay.bsky.team', 'a.co', 'my-name.example.org'],
    bad: ['jay', 'a/b.com', '-a.com', 'a-.com', 'a..com', `${'a'.repeat(64)}.com`],
  },
  github: {
    good: ['octocat', 'a', 'a-b-c', 'x'.repeat(39)],
    bad: ['-octo', 'octo-', 'oc--to', 'x'.repeat(40), 'oc_to'],
  },
  instagram: { good: ['natgeo', 'a.b_c', 'x'.repeat(30)], bad: ['x'.repeat(31), 'na-geo', 'nat geo'] },
  linktree: { good: ['lizzo', 'a.b_c-d', 'x'.repeat(60)], bad: ['x'.repeat(61), 'a/b', 'a b'] },
  mastodon: {
    good: ['Gargron@mastodon.social', 'a_b.c-d@sub.example.co.uk'],
    bad: ['Gargron', 'a@127.0.0.1', 'a@host:8080', 'a@host.com/path', 'a@localhost', `${'x'.repeat(31)}@a.io`],
  },
  medium: { good: ['ev', 'a.b_c-d', 'x'.repeat(64)], bad: ['x'.repeat(65), 'a b', 'a@b'] },
  pinterest: { good: ['pinterest', 'a_b-c'], bad: ['a.b', 'x'.repeat(31)] },
  soundcloud: { good: ['flume', 'nightshift-radio', 'x'.repeat(80)], bad: ['Flume Official', 'x'.repeat(81), 'a.b'] },
  threads: { good: ['zuck', 'a.b_c'], bad: ['a-b', 'x'.repeat(31)] },
  tiktok: { good: ['khaby.lame', 'x'.repeat(24)], bad: ['x'.repeat(25), 'a-b'] },
};

describe('handle rules', () => {
  for (const p of PLATFORMS) {
    it(`${p.name}: accepts good handles and refuses bad ones, naming the rule and an example`, () => {
      for (const good of CASES[p.name].good) expect(ok(p.name, good), good).toEqual({ ok: true, handle: good });
      for (const bad of CASES[p.name].bad) {
        const result = ok(p.name, bad);
        expect(result.ok, bad).toBe(false);
        if (!result.ok) {
          expect(result.reason).toContain(p.example);
          expect(result.reason).toContain(p.handleRule);
        }
      }
    });

    it(`${p.name}: trims, drops one leading @, and reduces its profile URL`, () => {
      expect(ok(p.name, `  ${p.example}  `)).toEqual({ ok: true, handle: p.example });
      expect(ok(p.name, `@${p.example}`)).toEqual({ ok: true, handle: p.example });
      expect(ok(p.name, p.exampleUrl)).toEqual({ ok: true, handle: p.example });
      expect(ok(p.name, '').ok).toBe(false);
    });
  }

  it('reduces the URL forms of each platform', () => {
    const forms: Array<[PlatformName, string, string]> = [
      ['bluesky', 'https://bsky.app/profile/jay.bsky.team/', 'jay.bsky.team'],
      ['github', 'https://www.github.com/octocat?tab=repositories', 'octocat'],
      ['instagram', 'https://instagram.com/natgeo', 'natgeo'],
      ['linktree', 'https://linktr.ee/lizzo', 'lizzo'],
      ['mastodon', 'https://mastodon.social/@Gargron', 'Gargron@mastodon.social'],
      ['mastodon', 'https://fosstodon.org/@lena@mastodon.social', 'lena@mastodon.social'],
      ['mastodon', '@Gargron@mastodon.social', 'Gargron@mastodon.social'],
      ['medium', 'https://medium.com/@ev', 'ev'],
      ['medium', 'https://ev.medium.com/', 'ev'],
      ['pinterest', 'https://uk.pinterest.com/pinterest/', 'pinterest'],
      ['pinterest', 'https://www.pinterest.co.uk/pinterest/', 'pinterest'],
      ['soundcloud', 'https://soundcloud.com/flume/tracks', 'flume'],
      ['threads', 'https://www.threads.com/@zuck', 'zuck'],
      ['tiktok', 'https://www.tiktok.com/@khaby.lame?lang=en', 'khaby.lame'],
    ];
    for (const [name, input, handle] of forms) expect(ok(name, input), input).toEqual({ ok: true, handle });
  });

  it('refuses a URL of another platform, and a mastodon handle without instance', () => {
    expect(ok('github', 'https://gitlab.com/octocat').ok).toBe(false);
    expect(ok('threads', 'https://www.threads.net/zuck').ok).toBe(false);
    const bare = ok('mastodon', 'Gargron');
    expect(bare.ok).toBe(false);
    if (!bare.ok) expect(bare.reason).toMatch(/never picks a server/);
  });
});

describe('validators against the spec patterns (property)', () => {
  const alphabet = 'abcXYZ019._-@/:'.split('');
  const arbitraryHandle = fc.oneof(
    fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 90 }),
    fc.string({ maxLength: 40 }),
    fc
      .tuple(fc.string({ unit: fc.constantFrom(...'ab1._-'.split('')), minLength: 1, maxLength: 32 }), fc.domain())
      .map(([u, d]) => `${u}@${d}`),
    fc.domain(),
  );
  for (const p of PLATFORMS) {
    it(`${p.name}: a plain handle is accepted exactly when the spec pattern matches it`, () => {
      fc.assert(
        fc.property(arbitraryHandle, (raw) => {
          // Inputs the normaliser rewrites (URLs with or without a scheme, a leading @, outer
          // spaces) are covered above.
          fc.pre(raw.trim() === raw && !raw.startsWith('@') && withScheme(raw) === undefined);
          expect(ok(p.name, raw).ok).toBe(SPEC_PATTERNS[p.name].test(raw));
        }),
        { numRuns: 400 },
      );
    });
  }
});
