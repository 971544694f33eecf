// Niche ids for completion, from the coverage cache that niches, trends and movers keep in the
// config dir (src/commands/shared/coverage.ts). Only that file is read: no network, no key, no config
// beyond the base URL, and any trouble is an empty list.
import { readFileSync } from 'node:fs';
import { configDir, readConfig } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import { coverageCachePath } from '../shared/coverage.js';

/** What may be offered to a shell: an id, not text that could move the cursor or run anything. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export interface NicheService {
  /** --sandbox on the line being completed. */
  sandbox?: boolean;
  /** --base-url on the line being completed. */
  baseUrl?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function idsOf(entry: unknown): string[] {
  if (!isRecord(entry) || !isRecord(entry.body) || !Array.isArray(entry.body.niches)) return [];
  return entry.body.niches.flatMap((n: unknown) =>
    isRecord(n) && typeof n.id === 'string' && SAFE_ID.test(n.id) ? [n.id] : [],
  );
}

/** A base URL as the coverage cache keys it: origin and path, no trailing slash. */
function serviceKey(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/** The base URL in effect without the network: flag, then environment, then config file. */
function baseUrl(ctx: Context, flag: string | undefined): string | undefined {
  if (flag?.trim()) return flag;
  if (ctx.env.SOCIAL_BASE_URL?.trim()) return ctx.env.SOCIAL_BASE_URL;
  try {
    const configured = readConfig(ctx.env)['base-url'];
    return typeof configured === 'string' ? configured : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cached niche ids of the service in use (the sandbox under --sandbox, else the base URL),
 * or of every cached service when that one has none. Stale entries count: it is only completion,
 * and the command checks the niche again before anything is charged.
 */
export function cachedNicheIds(ctx: Context, service: NicheService = {}): string[] {
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(coverageCachePath(configDir(ctx.env)), 'utf8'));
  } catch {
    return [];
  }
  if (!isRecord(file) || !isRecord(file.entries)) return [];
  const entries = file.entries;
  const url = service.sandbox ? undefined : baseUrl(ctx, service.baseUrl);
  const key = service.sandbox
    ? 'sandbox'
    : url === undefined
      ? undefined
      : Object.keys(entries).find((k) => serviceKey(k) === serviceKey(url));
  const own = key === undefined ? [] : idsOf(entries[key]);
  const ids = own.length > 0 ? own : Object.values(entries).flatMap(idsOf);
  return [...new Set(ids)];
}
