// /openapi.json, generated from the shared zod schemas so that it can never drift from what the
// client validates. Like the service's, it lists only the routes currently switched on.
import * as z from 'zod';
import { PLATFORMS } from '../domain/platforms.js';
import * as allSchemas from '../domain/schemas.js';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string): Json => ({
  description,
  content: { 'application/json': { schema: ref(id) } },
});

function componentSchemas(): Record<string, Json> {
  // The schemas are built on first use; building them registers their ids as components.
  for (const schema of Object.values(allSchemas)) if (schema instanceof z.ZodLazy) schema.unwrap();
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Json>;
  };
  // Component schemas are embedded in the document: they take no $schema or $id of their own.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
}

const query = (name: string, schema: Json, description: string, required = false): Json => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

const ERROR_STATUSES: Record<string, string> = {
  '400': 'Parameter missing, not matching or out of range; nothing charged.',
  '401': 'Key missing, unknown or inactive.',
  '402': 'sem_creditos (both wallets empty) or teto_estourado (monthly ceiling reached).',
  '404': 'No such profile, account or post.',
  '405': 'Only GET is served.',
  '429': 'Monthly quota of the route exhausted; the body carries limit and renews_at.',
  '451': 'The platform refused the service.',
  '502': 'Bad gateway; body not JSON.',
  '503': 'Endpoint switched off or a dependency is down.',
};

function operation(
  summary: string,
  parameters: Json[],
  ok: Json,
  errors: string[],
  errorSchema: string,
  secured = true,
): Json {
  const responses: Json = { '200': ok };
  for (const status of errors) {
    const schema = status === '405' ? 'ApiError' : errorSchema;
    responses[status] =
      status === '502' ? { description: ERROR_STATUSES[status] } : json(schema, ERROR_STATUSES[status] ?? '');
  }
  return { get: { summary, parameters, responses, ...(secured ? {} : { security: [] }) } };
}

export function buildOpenApi(baseUrl: string, off: ReadonlySet<string>): Json {
  const paths: Json = {};
  const envelopeErrors = ['400', '401', '402', '404', '405', '451', '503'];
  for (const platform of PLATFORMS) {
    const handle = query(
      'handle',
      { type: 'string', pattern: platform.handlePattern.source },
      platform.handleRule,
      true,
    );
    if (!off.has('profile')) {
      paths[`/api/v1/${platform.name}/profile`] = operation(
        `Public profile on ${platform.name}. 1 credit; cached one hour, a hit is free.`,
        [handle],
        json('ProfileEnvelope', 'Profile found.'),
        envelopeErrors,
        'ProfileEnvelope',
      );
    }
    if (platform.posts && !off.has('posts')) {
      const limit = platform.posts.limit;
      const parameters = limit
        ? [
            handle,
            query(
              'limit',
              { type: 'integer', minimum: limit.min, maximum: limit.max, default: limit.default },
              'Posts to return; out of range is refused.',
            ),
          ]
        : [handle];
      paths[`/api/v1/${platform.name}/posts`] = operation(
        `Recent posts written by the account on ${platform.name}. 1 credit.`,
        parameters,
        json('PostsEnvelope', 'Posts.'),
        envelopeErrors,
        'PostsEnvelope',
      );
    }
    if (platform.post && !off.has('post')) {
      paths[`/api/v1/${platform.name}/post`] = operation(
        'One post by AT Protocol URI, with its four counters. 1 credit; nothing when not found.',
        [query('uri', { type: 'string' }, 'at://<did-or-handle>/app.bsky.feed.post/<rkey>', true)],
        json('PostsEnvelope', 'The post, as an items array of one.'),
        [...envelopeErrors, '502'],
        'PostsEnvelope',
      );
    }
    if (platform.transcript && !off.has('transcript')) {
      paths[`/api/v1/${platform.name}/post/transcript`] = operation(
        'Caption track of a short video. 1 credit, charged even when items is empty.',
        [query('url', { type: 'string', format: 'uri' }, 'The video URL.', true)],
        json('TranscriptEnvelope', 'Transcript; items is often empty.'),
        [...envelopeErrors, '502'],
        'TranscriptEnvelope',
      );
    }
  }
  const niche = { name: 'niche', in: 'path', required: true, schema: { type: 'string' } };
  if (!off.has('nichos')) {
    paths['/api/v1/nichos'] = operation(
      'Archive coverage. Free, keyless.',
      [],
      json('Coverage', 'Niches.'),
      ['503'],
      'ApiError',
      false,
    );
  }
  if (!off.has('trends')) {
    const ok = json('TrendsBody', 'Items with their hourly series.');
    ok.headers = {
      'X-RateLimit-Limit': { schema: { type: 'integer' } },
      'X-RateLimit-Remaining': { schema: { type: 'integer' } },
    };
    paths['/api/v1/trends/{niche}'] = operation(
      'History per item. 1 credit, charged even when nothing is found.',
      [
        niche,
        query('from', { type: 'string', format: 'date-time' }, 'Default 7 days before now.'),
        query('to', { type: 'string', format: 'date-time' }, 'Default now.'),
        query('limit', { type: 'integer', minimum: 1 }, 'Hint only; never raises the 5000-point cap.'),
      ],
      ok,
      ['400', '401', '402', '405', '429', '503'],
      'ApiError',
    );
  }
  if (!off.has('movers')) {
    const operationObject = operation(
      'Items that gained points between the newest window and the one closest to hours ago. 10 credits, only when movement is found.',
      [
        niche,
        query('hours', { type: 'integer', minimum: 1, maximum: 720, default: 24 }, 'How far back to compare.'),
        query('limit', { type: 'integer', minimum: 1, maximum: 100, default: 20 }, 'Top N by points gained.'),
      ],
      json('MoversBody', 'Movers; total 0 with a note when nothing moved (uncharged).'),
      ['400', '401', '402', '405', '503'],
      'ApiError',
    );
    const get = operationObject.get as { responses: Record<string, Json> };
    get.responses['401'] = {
      ...json('ApiError', ERROR_STATUSES['401'] ?? ''),
      headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
    };
    paths['/api/v1/movers/{niche}'] = operationObject;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Social Data and Trend Archive (sandbox)',
      version: '1.0.0',
      description:
        'Served by `social sandbox` from built-in data. Every route except coverage needs Authorization: Bearer <API_KEY>.',
    },
    servers: [{ url: baseUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: componentSchemas(),
    },
  };
}
