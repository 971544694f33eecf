// A paid answer always reaches the user: when the output cannot be written (a full disk, an I/O
// error, a rendering failure; not a reader that left, like `| head`), the answer the run was
// printing is saved to one file in the config folder and the error says where, so the credit it
// cost is not wasted. The answer is held from just before it is printed to the end of the run,
// because a write error can come after the run has returned (stdout reports it asynchronously).
import { join } from 'node:path';
import { writeJsonFile } from '../domain/state-file.js';

let held: { dir: string; body: unknown; at: Date } | undefined;

/** Holds `body`, the service's answer about to be printed, until the run ends. */
export function holdAnswer(dir: string, body: unknown, at: Date): void {
  held = { dir, body, at };
}

/**
 * Saves the held answer (once) as `unwritten-<time>.json` in the config folder: the path, or
 * undefined when no answer is held or it could not be saved either.
 */
export function saveUnwritten(): string | undefined {
  const answer = held;
  held = undefined;
  if (answer === undefined) return undefined;
  const path = join(answer.dir, `unwritten-${answer.at.toISOString().replace(/[:.]/g, '-')}.json`);
  try {
    writeJsonFile(path, answer.body);
    return path;
  } catch {
    return undefined;
  }
}

/** The end of a "could not write the output" message: where the answer went, if it was saved. */
export function savedNote(path: string | undefined): string {
  return path === undefined ? '' : `; the answer is saved in ${path}`;
}
