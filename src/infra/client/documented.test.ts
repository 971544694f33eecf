// The plain check the reader runs before zod: it passes the sandbox's answers (so a batch skips
// zod's parse), and it never passes a body zod would find a fault in (so no drift goes unsaid),
// over every answer with each of its fields in turn replaced, removed or added to.

import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as z from 'zod';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { routePlatforms } from '../../domain/routes.js';
import * as schemas from '../../domain/schemas.js';
import { accounts, videos } from '../../sandbox/social-data.js';
import { documented } from './documented.js';

const sandbox = useSandbox();

async function answers(): Promise<Array<{ schema: ZodType; body: unknown; what: string }>> {
  const got: Array<{ schema: ZodType; body: unknown; what: string }> = [];
  const add = async (schema: ZodType, path: string, key?: null) =>
    got.push({ schema, body: (await sandbox.current.get(path, key)).body, what: path });
  const withPosts = new Set(routePlatforms('posts').map((p) => p.name));
  for (const platform of routePlatforms('profile')) {
    for (const account of accounts(platform.name).slice(0, 3)) {
      const handle = encodeURIComponent(account.author.handle ?? '');
      await add(schemas.ProfileEnvelopeSchema, `/api/v1/${platform.name}/profile?handle=${handle}`);
      if (withPosts.has(platform.name))
        await add(schemas.PostsEnvelopeSchema, `/api/v1/${platform.name}/posts?handle=${handle}`);
    }
    await add(schemas.ProfileEnvelopeSchema, `/api/v1/${platform.name}/profile?handle=no-such-one-x`);
  }
  for (const video of videos().slice(0, 4)) {
    const platform = new URL(video.url).hostname.includes('tiktok') ? 'tiktok' : 'youtube';
    await add(
      schemas.TranscriptEnvelopeSchema,
      `/api/v1/${platform}/post/transcript?url=${encodeURIComponent(video.url)}`,
    );
  }
  await add(schemas.CoverageSchema, '/api/v1/nichos');
  await add(schemas.TrendsBodySchema, '/api/v1/trends/tech?days=2');
  await add(schemas.MoversBodySchema, '/api/v1/movers/tech');
  await add(schemas.ApiErrorSchema, '/api/v1/trends/tech?days=2', null);
  return got;
}

const STAND_INS: unknown[] = [null, 'text', '', 0, -1, 1.5, 2 ** 60, Number.MAX_SAFE_INTEGER, true, {}, [], [1]];

/** The body with the value at `path` replaced (REMOVE: the key left out), copied on the way. */
const REMOVE = Symbol('remove');
function replaced(root: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && value === REMOVE) delete copy[key];
  else copy[key] = replaced(copy[key], rest, value);
  return copy;
}

/** Every path in a JSON value, the root included. */
function paths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const found = [at];
  if (Array.isArray(value)) for (const [i, item] of value.slice(0, 2).entries()) found.push(...paths(item, [...at, i]));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) found.push(...paths(item, [...at, key]));
  return found;
}

describe('the plain check before zod', () => {
  it('passes every documented answer of the sandbox, as zod does', async () => {
    for (const { schema, body, what } of await answers()) {
      expect(schema.safeParse(body).success, what).toBe(true);
      expect(documented(schema, body), what).toBe(true);
    }
  });

  it('never passes a body zod finds a fault in: any field replaced, removed, or an extra key', async () => {
    let variants = 0;
    let caught = 0;
    for (const { schema, body, what } of await answers()) {
      for (const path of paths(body)) {
        const node = path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], body);
        const changes: unknown[] = [...STAND_INS, ...(path.length > 0 ? [REMOVE] : [])];
        if (node !== null && typeof node === 'object' && !Array.isArray(node)) changes.push({ ...node, extra: 1 });
        for (const value of changes) {
          const variant = replaced(body, path, value);
          variants += 1;
          const zod = schema.safeParse(variant).success;
          if (!zod) caught += 1;
          const change = value === REMOVE ? 'removed' : JSON.stringify(value);
          if (documented(schema, variant)) expect(zod, `${what}: ${path.join('.')} ${change}`).toBe(true);
        }
      }
    }
    // The variants do reach zod's faults: not a check that passes nothing.
    expect(caught).toBeGreaterThan(variants / 4);
  });

  it('checks a schema that contains itself, through two lazy schemas, all the way down', () => {
    // The second lazy schema is met while the object it gives, and its refinement, are being made.
    const item: ZodType = z
      .looseObject({ name: z.string(), child: z.lazy(() => item).nullable() })
      .refine((value) => value.name !== 'x');
    const root = z.lazy(() => item);
    const good = { name: 'a', child: { name: 'b', child: { name: 'c', child: null } } };
    expect(documented(root, good)).toBe(true);
    for (const bad of [
      { name: 'a', child: { name: 5, child: null } },
      { name: 'a', child: { name: 'b', child: { name: 'x', child: null } } },
    ]) {
      expect(root.safeParse(bad).success).toBe(false);
      expect(documented(root, bad)).toBe(false);
    }
  });
});
