// /openapi.json checked by a third-party OpenAPI 3.1 validator, and against what is served.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../test/helpers/sandbox.js';
import { PLATFORMS } from '../domain/platforms.js';

const sandbox = useSandbox();

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, info version 1.0.0', async () => {
    const { status, body } = await sandbox.current.get('/openapi.json', null);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.version).toBe('1.0.0');
    const result = await new Validator().validate(body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists exactly the routes served, with schemas generated from the zod ones', async () => {
    const { body } = await sandbox.current.get('/openapi.json', null);
    const expected = [
      ...PLATFORMS.map((p) => `/api/v1/${p.name}/profile`),
      '/api/v1/bluesky/posts',
      '/api/v1/mastodon/posts',
      '/api/v1/threads/posts',
      '/api/v1/bluesky/post',
      '/api/v1/tiktok/post/transcript',
      '/api/v1/nichos',
      '/api/v1/trends/{niche}',
      '/api/v1/movers/{niche}',
    ];
    expect(Object.keys(body.paths).sort()).toEqual(expected.sort());
    for (const id of [
      'Author',
      'PostItem',
      'ProfileEnvelope',
      'PostsEnvelope',
      'Niche',
      'Item',
      'SeriesPoint',
      'Mover',
      'ApiError',
      'TrendsBody',
      'MoversBody',
    ]) {
      expect(body.components.schemas, id).toHaveProperty(id);
    }
    expect(body.components.schemas.Author.required).toHaveLength(12);
    expect(body.paths['/api/v1/nichos'].get.security).toEqual([]);
  });
});
