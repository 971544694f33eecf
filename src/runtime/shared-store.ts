// The PostgreSQL store of a run, when the store setting is a postgres:// URL: opened as the
// session opens, before anything is sent. A run with a shared budget cannot go on without it (the
// budget could not be enforced: nothing paid is sent, and the store's failure is the run's exit
// status); any other run goes on and says once, at its end, what was not saved there.

import { ledgerReason } from '../domain/charges.js';
import type { CallListener } from '../infra/client/call-types.js';
import type { Context } from '../infra/context.js';
import type { SharedLedger } from '../infra/postgres/pg-ledger.js';
import type { PostgresStore } from '../infra/postgres/pg-store.js';
import { isPostgresUrl, serverName } from '../infra/postgres/store-url.js';
import type { StateReport } from '../infra/state/state-report.js';
import { t } from '../messages/use-notes.js';
import type { Globals } from './globals.js';

export async function openSharedStore(
  globals: Globals,
  ctx: Context,
  state: StateReport,
): Promise<PostgresStore | undefined> {
  if (globals.sandbox || !isPostgresUrl(globals.storeUrl)) return undefined;
  const { PostgresStore } = await import('../infra/postgres/pg-store.js');
  try {
    return await PostgresStore.open(globals.storeUrl, { env: ctx.env });
  } catch (error) {
    if (globals.budget !== undefined) throw error;
    state.notSaved(t('notes.state.pgStore', { store: serverName(globals.storeUrl) }), error);
    return undefined;
  }
}

/**
 * The ledger of every machine on the store, for this key on this service: what this run spends
 * goes there as it goes to the local ledger, charged, cached or uncertain.
 */
export async function openSharedLedger(
  store: PostgresStore,
  service: string,
  apiKey: string | undefined,
  env: Context['env'],
): Promise<RunLedger> {
  const [{ SharedLedger }, { machineName }, { keyFingerprint }] = await Promise.all([
    import('../infra/postgres/pg-ledger.js'),
    import('../infra/postgres/pg-budgets.js'),
    import('../infra/state/spend-ledger.js'),
  ]);
  const key = apiKey === undefined ? null : keyFingerprint(apiKey);
  return new RunLedger(new SharedLedger(store, { service, key, machine: machineName(env) }));
}

/** The run's side of the shared ledger: each charge as the client decided it, written in batches. */
export class RunLedger {
  constructor(private readonly ledger: SharedLedger) {}

  get lost(): number {
    return this.ledger.lost;
  }

  /**
   * What each call of `command` cost, as the local ledger keeps it: an answer that charged
   * something, was a cache hit, or whose charge is uncertain; a failure that counts as charged.
   */
  listener(command: string): CallListener {
    return ({ spec, at, charge, body, error }) => {
      const route = spec.path;
      if (error === undefined) {
        if (charge.reading === 'none' || body === null || typeof body !== 'object') return;
        const cached = (body as { cached?: unknown }).cached === true;
        if (charge.credits === 0 && !cached && !charge.uncertain) return;
        this.ledger.add({
          at,
          command,
          route,
          credits: charge.credits,
          cached,
          uncertain: charge.uncertain,
          reason: ledgerReason(charge),
        });
      } else if (charge.uncertain || charge.credits > 0)
        this.ledger.add({
          at,
          command,
          route,
          credits: charge.credits,
          cached: false,
          uncertain: charge.uncertain,
          reason: ledgerReason(charge),
        });
    };
  }

  close(): Promise<void> {
    return this.ledger.close();
  }
}

/** Says at the end of the run that the store went away for a while, and what came of it. */
export function tellStoreWaits(store: PostgresStore, state: StateReport, unsettled: number, lost: number): void {
  if (store.waited === 0 && unsettled === 0 && lost === 0) return;
  const parts = [
    store.waited === 0 ? '' : t('notes.state.storeWaited', { store: store.name, n: store.waited }),
    unsettled === 0 ? '' : t('notes.state.unsettled', { n: unsettled }),
    lost === 0 ? '' : t('notes.state.unrecorded', { n: lost }),
  ];
  state.tell(parts.filter((part) => part !== '').join('; '));
}
