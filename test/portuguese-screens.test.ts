// What a person reads is Portuguese under LANG=pt_BR.UTF-8 in the corners the commands' own
// catalogue ids do not reach: the balance's warnings (credits, status), the drift note's words for
// what a field was and is documented as. bin/social.js spawned against a loopback server that
// replays answers, each run in a config folder of its own; the same run under LANG=C says it in
// English, and its machine output is the same bytes.
import { describe, expect, it } from 'vitest';
import { useReplayServer } from './conformance/server.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const replay = useReplayServer();

/** `social args` spawned in `lang` against the replay server (or what args name), with a test key. */
async function run(lang: string, args: string[]) {
  const spawned = await spawnSocial(['--api-key', 'test_key_0123456789', '--retries', '0', ...args], {
    SOCIAL_CONFIG_DIR: replay.configDir(),
    SOCIAL_BASE_URL: replay.server.url,
    LANG: lang,
  });
  return { status: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr };
}

/** An envelope of `data`, as the service sends one. */
function envelope(data: unknown) {
  return {
    success: true,
    platform: 'bluesky',
    endpoint: 'posts',
    data,
    error: null,
    credits_used: 1,
    cached: false,
    request_id: 'r1',
  };
}

describe('Portuguese where the commands do not say it themselves', () => {
  it('the balance not probed when coverage cannot be read (credits, status)', async () => {
    // Coverage answers a body that is not JSON: the probe is not sent, and the run says why.
    replay.server.set('/api/v1/trends/coverage', { status: 200, text: 'not json' });
    const pt = await run('pt_BR.UTF-8', ['credits', '-o', 'table']);
    expect(pt.stderr).toContain(
      '; o saldo não foi sondado (a sondagem só é gratuita num nicho que a cobertura não lista)',
    );
    const c = await run('C', ['credits', '-o', 'table']);
    expect(c.stderr).toContain(
      '; the balance was not probed (the probe is free only on a niche coverage does not list)',
    );
    expect(pt.status).toBe(c.status);
    const [ptJson, cJson] = [await run('pt_BR.UTF-8', ['status', '--json']), await run('C', ['status', '--json'])];
    const note = (text: string) => JSON.parse(text).balance_note as string;
    expect(note(ptJson.stdout)).toBe(note(cJson.stdout));
    expect(note(cJson.stdout)).toContain('the balance was not probed');
  });

  it('the drift note names what a field was and what it is documented as', async () => {
    const post = {
      id: 'p1',
      url: null,
      text: 'hello',
      text_html: null,
      title: 'drifted',
      position: null,
      published_at: 1.5,
      thumbnail_url: null,
      metrics: { likes: true, replies: 0, reposts: 0, quotes: 0 },
    };
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
    const body = envelope({ author, items: [post], has_more: false, next_cursor: null });
    replay.server.set('/api/v1/bluesky/posts', { status: 200, text: JSON.stringify(body) });
    const pt = await run('pt_BR.UTF-8', ['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect(pt.stderr).toBe(
      'nota: o serviço enviou data.items[0].title como uma string (documentado como null), data.items[0].published_at como um número fracionário (documentado como uma data e hora ou null), data.items[0].metrics.likes como um booleano (documentado como um número inteiro ou null); exibido como veio\n',
    );
    const c = await run('C', ['posts', 'bluesky', 'ana.bsky.social', '--json']);
    expect(c.stderr).toBe(
      'note: the service sent data.items[0].title as a string (documented as null), data.items[0].published_at as a fraction (documented as a date-time or null), data.items[0].metrics.likes as a boolean (documented as an integer or null); shown as sent\n',
    );
    expect([pt.status, pt.stdout]).toEqual([c.status, c.stdout]);
  });
});
