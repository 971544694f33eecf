// The sandbox's state behind the HTTP layer: clock, ledger, cache and archive, and the state file
// that keeps ledger and cache across restarts (written atomically: a temp file renamed over).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

export interface CoreOptions {
  now: () => Date;
  seed: number;
  statePath?: string;
}

export class SandboxCore {
  readonly now: () => Date;
  readonly ledger: Ledger;
  readonly cache: ResponseCache<EnvelopeData>;
  private readonly seed: number;
  private built: { hour: number; archive: Archive };
  private readonly statePath: string | undefined;

  constructor(options: CoreOptions) {
    this.now = options.now;
    this.statePath = options.statePath;
    const saved = this.statePath === undefined ? undefined : readState(this.statePath);
    this.ledger = new Ledger(this.now, saved?.accounts);
    this.cache = new ResponseCache(this.now, saved?.cache);
    this.seed = options.seed;
    this.built = this.build();
  }

  /**
   * The archive as of the clock's hour. Under a running clock it is generated again when a new
   * hour begins (about 70 ms), so coverage stays current; a fixed clock (--now) keeps one archive.
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
    if (this.statePath === undefined) return;
    const state: SavedState = { version: 1, accounts: this.ledger.toJSON(), cache: this.cache.toJSON() };
    mkdirSync(dirname(this.statePath), { recursive: true });
    const temp = `${this.statePath}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
    renameSync(temp, this.statePath);
  }
}

function hourOf(date: Date): number {
  return Math.floor(date.getTime() / 3_600_000);
}

function readState(path: string): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const state = JSON.parse(text) as Partial<SavedState>;
  if (state.version !== 1 || !Array.isArray(state.accounts) || !Array.isArray(state.cache)) {
    throw new Error(`${path} is not a sandbox state file`);
  }
  return state as SavedState;
}
