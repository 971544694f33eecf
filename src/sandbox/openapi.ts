// /openapi.json: its paths generated from the route table (src/domain/routes.ts), its component
// schemas from the shared zod schemas. Like the service's, it lists only the routes switched on.
import * as z from 'zod';
import type { Platform } from '../domain/platforms.js';
import type { QueryParam, Route, RouteName } from '../domain/routes.js';
import { queryParams, ROUTES, route, routeInstances } from '../domain/routes.js';
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
  const components = Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
  return stateTheSpec(components);
}

/**
 * The client's schemas read some fields leniently (a tolerant reader); the document states what
 * the spec requires of the service: ProfileEnvelope carries credits_remaining (one envelope type
 * is shared by all envelope routes, but PostsEnvelope has only eight required fields), and movers
 * charges either nothing or its cost.
 */
function stateTheSpec(components: Record<string, Json>): Record<string, Json> {
  const profile = components.ProfileEnvelope;
  if (profile !== undefined) {
    const required = (profile.required as string[] | undefined) ?? [];
    if (!required.includes('credits_remaining')) profile.required = [...required, 'credits_remaining'];
  }
  const movers = components.MoversBody?.properties as Record<string, Json> | undefined;
  if (movers?.credits_charged !== undefined) {
    movers.credits_charged = { ...movers.credits_charged, enum: [0, route('movers').cost] };
  }
  return components;
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'Parameter missing, not matching or out of range; nothing charged.',
  401: 'Key missing, unknown or inactive.',
  402: 'sem_creditos (both wallets empty) or teto_estourado (monthly ceiling reached).',
  404: 'No such profile, account or post.',
  405: "Only GET is served: metodo_invalido, in the route's own error shape (the sandbox's choice; the spec pairs no code with 405).",
  429: 'Monthly quota of the route exhausted; the body carries limit and renews_at.',
  451: 'The platform refused the service.',
  502: 'Bad gateway; body not JSON.',
  503: 'Endpoint switched off or a dependency is down.',
};

/** Headers the service documents on a route's 200 (the trends quota). */
const OK_HEADERS: Partial<Record<RouteName, string[]>> = { trends: ['X-RateLimit-Limit', 'X-RateLimit-Remaining'] };

function parameter(param: QueryParam): Json {
  const schema: Json =
    param.type === 'integer'
      ? { type: 'integer', minimum: param.min, maximum: param.max, default: param.default }
      : {
          type: 'string',
          format: param.format,
          // JSON Schema patterns carry no flags: a case-insensitive rule is left to the description.
          pattern: param.pattern?.flags === '' ? param.pattern.source : undefined,
        };
  return {
    name: param.name,
    in: 'query',
    required: param.type === 'string' && param.required,
    description: param.description,
    schema: Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)),
  };
}

function operation(r: Route, platform: Platform | undefined): Json {
  const parameters = queryParams(r, platform).map(parameter);
  if (r.path.includes('{niche}'))
    parameters.unshift({ name: 'niche', in: 'path', required: true, schema: { type: 'string' } });
  const ok = json(r.ok, 'Success.');
  const headers = OK_HEADERS[r.name];
  if (headers) ok.headers = Object.fromEntries(headers.map((h) => [h, { schema: { type: 'integer' } }]));
  const responses: Json = { '200': ok };
  for (const status of r.errors) {
    const description = ERROR_STATUSES[status] ?? '';
    if (status === 502) responses[status] = { description };
    else responses[status] = json(r.error, description);
  }
  // Every 401 names the scheme, as the spec documents on movers.
  if (r.auth) {
    responses['401'] = {
      ...json(r.error, ERROR_STATUSES[401] ?? ''),
      headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
    };
  }
  const summary = platform === undefined ? r.summary : `${platform.name}: ${r.summary}`;
  return { get: { summary, parameters, responses, ...(r.auth ? {} : { security: [] }) } };
}

export function buildOpenApi(baseUrl: string, off: ReadonlySet<string>): Json {
  const paths: Json = {};
  for (const r of ROUTES) {
    if (off.has(r.name)) continue;
    for (const { path, platform } of routeInstances(r)) paths[path] = operation(r, platform);
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
