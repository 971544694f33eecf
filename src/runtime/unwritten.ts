// A paid answer always reaches the user: when the output cannot be written (a full disk, an I/O
// error, a rendering failure; not a reader that left, like `| head`), the answer the run was
// printing is saved to one file in the config folder and the error says where, so the credit it
// cost is not wasted. The answer is held from just before it is printed to the end of the run,
// because a write error can come after the run has returned (stdout reports it asynchronously).
// A batch holds its records instead (see holdRecords): they are saved as ndjson, in one file, which
// also takes, as they come, the records whose --jq filter failed (see heldOutput's keep).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeStateDir, writeTextFile } from '../domain/state-file.js';
import type { OutStream } from '../infra/context.js';

/** A batch's records: those stdout has not taken, and the file of those kept already, if begun. */
interface HeldRecords {
  dir: string;
  records: unknown[];
  at: Date;
  kept?: { path: string; records: WeakSet<object> };
}

let held: { dir: string; body: unknown; at: Date } | HeldRecords | undefined;
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
function holdRecords(batch: HeldRecords): () => void {
  held = batch;
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
  try {
    if (!('records' in answer)) {
      const path = unwrittenPath(answer.dir, answer.at, 'json');
      writeTextFile(path, ndjson([answer.body]));
      return path;
    }
    const { kept } = answer;
    // After the records kept already, in the same file: those stdout did not take (and not kept).
    if (kept === undefined) {
      const path = unwrittenPath(answer.dir, answer.at, 'ndjson');
      writeTextFile(path, ndjson(answer.records));
      return path;
    }
    appendFileSync(kept.path, ndjson(answer.records.filter((record) => !kept.records.has(record as object))));
    return kept.path;
  } catch {
    return undefined;
  }
}

function unwrittenPath(dir: string, at: Date, extension: 'json' | 'ndjson'): string {
  return join(dir, `unwritten-${at.toISOString().replace(/[:.]/g, '-')}.${extension}`);
}

function ndjson(lines: readonly unknown[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** The end of a "could not write the output" message: where the answer went, if it was saved. */
export function savedNote(path: string | undefined): string {
  return path === undefined ? '' : `; the answer is saved in ${path}`;
}

/**
 * stdout as a batch writes to it, keeping the records it has not taken yet: each record given to
 * `hold` (before its text is written) stays held until a write that carries it is done, so on a
 * failed write those records, and every one after, are what saveUnwritten saves. A record whose
 * text comes later (--jq's values) is given to `pend` instead, and carried by the writes made
 * once `given` counted it (just before its values are written), not by those made meanwhile,
 * which would let it go as written and then lose it to a later write that fails. `onFailure`
 * hears the first failure (not EPIPE: a reader that left, like `| head`, is no failure); nothing
 * is written after it. `done` ends the holding (see holdRecords). `keep` saves a record stdout
 * will never carry (its --jq filter failed) to the batch's unwritten file at once, so memory stays
 * flat however many fail; `kept` says where they went, or why they could not be saved.
 */
export function heldOutput(stdout: OutStream, dir: string, at: Date, onFailure: (error: Error) => void) {
  const records: unknown[] = [];
  const batch: HeldRecords = { dir, records, at };
  const done = holdRecords(batch);
  let keptCount = 0;
  let keepFailure: Error | undefined;
  let held = 0;
  let taken = 0;
  let failed = false;
  const out: OutStream = {
    synchronous: stdout.synchronous,
    write(chunk: string | Uint8Array) {
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
    pend(record: unknown) {
      records.push(record);
    },
    /** The next `count` records given to pend are in the next write. */
    given(count: number) {
      held += count;
    },
    keep(record: unknown) {
      keptCount += 1;
      if (keepFailure !== undefined) return;
      try {
        if (batch.kept === undefined) makeStateDir(dir);
        const path = batch.kept?.path ?? unwrittenPath(dir, at, 'ndjson');
        appendFileSync(path, ndjson([record]), { mode: 0o600 });
        batch.kept ??= { path, records: new WeakSet() };
        batch.kept.records.add(record as object);
      } catch (error) {
        keepFailure = error as Error;
      }
    },
    /**
     * The records kept: how many, their file (once one is saved), and why some could not be
     * saved (the first failure: none is tried after it); undefined when none was kept.
     */
    kept(): { count: number; path: string | undefined; failure: Error | undefined } | undefined {
      return keptCount === 0 ? undefined : { count: keptCount, path: batch.kept?.path, failure: keepFailure };
    },
    done,
  };
}
