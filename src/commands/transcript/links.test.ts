// The video addresses transcript takes: short links and the forms the service refuses are
// refused locally with a hint and nothing sent; the forms it takes pass; an empty one's plural.
import { describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { videos } from '../../sandbox/social-data.js';

const sandbox = useSandbox();
const env = () => sandboxEnv(sandbox.current.url);

describe('transcript: the addresses it takes, and an empty one', () => {
  it.each(['https://vm.tiktok.com/ZMabc123/', 'https://vt.tiktok.com/ZSxyz789/'])(
    'a short link %s is refused locally with a hint, nothing sent',
    async (link) => {
      const run = await runCli(['transcript', link], { env: { ...env(), SOCIAL_BASE_URL: 'http://127.0.0.1:9' } });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('short link');
      expect(run.stderr).toContain('paste the full video URL');
    },
  );

  // Every form the service refuses (the sandbox, the spec's emulator, answers 400 parametro_invalido)
  // is refused locally, exit 2, with nothing sent: the base URL points at a closed port.
  it.each([
    ['https://www.tiktok.com/t/ZTabc123/', 'paste the full video URL'],
    ['https://m.tiktok.com/v/7300000000000000000.html', 'paste the full video URL'],
    ['https://tiktok.com/t/ZTabc123', 'paste the full video URL'],
    ['https://www.tiktok.com/@khaby.lame', '/video/<id>'],
    ['https://www.tiktok.com/video/7300000000000000000', '/video/<id>'],
    ['https://www.tiktok.com/@khaby.lame/photo/7300000000000000000', '/video/<id>'],
    ['https://www.tiktok.com/embed/v2/7300000000000000000', '/video/<id>'],
    ['ftp://www.tiktok.com/@khaby.lame/video/7300000000000000000', '/video/<id>'],
  ])('%s, which the service refuses, is refused locally with a hint, nothing sent', async (link, hint) => {
    const served = await sandbox.current.get(`/api/v1/tiktok/post/transcript?url=${encodeURIComponent(link)}`);
    expect(served.status).toBe(400);
    expect(served.body.error.type).toBe('parametro_invalido');
    const run = await runCli(['transcript', link], { env: { ...env(), SOCIAL_BASE_URL: 'http://127.0.0.1:9' } });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.replace(/\s+/g, ' ')).toContain(hint);
  });

  it('the video URL forms the service takes still pass the local check', async () => {
    const video = videos()[0];
    if (video === undefined) throw new Error('no video');
    const forms = [
      video.url,
      `${video.url}/`,
      `${video.url}?lang=en`,
      video.url.replace('www.', 'm.'),
      video.url.replace('https://www.', 'http://'),
    ];
    for (const form of forms) {
      const run = await runCli(['transcript', form, '--json'], { env: env() });
      expect([form, run.status]).toEqual([form, 0]);
    }
  });

  it('an empty transcript says "1 credit", not "credit(s)"', async () => {
    const silent = videos().find((v) => v.segments.length === 0);
    const run = await runCli(['transcript', silent?.url ?? ''], { env: env() });
    expect(run.stderr).not.toContain('credit(s)');
    expect(run.stderr).toContain('charged 1 credit all the same');
  });
});
