// The single executable (npm run build:exe) on a machine without Node: copied alone into an empty
// folder and run there with PATH pointing nowhere and HOME that folder, so it can lean on no node,
// no node_modules and no dist/. Runs when SOCIAL_TEST_BIN names the executable (CI's exe pass,
// scripts/ci-exe.sh); the other spawned tests then run against it too (test/helpers/spawn-cli.ts).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { cliEnv, SOCIAL } from './helpers/spawn-cli.js';

const EXE = process.env.SOCIAL_TEST_BIN === undefined ? undefined : SOCIAL[0];

describe.skipIf(EXE === undefined)('the single executable, alone in a folder, without node', () => {
  let dir = '';
  let exe = '';
  const env = () => cliEnv({ PATH: '/nonexistent', HOME: dir });
  const run = (args: string[]) => spawnSync(exe, args, { cwd: dir, env: env(), encoding: 'utf8', timeout: 30_000 });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'social-exe-'));
    exe = join(dir, basename(EXE as string));
    copyFileSync(EXE as string, exe);
    // The copy keeps the mode bits on POSIX; what is beside it is only what the runs write.
    expect(readdirSync(dir)).toEqual([basename(exe)]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs on its own: no node on PATH, nothing beside it', () => {
    expect(spawnSync('node', ['--version'], { env: env() }).error).toBeDefined();
    const version = run(['--version']);
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toBe(`${packageJson.version}\n`);
  });

  it('calls the built-in sandbox', () => {
    const profile = run(['--sandbox', 'profile', 'github', 'octocat']);
    expect(profile.status, profile.stderr).toBe(0);
    expect(JSON.parse(profile.stdout).data.author.handle).toBe('octocat');
  });

  it('filters with jq from its own WebAssembly', () => {
    const niches = run(['--sandbox', 'niches', '--jq', '.niches | map(.id)']);
    expect(niches.status, niches.stderr).toBe(0);
    expect(JSON.parse(niches.stdout)).toContain('tech');
  });

  it('draws an SVG chart with ECharts from its own assets', () => {
    const chart = run(['--sandbox', 'trends', 'tech', '--chart-file', 'x.svg', '-q']);
    expect(chart.status, chart.stderr).toBe(0);
    expect(readFileSync(join(dir, 'x.svg'), 'utf8')).toMatch(/^<svg[\s>]/);
  });

  it('serves the sandbox until SIGTERM', async () => {
    const child = spawn(exe, ['sandbox', '--port', '0', '--now', '2026-11-21T12:00:00Z'], {
      cwd: dir,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const url = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d).trim())));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${url}/api/v1/nichos`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await closed).toBe(0);
  });

  it('prints its completion scripts and completes niche ids', () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const script = run(['completion', shell]);
      expect(script.status, script.stderr).toBe(0);
      expect(script.stdout).toContain('__complete');
    }
    const ids = run(['--sandbox', '__complete', 'niches']);
    expect(ids.status, ids.stderr).toBe(0);
    expect(ids.stdout.split('\n')).toContain('tech');
  });
});
