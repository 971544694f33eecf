// The README's promises to a newcomer hold: its two commands name scripts that exist, and its
// tour is true. Every command of the tour runs against the sandbox at the clock the README names
// (SOCIAL_SANDBOX_NOW, unless the line sets --sandbox-now), one after another in one config
// folder, as a user at a 100-column terminal runs them; each prints exactly what the README shows
// under it: its stdout lines in order, and its stderr lines among them (where a terminal shows
// them depends on timing). A line "…" in the README stands for rows left out; the sandbox's port
// changes every run.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './helpers/cli.js';

const ROOT = join(import.meta.dirname, '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SCRIPTS: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
const CLOCK = /`SOCIAL_SANDBOX_NOW=(\S+)`/.exec(README)?.[1];

/** The tour's commands (each `$ social …` line, split on spaces: the tour quotes nothing), each with what it shows. */
const TOUR = (() => {
  const lines = README.split('\n');
  const tour: Array<{ command: string; shown: string[] }> = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('$ social ')) continue;
    const shown: string[] = [];
    for (let k = i + 1; k < lines.length && lines[k] !== '' && !lines[k]!.startsWith('$ ') && lines[k] !== '```'; k++)
      shown.push(lines[k]!);
    tour.push({ command: lines[i]!.slice('$ social '.length), shown });
  }
  return tour;
})();

const port = (line: string) => line.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');

/** The lines a terminal is left with: what a carriage return and erase-line (progress) overwrote is gone. */
function screenLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => (line.split('\r').at(-1) ?? '').replaceAll('\u001b[K', ''))
    .filter((line) => line !== '');
}

/** Whether `shown` is `stdout` with every line of `stderr` placed among it, "…" standing for rows left out. */
function shows(shown: readonly string[], stdout: readonly string[], stderr: readonly string[]): string | undefined {
  let errors = stderr.map(port);
  const out: string[] = [];
  for (const line of shown.map(port)) {
    const at = errors.indexOf(line);
    if (at >= 0) errors = errors.filter((_, k) => k !== at);
    else out.push(line);
  }
  if (errors.length > 0) return `stderr not shown: ${errors.join(' | ')}`;
  let o = 0;
  for (let s = 0; s < out.length; s++) {
    if (out[s] === '…') {
      const next = out[s + 1];
      while (o < stdout.length && port(stdout[o]!) !== next) o += 1;
      continue;
    }
    if (port(stdout[o] ?? '') !== out[s])
      return `stdout line ${o + 1} is ${JSON.stringify(stdout[o])}, shown ${JSON.stringify(out[s])}`;
    o += 1;
  }
  return o === stdout.length ? undefined : `stdout has ${stdout.length - o} more lines than shown`;
}

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
      const argv = command.split(' ');
      const run = await runCli(argv, {
        tty: true,
        columns: 100,
        env: { SOCIAL_CONFIG_DIR: dir, SOCIAL_SANDBOX_NOW: CLOCK, NO_COLOR: '1' },
        now: new Date(CLOCK!),
      });
      const status = argv.includes('notfound') ? 12 : 0;
      expect([run.status, run.stderr]).toEqual([status, expect.not.stringContaining('error:')]);
      expect(shows(step.shown, run.stdout.replace(/\n$/, '').split('\n'), screenLines(run.stderr))).toBeUndefined();
    },
  );
});
