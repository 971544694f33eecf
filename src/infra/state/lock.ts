// Locks on state files, taken with proper-lockfile: a `<file>.lock` directory (mkdir is atomic on
// local and network file systems), kept fresh while it is held, taken over once stale (its holder
// was killed), and removed on any exit of the process that holds it. Waiting is bounded: past the
// wait, the caller is told who holds what, never left hanging.

import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import lockfile from 'proper-lockfile';
import { SaidError } from '../../domain/errors.js';
import { makeStateDir } from '../../domain/state-file.js';
import { said } from '../../messages/use-errors.js';

/** How long a run waits for another to finish with a state file; SOCIAL_LOCK_WAIT_MS changes it. */
const DEFAULT_LOCK_WAIT_MS = 60_000;
/** A lock whose holder has not refreshed it for this long is taken over (the holder died). */
const STALE_MS = 30_000;
const POLL_MS = 50;

export type Release = () => Promise<void>;

export class LockBusyError extends SaidError {
  constructor(
    readonly path: string,
    readonly waitedMs: number,
  ) {
    super(said('errors.lock.busy', { path, seconds: String(Math.round(waitedMs / 1000)) }));
    this.name = 'LockBusyError';
  }
}

export function lockWaitMs(env: Record<string, string | undefined>): number {
  const value = Number(env.SOCIAL_LOCK_WAIT_MS);
  return env.SOCIAL_LOCK_WAIT_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_LOCK_WAIT_MS;
}

/** Locks `path` (which need not exist), waiting at most `waitMs` for another holder to let go. */
export async function acquireLock(path: string, waitMs: number): Promise<Release> {
  makeStateDir(dirname(path));
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const release = await lockfile.lock(path, {
        realpath: false,
        stale: STALE_MS,
        // Losing a lock we hold (our process stalled past STALE_MS) is not worth crashing a run
        // that has paid: the atomic write still leaves a whole file.
        onCompromised: () => {},
      });
      return () => release().catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline) throw new LockBusyError(path, waitMs);
      await delay(POLL_MS);
    }
  }
}

/** Runs `work` while holding the lock on `path`. */
export async function withLock<T>(path: string, waitMs: number, work: () => T | Promise<T>): Promise<T> {
  const release = await acquireLock(path, waitMs);
  try {
    return await work();
  } finally {
    await release();
  }
}
