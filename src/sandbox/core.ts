// The sandbox's state behind the HTTP layer: clock, ledger, cache and archive, and the state file
// that keeps ledger and cache across restarts (written atomically: a temp file renamed over). A
// state file that cannot be written or read is reported, never an HTTP 500: the calls still work.
import { type DamageReason, isRecord, moveAside, readStateFile, writeJsonFile } from '../domain/state-file.js';
import type { Archive } from './archive.js';
import { buildArchive } from './archive.js';
import type { CacheEntry } from './cache.js';
import { ResponseCache } from './cache.js';
import type { KeyAccount } from './ledger.js';
import { Ledger } from './ledger.js';
import type { EnvelopeContext, EnvelopeData, SandboxRequest } from './reply.js';

interface SavedState {
  version: 1;
  accounts: KeyAccount[];
  cache: CacheEntry<EnvelopeData>[];
}

/** Where the sandbox tells what of its state file it could not write, or found damaged. */
export interface StateProblems {
  notSaved(problem: StateProblem, path: string, error: unknown): void;
  /** `reason` undefined: the file is JSON, but no sandbox state. */
  movedAside(path: string, aside: string, reason: DamageReason | undefined): void;
}

/** What of its state file the sandbox could not keep, said by the caller in the run's language. */
export type StateProblem = 'notWritten' | 'unreadable' | 'notMovedAside';

export interface CoreOptions {
  now: () => Date;
  seed: number;
  statePath?: string;
  stateProblems?: StateProblems;
}

export class SandboxCore {
  readonly now: () => Date;
  readonly ledger: Ledger;
  readonly cache: ResponseCache<EnvelopeData>;
  private readonly seed: number;
  private built: { hour: number; archive: Archive };
  private readonly statePath: string | undefined;
  private readonly stateProblems: StateProblems | undefined;
  private stateFailed = false;

  constructor(options: CoreOptions) {
    this.now = options.now;
    this.statePath = options.statePath;
    this.stateProblems = options.stateProblems;
    const saved = this.statePath === undefined ? undefined : this.readState(this.statePath);
    this.ledger = new Ledger(this.now, saved?.accounts);
    this.cache = new ResponseCache(this.now, saved?.cache);
    this.seed = options.seed;
    this.built = this.build();
  }

  /**
   * The archive as of the clock's hour. Under a running clock it is generated again when a new
   * hour begins, so coverage stays current; a fixed clock (--now) keeps one archive.
   */
  get archive(): Archive {
    if (hourOf(this.now()) !== this.built.hour) this.built = this.build();
    return this.built.archive;
  }

  private build(): { hour: number; archive: Archive } {
    const now = this.now();
    return { hour: hourOf(now), archive: buildArchive({ seed: this.seed, now }) };
  }

  envelopeContext(req: SandboxRequest): EnvelopeContext {
    return { ledger: this.ledger, now: this.now(), requestId: req.requestId };
  }

  /** Called after the ledger or cache changed, so the state file follows. */
  changed(): void {
    if (this.statePath === undefined || this.stateFailed) return;
    const state: SavedState = { version: 1, accounts: this.ledger.toJSON(), cache: this.cache.toJSON() };
    try {
      writeJsonFile(this.statePath, state, { sync: false });
    } catch (error) {
      // Told once; the sandbox keeps its state in memory from here on.
      this.stateFailed = true;
      this.stateProblems?.notSaved('notWritten', this.statePath, error);
    }
  }

  /** The saved state; a damaged file is moved aside, an unreadable one left alone: a fresh start. */
  private readState(path: string): SavedState | undefined {
    let read: ReturnType<typeof readStateFile>;
    try {
      read = readStateFile(path);
    } catch (error) {
      this.stateProblems?.notSaved('unreadable', path, error);
      return undefined;
    }
    if (read.kind === 'missing') return undefined;
    const state = read.kind === 'ok' ? read.value : undefined;
    if (isRecord(state) && state.version === 1 && Array.isArray(state.accounts) && Array.isArray(state.cache))
      return state as unknown as SavedState;
    const reason = read.kind === 'corrupt' ? read.reason : undefined;
    try {
      this.stateProblems?.movedAside(path, moveAside(path, this.now()), reason);
    } catch (error) {
      this.stateProblems?.notSaved('notMovedAside', path, error);
    }
    return undefined;
  }
}

function hourOf(date: Date): number {
  return Math.floor(date.getTime() / 3_600_000);
}
