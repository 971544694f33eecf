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
import { postsResult } from '../shared/post-view.js';
import { envelopeCredits } from '../shared/social-shared.js';

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

export async function runPost(uri: string, rt: Runtime): Promise<Outcome> {
  refuseRecordFields(rt.globals);
  const request = postRequest(uri);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  const answer = await rt.spin(t('notes.spin.post'), rt.session.client.get(request));
  const { body } = answer;
  // json prints the answer as it came; the table and csv read it as items of one.
  const result = { ...postsResult(findPlatform('bluesky')!, asItems(body), uri, false), json: body };
  return { result, ...envelopeCredits(answer, request.cost) };
}
