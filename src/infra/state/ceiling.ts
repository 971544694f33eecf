// The monthly spending ceiling of a key, as far as the service has revealed it. No free call tells
// a ceiling: only a teto_estourado answer does (with cap and spent_this_month, when it carries
// them). So each one is remembered, per service and key fingerprint, with when it was seen, in
// ceilings.json in the config dir, and `credits` can say that paid calls are refused even with a
// balance left. The file holds every key's ceiling, so a change is read, made and written whole
// under the file's lock: two runs at once never lose each other's ceiling, and the rename over it
// means a reader never sees half of it. A ceiling belongs to its month: it lapses on the 1st, as
// the spending it counts does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, readStateFile, writeJsonFile } from '../../domain/state-file.js';
import type { LedgerIdentity } from './spend-ledger.js';

export interface Ceiling {
  /** The monthly ceiling in credits; null when the answer did not say it. */
  cap: number | null;
  /** Spent this month as of seen_at; null when the answer did not say it. */
  spent_this_month: number | null;
  /** Whether paid calls are refused: spent reached cap, or the service said so without figures. */
  reached: boolean;
  /** When the service revealed it (ISO 8601). */
  seen_at: string;
}

type CeilingFile = { version: 1; ceilings: Record<string, Ceiling> };

/** @internal Exported for its tests. */
export function ceilingPath(dir: string): string {
  return join(dir, 'ceilings.json');
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/** The month of a date (UTC, "YYYY-MM"): a ceiling counts the spending of one. */
const monthOf = (iso: string) => iso.slice(0, 7);

/** The ceilings of one key on one service, remembered across runs. */
export class CeilingMemory {
  private readonly path: string;
  private readonly id: string;
  /** The changes under way, one after another: `settled` waits for them. */
  private pending: Promise<void> = Promise.resolve();

  /**
   * `onFailure` hears why the file could not be written (or its lock not taken within the wait
   * `env` sets, SOCIAL_LOCK_WAIT_MS); the run goes on: a paid answer is never lost to a memory
   * that could not be kept.
   */
  constructor(
    dir: string,
    identity: LedgerIdentity,
    private readonly onFailure: (error: unknown) => void,
    private readonly env: Record<string, string | undefined>,
  ) {
    this.path = ceilingPath(dir);
    this.id = `${identity.key ?? 'no key'} ${identity.service}`;
  }

  /**
   * The ceiling as last revealed this month, or undefined (none seen, or seen in an earlier month,
   * or the file unreadable: nothing is known).
   */
  read(now: Date): Ceiling | undefined {
    return this.current(this.file(), now);
  }

  private current(file: CeilingFile | undefined, now: Date): Ceiling | undefined {
    const ceiling = file?.ceilings[this.id];
    if (!isRecord(ceiling) || typeof ceiling.seen_at !== 'string') return undefined;
    if (monthOf(ceiling.seen_at) !== monthOf(now.toISOString())) return undefined;
    return {
      cap: count(ceiling.cap),
      spent_this_month: count(ceiling.spent_this_month),
      reached: ceiling.reached === true,
      seen_at: ceiling.seen_at,
    };
  }

  /**
   * A teto_estourado answer: its body (the envelope's error.details, or ApiError's own fields)
   * says the ceiling, and, unless its figures show room left (a call that would pass it), that it
   * is reached.
   */
  refused(body: unknown, now: Date): void {
    const record = isRecord(body) ? body : {};
    const inner = isRecord(record.error) && isRecord(record.error.details) ? record.error.details : record;
    const cap = count(inner.cap);
    const spent = count(inner.spent_this_month);
    const reached = cap === null || spent === null || spent >= cap;
    this.change(() => ({ cap, spent_this_month: spent, reached, seen_at: now.toISOString() }));
  }

  /**
   * A call was charged `credits` (the client's charge of the call): spent grows. An answered call
   * that cost something, for certain, shows that paid calls pass again: a ceiling said reached was
   * raised, and is forgotten. One that failed after it may have been charged, or whose answer's
   * charge is uncertain (a figure not a count of credits), (`answered` false) shows nothing of the
   * kind: it only counts towards a ceiling not reached.
   */
  charged(credits: number, now: Date, answered = true): void {
    // Read first without the lock: most keys have no ceiling known, and their calls take no lock.
    // Most machines have no ceiling file at all: their calls only ask whether it is there (reading
    // a file that is not there costs an exception, with its stack, a call).
    if (credits <= 0 || !existsSync(this.path)) return;
    const seen = this.read(now);
    if (seen === undefined || (seen.reached && !answered)) return;
    this.change((file) => {
      const known = this.current(file, now);
      if (known === undefined || (known.reached && answered)) return undefined;
      if (known.reached) return known;
      const spent = known.spent_this_month === null ? null : known.spent_this_month + credits;
      const reached = known.cap !== null && spent !== null && spent >= known.cap;
      return { ...known, spent_this_month: spent, reached };
    });
  }

  /** Waits for the changes under way to be written (or told to `onFailure`). */
  settled(): Promise<void> {
    return this.pending;
  }

  private file(): CeilingFile | undefined {
    try {
      const read = readStateFile(this.path);
      if (read.kind !== 'ok' || !isRecord(read.value) || !isRecord(read.value.ceilings)) return undefined;
      return read.value as unknown as CeilingFile;
    } catch {
      return undefined;
    }
  }

  /**
   * Sets this key's ceiling to what `next` makes of the file as it is under the lock (undefined:
   * forgotten); every other key's is kept as it is there.
   */
  private change(next: (file: CeilingFile | undefined) => Ceiling | undefined): void {
    const write = async () => {
      // Loaded at the first change: most runs have none to write.
      const { lockWaitMs, withLock } = await import('./lock.js');
      await withLock(this.path, lockWaitMs(this.env), () => {
        const file = this.file();
        const ceiling = next(file);
        const whole = file ?? { version: 1, ceilings: {} };
        if (ceiling === undefined) delete whole.ceilings[this.id];
        else whole.ceilings[this.id] = ceiling;
        writeJsonFile(this.path, whole);
      });
    };
    this.pending = this.pending.then(write).catch(this.onFailure);
  }
}
