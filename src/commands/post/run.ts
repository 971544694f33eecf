// The run of `social post`: one bluesky post, shown like a posts answer.

import { findPlatform } from '../../domain/platforms.js';
import type { PostsEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/http.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { postsResult } from '../shared/post-view.js';
import { envelopeCreditNote } from '../shared/social-shared.js';

export function postRequest(uri: string): RequestSpec<PostsEnvelope> {
  return {
    ...routeRequest('post', 'bluesky'),
    query: { uri },
    loadSchema: async () => (await import('../../domain/schemas.js')).PostsEnvelopeSchema,
  };
}

export async function runPost(uri: string, rt: Runtime): Promise<Outcome> {
  const request = postRequest(uri);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  const { body } = await rt.spin('fetching the post', rt.session.client.get(request));
  return { result: postsResult(findPlatform('bluesky')!, body, uri), notes: [envelopeCreditNote(body)] };
}
