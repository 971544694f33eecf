// What `social api` sends for its options: the declaration asks it whether the call needs the key,
// the run sends it.
import { matchRoute } from '../../domain/routes.js';
import type { HttpMethod, RequestSpec } from '../../infra/client/call-types.js';

export interface ApiOptions {
  method: HttpMethod;
  path: string;
  query: Record<string, string>;
  /** The fields of a request other than GET, sent as a JSON object; undefined when there are none. */
  body?: Record<string, unknown>;
  /** Print the status line and the headers before the body. */
  include: boolean;
}

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadAnySchema = async () => (await import('../../domain/schemas.js')).AnyBodySchema;

export function apiRequest(options: ApiOptions): RequestSpec<unknown> {
  const get = options.method === 'GET';
  const known = get ? matchRoute(options.path)?.route : undefined;
  return {
    path: options.path,
    query: options.query,
    method: options.method,
    body: options.body,
    // Routes social does not model have no schema of ours: any JSON body is taken as it is.
    loadSchema: loadAnySchema,
    // A GET of a route of the table is read as such, sent with its key, at its cost; another may answer
    // anything, an envelope or not, at a cost not known.
    shape: known === undefined ? 'any' : known.error === 'ApiError' ? 'archive' : 'envelope',
    auth: known?.auth ?? true,
    cost: known?.cost ?? null,
  };
}
