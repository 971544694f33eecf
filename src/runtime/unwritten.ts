// A paid answer always reaches the user: when the output cannot be written (a full disk, an I/O
// error, a rendering failure; not a reader that left, like `| head`), the answer the run was
// printing is saved to one file in the config folder and the error says where, so the credit it
// cost is not wasted. The answer is held from just before it is printed to the end of the run,
// because a write error can come after the run has returned (stdout reports it asynchronously).
// A batch holds its records instead (see holdRecords): they are saved as ndjson, in one file.
import { join } from 'node:path';
import { writeTextFile } from '../domain/state-file.js';
import type { OutStream } from '../infra/context.js';

let held: { dir: string; body: unknown; at: Date } | { dir: string; records: unknown[]; at: Date } | undefined;
/** Set while a batch runs: it reports a failed stdout itself, after the calls under way. */
let reportedByRun = false;

/** Holds `body`, the service's answer about to be printed, until the run ends. */
export function holdAnswer(dir: string, body: unknown, at: Date): void {
  held = { dir, body, at };
}

/**
 * Holds a batch's records: `records` is the list the batch fills with the ndjson records stdout
 * has not taken, saved by saveUnwritten when stdout fails. Until the returned function is called
 * (the batch ended), the batch reports such a failure itself; what stdout fails to take after
 * that, the bin reports, as for a single answer.
 */
function holdRecords(dir: string, records: unknown[], at: Date): () => void {
  held = { dir, records, at };
  reportedByRun = true;
  return () => {
    reportedByRun = false;
  };
}

/** Whether the run reports a stdout failure itself (a batch): the bin then leaves it to the run. */
export function outputFailureReported(): boolean {
  return reportedByRun;
}

/**
 * Saves the held answer (once) as `unwritten-<time>.json` in the config folder (a batch's records
 * as `.ndjson`): the path, or undefined when nothing is held or it could not be saved either.
 */
export function saveUnwritten(): string | undefined {
  const answer = held;
  held = undefined;
  if (answer === undefined) return undefined;
  const name = `unwritten-${answer.at.toISOString().replace(/[:.]/g, '-')}`;
  const path = join(answer.dir, 'records' in answer ? `${name}.ndjson` : `${name}.json`);
  try {
    const lines = 'records' in answer ? answer.records : [answer.body];
    writeTextFile(path, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    return path;
  } catch {
    return undefined;
  }
}

/** The end of a "could not write the output" message: where the answer went, if it was saved. */
export function savedNote(path: string | undefined): string {
  return path === undefined ? '' : `; the answer is saved in ${path}`;
}

/**
 * stdout as a batch writes to it, keeping the records it has not taken yet: each record given to
 * `hold` (before its text is written) stays held until a write that carries it is done, so on a
 * failed write those records, and every one after, are what saveUnwritten saves. `onFailure`
 * hears the first failure (not EPIPE: a reader that left, like `| head`, is no failure); nothing
 * is written after it. `done` ends the holding (see holdRecords).
 */
export function heldOutput(stdout: OutStream, dir: string, at: Date, onFailure: (error: Error) => void) {
  const records: unknown[] = [];
  const done = holdRecords(dir, records, at);
  let held = 0;
  let taken = 0;
  let failed = false;
  const out: OutStream = {
    write(chunk: string) {
      if (failed) return false;
      // Every record held so far is in this chunk or an earlier one.
      const carried = held;
      return stdout.write(chunk, (error) => {
        if (error) {
          if (failed || (error as NodeJS.ErrnoException).code === 'EPIPE') return;
          failed = true;
          onFailure(error);
        } else if (!failed && carried > taken) {
          records.splice(0, carried - taken);
          taken = carried;
        }
      });
    },
  };
  return {
    out,
    hold(record: unknown) {
      records.push(record);
      held += 1;
    },
    done,
  };
}
