// Where the local store is, and the way to open it, as the context carries it (ctx.store). Light:
// naming the file loads nothing; the driver (node:sqlite) is imported by open(), when a command
// needs the store. The store is SOCIAL_STORE when set (a file, or `off`); else store.db in
// SOCIAL_CONFIG_DIR when that is set (the folder a user or a test gave for all local state); else
// store.db in the user's data folder ($XDG_DATA_HOME/social, ~/.local/share/social, the platform's
// data folder as env-paths gives it). --sandbox runs have a store of their own beside it
// (store.sandbox.db), so demo answers never mix with real ones.
import { isAbsolute, join, resolve } from 'node:path';
import { userDir } from '../user-dirs.js';
import type { OpenOptions, Store } from './store.js';
import { StoreError } from './store.js';

type StoreLocation = { engine: 'off' } | { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

export interface StoreAccess {
  /** Where this run's store is; `sandbox`: the store of --sandbox runs. */
  location(sandbox: boolean): StoreLocation;
  /** Opens the store (the caller closes it); refused with a StoreError when it is off. */
  open(sandbox: boolean, options?: OpenOptions): Promise<Store>;
}

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

function storeLocation(env: Record<string, string | undefined>, sandbox: boolean): StoreLocation {
  const named = env.SOCIAL_STORE?.trim();
  if (named === 'off') return { engine: 'off' };
  if (named !== undefined && POSTGRES_URL.test(named)) return { engine: 'postgres', url: named };
  let path: string;
  if (named) path = resolve(named);
  else if (env.SOCIAL_CONFIG_DIR && isAbsolute(env.SOCIAL_CONFIG_DIR)) path = join(env.SOCIAL_CONFIG_DIR, 'store.db');
  else path = join(userDir('data', 'social', env), 'store.db');
  return { engine: 'sqlite', path: sandbox ? sandboxPath(path) : path };
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
    location: (sandbox) => storeLocation(env, sandbox),
    async open(sandbox, options = {}) {
      const where = storeLocation(env, sandbox);
      if (where.engine === 'off') throw new StoreError('not_found', 'the local store is off (SOCIAL_STORE=off)');
      if (where.engine === 'postgres') {
        throw new StoreError('cannot_open', 'a PostgreSQL store is not supported by this version of social');
      }
      const { openSqliteStore } = await import('./sqlite.js');
      return openSqliteStore(where.path, { busyTimeoutMs: busyTimeout(env), ...options });
    },
  };
}
