// Where the local store is, and the way to open it, as the context carries it (ctx.store). Light:
// naming the store loads nothing; the driver (node:sqlite, or node-postgres for a postgres:// URL)
// is imported by open(), when a command needs the store. The store is the run's store setting
// when set (SOCIAL_STORE, else the config file's `store`: a file, a postgres:// URL, or `off`);
// else store.db in SOCIAL_CONFIG_DIR when that is set (the folder a user or a test gave for all
// local state); else store.db in the user's data folder ($XDG_DATA_HOME/social,
// ~/.local/share/social, the platform's data folder as env-paths gives it). --sandbox runs have a
// store of their own beside that file (store.sandbox.db), so demo answers never mix with real
// ones: with a PostgreSQL store too, where they go to that file rather than to the shared server.
import { isAbsolute, join, resolve } from 'node:path';
import { isOff } from '../../domain/setting-words.js';
import { said } from '../../messages/catalogue.js';
import { isPostgresUrl, maskedUrl } from '../postgres/store-url.js';
import { userDir } from '../user-dirs.js';
import type { OpenOptions, Store } from './store.js';
import { StoreError } from './store.js';

/** Where a store is: `url` is the one to connect to, never printed (`shown` masks its password). */
type StoreLocation =
  | { engine: 'off' }
  | { engine: 'sqlite'; path: string }
  | { engine: 'postgres'; url: string; shown: string };

/** Which store a run uses (its settings, as runtime/globals.ts resolves them, fit this). */
interface StoreChoice {
  /** The store of --sandbox runs. */
  sandbox: boolean;
  /** The store setting: SOCIAL_STORE, else the config file's `store`. */
  storeUrl: string | undefined;
}

export interface StoreAccess {
  /** Where this run's store is. */
  location(choice: StoreChoice): StoreLocation;
  /** Opens the store (the caller closes it); refused with a StoreError when it is off. */
  open(choice: StoreChoice, options?: OpenOptions): Promise<Store>;
}

/** What a message names the store by: its file, or its URL with the password masked. */
export function shownLocation(where: Exclude<StoreLocation, { engine: 'off' }>): string {
  return where.engine === 'sqlite' ? where.path : where.shown;
}

/** Whether the store setting turns the store off (SOCIAL_STORE=off). */
export function storeOff(storeUrl: string | undefined): boolean {
  return isOff(storeUrl);
}

function storeLocation(env: Record<string, string | undefined>, choice: StoreChoice): StoreLocation {
  const named = choice.storeUrl?.trim();
  if (storeOff(named)) return { engine: 'off' };
  const postgres = isPostgresUrl(named);
  if (postgres && !choice.sandbox) return { engine: 'postgres', url: named, shown: maskedUrl(named) };
  let path: string;
  if (named && !postgres) path = resolve(named);
  else if (env.SOCIAL_CONFIG_DIR && isAbsolute(env.SOCIAL_CONFIG_DIR)) path = join(env.SOCIAL_CONFIG_DIR, 'store.db');
  else path = join(userDir('data', 'social', env), 'store.db');
  return { engine: 'sqlite', path: choice.sandbox ? sandboxPath(path) : path };
}

/** The sandbox's store beside a store file: store.db gives store.sandbox.db. */
function sandboxPath(path: string): string {
  const dot = path.lastIndexOf('.');
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return dot > slash + 1 ? `${path.slice(0, dot)}.sandbox${path.slice(dot)}` : `${path}.sandbox`;
}

/** SOCIAL_STORE_BUSY_MS: how long a write waits for another process's lock (default 5 s). */
function busyTimeout(env: Record<string, string | undefined>): number | undefined {
  const value = Number(env.SOCIAL_STORE_BUSY_MS);
  return env.SOCIAL_STORE_BUSY_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function storeAccess(env: Record<string, string | undefined>): StoreAccess {
  return {
    location: (choice) => storeLocation(env, choice),
    async open(choice, options = {}) {
      const where = storeLocation(env, choice);
      if (where.engine === 'off') throw new StoreError('not_found', said('errors.store.reason.off'));
      if (where.engine === 'postgres') {
        const { openPostgresStore } = await import('./postgres.js');
        return openPostgresStore(where.url, { env, ...options });
      }
      const { openSqliteStore } = await import('./sqlite.js');
      return openSqliteStore(where.path, { busyTimeoutMs: busyTimeout(env), ...options });
    },
  };
}
