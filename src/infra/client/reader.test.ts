// The tolerant reader through the CLI: drift is one note a run (batches included), --strict and
// SOCIAL_STRICT=1 make it exit 11, -q silences it, json stays the body as sent, and a negative
// credit figure is never subtracted.
import { describe, expect, it } from 'vitest';
import { useReplayServer } from '../../../test/conformance/server.js';
import { postItem } from '../../../test/helpers/envelopes.js';
import { PostsEnvelopeSchema, TranscriptEnvelopeSchema } from '../../domain/schemas.js';
import { say } from '../../messages/catalogue.js';
import { readSuccess } from './reader.js';

const author = {
  id: '1',
  handle: 'ana.bsky.social',
  name: 'Ana',
  bio: null,
  avatar_url: null,
  followers: 1,
  following: 2,
  posts_count: 3,
  verified: null,
  is_private: false,
  external_url: null,
  url: null,
};
/** A title where the spec documents null: drift. */
const post = postItem({ title: 'drifted' });
function envelope(data: unknown, extra: Record<string, unknown> = {}) {
  return {
    success: true,
    platform: 'bluesky',
    endpoint: 'posts',
    data,
    error: null,
    credits_used: 1,
    cached: false,
    request_id: 'r1',
    ...extra,
  };
}

const replay = useReplayServer();

function serve(body: unknown) {
  replay.server.set('/api/v1/bluesky/posts', { status: 200, text: JSON.stringify(body) });
}
const cli = replay.cli;

describe('readSuccess', () => {
  it('stands in an empty object for a null author, which json writes back as null', () => {
    const body = envelope({ author: null, items: [], has_more: false, next_cursor: null });
    const reading = readSuccess('envelope', TranscriptEnvelopeSchema, body);
    if (!reading.ok) throw new Error(say(reading.why));
    expect(reading.body.data?.author).toEqual({});
    expect(JSON.stringify(reading.body)).toBe(JSON.stringify(body));
    expect((body.data as { author: unknown }).author).toBeNull(); // the body as sent is not changed
    expect(reading.drift).toEqual([
      { path: 'data.author', sent: 'null', documented: 'an object', handling: undefined },
    ]);
  });

  it('refuses what social acts on: success, data, credits_used, cached', () => {
    const good = envelope({ author, items: [], has_more: false, next_cursor: null });
    for (const [field, value] of [
      ['success', 'yes'],
      ['data', []],
      ['credits_used', 1.5],
      ['credits_used', '1'],
      ['cached', 'no'],
    ] as const) {
      expect(readSuccess('envelope', PostsEnvelopeSchema, { ...good, [field]: value }).ok, field).toBe(false);
    }
    const { credits_used: _, ...without } = good;
    expect(readSuccess('envelope', PostsEnvelopeSchema, without).ok).toBe(false);
  });

  it('names a negative credit figure as drift', () => {
    const reading = readSuccess(
      'envelope',
      PostsEnvelopeSchema,
      envelope({ author, items: [], has_more: false, next_cursor: null }, { credits_used: -2 }),
    );
    expect(reading.ok && reading.drift).toContainEqual(expect.objectContaining({ path: 'credits_used', sent: '-2' }));
  });
});

describe('an envelope that breaks its own rules', () => {
  it('is not understood, and the error says which rule', async () => {
    serve(
      envelope(
        { author, items: [], has_more: false, next_cursor: null },
        { error: { type: 'nao_encontrado', message: 'no such account', details: null } },
      ),
    );
    const run = await cli(['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect(run.status).toBe(11);
    expect(run.stderr).toContain('response not understood: exactly one of data and error must be null');
  });
});

describe('drift through the CLI', () => {
  const drifted = envelope({ author, items: [post, post], has_more: false, next_cursor: null });

  it('exits 0 with one note, and json is the body as sent', async () => {
    serve(drifted);
    const run = await cli(['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(drifted);
    expect(run.stderr).toBe(
      'note: the service sent data.items[0].title as a string (documented as null); shown as sent\n',
    );
  });

  it('--strict and SOCIAL_STRICT=1 exit 11 naming the field; -q silences the note', async () => {
    serve(drifted);
    const strict = await cli(['--strict', 'posts', 'bluesky', 'ana.bsky.social', '-o', 'csv']);
    expect(strict.status).toBe(11);
    expect(strict.stderr).toContain('--strict: the service sent data.items[0].title as a string');
    expect((await cli(['posts', 'bluesky', 'ana.bsky.social'], { SOCIAL_STRICT: '1' })).status).toBe(11);
    const quiet = await cli(['-q', 'posts', 'bluesky', 'ana.bsky.social']);
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it('says it once for a whole batch', async () => {
    serve(drifted);
    const run = await cli(
      ['posts', 'bluesky', '-', '-o', 'ndjson'],
      {},
      'a.bsky.social\nb.bsky.social\nc.bsky.social\n',
    );
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(3);
    expect(run.stderr.match(/^note: /gm)).toHaveLength(1);
  });

  it('never subtracts a negative credits_used from a batch total', async () => {
    serve(envelope({ author, items: [], has_more: false, next_cursor: null }, { credits_used: -5 }));
    const run = await cli(['posts', 'bluesky', '-', '-o', 'ndjson'], {}, 'a.bsky.social\nb.bsky.social\n');
    expect(run.status).toBe(0);
    // Never subtracted: counted at the route's full price, as calls that may have been charged.
    expect(run.stderr).toContain('2 inputs: 2 ok, 0 failed · 2 credits used (0 cached, 2 uncertain)');
    expect(run.stderr).toContain('credits_used as -5 (documented as 0 or more): what was charged is uncertain');
  });
});
