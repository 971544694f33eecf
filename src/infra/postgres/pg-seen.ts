// `movers --new-only` (and --min-gained with it) on the PostgreSQL store: the ids already reported,
// per service and niche, shared by every machine. The same critical section as the file's
// (infra/state/seen.ts), across machines: a session-level advisory lock on the niche is taken
// before the paid call, on a connection of its own, and given back after the output was written
// and the ids saved. A second machine polling the same niche waits for it, then reads what the
// first reported. A run that dies before printing saves nothing, and its connection's end frees
// the lock: its movers stay unseen.
import type { PoolClient } from 'pg';
import { usageError } from '../../domain/errors.js';
import { said, t } from '../../messages/use-errors.js';
import { SEEN_KEEP_MS } from '../state/seen.js';
import { errorCode, storeError } from './pg-failures.js';
import type { PostgresStore } from './pg-store.js';

export interface SharedSeenOptions {
  service: string;
  niche: string;
  /** --reset-state: this niche's ids are forgotten. */
  reset: boolean;
  waitMs: number;
}

export class SharedSeenState {
  private saving: Promise<void> | undefined;
  private released: Promise<void> | undefined;

  private constructor(
    private readonly store: PostgresStore,
    private readonly client: PoolClient,
    private readonly options: SharedSeenOptions,
    private readonly ids: Set<string>,
  ) {}

  /** Locks the niche (waiting at most `waitMs` for another machine) and reads what was reported. */
  static async open(store: PostgresStore, options: SharedSeenOptions): Promise<SharedSeenState> {
    const client = await store.connection();
    try {
      const key = `movers_seen ${options.service} ${options.niche}`;
      await client.query(`SET lock_timeout = ${Math.max(1, Math.round(options.waitMs))}`);
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      } catch (error) {
        // 55P03: lock_not_available, the wait is over.
        if (errorCode(error) === '55P03')
          throw usageError(
            said('errors.seen.inUseShared', {
              niche: options.niche,
              store: store.name,
              seconds: Math.round(options.waitMs / 1000),
            }),
            t('errors.seen.inUse.hint'),
          );
        throw error;
      }
      await client.query('RESET lock_timeout');
      if (options.reset)
        await client.query('DELETE FROM movers_seen WHERE service = $1 AND niche = $2', [
          options.service,
          options.niche,
        ]);
      // Those reported more than SEEN_KEEP_MS ago are deleted as each run saves.
      const rows = await client.query<{ external_id: string }>(
        'SELECT external_id FROM movers_seen WHERE service = $1 AND niche = $2',
        [options.service, options.niche],
      );
      const state = new SharedSeenState(store, client, options, new Set(rows.rows.map((row) => row.external_id)));
      store.beforeClose(() => state.release());
      return state;
    } catch (error) {
      client.release(true);
      throw storeError(error, store.name);
    }
  }

  /** The ids already reported for this niche of this service, by any machine. */
  seen(): Set<string> {
    return this.ids;
  }

  /**
   * Adds `ids` as reported at `now` and forgets those reported more than SEEN_KEEP_MS ago: written
   * before the lock is given back. `failed` hears why, if the store did not take them.
   */
  save(ids: readonly string[], now: Date, failed: (error: unknown) => void): void {
    const { service, niche } = this.options;
    this.saving = (async () => {
      await this.client.query('BEGIN');
      await this.client.query(
        `INSERT INTO movers_seen (service, niche, external_id, reported_at)
         SELECT $1, $2, id, $4 FROM unnest($3::text[]) AS id ON CONFLICT DO NOTHING`,
        [service, niche, ids, now],
      );
      await this.client.query('DELETE FROM movers_seen WHERE service = $1 AND niche = $2 AND reported_at < $3', [
        service,
        niche,
        new Date(now.getTime() - SEEN_KEEP_MS),
      ]);
      await this.client.query('COMMIT');
    })().catch((error: unknown) => failed(storeError(error, this.store.name)));
  }

  /** Gives the lock back, once what was reported is saved (once: a second call waits for the first). */
  release(): Promise<void> {
    this.released ??= this.unlock();
    return this.released;
  }

  private async unlock(): Promise<void> {
    await this.saving;
    try {
      await this.client.query('SELECT pg_advisory_unlock_all()');
      this.client.release();
    } catch (error) {
      // The connection's end frees the lock all the same.
      this.client.release(error instanceof Error ? error : true);
    }
  }
}
