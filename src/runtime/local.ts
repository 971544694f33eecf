// The runner of commands that answer from the local store alone (history, search, track add,
// remove, list and report): settings resolved, the store opened (read-only unless the command
// writes: the watchlist), the run, its outcome printed. No session: no key, no client, nothing
// sent, whatever the settings say. Under --sandbox, the sandbox's own store, at its clock.
import { SocialError, usageError } from '../domain/errors.js';
import type { Context } from '../infra/context.js';
import { shownLocation } from '../infra/store/access.js';
import type { Store, StoreError } from '../infra/store/store.js';
import { checkStoreSetting } from '../infra/store/store-setting.js';
import { said, t } from '../messages/use-errors.js';
import type { Globals, RawGlobals } from './globals.js';
import { resolveGlobals } from './globals.js';
import { writeHeld } from './local-store.js';
import type { Outcome } from './runner.js';
import { printOutcome, withRunClock } from './runner.js';

export interface LocalRuntime {
  ctx: Context;
  globals: Globals;
  /** The store; undefined when nothing has been stored yet (no file): every question finds nothing. */
  store: Store | undefined;
  /** Where the store is, for messages. */
  location: string;
}

export interface LocalNeeds {
  /** The command writes (the watchlist): the store is opened for writing, made if missing. */
  write: boolean;
}

export async function runLocalCommand(
  given: Context,
  raw: RawGlobals,
  needs: LocalNeeds,
  body: (rt: LocalRuntime) => Promise<Outcome>,
): Promise<number> {
  const resolved = storeChecked(given, resolveGlobals(raw, given));
  const ctx = withRunClock(given, resolved);
  const where = ctx.store.location(resolved);
  if (where.engine === 'off') throw usageError(said('errors.store.off'));
  const location = shownLocation(where);
  await writeHeld();
  const store = await openStore(ctx, resolved, needs);
  try {
    return await printOutcome(ctx, resolved, await body({ ctx, globals: resolved, store, location }));
  } finally {
    await store?.close();
  }
}

/**
 * `globals`, once its store setting is one a store can be opened from (else its error, exit 2):
 * never a file named like a URL. Checked once a run (checkStoreSetting keeps the setting found good).
 */
export function storeChecked(ctx: Context, globals: Globals): Globals {
  checkStoreSetting(ctx.store, globals);
  return globals;
}

async function openStore(ctx: Context, globals: Globals, needs: LocalNeeds): Promise<Store | undefined> {
  const { StoreError } = await import('../infra/store/store.js');
  try {
    return await ctx.store.open(globals, { readOnly: !needs.write });
  } catch (error) {
    if (error instanceof StoreError && error.code === 'not_found' && !needs.write) return undefined;
    if (error instanceof StoreError) throw unusableStore(error);
    throw error;
  }
}

/** A store that cannot be opened, as the error a run that reads it ends with: what is wrong, exit 1. */
export function unusableStore(error: StoreError): SocialError {
  return new SocialError('unexpected', said('errors.store.unusable', { reason: error.said }), {
    code: `store_${error.code}`,
    suggestion: t('errors.store.unusable.hint'),
  });
}
