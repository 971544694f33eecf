// Posts as `social posts` and `social post` show them: the columns, the names --fields takes, the
// view of one account's posts or of one post.

import { engagementRate, rateFraction } from '../../domain/computed.js';
import { findPlatform, type Platform } from '../../domain/platforms.js';
import type { PostItem, PostsEnvelope } from '../../domain/schemas.js';
import { shownText } from '../../domain/text.js';
import { t } from '../../messages/use-views.js';
import type { Column, Result } from '../../output/types.js';
import { exitColumn, fieldNames } from '../../runtime/fields-option.js';
import { engagementColumn, withComputed } from './computed-option.js';
import { errorColumn } from './social-shared.js';

/**
 * `columns` between the input they answer and its error. The error is in csv only (a batch's table
 * shows it once an input failed); the input too, where there is one input (`single`), whose rows
 * are an answer's: their exit column, which only --fields shows, is 0 (a batch adds its own).
 */
export function inputColumns<Row>(
  input: (row: Row) => unknown,
  error: (row: Row) => unknown,
  columns: Column<Row>[],
  single: boolean,
): Column<Row>[] {
  return [
    { header: 'input', label: 'views.column.input', value: input, csvOnly: single, hidden: single },
    ...columns,
    { ...errorColumn(error), hidden: single },
    ...(single ? [exitColumn<Row>()] : []),
  ];
}

/**
 * Post columns, of rows from which `post` reads the post and `followers` its author's followers in
 * the same answer (the engagement rate's denominator). Threads publishes no quotes, so its table
 * and csv leave that column out (and its engagement rate is unknown).
 */
export function postColumns<Row>(
  platform: Platform,
  post: (row: Row) => PostItem,
  followers: (row: Row) => unknown,
): Column<Row>[] {
  return [
    {
      header: 'published',
      label: 'views.column.published',
      key: 'published_at',
      value: (r) => post(r).published_at,
      kind: 'time',
      tableOnly: true,
    },
    // Mastodon's text_html is third-party HTML: never shown; `text` is the stripped content.
    { header: 'text', label: 'views.column.text', value: (r) => post(r).text, fit: 'free' },
    {
      header: 'likes',
      label: 'views.column.likes',
      key: 'metrics.likes',
      value: (r) => post(r).metrics.likes,
      kind: 'count',
    },
    {
      header: 'replies',
      label: 'views.column.replies',
      key: 'metrics.replies',
      value: (r) => post(r).metrics.replies,
      kind: 'count',
    },
    {
      header: 'reposts',
      label: 'views.column.reposts',
      key: 'metrics.reposts',
      value: (r) => post(r).metrics.reposts,
      kind: 'count',
    },
    {
      header: 'quotes',
      label: 'views.column.quotes',
      key: 'metrics.quotes',
      value: (r) => post(r).metrics.quotes,
      kind: 'count',
      hidden: platform.name === 'threads',
    },
    engagementColumn((r) => engagementRate(post(r).metrics, followers(r))),
    // What `social post` takes, and where the post is: never left out of a table, never cut.
    { header: 'id', label: 'views.column.id', value: (r) => post(r).id, fit: 'id' },
    { header: 'url', label: 'views.column.url', value: (r) => post(r).url, fit: 'id' },
    {
      header: 'published_at',
      label: 'views.column.published_at',
      value: (r) => post(r).published_at,
      csvOnly: true,
    },
    {
      header: 'thumbnail_url',
      label: 'views.column.thumbnail_url',
      value: (r) => post(r).thumbnail_url,
      csvOnly: true,
    },
  ];
}

/**
 * What --computed adds beside a post's own keys: its engagement rate, over its author's followers
 * in the same answer (unknown when the answer carries none: no older count is borrowed).
 */
export function postComputed(post: PostItem, followers: unknown): { engagement_rate: number | null } {
  return { engagement_rate: rateFraction(engagementRate(post?.metrics, followers)) };
}

/** A posts envelope with `computed` beside each post's keys, the envelope's own untouched. */
export function withPostsComputed(envelope: PostsEnvelope): PostsEnvelope {
  const data = envelope.data;
  if (data === null || !Array.isArray(data.items)) return envelope;
  const followers = data.author?.followers;
  return {
    ...envelope,
    data: { ...data, items: data.items.map((post) => withComputed(post, postComputed(post, followers), true)) },
  };
}

/** A table draws no more posts than the service ever returns for one account. */
const POSTS_MOST = 100;

/** What a reader of posts came for: when and what, then how it was received; ids and urls last. */
export const POSTS_RANK = ['published', 'text', 'likes', 'replies', 'reposts', 'quotes', 'engagement', 'id', 'url'];

/** What --fields takes: every column of posts (threads' quotes show as unknown), and their keys. */
export const POSTS_FIELDS = fieldNames(
  inputColumns(
    () => null,
    () => null,
    postColumns<PostItem>(
      findPlatform('bluesky')!,
      (p) => p,
      () => null,
    ),
    true,
  ),
);

/**
 * One account's posts, or one post; `input` is what was asked for (only --fields shows it). With
 * `computed` (--computed), json and ndjson carry each post's computed figures beside its keys.
 */
export function postsResult(platform: Platform, envelope: PostsEnvelope, input: string, computed: boolean): Result {
  const shown = computed ? withPostsComputed(envelope) : envelope;
  const items = envelope.data?.items ?? [];
  const author = envelope.data?.author;
  const columns = inputColumns<PostItem>(
    () => input,
    () => null,
    postColumns<PostItem>(
      platform,
      (p) => p,
      () => author?.followers,
    ),
    true,
  );
  const heading = author
    ? [
        t('views.posts.heading', {
          name: shownText(author.name ?? author.handle),
          handle: shownText(author.handle),
          platform: platform.name,
          posts: t('views.count.posts', { n: items.length }),
        }),
      ]
    : undefined;
  return {
    json: shown,
    table: [
      {
        columns,
        rank: POSTS_RANK,
        rows: items,
        heading,
        empty: t('views.posts.empty'),
        limit: { rows: POSTS_MOST, why: t('views.posts.most', { n: POSTS_MOST }) },
      },
    ],
    csv: { columns, rows: items },
    records: {
      items: shown.data?.items ?? [],
      within: (list) => ({ ...envelope, data: { ...envelope.data, items: list } }),
    },
  };
}
