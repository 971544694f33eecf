// What a request spec takes from the route table: the path, the body shape, the key, the cost.
import type { RouteName } from '../domain/routes.js';
import { route, routePath } from '../domain/routes.js';
import type { RequestSpec } from '../infra/client/call-types.js';

/**
 * A request to route `name`, its {platform} or {niche} filled in with `value`: the table's part
 * (path, shape, key, cost) and the command's (`query`, `asked`, `loadSchema`), made as one object. Not
 * spread from a second one: a batch makes one a call, and on Node 20 an object built by spreading
 * is promoted to the old generation far more often, which grows its heap with the inputs.
 */
export function routeRequest<T>(
  name: RouteName,
  value: string | undefined,
  rest: Pick<RequestSpec<T>, 'query' | 'asked' | 'loadSchema'>,
): RequestSpec<T> {
  const r = route(name);
  return {
    path: routePath(r, value),
    shape: r.error === 'ApiError' ? 'archive' : 'envelope',
    auth: r.auth,
    cost: r.cost,
    cached: r.cache !== undefined,
    query: rest.query,
    asked: rest.asked,
    loadSchema: rest.loadSchema,
  };
}
