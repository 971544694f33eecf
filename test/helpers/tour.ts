// A tour of commands in a document (the README's, the guide's in Portuguese): each `$ social …`
// line of its text, with the lines shown under it, and whether a run shows them. A line "…" stands
// for rows left out; the sandbox's port changes every run.
import { type CliRun, runCli } from './cli.js';

export interface TourStep {
  /** The command line after `social ` (the tour quotes nothing: split on spaces). */
  command: string;
  shown: string[];
}

/** The tour's commands in `text`, each with what it shows (up to a blank line, the next command or the block's end). */
export function tourOf(text: string): TourStep[] {
  const lines = text.split('\n');
  const tour: TourStep[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('$ social ')) continue;
    const shown: string[] = [];
    for (let k = i + 1; k < lines.length && lines[k] !== '' && !lines[k]!.startsWith('$ ') && lines[k] !== '```'; k++)
      shown.push(lines[k]!);
    tour.push({ command: lines[i]!.slice('$ social '.length), shown });
  }
  return tour;
}

const port = (line: string) => line.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');

/** The lines a terminal is left with: what a carriage return and erase-line (progress) overwrote is gone. */
export function screenLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => (line.split('\r').at(-1) ?? '').replaceAll('\u001b[K', ''))
    .filter((line) => line !== '');
}

/** Whether `shown` is `stdout` with every line of `stderr` placed among it, "…" standing for rows left out. */
export function shows(
  shown: readonly string[],
  stdout: readonly string[],
  stderr: readonly string[],
): string | undefined {
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

/**
 * One step of a tour run as a user at a 100-column terminal runs it, in the config folder `dir`,
 * at the sandbox clock `clock` (unless the line sets --sandbox-now), with `env` besides.
 */
export function runStep(
  command: string,
  dir: string,
  clock: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  return runCli(command.split(' '), {
    tty: true,
    columns: 100,
    env: { SOCIAL_CONFIG_DIR: dir, SOCIAL_SANDBOX_NOW: clock, NO_COLOR: '1', ...env },
    now: new Date(clock),
  });
}
