// post in-process against the real sandbox over HTTP: the forms of a post's address it takes.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/cli.js';
import { useSandboxUser } from '../../../test/helpers/sandbox.js';

const user = useSandboxUser();

describe('post', () => {
  it('post: takes an at:// URI or its bsky.app URL', async () => {
    const posts = JSON.parse(
      (await runCli(['posts', 'bluesky', 'jay.bsky.team', '--limit', '1'], { env: user.env })).stdout,
    );
    const uri: string = posts.data.items[0].id;
    const rkey = uri.split('/').pop();
    const byUri = await runCli(['post', uri], { env: user.env });
    expect(byUri.status).toBe(0);
    const byUrl = await runCli(['post', `https://bsky.app/profile/jay.bsky.team/post/${rkey}`], { env: user.env });
    expect(byUrl.status).toBe(0);
    expect(JSON.parse(byUrl.stdout).data.items[0].id).toBe(uri);
    const bad = await runCli(['post', 'https://bsky.app/profile/jay.bsky.team'], { env: user.env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/at:\/\//);
  });
});
