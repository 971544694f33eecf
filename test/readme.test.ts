// The README's promises to a newcomer hold: its two commands name scripts that exist, and its
// tour is true. Every command of the tour runs against the sandbox at the clock the README names
// (SOCIAL_SANDBOX_NOW, unless the line sets --sandbox-now), one after another in one config
// folder, as a user at a 100-column terminal runs them; each prints exactly what the README shows
// under it: its stdout lines in order, and its stderr lines among them (where a terminal shows
// them depends on timing). A line "…" in the README stands for rows left out (test/helpers/tour.ts).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from './helpers/cli.js';
import { runStep, screenLines, shows, tourOf } from './helpers/tour.js';

const ROOT = join(import.meta.dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SCRIPTS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
const CLOCK = /`SOCIAL_SANDBOX_NOW=(\S+)`/.exec(README)?.[1];

/** The tour's commands, each with what it shows. */
const TOUR = tourOf(README);

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

  it('has a tour of commands against the sandbox, at a clock it names', () => {
    expect(TOUR.length).toBeGreaterThan(5);
    expect(CLOCK).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\dZ$/);
    for (const { command, shown } of TOUR) {
      expect(command.startsWith('--sandbox ')).toBe(true);
      expect(shown.length, command).toBeGreaterThan(0);
    }
  });

  it.each(TOUR.map((step, i) => [step.command, i] as const))(
    'social %s prints what the README shows',
    async (command) => {
      const step = TOUR.find((s) => s.command === command)!;
      const run = await runStep(command, dir, CLOCK!);
      const status = command.split(' ').includes('notfound') ? 12 : 0;
      expect([run.status, run.stderr]).toEqual([status, expect.not.stringContaining('error:')]);
      expect(shows(step.shown, run.stdout.replace(/\n$/, '').split('\n'), screenLines(run.stderr))).toBeUndefined();
    },
  );
});
