// Answers as the spec describes them, for loopback servers that answer what the sandbox would
// not: each test overrides the fields it is about (credits_used, cached, a drifted field, ...).

/** A profile envelope (ProfileEnvelope, every Author field present). */
export function profileEnvelope(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    success: true,
    platform: 'github',
    endpoint: 'profile',
    data: {
      author: {
        id: '1',
        handle: 'octocat',
        name: null,
        bio: null,
        avatar_url: null,
        followers: 1,
        following: 1,
        posts_count: 1,
        verified: null,
        is_private: null,
        external_url: null,
        url: null,
      },
      items: [],
      has_more: false,
      next_cursor: null,
    },
    error: null,
    credits_used: 1,
    credits_remaining: 549,
    cached: false,
    request_id: 'req_ok',
    ...fields,
  };
}

/** A post of a posts envelope's items (PostItem, every field present). */
export function postItem(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'p1',
    url: null,
    text: 'hello',
    text_html: null,
    title: null,
    position: null,
    published_at: null,
    thumbnail_url: null,
    metrics: { likes: 1, replies: 0, reposts: 0, quotes: 0 },
    ...fields,
  };
}
