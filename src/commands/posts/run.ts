// The run of `social posts`: one account's posts, or a batch of accounts streamed as each is answered.

import type { PostItem, PostsEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import { inEnglish } from '../../messages/catalogue.js';
import { t } from '../../messages/use-notes.js';
import { dryRunBatch } from '../../runtime/batch/dry-run-batch.js';
import { failedRowsShown, runEnvelopeBatch } from '../../runtime/batch/envelope-batch.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import { refuseRecordFields } from '../../runtime/fields-option.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { envelopeCredits } from '../shared/credit-notes.js';
import { inputColumns, POSTS_RANK, postColumns, postsResult, withPostsComputed } from '../shared/post-view.js';
import { checkHandle } from '../shared/social-shared.js';
import type { PostsOptions } from './options.js';

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadPostsSchema = async () => (await import('../../domain/schemas.js')).PostsEnvelopeSchema;

export function postsRequest(options: PostsOptions, handle: string): RequestSpec<PostsEnvelope> {
  return routeRequest('posts', options.platform.name, {
    query: { handle, limit: options.limit },
    loadSchema: loadPostsSchema,
  });
}

export async function runPosts(options: PostsOptions, rt: Runtime): Promise<Outcome> {
  const { platform, source } = options;
  if ('args' in source) {
    refuseRecordFields(rt.globals);
    const handle = checkHandle(platform, source.args[0]!);
    const request = postsRequest(options, handle);
    if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
    const answer = await rt.spin(t('notes.spin.posts', { handle }), rt.session.client.get(request));
    return {
      result: postsResult(platform, answer.body, source.args[0]!, options.computed),
      ...envelopeCredits(answer, request.cost),
    };
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
    postColumns<BatchPost>(
      platform,
      (r) => r.post!,
      (r) => r.followers,
    ).map(({ value, tableValue, ...c }) => ({
      ...c,
      value: (r: BatchPost) => (r.post ? value(r) : null),
      tableValue: tableValue && ((r: BatchPost) => (r.post ? tableValue(r) : null)),
    })),
    false,
  );
  return runEnvelopeBatch(rt, {
    ...batch,
    rows: (entry) =>
      entry.body?.data
        ? entry.body.data.items.map((post) => ({
            input: entry.input,
            post,
            followers: entry.body?.data?.author?.followers,
            error: null,
          }))
        : failedRowsShown(rt.globals)
          ? [
              {
                input: entry.input,
                post: undefined,
                followers: null,
                error: entry.error === undefined ? null : inEnglish(entry.error.message),
              },
            ]
          : [],
    columns,
    rank: POSTS_RANK,
    result: (input, body) => postsResult(platform, body, input, options.computed),
    ...(options.computed ? { body: withPostsComputed } : {}),
  });
}

interface BatchPost {
  input: string;
  post: PostItem | undefined;
  /** The author's followers in the same answer: the engagement rate's denominator. */
  followers: unknown;
  error: string | null;
}
