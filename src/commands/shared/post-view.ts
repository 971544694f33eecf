// Posts as `social posts` and `social post` show them: the columns, the names --fields takes, the
// view of one account's posts or of one post.

import { findPlatform, type Platform } from '../../domain/platforms.js';
import type { PostItem, PostsEnvelope } from '../../domain/schemas.js';
import type { Column, Result } from '../../output/types.js';

/**
 * `columns` between the input they answer and its error. The error is in csv only (a table holds
 * the posts found); the input too, where there is one input (`single`).
 */
export function inputColumns<Row>(
  input: (row: Row) => unknown,
  error: (row: Row) => unknown,
  columns: Column<Row>[],
  single: boolean,
): Column<Row>[] {
  return [
    { header: 'input', value: input, csvOnly: single, hidden: single },
    ...columns,
    { header: 'error', value: error, missing: '', csvOnly: true, hidden: single },
  ];
}

/** Post columns: threads publishes no quotes, so its table and csv leave that column out. */
export function postColumns(platform: Platform): Column<PostItem>[] {
  return [
    { header: 'published', value: (p) => p.published_at, kind: 'time', keep: 2, tableOnly: true },
    // Mastodon's text_html is third-party HTML: never shown; `text` is the stripped content.
    { header: 'text', value: (p) => p.text, fit: 'free' },
    { header: 'likes', value: (p) => p.metrics.likes, kind: 'count', keep: 2 },
    { header: 'replies', value: (p) => p.metrics.replies, kind: 'count', keep: 1 },
    { header: 'reposts', value: (p) => p.metrics.reposts, kind: 'count', keep: 1 },
    { header: 'quotes', value: (p) => p.metrics.quotes, kind: 'count', keep: 1, hidden: platform.name === 'threads' },
    // What `social post` takes, and where the post is: never left out of a table, never cut.
    { header: 'id', value: (p) => p.id, fit: 'id' },
    { header: 'url', value: (p) => p.url, fit: 'id' },
    { header: 'published_at', value: (p) => p.published_at, csvOnly: true },
    { header: 'thumbnail_url', value: (p) => p.thumbnail_url, csvOnly: true },
  ];
}

/** What --fields takes: every column of posts (threads' quotes show as unknown). */
export const POSTS_FIELDS: readonly string[] = inputColumns(
  () => null,
  () => null,
  postColumns(findPlatform('bluesky')!),
  true,
).map((c) => c.header);

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
        `${author.name ?? author.handle ?? 'unknown'} (${author.handle ?? 'unknown'}) on ${platform.name} · ${items.length} post${items.length === 1 ? '' : 's'}`,
      ]
    : undefined;
  return {
    json: envelope,
    table: [{ columns, rows: items, heading, empty: 'No posts.' }],
    csv: { columns, rows: items },
  };
}
