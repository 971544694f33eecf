// What scripts read never changes with the language: every command's machine output (json,
// ndjson, csv, --fields, --jq, a server's error body, exit statuses) spawned under
// LANG=pt_BR.UTF-8 and under LANG=C, each language in a fresh config folder of its own with the
// sandbox's clock fixed, must be the same bytes, but for what differs between any two runs: the
// folder's path, the service's request ids (new for each call) and the in-process sandbox's port. The table, which
// a person reads, must not be the same: that is how the test knows the Portuguese runs really spoke
// Portuguese.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { videos } from '../src/sandbox/social-data.js';
import { spawnSocial } from './helpers/spawn-cli.js';

const NOW = '2026-11-21T12:00:00Z';
const root = mkdtempSync(join(tmpdir(), 'social-language-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Step = readonly string[];

interface Ran {
  args: Step;
  status: number | null;
  stdout: string;
  stderr: string;
}

const REQUEST_ID = /req_[0-9a-f]{20}/g;
/** The in-process sandbox's port, which a --dry-run's URLs name: new each run. */
const PORT = /127\.0\.0\.1:\d+/g;

/** `steps` in order, as one user would run them, in a config folder of their own. */
async function session(dir: string, lang: string, steps: readonly Step[]): Promise<Ran[]> {
  mkdirSync(dir, { recursive: true });
  const ran: Ran[] = [];
  for (const args of steps) {
    const run = await spawnSocial(['--sandbox', ...args], {
      SOCIAL_CONFIG_DIR: dir,
      SOCIAL_SANDBOX_NOW: NOW,
      LANG: lang,
    });
    const stdout = run.stdout
      .replaceAll(dir, '<config>')
      .replace(REQUEST_ID, 'req_<id>')
      .replace(PORT, '127.0.0.1:<port>');
    ran.push({ args, status: run.status, stdout, stderr: run.stderr });
  }
  return ran;
}

/** The same steps in Portuguese and in the C locale, side by side. */
async function bothLanguages(name: string, steps: readonly Step[]): Promise<{ pt: Ran[]; c: Ran[] }> {
  const [pt, c] = await Promise.all([
    session(join(root, name, 'pt'), 'pt_BR.UTF-8', steps),
    session(join(root, name, 'c'), 'C', steps),
  ]);
  return { pt, c };
}

function expectSameMachineOutput(pt: readonly Ran[], c: readonly Ran[]): void {
  const shown = (runs: readonly Ran[]) =>
    runs.map((r) => ({ args: r.args.join(' '), status: r.status, stdout: r.stdout }));
  expect(shown(pt)).toEqual(shown(c));
}

const FORMATS = (...args: string[]): Step[] => [
  [...args, '--json'],
  [...args, '-o', 'ndjson'],
  [...args, '-o', 'csv'],
];

describe('machine output under LANG=pt_BR.UTF-8 and LANG=C', () => {
  it('profiles, batches with failures, a service error, a refusal, --max-credits, --dry-run', {
    timeout: 300_000,
  }, async () => {
    const steps: Step[] = [
      ...FORMATS('profile', 'github', 'octocat'),
      ['profile', 'github', 'octocat', '-o', 'csv', '--fields', 'handle,followers,verified'],
      ['profile', 'github', 'octocat', '--json', '--fields', 'handle,followers'],
      ['profile', 'github', 'octocat', '--jq', '.data.author.followers'],
      // A batch with a 404 and a 451: one record an input, the errors named, exit 12.
      ...FORMATS('profile', 'github', 'octocat', 'notfound', 'blocked'),
      ['profile', 'github', 'octocat', 'notfound', '-o', 'csv', '--fields', 'input,handle,error,exit'],
      // The service's error body on stdout, exit 7; a handle refused locally, nothing on stdout, exit 2.
      ['profile', 'github', 'notfound', '--json'],
      ['profile', 'github', 'not a handle', '--json'],
      ['--max-credits', '1', 'profile', 'github', 'octocat', 'torvalds', '-o', 'ndjson'],
      ['--dry-run', 'profile', 'github', 'octocat', '--json'],
    ];
    const { pt, c } = await bothLanguages('profiles', steps);
    expectSameMachineOutput(pt, c);
    // What these runs said on stderr (the batch's errors, the refusals) is in each language.
    const batch = steps.findIndex((s) => s.includes('blocked'));
    expect(pt[batch]?.stderr).not.toBe(c[batch]?.stderr);
  });

  it('posts, post, transcript and the archive', { timeout: 300_000 }, async () => {
    const spoken = videos().find((v) => v.segments.length > 0)!;
    const silent = videos().find((v) => v.segments.length === 0)!;
    const steps: Step[] = [
      ...FORMATS('posts', 'bluesky', 'jay.bsky.team', '--limit', '3'),
      ['posts', 'bluesky', 'jay.bsky.team', '--limit', '3', '-o', 'csv', '--fields', 'published_at,likes,id'],
      ['post', 'at://did:plc:oky5czdrnfjpqslsw2a5iclo/app.bsky.feed.post/3n2p5d7ji25zm', '--json'],
      ...FORMATS('transcript', spoken.url),
      ['transcript', silent.url, '--json'],
      ...FORMATS('niches'),
      ...FORMATS('trends', 'tech', '--from', '24h'),
      ['trends', 'tech', '--from', '24h', '--jq', '.items[0].title'],
      ['trends', 'tehc'],
      ...FORMATS('movers', 'tech'),
      ['movers', 'tech', '-o', 'csv', '--fields', 'rank,points_gained,gained_per_hour'],
      ['movers', 'tech', '--min-gained', '100', '--json'],
      ['movers', 'tech', '--hours', '0'],
    ];
    const { pt, c } = await bothLanguages('archive', steps);
    expectSameMachineOutput(pt, c);
  });

  it('the free and local commands: credits, status, config, the store, history, track, search', {
    timeout: 300_000,
  }, async () => {
    const steps: Step[] = [
      ['profile', 'github', 'octocat', '--json'],
      ['posts', 'bluesky', 'jay.bsky.team', '--json'],
      // --since as a date: its default (30 days ago) is by the local clock, not the sandbox's.
      ...FORMATS('credits', '--since', '2026-11-01'),
      ['status', '--json'],
      ['status', '--offline', '--json'],
      ['config', 'list', '--json'],
      ['config', 'list', '-o', 'csv'],
      ['config', 'get', 'base-url', '--json'],
      ...FORMATS('history', 'github', 'octocat'),
      ['history', 'github', 'octocat', '--computed', '--json'],
      ['track', 'add', 'github', 'octocat', 'torvalds', '--json'],
      ['track', 'list', '--json'],
      ['track', 'list', '-o', 'csv'],
      ['track', 'run', '-o', 'ndjson'],
      ...FORMATS('track', 'report'),
      ['track', 'report', '--computed', '--json'],
      ['track', 'remove', 'github', 'torvalds', 'nobody', '--json'],
      ...FORMATS('search', 'the'),
      ['store', 'info', '--json'],
      ['store', 'info', '-o', 'csv'],
      ['store', 'sql', 'select platform, handle from profiles order by handle', '--json'],
      ['store', 'export', 'profiles', '-o', 'csv'],
      ['store', 'check', '--json'],
      // The local clock, not the sandbox's, says when "1 day ago" is: its json names that instant.
      ['store', 'prune', '--older-than', '1d', '-o', 'csv'],
      ['history', 'github', 'not a handle', '--json'],
    ];
    const { pt, c } = await bothLanguages('local', steps);
    expectSameMachineOutput(pt, c);
  });

  it('the tables differ: the Portuguese runs spoke Portuguese', { timeout: 120_000 }, async () => {
    const steps: Step[] = [
      ['profile', 'github', 'octocat', '-o', 'table'],
      ['movers', 'tech', '-o', 'table'],
      ['credits', '-o', 'table'],
    ];
    const { pt, c } = await bothLanguages('tables', steps);
    expect(pt.map((r) => r.status)).toEqual(c.map((r) => r.status));
    expect(pt[0]?.stdout).toMatch(/\nseguidores +21\.873\n/);
    expect(c[0]?.stdout).toContain('followers  21,873');
    expect(pt[1]?.stdout).toMatch(/^tech · 5 itens em alta/);
    expect(pt[2]?.stdout).toContain('saldo');
  });
});
