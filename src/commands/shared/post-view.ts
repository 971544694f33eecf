// Posts as `social posts` and `social post` show them: the columns, the names --fields takes, the
// view of one account's posts or of one post.

import { findPlatform, type Platform } from '../../domain/platforms.js';
import type { PostItem, PostsEnvelope } from '../../domain/schemas.js';
import { shownText } from '../../domain/text.js';
import { t } from '../../messages/use-views.js';
import type { Column, Result } from '../../output/types.js';
import { exitColumn, fieldNames } from '../../runtime/fields-option.js';

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
    { header: 'error', label: 'views.column.error', value: error, missing: '', csvOnly: true, hidden: single },
    ...(single ? [exitColumn<Row>()] : []),
  ];
}

/** Post columns: threads publishes no quotes, so its table and csv leave that column out. */
export function postColumns(platform: Platform): Column<PostItem>[] {
  return [
    {
      header: 'published',
      label: 'views.column.published',
      key: 'published_at',
      value: (p) => p.published_at,
      kind: 'time',
      tableOnly: true,
    },
    // Mastodon's text_html is third-party HTML: never shown; `text` is the stripped content.
    { header: 'text', label: 'views.column.text', value: (p) => p.text, fit: 'free' },
    {
      header: 'likes',
      label: 'views.column.likes',
      key: 'metrics.likes',
      value: (p) => p.metrics.likes,
      kind: 'count',
    },
    {
      header: 'replies',
      label: 'views.column.replies',
      key: 'metrics.replies',
      value: (p) => p.metrics.replies,
      kind: 'count',
    },
    {
      header: 'reposts',
      label: 'views.column.reposts',
      key: 'metrics.reposts',
      value: (p) => p.metrics.reposts,
      kind: 'count',
    },
    {
      header: 'quotes',
      label: 'views.column.quotes',
      key: 'metrics.quotes',
      value: (p) => p.metrics.quotes,
      kind: 'count',
      hidden: platform.name === 'threads',
    },
    // What `social post` takes, and where the post is: never left out of a table, never cut.
    { header: 'id', label: 'views.column.id', value: (p) => p.id, fit: 'id' },
    { header: 'url', label: 'views.column.url', value: (p) => p.url, fit: 'id' },
    { header: 'published_at', label: 'views.column.published_at', value: (p) => p.published_at, csvOnly: true },
    { header: 'thumbnail_url', label: 'views.column.thumbnail_url', value: (p) => p.thumbnail_url, csvOnly: true },
  ];
}

/** A table draws no more posts than the service ever returns for one account. */
const POSTS_MOST = 100;

/** What a reader of posts came for: when and what, then how it was received; ids and urls last. */
export const POSTS_RANK = ['published', 'text', 'likes', 'replies', 'reposts', 'quotes', 'id', 'url'];

/** What --fields takes: every column of posts (threads' quotes show as unknown), and their keys. */
export const POSTS_FIELDS = fieldNames(
  inputColumns(
    () => null,
    () => null,
    postColumns(findPlatform('bluesky')!),
    true,
  ),
);

/** One account's posts, or one post; `input` is what was asked for (only --fields shows it). */
export function postsResult(platform: Platform, envelope: PostsEnvelope, input: string): Result {
  const items = envelope.data?.items ?? [];
  const author = envelope.data?.author;
  const columns = inputColumns<PostItem>(
    () => input,
    () => null,
    postColumns(platform),
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
    json: envelope,
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
    records: { items, within: (list) => ({ ...envelope, data: { ...envelope.data, items: list } }) },
  };
}
