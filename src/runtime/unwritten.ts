// A paid answer always reaches the user: when the output cannot be written (a full disk, an I/O
// error, a rendering failure; not a reader that left, like `| head`), the answer the run was
// printing is saved to one file in the config folder and the error says where, so the credit it
// cost is not wasted. The answer is held from just before it is printed to the end of the run,
// because a write error can come after the run has returned (stdout reports it asynchronously).
// A batch holds its records instead (see holdRecords): they are saved as ndjson, in one file, which
// also takes, as they come, the records whose --jq filter failed (see heldOutput's keep). Each
// file is made new (never one another run made in the same millisecond: its name then gets a
// number), so no run's saved records are written over or mixed with another's.
import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeStateDir } from '../domain/state-file.js';
import type { OutStream } from '../infra/context.js';
import { t } from '../messages/use-entry.js';

/** A batch's records: those stdout has not taken, and the file of those kept already, if begun. */
interface HeldRecords {
  dir: string;
  records: unknown[];
  at: Date;
  /** The file of the records kept, open (`fd`) until the batch ends. */
  kept?: { path: string; fd: number | undefined; records: WeakSet<object> };
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
 * Where the held answer was saved, and how many records this save wrote there (after a batch's
 * records kept before, in the same file), or why it could not be saved.
 */
export type Saved = { path: string; count: number } | { failure: Error };

/**
 * Saves the held answer (once) as `unwritten-<time>.json` in the config folder (a batch's records
 * as `.ndjson`): where, or why it could not be saved either; undefined when nothing is held.
 */
export function saveUnwritten(): Saved | undefined {
  const answer = held;
  held = undefined;
  if (answer === undefined) return undefined;
  try {
    if (!('records' in answer))
      return { path: saveNew(answer.dir, answer.at, 'json', ndjson([answer.body])), count: 1 };
    const { kept } = answer;
    if (kept === undefined)
      return { path: saveNew(answer.dir, answer.at, 'ndjson', ndjson(answer.records)), count: answer.records.length };
    // After the records kept already, in the same file: those stdout did not take (and not kept).
    // The count is of what this write put there, so a message's figures add up to the file's lines.
    const rest = answer.records.filter((record) => !kept.records.has(record as object));
    appendWhole(kept, ndjson(rest));
    return { path: kept.path, count: rest.length };
  } catch (error) {
    return { failure: error as Error };
  }
}

/** The path `saved` names, if any. */
export function savedPath(saved: Saved | undefined): string | undefined {
  return saved !== undefined && 'path' in saved ? saved.path : undefined;
}

/**
 * `text` after the records a batch kept, whole or not at all: what a failed write left (a full
 * disk, a file size limit) is cut off, so the file ends with a whole record.
 */
function appendWhole(kept: NonNullable<HeldRecords['kept']>, text: string): void {
  const fd = kept.fd ?? openSync(kept.path, 'a', 0o600);
  try {
    const { size } = fstatSync(fd);
    try {
      writeFileSync(fd, text);
    } catch (error) {
      try {
        ftruncateSync(fd, size);
      } catch {}
      throw error;
    }
  } finally {
    if (kept.fd === undefined) closeSync(fd);
  }
}

/**
 * How many names past the first a new file may take, each with a number, while others are taken:
 * runs of the same config folder that saved in the same millisecond.
 */
const OTHER_NAMES = 100;

/** A new file for what `at`'s run could not write, made here (never one that exists), open to write. */
function createUnwritten(dir: string, at: Date, extension: 'json' | 'ndjson'): { path: string; fd: number } {
  makeStateDir(dir);
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  for (let name = 1; ; name += 1) {
    const path = join(dir, `unwritten-${stamp}${name === 1 ? '' : `-${name}`}.${extension}`);
    try {
      return { path, fd: openSync(path, 'wx', 0o600) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || name > OTHER_NAMES) throw error;
    }
  }
}

/** `text` in a new file (createUnwritten), whole or not at all: its path. */
function saveNew(dir: string, at: Date, extension: 'json' | 'ndjson', text: string): string {
  const { path, fd } = createUnwritten(dir, at, extension);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {}
    rmSync(path, { force: true });
    throw error;
  }
  return path;
}

function ndjson(lines: readonly unknown[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** "could not write the output: `reason`", and where the answer went, or why it could not be saved. */
export function outputFailureText(reason: string, saved: Saved | undefined): string {
  if (saved === undefined) return t('entry.output', { reason });
  return 'path' in saved
    ? t('entry.output.saved', { reason, path: saved.path })
    : t('entry.output.notSaved', { reason, why: saved.failure.message });
}

/**
 * stdout as a batch writes to it, keeping the records it has not taken yet: each record given to
 * `hold` (before its text is written) stays held until a write that carries it is done, so on a
 * failed write those records, and every one after, are what saveUnwritten saves. A record whose
 * text comes later (--jq's values) is given to `pend` instead, and carried by the writes made
 * once `given` counted it (just before its values are written), not by those made meanwhile,
 * which would let it go as written and then lose it to a later write that fails. `onFailure`
 * hears the first failure (not EPIPE: a reader that left, like `| head`, is no failure); nothing
 * is written after it. `done` ends the holding (see holdRecords) and closes the
 * file of the records kept. `keep` saves a record stdout will never carry (its --jq filter failed)
 * to the batch's unwritten file at once, so memory stays flat however many fail; `kept` says where
 * they went, or why they could not all be saved: such a failure is said, never thrown (the record
 * was paid for, and the batch goes on).
 */
export function heldOutput(stdout: OutStream, dir: string, at: Date, onFailure: (error: Error) => void) {
  const records: unknown[] = [];
  const batch: HeldRecords = { dir, records, at };
  const endHolding = holdRecords(batch);
  let keptCount = 0;
  /** How many records the file holds whole. */
  let keptWhole = 0;
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
      let file = batch.kept;
      try {
        if (file === undefined) {
          const { path, fd } = createUnwritten(dir, at, 'ndjson');
          file = batch.kept = { path, fd, records: new WeakSet() };
        }
        // Whole records only: one cut short (a full disk) is cut off the file's end.
        appendWhole(file, ndjson([record]));
        keptWhole += 1;
        file.records.add(record as object);
      } catch (error) {
        keepFailure = error as Error;
        // A file with no whole record is not left at all.
        if (keptWhole > 0 || file?.fd === undefined) return;
        batch.kept = undefined;
        try {
          closeSync(file.fd);
          rmSync(file.path, { force: true });
        } catch {}
      }
    },
    /**
     * The records kept: how many, their file (once one is saved), and why some could not be
     * saved (the first failure: none is tried after it); undefined when none was kept.
     */
    kept(): { count: number; path: string | undefined; failure: Error | undefined } | undefined {
      return keptCount === 0 ? undefined : { count: keptCount, path: batch.kept?.path, failure: keepFailure };
    },
    done() {
      endHolding();
      const file = batch.kept;
      if (file?.fd === undefined) return;
      const { fd } = file;
      file.fd = undefined;
      try {
        closeSync(fd);
      } catch (error) {
        // What a file system says only at the close (NFS, a quota) may be the records' loss.
        keepFailure ??= error as Error;
      }
    },
  };
}
