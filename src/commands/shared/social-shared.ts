// Pieces the social commands share: the platform argument, the author views, and the help text
// generated from the platform table (an envelope's credit note is credit-notes.ts's).

import { usageError } from '../../domain/errors.js';
import type { Platform } from '../../domain/platforms.js';
import { findPlatform, normaliseHandle, PLATFORMS } from '../../domain/platforms.js';
import type { Author, ProfileEnvelope } from '../../domain/schemas.js';
import { closest, didYouMean } from '../../domain/suggest.js';
import { quoted } from '../../domain/text.js';
import { inEnglish } from '../../messages/catalogue.js';
import { said } from '../../messages/use-errors.js';
import { t } from '../../messages/use-views.js';
import type { Column, RecordView } from '../../output/types.js';
import type { BatchEntry } from '../../runtime/batch/batch.js';

export function parsePlatform(raw: string, allowed: readonly Platform[] = PLATFORMS, what = 'profile'): Platform {
  const platform = findPlatform(raw);
  const names = allowed.map((p) => p.name);
  if (platform === undefined || !allowed.includes(platform)) {
    const near = closest(raw.toLowerCase(), names);
    throw usageError(
      platform === undefined
        ? said('errors.platform.unknown', { got: quoted(raw) })
        : said('errors.platform.noRoute', { got: quoted(raw), route: what }),
      `${didYouMean(near)}${t('errors.platform.hint', { route: what, platforms: names.join(', ') })}`,
    );
  }
  return platform;
}

/** The normalised handle, or a usage error naming the rule and a good example. */
export function checkHandle(platform: Platform, input: string): string {
  const checked = normaliseHandle(platform, input);
  if (!checked.ok) throw usageError(checked.reason);
  return checked.handle;
}

/** Lines for --help: each platform, its handle form and an example. */
export function platformHelp(platforms: readonly Platform[] = PLATFORMS): string {
  const width = Math.max(...platforms.map((p) => p.name.length));
  return platforms.map((p) => `  ${p.name.padEnd(width)}  ${p.example.padEnd(24)} ${p.exampleUrl}`).join('\n');
}

export function authorRecord(platform: string, author: Author, heading?: string): RecordView {
  return {
    heading: heading === undefined ? undefined : [heading],
    fields: [
      { id: 'platform', label: t('views.column.platform'), value: platform },
      { id: 'handle', label: t('views.column.handle'), key: 'author.handle', value: author.handle, fit: 'id' },
      { id: 'name', label: t('views.column.name'), key: 'author.name', value: author.name },
      { id: 'bio', label: t('views.column.bio'), key: 'author.bio', value: author.bio },
      {
        id: 'followers',
        label: t('views.column.followers'),
        key: 'author.followers',
        value: author.followers,
        kind: 'count',
      },
      {
        id: 'following',
        label: t('views.column.following'),
        key: 'author.following',
        value: author.following,
        kind: 'count',
      },
      {
        id: 'posts',
        label: t('views.column.posts'),
        key: 'author.posts_count',
        value: author.posts_count,
        kind: 'count',
      },
      {
        id: 'verified',
        label: t('views.column.verified'),
        key: 'author.verified',
        value: author.verified,
        kind: 'bool',
      },
      {
        id: 'private',
        label: t('views.column.private'),
        key: 'author.is_private',
        value: author.is_private,
        kind: 'bool',
      },
      { id: 'url', label: t('views.column.url'), key: 'author.url', value: author.url, fit: 'id' },
      {
        id: 'external_url',
        label: t('views.column.link'),
        key: 'author.external_url',
        value: author.external_url,
        fit: 'id',
      },
      { id: 'id', label: t('views.column.id'), key: 'author.id', value: author.id, fit: 'id' },
      {
        id: 'avatar_url',
        label: t('views.column.avatar_url'),
        key: 'author.avatar_url',
        value: author.avatar_url,
        hidden: true,
      },
    ],
  };
}

/** What a table of profiles is for: who, then their audience, then what they say of themselves. */
export const AUTHOR_RANK = ['handle', 'name', 'followers', 'following', 'posts', 'bio', 'verified', 'private'];

/** Author columns for tables (several profiles) and csv (every field); keys as in a profile's data. */
function authorColumns<Row>(get: (row: Row) => Author): Column<Row>[] {
  return [
    { header: 'handle', label: 'views.column.handle', key: 'author.handle', value: (r) => get(r).handle, fit: 'id' },
    { header: 'name', label: 'views.column.name', key: 'author.name', value: (r) => get(r).name, fit: 'free' },
    {
      header: 'followers',
      label: 'views.column.followers',
      key: 'author.followers',
      value: (r) => get(r).followers,
      kind: 'count',
    },
    {
      header: 'following',
      label: 'views.column.following',
      key: 'author.following',
      value: (r) => get(r).following,
      kind: 'count',
    },
    {
      header: 'posts',
      label: 'views.column.posts',
      key: 'author.posts_count',
      value: (r) => get(r).posts_count,
      kind: 'count',
    },
    {
      header: 'verified',
      label: 'views.column.verified',
      key: 'author.verified',
      value: (r) => get(r).verified,
      kind: 'bool',
    },
    {
      header: 'private',
      label: 'views.column.private',
      key: 'author.is_private',
      value: (r) => get(r).is_private,
      kind: 'bool',
    },
    { header: 'bio', label: 'views.column.bio', key: 'author.bio', value: (r) => get(r).bio, fit: 'free' },
    { header: 'id', label: 'views.column.id', key: 'author.id', value: (r) => get(r).id, csvOnly: true },
    {
      header: 'avatar_url',
      label: 'views.column.avatar_url',
      key: 'author.avatar_url',
      value: (r) => get(r).avatar_url,
      csvOnly: true,
    },
    {
      header: 'external_url',
      label: 'views.column.external_url',
      key: 'author.external_url',
      value: (r) => get(r).external_url,
      csvOnly: true,
    },
    { header: 'url', label: 'views.column.url', key: 'author.url', value: (r) => get(r).url, csvOnly: true },
  ];
}

/**
 * A batch's error column: the input's error, in csv only (csv is machine output: English). A
 * batch's table adds its own, in the run's language, once an input failed.
 */
export function errorColumn<Row>(error: (row: Row) => unknown): Column<Row> {
  return { header: 'error', label: 'views.column.error', value: error, missing: '', csvOnly: true };
}

/** An author of which nothing is known: the cells of a profile answer that brought none. */
const NO_AUTHOR: Author = {
  id: null,
  handle: null,
  name: null,
  bio: null,
  avatar_url: null,
  followers: null,
  following: null,
  posts_count: null,
  verified: null,
  is_private: null,
  external_url: null,
  url: null,
};

type ProfileEntry = BatchEntry<ProfileEnvelope>;

/**
 * The columns of a batch of profile answers after those naming its input (`profile`, `track
 * run`): the author's, whether the answer came cached, and the input's error (both csv only).
 */
export function profileAnswerColumns(): Column<ProfileEntry>[] {
  return [
    ...authorColumns((e: ProfileEntry) => e.body?.data?.author ?? NO_AUTHOR),
    {
      header: 'cached',
      label: 'views.column.cached',
      value: (e) => e.body?.cached ?? null,
      kind: 'bool',
      csvOnly: true,
    },
    errorColumn((e) => (e.error === undefined ? null : inEnglish(e.error.message))),
  ];
}
