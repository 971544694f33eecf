// What a request spec takes from the route table: the path, the body shape, the key, the cost.
import type { RouteName } from '../domain/routes.js';
import { route, routePath } from '../domain/routes.js';
import type { RequestSpec } from '../infra/client/http.js';

/** The table's part of a request to route `name`, its {platform} or {niche} filled in with `value`. */
export function routeRequest(
  name: RouteName,
  value?: string,
): Pick<RequestSpec<unknown>, 'path' | 'shape' | 'auth' | 'cost'> {
  const r = route(name);
  return {
    path: routePath(r, value),
    shape: r.error === 'ApiError' ? 'archive' : 'envelope',
    auth: r.auth,
    cost: r.cost,
  };
}
