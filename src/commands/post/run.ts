// The run of `social post`: one bluesky post, shown like a posts answer.

import { findPlatform } from '../../domain/platforms.js';
import type { Author, PostsEnvelope, SinglePostEnvelope } from '../../domain/schemas.js';
import { isRecord } from '../../domain/state-file.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import { t } from '../../messages/use-notes.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import { refuseRecordFields } from '../../runtime/fields-option.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { withComputed } from '../shared/computed-option.js';
import { envelopeCredits } from '../shared/credit-notes.js';
import { postComputed, postsResult, withPostsComputed } from '../shared/post-view.js';
import type { PostOptions } from './options.js';

type PostAnswer = PostsEnvelope | SinglePostEnvelope;

/**
 * Whether the data is the post itself, not items of one: the spec leaves this route's layout open
 * ("single object or items array of one: not shown"), so both are read.
 */
function isSinglePost(data: unknown): data is NonNullable<SinglePostEnvelope['data']> {
  return isRecord(data) && !Array.isArray(data.items) && (typeof data.id === 'string' || isRecord(data.metrics));
}

/** One loader for every request: the client loads the schemas once for all of a run's calls. */
const loadPostSchema = async () => {
  const { PostsEnvelopeSchema, SinglePostEnvelopeSchema } = await import('../../domain/schemas.js');
  return (body: unknown) =>
    isRecord(body) && isSinglePost(body.data) ? SinglePostEnvelopeSchema : PostsEnvelopeSchema;
};

export function postRequest(uri: string): RequestSpec<PostAnswer> {
  return routeRequest<PostAnswer>('post', 'bluesky', {
    query: { uri },
    loadSchema: loadPostSchema,
  });
}

/** The answer as items of one, whichever layout came: what the posts view shows. */
function asItems(answer: PostAnswer): PostsEnvelope {
  const data = answer.data;
  if (!isSinglePost(data)) return answer as PostsEnvelope;
  const { author, ...post } = data;
  return {
    ...answer,
    // No author beside the post: the view shows none, as for any envelope without one.
    data: { author: author ?? (null as unknown as Author), items: [post], has_more: false, next_cursor: null },
  };
}

/**
 * The answer with `computed` beside the post's keys, in whichever layout came: beside the keys of
 * data when it is the post, of its item when items of one; the rate over the author beside it.
 */
function withPostComputed(answer: PostAnswer): PostAnswer {
  const data = answer.data;
  if (!isSinglePost(data)) return withPostsComputed(answer as PostsEnvelope);
  return { ...answer, data: withComputed(data, postComputed(data, data.author?.followers), true) };
}

export async function runPost(options: PostOptions, rt: Runtime): Promise<Outcome> {
  refuseRecordFields(rt.globals);
  const { uri, computed } = options;
  const request = postRequest(uri);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  const answer = await rt.spin(t('notes.spin.post'), rt.session.client.get(request));
  const { body } = answer;
  // json prints the answer as it came (with --computed, the post's figures beside its keys); the
  // table, csv and ndjson read it as items of one.
  const result = {
    ...postsResult(findPlatform('bluesky')!, asItems(body), uri, computed),
    json: computed ? withPostComputed(body) : body,
  };
  return { result, ...envelopeCredits(answer, request.cost) };
}
