// The guide shows the README's tour once in Portuguese, and it is true: the same commands, run in
// order in one config folder under LANG=pt_BR.UTF-8, at the sandbox clock the guide names, each
// printing exactly what the guide shows under it (as test/readme.test.ts holds the English one).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from './helpers/cli.js';
import { runStep, screenLines, shows, tourOf } from './helpers/tour.js';

const ROOT = join(import.meta.dirname, '..');
const GUIDE = readFileSync(join(ROOT, 'docs', 'guide.md'), 'utf8');
/** The guide's section of the tour in Portuguese, up to the next heading. */
const SECTION = /\n### The tour in Portuguese\n([\s\S]*?)\n#{2,3} /.exec(GUIDE)?.[1] ?? '';
const CLOCK = /`SOCIAL_SANDBOX_NOW=(\S+)`/.exec(SECTION)?.[1];
const TOUR = tourOf(SECTION);
const README_TOUR = tourOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));

describe("the guide's tour in Portuguese", () => {
  const dir = tempConfigDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is the README's tour, at the README's clock", () => {
    expect(TOUR.map((step) => step.command)).toEqual(README_TOUR.map((step) => step.command));
    expect(CLOCK).toBe(/`SOCIAL_SANDBOX_NOW=(\S+)`/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))?.[1]);
    for (const { command, shown } of TOUR) expect(shown.length, command).toBeGreaterThan(0);
  });

  it.each(TOUR.map((step, i) => [step.command, i] as const))(
    'social %s prints what the guide shows',
    async (command) => {
      const step = TOUR.find((s) => s.command === command)!;
      const run = await runStep(command, dir, CLOCK!, { LANG: 'pt_BR.UTF-8' });
      const status = command.split(' ').includes('notfound') ? 12 : 0;
      expect([run.status, run.stderr]).toEqual([status, expect.not.stringContaining('erro:')]);
      expect(shows(step.shown, run.stdout.replace(/\n$/, '').split('\n'), screenLines(run.stderr))).toBeUndefined();
    },
  );
});
