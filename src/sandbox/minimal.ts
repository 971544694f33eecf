// `social sandbox --minimal`: answers cut down to what the spec requires, so a script can be tried
// against the narrowest reading of the service before it pays. Which shape a body has comes from
// the route table; what each shape requires is the spec's.
import type { Route } from '../domain/routes.js';
import type { Reply } from './reply.js';

/** PostsEnvelope's eight required fields (posts, single post, transcript). */
const POSTS_ENVELOPE = ['success', 'platform', 'endpoint', 'data', 'error', 'credits_used', 'cached', 'request_id'];
/** ProfileEnvelope's required fields: the same, and credits_remaining. */
const PROFILE_ENVELOPE = [...POSTS_ENVELOPE, 'credits_remaining'];
/** ApiError: the code and message, and the fields the spec says the body carries (429's quota). */
const API_ERROR = ['error', 'message'];
const API_ERROR_429 = [...API_ERROR, 'limit', 'renews_at'];

function pick(body: unknown, fields: readonly string[]): unknown {
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => fields.includes(name)));
}

/**
 * The headers the spec documents, and only those: X-RateLimit-Limit and -Remaining on every trends
 * 200, WWW-Authenticate on movers' 401; and Allow on a 405, which HTTP itself requires.
 */
function requiredHeaders(route: Route, reply: Reply): Record<string, string> | undefined {
  const required =
    route.name === 'trends' && reply.status === 200
      ? ['x-ratelimit-limit', 'x-ratelimit-remaining']
      : route.name === 'movers' && reply.status === 401
        ? ['www-authenticate']
        : reply.status === 405
          ? ['allow']
          : [];
  const kept = Object.entries(reply.headers ?? {}).filter(([name]) => required.includes(name));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/** The reply with only the fields and headers the spec requires of this route. */
export function minimalReply(route: Route, reply: Reply): Reply {
  const headers = requiredHeaders(route, reply);
  if (route.error === 'ApiError') {
    // Archive successes carry only listed fields already (movers' note only on an empty result).
    if (reply.status < 400) return { status: reply.status, body: reply.body, headers };
    return { status: reply.status, body: pick(reply.body, reply.status === 429 ? API_ERROR_429 : API_ERROR), headers };
  }
  const envelope = pick(reply.body, route.error === 'ProfileEnvelope' ? PROFILE_ENVELOPE : POSTS_ENVELOPE) as {
    error?: { details?: unknown } | null;
  };
  // error.details is "object or null": the narrowest reading is null.
  if (envelope.error) envelope.error = { ...envelope.error, details: null };
  return { status: reply.status, body: envelope, headers };
}
