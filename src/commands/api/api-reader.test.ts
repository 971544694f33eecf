// How social api reads an answer, against a loopback server of answers written by hand: any JSON
// from a route social does not model, an envelope route read as one.
import { describe, expect, it } from 'vitest';
import { useReplayServer } from '../../../test/conformance/server.js';

const replay = useReplayServer();

const cli = replay.cli;

describe('social api', () => {
  it('takes any JSON from a route social does not model, and fails on an envelope saying so', async () => {
    replay.server.set('/api/v1/youtube/channel', { status: 200, text: '[{"id":"c1"}]' });
    const list = await cli(['api', 'youtube/channel', '--json']);
    expect(list.status).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([{ id: 'c1' }]);
    const failed = { success: false, error: { type: 'nao_encontrado', message: 'no', details: null } };
    replay.server.set('/api/v1/youtube/channel', { status: 200, text: JSON.stringify(failed) });
    expect((await cli(['api', 'youtube/channel', '--json'])).status).toBe(7);
  });

  it('reads a known envelope route as such: a body without success cannot be read', async () => {
    replay.server.set('/api/v1/github/profile', { status: 200, text: '{"data":{}}' });
    expect((await cli(['api', 'github/profile', '-f', 'handle=octocat'])).status).toBe(11);
  });
});
