// Text from strangers never reaches a terminal as a control sequence: a corpus of terminal attacks
// put in every text field of real bodies, rendered by every command in every format. And the key
// never appears in stdout, stderr, --debug or an error report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiResult } from '../src/commands/api/api-view.js';
import { moversResult } from '../src/commands/movers/run.js';
import { nichesResult } from '../src/commands/niches/run.js';
import { profileResult } from '../src/commands/profile/run.js';
import { postsResult } from '../src/commands/shared/post-view.js';
import { transcriptResult } from '../src/commands/transcript/run.js';
import { trendsResult } from '../src/commands/trends/run.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../src/domain/formats.js';
import { findPlatform } from '../src/domain/platforms.js';
import type { Result } from '../src/output/types.js';
import { renderResult } from '../src/output/write.js';
import { videos } from '../src/sandbox/social-data.js';
import { runCli, sandboxEnv, tempConfigDir } from './helpers/cli.js';
import type { TestSandbox } from './helpers/sandbox.js';
import { testSandbox } from './helpers/sandbox.js';

const ATTACKS = [
  '\u001b[31mred\u001b[0m',
  '\u001b[2J\u001b[H',
  '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007',
  '\u001b]0;pwned\u0007',
  '\u001b]52;c;ZXZpbA==\u0007',
  '\u009b31m',
  '\u009d0;title\u009c',
  '\u0085next',
  '\u202eevil\u202c',
  '\u2066iso\u2069',
  'a\u0008b\u0007c\u0000d',
  '\r\u001b[Kover',
];
// What may never be printed raw. csv keeps \r\n between records and \n inside quoted cells.
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Every string in `value` with an attack in front of it (keys and date-times left alone). */
function poison(value: unknown, i = { n: 0 }): unknown {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
    i.n += 1;
    return `${ATTACKS[i.n % ATTACKS.length]}${value}`;
  }
  if (Array.isArray(value)) return value.map((v) => poison(v, i));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, i)]));
  return value;
}

let sandbox: TestSandbox;
let env: Record<string, string>;
beforeAll(async () => {
  sandbox = await testSandbox();
  env = sandboxEnv(sandbox.url, 'sbx_demo');
});
afterAll(async () => {
  await sandbox.close();
});

async function body(args: string[]): Promise<any> {
  const run = await runCli([...args, '--json'], { env });
  expect(run.status, args.join(' ')).toBe(0);
  return JSON.parse(run.stdout);
}

function assertSafe(result: Result, label: string) {
  for (const format of OUTPUT_FORMATS as readonly OutputFormat[]) {
    const text = renderResult(result, { format, color: false, columns: 120, now: new Date('2026-11-21T12:00:00Z') });
    const scrubbed = format === 'csv' ? text.replace(/\r\n/g, '\n') : text;
    const hit = UNSAFE.exec(scrubbed.replace(/\n/g, ''));
    expect(hit, `${label} as ${format}: ${JSON.stringify(hit?.[0])}`).toBeNull();
  }
}

describe('terminal attacks in every text field', () => {
  it('never reach the output of profile, posts, post, transcript, niches, trends, movers or api', async () => {
    const profile = poison(await body(['profile', 'github', 'octocat'])) as any;
    assertSafe(profileResult(findPlatform('github')!, 'octocat', profile), 'profile');
    for (const [platform, handle] of [
      ['bluesky', 'jay.bsky.team'],
      ['mastodon', 'mallory@toot.exploit.example'],
      ['threads', 'zuck'],
    ]) {
      const posts = poison(await body(['posts', platform!, handle!])) as any;
      assertSafe(postsResult(findPlatform(platform!)!, posts, handle!, true), `posts ${platform}`);
    }
    const spoken = videos().find((v) => v.segments.length > 0)!;
    assertSafe(transcriptResult(poison(await body(['transcript', spoken.url])) as any), 'transcript');
    assertSafe(nichesResult(poison(await body(['niches'])) as any), 'niches');
    const trends = poison(await body(['trends', 'tech', '--from', '2d'])) as any;
    assertSafe(trendsResult(trends, false), 'trends');
    assertSafe(trendsResult(trends, true), 'trends --series');
    const movers = poison(await body(['movers', 'tech', '--hours', '6'])) as any;
    const options = { niche: 'tech', hours: 6, limit: 20, minGained: undefined, newOnly: false } as any;
    assertSafe(
      moversResult(
        movers,
        movers.items.map((m: unknown, i: number) => ({ rank: i + 1, mover: m })),
        options,
        false,
      ),
      'movers',
    );
    assertSafe(apiResult(profile), 'api');
  });

  it('json keeps the same value, with the attacks as \\u escapes', async () => {
    const poisoned = poison(await body(['profile', 'github', 'octocat']));
    const text = renderResult(
      { json: poisoned, table: [], csv: { columns: [], rows: [] } },
      { format: 'json', color: false, columns: 80, now: new Date() },
    );
    expect(UNSAFE.test(text.replace(/\n/g, ''))).toBe(false);
    expect(JSON.parse(text)).toEqual(poisoned);
  });
});

describe('the key', () => {
  const KEY = 'sbx_demo';
  it('never appears on stdout or stderr, with --debug, in errors, or in --dry-run', async () => {
    const runs = [
      await runCli(['profile', 'github', 'octocat', '--debug', '--api-key', KEY], { env }),
      await runCli(['profile', 'github', 'notfound', '--debug', '--api-key', KEY], { env }),
      await runCli(['trends', 'tech', '--debug', '--api-key', KEY, '-o', 'table'], { env, tty: true }),
      await runCli(['profile', 'github', 'octocat', '--dry-run', '--api-key', KEY], { env }),
      await runCli(['profile', 'github', 'octocat', '--api-key', 'sbx_inactive', '--debug'], { env }),
    ];
    // A key kept in the config file is shown masked by config list and config get.
    const dir = tempConfigDir();
    const fileEnv = { SOCIAL_CONFIG_DIR: dir };
    expect((await runCli(['config', 'set', 'api-key'], { env: fileEnv, stdin: `${KEY}\n` })).status).toBe(0);
    runs.push(
      await runCli(['config', 'list'], { env: fileEnv }),
      await runCli(['config', 'get', 'api-key'], { env: fileEnv }),
    );
    expect(runs.at(-1)!.stdout).toMatch(/\S/);
    for (const run of runs) {
      expect(run.stdout).not.toContain(KEY);
      expect(run.stderr).not.toContain(KEY);
      expect(run.stderr).not.toContain('sbx_inactive');
    }
  });
});
