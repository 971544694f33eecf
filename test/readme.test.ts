// The README's promises to a newcomer hold: its two commands name scripts that exist, and every
// command of its tour runs against the sandbox, exit 0 (12 for the batch that shows a failed
// input, the sandbox's notfound handle). The tour's output is pasted from a real
// terminal at the time it was written; this does not compare it (dates and balances move), only
// that each command still works as shown.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './helpers/cli.js';

const ROOT = join(import.meta.dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SCRIPTS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;

/** The tour's commands: each `$ social …` line, split on spaces (the tour quotes nothing). */
const TOUR = README.split('\n')
  .filter((line) => line.startsWith('$ social '))
  .map((line) => line.slice('$ social '.length));

describe('README', () => {
  const dir = tempConfigDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is at most 150 lines', () => {
    expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
  });

  it('names scripts that exist: npm run demo, npm test, install-shells.sh', () => {
    expect(README).toContain('npm ci && npm run demo');
    expect(README).toContain('npm ci && npm test');
    expect(SCRIPTS.demo).toBeDefined();
    expect(SCRIPTS.test).toBeDefined();
    expect(existsSync(join(ROOT, 'scripts', 'install-shells.sh'))).toBe(true);
  });

  it('has a tour of commands against the sandbox', () => {
    expect(TOUR.length).toBeGreaterThan(5);
    for (const command of TOUR) expect(command.startsWith('--sandbox ')).toBe(true);
  });

  it.each(TOUR)('social %s runs as shown, output on stdout', async (command) => {
    const argv = command.split(' ');
    const run = await runCli(argv, { tty: true, columns: 100, env: { SOCIAL_CONFIG_DIR: dir } });
    const status = argv.includes('notfound') ? 12 : 0;
    expect([run.status, run.stderr]).toEqual([status, expect.not.stringContaining('error:')]);
    expect(run.stdout.length).toBeGreaterThan(0);
  });
});
