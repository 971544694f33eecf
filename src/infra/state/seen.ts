// `movers --new-only`: the external ids already reported, per service and niche, in the config
// dir. One run at a time: the state is locked before the paid call and released after the output
// was written and the state saved (read, filter, report, save is one critical section), so
// overlapping cron runs never report a mover twice and never lose one.
import { join } from 'node:path';
import { SocialError, usageError } from '../../domain/errors.js';
import { fsReason, isRecord, moveAside, readStateFile, writeJsonFile } from '../../domain/state-file.js';
import { type Said, say } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import { acquireLock, LockBusyError, type Release } from './lock.js';

const SEEN_FILE = 'movers-seen.json';
/** Ids reported longer ago than this are forgotten: the file does not grow without end. */
export const SEEN_KEEP_MS = 30 * 24 * 60 * 60_000;

/** service key -> niche -> external id -> when it was first reported (ISO). */
type SeenFile = { version: 1; services: Record<string, Record<string, Record<string, string>>> };

function seenPath(dir: string): string {
  return join(dir, SEEN_FILE);
}

export interface SeenOpenOptions {
  service: string;
  niche: string;
  /** --reset-state: a damaged file is moved aside, and this niche's ids are forgotten. */
  reset: boolean;
  now: Date;
  waitMs: number;
  /** Told when a damaged file was moved aside under --reset-state. */
  movedAside(path: string, aside: string, reason: string): void;
}

/** The --new-only state of one niche of one service, held locked until `release`. */
export class SeenState {
  private constructor(
    private readonly path: string,
    private readonly file: SeenFile,
    private readonly options: SeenOpenOptions,
    readonly release: Release,
  ) {}

  /**
   * Locks and reads the state before anything is spent. Refuses (exit 2, a usage refusal) when the state
   * cannot be written, another run holds it past the wait, or it is damaged (going on would
   * report, and so repay for, everything again) unless `reset`.
   */
  static async open(dir: string, options: SeenOpenOptions): Promise<SeenState> {
    const path = seenPath(dir);
    let release: Release;
    try {
      release = await acquireLock(path, options.waitMs);
    } catch (error) {
      if (error instanceof LockBusyError)
        throw usageError(
          said('errors.seen.inUse', { path, seconds: Math.round(error.waitedMs / 1000) }),
          t('errors.seen.inUse.hint'),
        );
      throw unwritable(path, error);
    }
    try {
      return new SeenState(path, readSeenFile(path, options), options, release);
    } catch (error) {
      await release();
      throw error instanceof SocialError ? error : unwritable(path, error);
    }
  }

  /** The ids already reported for this niche of this service. */
  seen(): Set<string> {
    const ids = this.file.services[this.options.service]?.[this.options.niche];
    return new Set(isRecord(ids) ? Object.keys(ids) : []);
  }

  /** Adds `ids` as reported at `now`, forgets those reported more than SEEN_KEEP_MS ago, writes. */
  save(ids: readonly string[], now: Date): void {
    const { service, niche } = this.options;
    const services = this.file.services;
    const niches = isRecord(services[service]) ? services[service] : {};
    services[service] = niches;
    const known = isRecord(niches[niche]) ? niches[niche] : {};
    niches[niche] = known;
    const at = now.toISOString();
    for (const id of ids) known[id] ??= at;
    const oldest = now.getTime() - SEEN_KEEP_MS;
    for (const [id, when] of Object.entries(known)) {
      const time = Date.parse(when);
      if (!Number.isFinite(time) || time < oldest) delete known[id];
    }
    writeJsonFile(this.path, this.file);
  }
}

function unwritable(path: string, error: unknown): SocialError {
  return usageError(
    said('errors.seen.unwritable', { path, reason: fsReason(error) }),
    t('errors.seen.unwritable.hint'),
  );
}

function readSeenFile(path: string, options: SeenOpenOptions): SeenFile {
  const read = readStateFile(path);
  if (read.kind === 'missing') return { version: 1, services: {} };
  const file = read.kind === 'ok' ? read.value : undefined;
  const valid = isRecord(file) && file.version === 1 && isRecord(file.services);
  if (!valid) {
    const reason: string | Said = read.kind === 'corrupt' ? read.reason : said('errors.seen.notState');
    if (!options.reset) throw usageError(said('errors.seen.damaged', { path, reason }), t('errors.seen.damaged.hint'));
    options.movedAside(path, moveAside(path, options.now), typeof reason === 'string' ? reason : say(reason));
    return { version: 1, services: {} };
  }
  const seen = file as unknown as SeenFile;
  if (options.reset) delete seen.services[options.service]?.[options.niche];
  return seen;
}
