// The request of the movers route: what `social movers` sends, and the free balance probe of
// `credits` and `status` (movers on a niche coverage does not list).
import type { MoversBody } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import { routeRequest } from '../../runtime/route-request.js';

/** The niche the balance probe asks about: one coverage does not list (a numbered variant if it ever does). */
export const PROBE_NICHE = '__credits_probe__';

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadMoversSchema = async () => (await import('../../domain/schemas.js')).MoversBodySchema;

export function moversRequest(niche: string, hours: number, limit: number): RequestSpec<MoversBody> {
  return routeRequest('movers', niche, {
    query: { hours, limit },
    loadSchema: loadMoversSchema,
  });
}
