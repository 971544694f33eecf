// The social commands in-process against the real sandbox over HTTP: results, exit statuses,
// stdout versus stderr, formats, and that nothing refused locally is ever sent.
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxEnv } from '../../../test/helpers/cli.js';
import { testContext } from '../../../test/helpers/context.js';
import { gateTo, until } from '../../../test/helpers/gate.js';
import { useSandbox } from '../../../test/helpers/sandbox.js';
import { PostsEnvelopeSchema, ProfileEnvelopeSchema } from '../../domain/schemas.js';
import { main } from '../../main.js';
import { videos } from '../../sandbox/social-data.js';

const sandbox = useSandbox();
let env: Record<string, string>;
beforeEach(() => {
  env = sandboxEnv(sandbox.current.url);
});

const spent = () => {
  const account = sandbox.current.core.ledger.activeAccount('sbx_demo')!;
  return account.spentThisMonth;
};

describe('profile', () => {
  it('prints the server body as json in a pipe, nothing else on stdout', async () => {
    const run = await runCli(['profile', 'github', 'octocat'], { env });
    expect(run.status).toBe(0);
    const body = ProfileEnvelopeSchema.parse(JSON.parse(run.stdout));
    expect(body.data?.author.handle).toBe('octocat');
    // Not a terminal: no credit note, no spinner.
    expect(run.stderr).toBe('');
  });

  it('shows a table at a terminal, with null as unknown and the credit note on stderr', async () => {
    const run = await runCli(['profile', 'github', 'octocat'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/\u001b/);
    // The one-item view shows the exact figure (it was 21K before the tables issue).
    expect(run.stdout).toMatch(/followers\s+21,873/);
    // github publishes no verified flag: unknown, never "no" or blank.
    expect(run.stdout).toMatch(/verified\s+unknown/);
    expect(run.stderr).toMatch(/(1 credit used|cached, 0 credits) · [\d,]+ remaining/);
  });

  it('shows 0 as 0 and never as unknown', async () => {
    const run = await runCli(['profile', 'github', 'first-steps-2026', '-o', 'table'], { env });
    expect(run.stdout).toMatch(/followers\s+0\b/);
  });

  it('normalises a pasted URL and @handle before sending', async () => {
    const url = await runCli(['profile', 'mastodon', 'https://mastodon.social/@Gargron'], { env });
    expect(url.status).toBe(0);
    expect(JSON.parse(url.stdout).data.author.handle).toBe('Gargron@mastodon.social');
    const at = await runCli(['profile', 'threads', '@zuck'], { env });
    expect(at.status).toBe(0);
  });

  it('refuses a bad handle with exit 2, names the rule and an example, and sends nothing', async () => {
    const before = spent();
    const run = await runCli(['profile', 'mastodon', 'Gargron'], { env });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/never picks a server/);
    expect(run.stderr).toContain('Gargron@mastodon.social');
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    const typo = await runCli(['profile', 'githib', 'octocat'], { env });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/Did you mean github/);
    expect(spent()).toBe(before);
  });

  it('maps the service errors to the contract exit statuses, with the server body on stdout in json', async () => {
    const cases: Array<[string[], Record<string, string>, number, string]> = [
      [['profile', 'github', 'notfound'], {}, 7, 'nao_encontrado'],
      [['profile', 'github', 'blocked'], {}, 8, 'bloqueado'],
      [['profile', 'github', 'unavailable'], {}, 9, 'indisponivel'],
      [['profile', 'github', 'octocat'], { SOCIAL_API_KEY: 'sbx_inactive' }, 3, 'chave_invalida'],
      [['profile', 'github', 'lenafischer'], { SOCIAL_API_KEY: 'sbx_empty' }, 4, 'sem_creditos'],
      [['profile', 'github', 'lenafischer'], { SOCIAL_API_KEY: 'sbx_capped' }, 5, 'teto_estourado'],
    ];
    for (const [argv, extra, status, type] of cases) {
      const run = await runCli(argv, { env: { ...env, ...extra } });
      expect(run.status, argv.join(' ')).toBe(status);
      expect(JSON.parse(run.stdout).error.type).toBe(type);
      expect(run.stderr).toContain(type);
    }
  });

  it('says when the free allowance comes back and that retrying will not help on sem_creditos', async () => {
    const run = await runCli(['profile', 'github', 'lenafischer'], { env: { ...env, SOCIAL_API_KEY: 'sbx_empty' } });
    expect(run.stderr).toMatch(/comes back on 2026-12-01/);
    expect(run.stderr).toMatch(/Retrying will not/);
  });

  it('explains how to set a key when there is none (exit 3), and how to set a base URL (exit 2)', async () => {
    const noKey = await runCli(['profile', 'github', 'octocat'], { env: { ...env, SOCIAL_API_KEY: '' } });
    expect(noKey.status).toBe(3);
    expect(noKey.stderr).toMatch(/config set api-key/);
    const noBase = await runCli(['profile', 'github', 'octocat'], { env: { ...env, SOCIAL_BASE_URL: '' } });
    expect(noBase.status).toBe(2);
    expect(noBase.stderr).toMatch(/config set base-url/);
    expect(noBase.stderr).toMatch(/--sandbox/);
  });

  it('runs several handles: a line per input naming it, exit 12 when some failed', async () => {
    const run = await runCli(['profile', 'github', 'octocat', 'notfound', 'lenafischer', '-o', 'ndjson'], { env });
    expect(run.status).toBe(12);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.input)).toEqual(['octocat', 'notfound', 'lenafischer']);
    expect(lines.map((l) => l.exit)).toEqual([0, 7, 0]);
    expect(lines[1].body.error.type).toBe('nao_encontrado');
    expect(run.stderr).toMatch(/notfound: no such profile/);
  });

  it('writes csv with a header and one row per author', async () => {
    const run = await runCli(['profile', 'instagram', 'natgeo', 'ana.ceramics', '-o', 'csv'], { env });
    expect(run.status).toBe(0);
    const rows = run.stdout.trim().split('\r\n');
    expect(rows[0]).toMatch(/^input,platform,handle,name,followers/);
    expect(rows).toHaveLength(3);
  });

  it('--dry-run prints the requests and the most they could cost, and sends nothing', async () => {
    const before = spent();
    const run = await runCli(['profile', 'github', 'octocat', 'torvalds', '--dry-run', '--json'], { env });
    expect(run.status).toBe(0);
    const plan = JSON.parse(run.stdout);
    expect(plan).toMatchObject({ dry_run: true, max_credits: 2 });
    expect(plan.requests[0].url).toBe(`${sandbox.current.url}/api/v1/github/profile?handle=octocat`);
    expect(plan.requests[0].authorization).not.toContain('sbx_demo');
    expect(spent()).toBe(before);
  });
});

describe('posts, post, transcript', () => {
  it('posts: limit refused out of range (never clamped), threads takes none', async () => {
    for (const argv of [
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '101'],
      ['posts', 'mastodon', 'Gargron@mastodon.social', '--limit', '0'],
      ['posts', 'threads', 'zuck', '--limit', '5'],
      ['posts', 'github', 'octocat'],
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '2.5'],
    ]) {
      const run = await runCli(argv, { env });
      expect(run.status, argv.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
    }
  });

  it('posts: json is the envelope; the table drops quotes on threads and never shows raw HTML', async () => {
    const json = await runCli(['posts', 'bluesky', 'mirahalvorsen.com', '--limit', '30'], { env });
    expect(PostsEnvelopeSchema.parse(JSON.parse(json.stdout)).data?.items).toHaveLength(30);
    const threads = await runCli(['posts', 'threads', 'zuck', '-o', 'table'], { env, columns: 160 });
    expect(threads.stdout).not.toMatch(/quotes/);
    expect(threads.stdout).toMatch(/likes/);
    const mastodon = await runCli(['posts', 'mastodon', 'mallory@toot.exploit.example', '-o', 'table'], {
      env,
      columns: 200,
    });
    expect(mastodon.status).toBe(0);
    expect(mastodon.stdout).not.toMatch(/<script|onerror=|onclick=/i);
    expect(mastodon.stdout).not.toMatch(/[\u001b\u009b\u202e]/);
  });

  it('post: takes an at:// URI or its bsky.app URL', async () => {
    const posts = JSON.parse((await runCli(['posts', 'bluesky', 'jay.bsky.team', '--limit', '1'], { env })).stdout);
    const uri: string = posts.data.items[0].id;
    const rkey = uri.split('/').pop();
    const byUri = await runCli(['post', uri], { env });
    expect(byUri.status).toBe(0);
    const byUrl = await runCli(['post', `https://bsky.app/profile/jay.bsky.team/post/${rkey}`], { env });
    expect(byUrl.status).toBe(0);
    expect(JSON.parse(byUrl.stdout).data.items[0].id).toBe(uri);
    const bad = await runCli(['post', 'https://bsky.app/profile/jay.bsky.team'], { env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/at:\/\//);
  });

  it('transcript: prints the caption text; when empty says so and that 1 credit was charged', async () => {
    const spoken = videos().find((v) => v.segments.length > 0)!;
    const run = await runCli(['transcript', spoken.url, '-o', 'table'], { env });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(spoken.segments[0]!.text.slice(0, 20));
    const silent = videos().find((v) => v.segments.length === 0)!;
    const before = spent();
    const empty = await runCli(['transcript', silent.url], { env });
    expect(empty.status).toBe(0);
    expect(empty.stderr).toMatch(/no caption track.*charged 1 credit/);
    expect(spent()).toBe(before + 1);
    const notTiktok = await runCli(['transcript', 'https://youtube.com/watch?v=1'], { env });
    expect(notTiktok.status).toBe(2);
  });

  it('transcript lines wrap at word boundaries in a narrow table: no word lost at any width', async () => {
    const spoken = videos().find((v) => v.segments.some((s) => s.text.length > 40))!;
    const words = spoken.segments.flatMap((s) => s.text.split(/\s+/).filter((w) => w !== ''));
    for (const width of [30, 40, 80, 200]) {
      const run = await runCli(['transcript', spoken.url, '-o', 'table'], { env: { ...env, COLUMNS: String(width) } });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).not.toContain('…');
      const shown = run.stdout
        .split('\n')
        .slice(1)
        .flatMap((line) =>
          line
            .replace(/^\d+:\d\d/, '')
            .split(/\s+/)
            .filter((w) => w !== ''),
        );
      expect(shown, String(width)).toEqual(words);
    }
  });
});

describe('global options', () => {
  it('--debug shows method, URL, status, timing and request id, never the key', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--debug', '--api-key', 'sbx_demo'], {
      env: { ...env, SOCIAL_API_KEY: '' },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/github\/profile\?handle=octocat -> 200 in \d+ ms request_id=req_/,
    );
    expect(run.stderr).not.toContain('sbx_demo');
    expect(run.stdout).not.toContain('sbx_demo');
  });

  it('refuses a plain-http base URL to a host that is not loopback, sending nothing', async () => {
    const run = await runCli(['profile', 'github', 'octocat', '--base-url', 'http://api.example.com'], { env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/plain http/);
  });

  it('colours a terminal unless told not to', async () => {
    const run = await runCli(['profile', 'github', 'octocat'], { env, tty: true });
    expect(run.stdout).toMatch(/\u001b\[/);
    const plain = await runCli(['profile', 'github', 'octocat', '--no-color'], { env, tty: true });
    expect(plain.stdout).not.toMatch(/\u001b/);
  });

  it('-q keeps stderr free of notes; --output refuses unknown formats', async () => {
    const quiet = await runCli(['profile', 'github', 'octocat', '-q', '-o', 'table'], { env, tty: true });
    expect(quiet.stderr).toBe('');
    const bad = await runCli(['profile', 'github', 'octocat', '-o', 'yaml'], { env });
    expect(bad.status).toBe(2);
  });
});

describe('spinner and progress', () => {
  // The gate holds every request until the terminal run shows its spinner; the runs that must
  // show none were held as long, side by side with it.
  it('shows a spinner on stderr at a terminal for a slow wait, and never in a pipe or at 0 columns', async () => {
    const gate = await gateTo(sandbox.current.url);
    try {
      const terminal = testContext({ env: sandboxEnv(gate.url), tty: true });
      const piped = testContext({ env: sandboxEnv(gate.url) });
      // A terminal that reports 0 columns: ora would count infinitely many lines to clear.
      const zero = testContext({ env: sandboxEnv(gate.url), tty: true });
      Object.assign(zero.ctx.io.stderr, { columns: 0 });
      const runs = [
        main(['profile', 'github', 'octocat', '-o', 'json'], terminal.ctx),
        main(['profile', 'github', 'lenafischer'], piped.ctx),
        main(['profile', 'github', 'octocat', '-o', 'json'], zero.ctx),
      ];
      await until(() => /fetching octocat/.test(terminal.stderr()), 'the spinner');
      await gate.waitForArrivals(3);
      gate.open();
      expect(await Promise.all(runs)).toEqual([0, 0, 0]);
      expect(piped.stderr()).toBe('');
      expect(JSON.parse(piped.stdout()).data.author.handle).toBe('lenafischer');
      expect(zero.stderr()).not.toMatch(/fetching/);
    } finally {
      await gate.close();
    }
  });

  it('shows batch progress at a terminal, and the summary', async () => {
    const run = await runCli(['profile', 'github', '-', '-o', 'ndjson'], {
      env,
      tty: true,
      stdin: 'octocat\nlenafischer\nnotfound\n',
    });
    expect(run.status).toBe(12);
    expect(run.stderr).toMatch(/\d+ done · \d+ failed · \d+ credits?/);
    expect(run.stderr).toMatch(/3 inputs: 2 ok, 1 failed/);
  });
});
