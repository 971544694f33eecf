// The request of one profile: what `profile` sends for a handle, and `track run` for each watched
// account.
import type { Platform } from '../../domain/platforms.js';
import type { ProfileEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import { routeRequest } from '../../runtime/route-request.js';

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadProfileSchema = async () => (await import('../../domain/schemas.js')).ProfileEnvelopeSchema;

export function profileRequest(platform: Platform, handle: string): RequestSpec<ProfileEnvelope> {
  return routeRequest('profile', platform.name, {
    query: { handle },
    loadSchema: loadProfileSchema,
  });
}
