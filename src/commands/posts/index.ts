// `social posts <platform> <handle> [--limit N]`: recent posts written by the account, on
// bluesky, mastodon and threads. 1 credit; no deep pagination exists.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { findPlatform, type Platform } from '../../domain/platforms.js';
import { integerParam, route, routePlatforms } from '../../domain/routes.js';
import type { PostItem, PostsEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/http.js';
import type { Context } from '../../infra/context.js';
import type { Column, Result } from '../../output/types.js';
import type { BatchFlags } from '../../runtime/batch/input.js';
import {
  addBatchOptions,
  BATCH_HELP,
  batchSource,
  dryRunBatch,
  failedRowsShown,
  parseBatchFlags,
  runEnvelopeBatch,
} from '../../runtime/batch/input.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addDryRunOption, dryRunOutcome } from '../../runtime/dry-run.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseParam } from '../../runtime/options.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import { checkHandle, EXIT_HELP, envelopeCreditNote, parsePlatform, platformHelp } from '../shared/social-shared.js';

export interface PostsOptions {
  platform: Platform;
  source: { file: string } | { args: string[] };
  batch: BatchFlags;
  limit: number | undefined;
}

export function parsePostsOptions(
  platformArg: string,
  handleArg: string | undefined,
  raw: Record<string, string | undefined>,
): PostsOptions {
  const platform = parsePlatform(platformArg, routePlatforms('posts'), 'posts');
  const batch = parseBatchFlags(raw);
  const source = batchSource(batch, handleArg === undefined ? [] : [handleArg]);
  if ('args' in source) for (const input of source.args) checkHandle(platform, input);
  const limitArg = raw.limit;
  const range = integerParam(route('posts'), 'limit', platform);
  if (limitArg !== undefined && range === undefined) {
    throw usageError(`${platform.name} posts take no --limit: the service returns the posts that come on the page`);
  }
  const limit = limitArg === undefined || range === undefined ? undefined : parseParam('--limit', limitArg, range);
  return { platform, source, batch, limit };
}

export function postsRequest(options: PostsOptions, handle: string): RequestSpec<PostsEnvelope> {
  return {
    ...routeRequest('posts', options.platform.name),
    query: { handle, limit: options.limit },
    loadSchema: async () => (await import('../../domain/schemas.js')).PostsEnvelopeSchema,
  };
}

export async function runPosts(options: PostsOptions, rt: Runtime): Promise<Outcome> {
  const { platform, source } = options;
  if ('args' in source) {
    const handle = checkHandle(platform, source.args[0]!);
    const request = postsRequest(options, handle);
    if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
    const { body } = await rt.spin(`fetching posts of ${handle}`, rt.session.client.get(request));
    return { result: postsResult(platform, body, source.args[0]!), notes: [envelopeCreditNote(body)] };
  }
  const batch = {
    source,
    flags: options.batch,
    prepare: (input: string) => checkHandle(platform, input),
    request: (handle: string) => postsRequest(options, handle),
  };
  if (rt.globals.dryRun) return dryRunBatch(rt, batch);
  // A batch: csv and table carry a row per post, named by its input.
  const columns = inputColumns<BatchPost>(
    (r) => r.input,
    (r) => r.error,
    postColumns(platform).map((c) => ({ ...c, value: (r: BatchPost) => (r.post ? c.value(r.post) : null) })),
    false,
  );
  return runEnvelopeBatch(rt, {
    ...batch,
    rows: (entry) =>
      entry.body?.data
        ? entry.body.data.items.map((post) => ({ input: entry.input, post, error: null }))
        : failedRowsShown(rt.globals)
          ? [{ input: entry.input, post: undefined, error: entry.error?.message ?? null }]
          : [],
    columns,
  });
}

/**
 * `columns` between the input they answer and its error. The error is in csv only (a table holds
 * the posts found); the input too, where there is one input (`single`).
 */
function inputColumns<Row>(
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

interface BatchPost {
  input: string;
  post: PostItem | undefined;
  error: string | null;
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

/** "bluesky 1..100 (default 25), mastodon 1..40 (default 20); threads takes none", from the route table. */
function limitHelp(platforms: Platform[]): string {
  const ranged: string[] = [];
  const none: string[] = [];
  for (const platform of platforms) {
    const limit = integerParam(route('posts'), 'limit', platform);
    if (limit === undefined) none.push(platform.name);
    else ranged.push(`${platform.name} ${limit.min}..${limit.max} (default ${limit.default})`);
  }
  return none.length === 0 ? ranged.join(', ') : `${ranged.join(', ')}; ${none.join(', ')} takes none`;
}

export function registerPosts(program: SocialCommand, ctx: Context): void {
  const platforms = routePlatforms('posts');
  const command = program
    .command('posts')
    .description('recent posts written by an account (bluesky, mastodon, threads): 1 credit')
    .argument('<platform>', platforms.map((p) => p.name).join(', '))
    .argument('[handle]', 'handle, @handle or pasted profile URL; - reads handles from stdin')
    .option('--limit <n>', limitHelp(platforms))
    .addHelpText(
      'after',
      `
Platforms:
${platformHelp(platforms)}

Only posts the account wrote: reposts and boosts of others are left out; mastodon includes
replies to others. Threads returns the posts on its page (no --limit) and publishes no quotes.
Out-of-range --limit is refused before anything is sent, never clamped.

${BATCH_HELP}

Examples:
  social posts bluesky jay.bsky.team --limit 10
  social posts mastodon Gargron@mastodon.social -o csv > toots.csv
  social posts threads zuck --json | jq '.data.items[].metrics.likes'

${EXIT_HELP}`,
    );
  addFieldsOption(addDryRunOption(addBatchOptions(command)), POSTS_FIELDS).statusAction(
    async (
      platformArg: string,
      handle: string | undefined,
      raw: Record<string, string | undefined>,
      command: Command,
    ) => {
      const options = parsePostsOptions(platformArg, handle, raw);
      return await runApiCommand(ctx, command.optsWithGlobals(), { key: true, command: 'posts' }, (rt) =>
        runPosts(options, rt),
      );
    },
  );
}
