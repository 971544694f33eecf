// transcript in-process against the real sandbox over HTTP: the caption text, an empty track
// charged, and lines wrapped on words.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { useSandboxUser } from '../../../test/helpers/sandbox.js';
import { videos } from '../../sandbox/social-data.js';

const user = useSandboxUser();

describe('transcript', () => {
  it('transcript: prints the caption text; when empty says so and that 1 credit was charged', async () => {
    const spoken = videos().find((v) => v.segments.length > 0)!;
    const run = await runCli(['transcript', spoken.url, '-o', 'table'], { env: user.env });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(spoken.segments[0]!.text.slice(0, 20));
    const silent = videos().find((v) => v.segments.length === 0)!;
    const before = user.spent();
    const empty = await runCli(['transcript', silent.url], { env: user.env });
    expect(empty.status).toBe(0);
    expect(empty.stderr).toMatch(/no caption track.*charged 1 credit/);
    expect(user.spent()).toBe(before + 1);
    const notTiktok = await runCli(['transcript', 'https://youtube.com/watch?v=1'], { env: user.env });
    expect(notTiktok.status).toBe(2);
  });

  it('transcript lines wrap at word boundaries in a narrow table: no word lost at any width', async () => {
    const spoken = videos().find((v) => v.segments.some((s) => s.text.length > 40))!;
    const words = spoken.segments.flatMap((s) => s.text.split(/\s+/).filter((w) => w !== ''));
    for (const width of [30, 40, 80, 200]) {
      const run = await runCli(['transcript', spoken.url, '-o', 'table'], {
        env: { ...user.env, COLUMNS: String(width) },
      });
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
