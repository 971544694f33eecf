// profile in-process against the real sandbox over HTTP: results, exit statuses, stdout versus
// stderr, formats, and that nothing refused locally is ever sent.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { useSandboxUser } from '../../../test/helpers/sandbox.js';
import { ProfileEnvelopeSchema } from '../../domain/schemas.js';

const user = useSandboxUser();
const { sandbox } = user;

describe('profile', () => {
  it('prints the server body as json in a pipe, nothing else on stdout', async () => {
    const run = await runCli(['profile', 'github', 'octocat'], { env: user.env });
    expect(run.status).toBe(0);
    const body = ProfileEnvelopeSchema.parse(JSON.parse(run.stdout));
    expect(body.data?.author.handle).toBe('octocat');
    // Not a terminal: no credit note, no spinner.
    expect(run.stderr).toBe('');
  });

  it('shows a table at a terminal, with null as unknown and the credit note on stderr', async () => {
    const run = await runCli(['profile', 'github', 'octocat'], { env: { ...user.env, NO_COLOR: '1' }, tty: true });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(/\u001b/);
    // The one-item view shows the exact figure (it was 21K before the tables issue).
    expect(run.stdout).toMatch(/followers\s+21,873/);
    // github publishes no verified flag: unknown, never "no" or blank.
    expect(run.stdout).toMatch(/verified\s+unknown/);
    expect(run.stderr).toMatch(/(1 credit used|cached, 0 credits) · [\d,]+ remaining/);
  });

  it("a batch's summary at a narrow terminal wraps on word boundaries, as notes do; in a pipe it is one line", async () => {
    // Not lenafischer: a cache hit of it would spare the empty wallet below its refusal.
    const argv = ['profile', 'github', 'octocat', 'first-steps-2026', 'notfound', '-o', 'csv'];
    const narrow = await runCli(argv, { env: { ...user.env, NO_COLOR: '1' }, tty: true, columns: 40 });
    const summary = narrow.stderr.slice(narrow.stderr.lastIndexOf('3 inputs:'));
    expect(summary.trimEnd().split('\n').length).toBeGreaterThan(1);
    for (const line of summary.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(40);
    expect(summary.replaceAll('\n', ' ').trimEnd()).toMatch(
      /^3 inputs: 2 ok, 1 failed · \d+ credits? used \(\d cached\) · [\d,]+ remaining$/,
    );
    const piped = await runCli(argv, { env: user.env });
    expect(piped.stderr.trimEnd().split('\n').at(-1)).toMatch(/^3 inputs: 2 ok, 1 failed · .* remaining$/);
  });

  it('--dry-run of several handles over --max-credits: the batch would hold back the rest, not refuse them all', async () => {
    const argv = ['profile', 'github', 'octocat', 'lenafischer', 'torvalds', '--dry-run', '--max-credits', '2'];
    const several = await runCli(argv, { env: { ...user.env, NO_COLOR: '1' }, tty: true });
    expect(several.status).toBe(0);
    const said = several.stdout + several.stderr;
    expect(said).toContain('the batch could cost at most 2 credits (the --max-credits budget; 3 credits without it)');
    expect(said).not.toContain('would not be sent');
    // One handle is one call: over the budget it is refused whole, as without --dry-run.
    const one = await runCli(['profile', 'github', 'octocat', '--dry-run', '--max-credits', '0'], {
      env: { ...user.env, NO_COLOR: '1' },
      tty: true,
    });
    expect(one.stdout + one.stderr).toContain('without --dry-run it would not be sent');
  });

  it('shows 0 as 0 and never as unknown', async () => {
    const run = await runCli(['profile', 'github', 'first-steps-2026', '-o', 'table'], { env: user.env });
    expect(run.stdout).toMatch(/followers\s+0\b/);
  });

  it('normalises a pasted URL and @handle before sending', async () => {
    const url = await runCli(['profile', 'mastodon', 'https://mastodon.social/@Gargron'], { env: user.env });
    expect(url.status).toBe(0);
    expect(JSON.parse(url.stdout).data.author.handle).toBe('Gargron@mastodon.social');
    const at = await runCli(['profile', 'threads', '@zuck'], { env: user.env });
    expect(at.status).toBe(0);
  });

  it('refuses a bad handle with exit 2, names the rule and an example, and sends nothing', async () => {
    const before = user.spent();
    const run = await runCli(['profile', 'mastodon', 'Gargron'], { env: user.env });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/never picks a server/);
    expect(run.stderr).toContain('Gargron@mastodon.social');
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    const typo = await runCli(['profile', 'githib', 'octocat'], { env: user.env });
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/Did you mean github/);
    expect(user.spent()).toBe(before);
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
      const run = await runCli(argv, { env: { ...user.env, ...extra } });
      expect(run.status, argv.join(' ')).toBe(status);
      expect(JSON.parse(run.stdout).error.type).toBe(type);
      expect(run.stderr).toContain(type);
    }
  });

  it('says when the free allowance comes back and that retrying will not help on sem_creditos', async () => {
    const run = await runCli(['profile', 'github', 'lenafischer'], {
      env: { ...user.env, SOCIAL_API_KEY: 'sbx_empty' },
    });
    expect(run.stderr).toMatch(/comes back on 2026-12-01/);
    expect(run.stderr).toMatch(/Retrying will not/);
  });

  it('explains how to set a key when there is none (exit 3), and how to set a base URL (exit 2)', async () => {
    const noKey = await runCli(['profile', 'github', 'octocat'], { env: { ...user.env, SOCIAL_API_KEY: '' } });
    expect(noKey.status).toBe(3);
    expect(noKey.stderr).toMatch(/config set api-key/);
    const noBase = await runCli(['profile', 'github', 'octocat'], { env: { ...user.env, SOCIAL_BASE_URL: '' } });
    expect(noBase.status).toBe(2);
    expect(noBase.stderr).toMatch(/config set base-url/);
    expect(noBase.stderr).toMatch(/--sandbox/);
  });

  it('runs several handles: a line per input naming it, exit 12 when some failed', async () => {
    const run = await runCli(['profile', 'github', 'octocat', 'notfound', 'lenafischer', '-o', 'ndjson'], {
      env: user.env,
    });
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
    const run = await runCli(['profile', 'instagram', 'natgeo', 'ana.ceramics', '-o', 'csv'], { env: user.env });
    expect(run.status).toBe(0);
    const rows = run.stdout.trim().split('\r\n');
    expect(rows[0]).toMatch(/^input,platform,handle,name,followers/);
    expect(rows).toHaveLength(3);
  });

  it('--dry-run of one handle prints its request and the most it could cost, and sends nothing', async () => {
    const before = user.spent();
    const run = await runCli(['profile', 'github', 'octocat', '--dry-run', '--json'], { env: user.env });
    expect(run.status).toBe(0);
    const plan = JSON.parse(run.stdout);
    expect(plan).toMatchObject({ dry_run: true, max_credits: 1 });
    expect(plan.requests[0].url).toBe(`${sandbox.current.url}/api/v1/github/profile?handle=octocat`);
    expect(plan.requests[0].authorization).not.toContain('sbx_demo');
    expect(user.spent()).toBe(before);
  });
});
