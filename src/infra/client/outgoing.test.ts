// What a call sends (outgoing.ts), without a socket: its query written as URLSearchParams writes
// it, under the base URL's path, and the key sent only to a route that needs it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RequestSpec } from './call-types.js';
import { Requests } from './outgoing.js';

const spec = (fields: Partial<RequestSpec<unknown>>): RequestSpec<unknown> => ({
  path: '/api/v1/github/profile',
  loadSchema: async () => {
    throw new Error('not loaded here');
  },
  shape: 'envelope',
  auth: true,
  cost: 1,
  ...fields,
});

describe('Requests', () => {
  it('writes any query as URLSearchParams does, under the base path, leaving out what is undefined', () => {
    const requests = new Requests(new URL('https://api.example/base/'), 'sk_1');
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.option(fc.oneof(fc.string(), fc.integer()), { nil: undefined })),
        (query) => {
          const given = Object.entries(query).filter(
            (entry): entry is [string, string | number] => entry[1] !== undefined,
          );
          const search = new URLSearchParams(
            given.map(([name, value]): [string, string] => [name, String(value)]),
          ).toString();
          expect(requests.pathOf(spec({ query }))).toBe(
            `/base/api/v1/github/profile${search === '' ? '' : `?${search}`}`,
          );
        },
      ),
    );
  });

  it('sends the key only to a route that needs it, and a body as JSON with its type', () => {
    const requests = new Requests(new URL('https://api.example'), 'sk_1');
    const keyed = requests.request(spec({}), '/p', 'GET');
    expect(keyed).toMatchObject({ path: '/p', method: 'GET', body: undefined });
    expect(keyed.headers).toEqual({
      accept: 'application/json',
      'user-agent': 'social-cli',
      authorization: 'Bearer sk_1',
    });
    expect(requests.request(spec({ auth: false }), '/p', 'GET').headers).not.toHaveProperty('authorization');
    const posted = requests.request(spec({ body: { a: 1 } }), '/p', 'POST');
    expect(posted.body).toBe('{"a":1}');
    expect(posted.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer sk_1' });
    expect(
      new Requests(new URL('https://api.example'), undefined).request(spec({}), '/p', 'GET').headers,
    ).not.toHaveProperty('authorization');
  });
});
