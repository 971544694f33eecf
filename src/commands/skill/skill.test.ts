// The agent skill: in the Agent Skills format (name, description, a body under 500 lines), in the
// package, and `social skill path` says where.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { cliEnv, spawnSocial } from '../../../test/helpers/spawn-cli.js';
import { SKILL_FILE } from './index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('the skill', () => {
  it('has the frontmatter the Agent Skills format asks for, and a body under 500 lines', () => {
    const text = readFileSync(join(ROOT, SKILL_FILE), 'utf8');
    const [, frontmatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
    const name = /^name: (.+)$/m.exec(frontmatter ?? '')?.[1];
    const description = /^description: (.+)$/m.exec(frontmatter ?? '')?.[1] ?? '';
    expect(name).toBe('social');
    // The name is its folder's, lowercase letters, digits and single hyphens, at most 64.
    expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(SKILL_FILE.split('/').at(-2)).toBe(name);
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(1024);
    expect(body!.split('\n').length).toBeLessThan(500);
    for (const needed of [
      '--dry-run',
      '--max-credits',
      '--max-age',
      '--sandbox',
      'charged even when empty',
      'Exit statuses',
    ])
      expect(body, needed).toContain(needed);
  });

  it('is in the package, and `social skill path` prints where it is installed', async () => {
    expect(packageJson.files).toContain('skills');
    if (process.env.SOCIAL_TEST_BIN) return;
    const run = await spawnSocial(['skill', 'path'], cliEnv());
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(join(ROOT, SKILL_FILE));
  });
});
