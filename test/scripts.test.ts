// What scripts and terminals see: the output's shape set by the command's form, and the smaller
// fixes of issue 13 (hints with the real command, short links refused locally, warnings and
// prompts where a user would otherwise be left guessing, plurals).
import { describe, expect, it } from 'vitest';
import { videos } from '../src/sandbox/social-data.js';
import { runCli, sandboxEnv, tempConfigDir } from './helpers/cli.js';
import { useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
const env = () => sandboxEnv(sandbox.current.url);

describe('the shape is set by the form, never by a count', () => {
  it('one positional handle gives the envelope', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--json'], { env: env() });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true, data: { author: { handle: 'octocat' } } });
  });

  it('several handles give one record per input', async () => {
    const run = await runCli(['profile', 'github', 'octocat', 'torvalds', '--json'], { env: env() });
    const records = JSON.parse(run.stdout);
    expect(records.map((r: { input: string }) => r.input)).toEqual(['octocat', 'torvalds']);
  });

  it('- with a single line still gives records: a json array of one, an ndjson line', async () => {
    const json = await runCli(['profile', 'github', '-', '--json'], { env: env(), stdin: 'octocat\n' });
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        input: 'octocat',
        exit: 0,
        error: null,
        body: expect.objectContaining({ success: true }),
      }),
    ]);
    const ndjson = await runCli(['profile', 'github', '-', '-o', 'ndjson'], { env: env(), stdin: 'octocat\n' });
    const lines = ndjson.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ input: 'octocat', exit: 0 });
  });

  it('the formatting topic documents it with examples', async () => {
    const run = await runCli(['help', 'formatting']);
    const text = run.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('never by how many inputs there are');
    expect(text).toContain('social profile github --file handles.txt');
    expect(text).toContain('never by how many inputs there are');
    expect(text).toContain('{"input", "exit", "error", "body"}');
  });
});

describe('smaller ones', () => {
  it("a 400's hint names the command's own help, not a placeholder", async () => {
    const run = await runCli(['api', 'movers/tech', '-f', 'hours=0'], { env: env() });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('`social api --help`');
    expect(run.stderr).not.toContain('<command>');
  });

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

  it('config set api-key VALUE warns that the key is visible; from stdin it does not', async () => {
    const dir = tempConfigDir();
    const typed = await runCli(['config', 'set', 'api-key', 'sk_live_1234567890'], { env: { SOCIAL_CONFIG_DIR: dir } });
    expect(typed.status).toBe(0);
    expect(typed.stderr).toMatch(/warning: .*shell history.*process list/);
    const piped = await runCli(['config', 'set', 'api-key'], {
      env: { SOCIAL_CONFIG_DIR: dir },
      stdin: 'sk_live_1234567890\n',
    });
    expect(piped.status).toBe(0);
    expect(piped.stderr).not.toContain('warning');
  });

  it('- at a terminal says what it waits for; in a pipe it says nothing', async () => {
    const tty = await runCli(['profile', 'github', '-', '--json'], { env: env(), stdin: 'octocat\n', stdinTTY: true });
    expect(tty.stderr).toContain('press Ctrl-D to finish');
    const pipe = await runCli(['profile', 'github', '-', '--json'], { env: env(), stdin: 'octocat\n' });
    expect(pipe.stderr).not.toContain('Ctrl-D');
  });

  it('config get nope lists the settings one a line', async () => {
    const run = await runCli(['config', 'get', 'nope'], { env: { SOCIAL_CONFIG_DIR: tempConfigDir() } });
    expect(run.status).toBe(2);
    const lines = run.stderr.split('\n');
    for (const key of ['api-key', 'base-url', 'output', 'timeout', 'retries']) {
      expect(lines.some((line) => line.trimStart().startsWith(`${key} `))).toBe(true);
    }
  });

  it('the sandbox\'s own 402 says "needs 1 credit" and "10 credits", never "credit(s)"', async () => {
    const one = await runCli(['trends', 'tech', '-o', 'json'], { env: sandboxEnv(sandbox.current.url, 'sbx_empty') });
    expect(one.status).toBe(4);
    expect(JSON.parse(one.stdout).message).toMatch(/^This call needs 1 credit and the key has 0\./);
    const ten = await sandbox.current.get('/api/v1/movers/tech', 'sbx_empty');
    expect(ten.status).toBe(402);
    expect(ten.body.message).toMatch(/^This call needs 10 credits and the key has 0\./);
    expect(JSON.stringify([one.stdout, ten.body])).not.toContain('credit(s)');
  });

  it('an empty transcript says "1 credit", not "credit(s)"', async () => {
    const silent = videos().find((v) => v.segments.length === 0);
    const run = await runCli(['transcript', silent?.url ?? ''], { env: env() });
    expect(run.stderr).not.toContain('credit(s)');
    expect(run.stderr).toContain('charged 1 credit all the same');
  });
});
