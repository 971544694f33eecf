// Coverage (the free, keyless list of niches), a local cache of it, and niche resolution: trends
// and movers check the niche here before any paid call, so a typo never costs a credit.

import { join } from 'node:path';
import { localMessage, SocialError, usageError } from '../../domain/errors.js';
import type { Coverage, Niche } from '../../domain/schemas.js';
import { isRecord, moveAside, readStateFile, writeJsonFile } from '../../domain/state-file.js';
import { closest, didYouMean } from '../../domain/suggest.js';
import { quoted } from '../../domain/text.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import { configDir } from '../../infra/config.js';
import { say } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Runtime } from '../../runtime/runner.js';
import { serviceKey } from '../../runtime/session.js';

/** How long a fetched coverage answers niche checks without asking again. */
const COVERAGE_TTL_MS = 5 * 60_000;
const CACHE_FILE = 'coverage-cache.json';

export function coverageCachePath(dir: string): string {
  return join(dir, CACHE_FILE);
}

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadCoverageSchema = async () => (await import('../../domain/schemas.js')).CoverageSchema;

function coverageRequest(): RequestSpec<Coverage> {
  return routeRequest('nichos', undefined, {
    loadSchema: loadCoverageSchema,
  });
}

interface CacheEntry {
  base_url: string;
  fetched_at: string;
  body: unknown;
}

/** One entry per service (base URL, or "sandbox"). */
interface CacheFile {
  version: 1;
  entries: Record<string, CacheEntry>;
}

/** The cache file; a damaged one is moved aside (and said), an unreadable one is no cache. */
function readCacheFile(rt: Runtime, path: string): CacheFile {
  const empty: CacheFile = { version: 1, entries: {} };
  let read: ReturnType<typeof readStateFile>;
  try {
    read = readStateFile(path);
  } catch {
    return empty;
  }
  if (read.kind === 'missing') return empty;
  const file = read.kind === 'ok' ? read.value : undefined;
  if (isRecord(file) && file.version === 1 && isRecord(file.entries)) return file as unknown as CacheFile;
  try {
    rt.session.state.movedAside(
      path,
      moveAside(path, rt.ctx.now()),
      read.kind === 'corrupt' ? say(read.reason) : t('notes.coverage.notACache'),
    );
  } catch (error) {
    rt.session.state.notSaved(t('notes.coverage.cacheStuck'), error);
  }
  return empty;
}

/** The cached coverage of this service if it was fetched less than COVERAGE_TTL_MS ago. */
async function cachedCoverage(rt: Runtime): Promise<Coverage | undefined> {
  const entry = readCacheFile(rt, coverageCachePath(configDir(rt.ctx.env))).entries[serviceKey(rt.session)];
  if (!isRecord(entry) || typeof entry.fetched_at !== 'string') return undefined;
  const age = rt.ctx.now().getTime() - Date.parse(entry.fetched_at);
  if (!(age >= 0 && age < COVERAGE_TTL_MS)) return undefined;
  const { CoverageSchema } = await import('../../domain/schemas.js');
  const parsed = CoverageSchema.safeParse(entry.body);
  return parsed.success ? parsed.data : undefined;
}

/** How long a coverage save waits for another run's: it is only a cache. */
const CACHE_LOCK_WAIT_MS = 5_000;

/**
 * Keeps `coverage` as this service's cache entry, under the cache's lock (the file is read again
 * there, so other services' entries written meanwhile are kept). A cache that cannot be written is
 * no failure: it is said once at the end, and the next call asks the service again.
 */
async function saveCoverage(rt: Runtime, coverage: Coverage): Promise<void> {
  const path = coverageCachePath(configDir(rt.ctx.env));
  const key = serviceKey(rt.session);
  try {
    const { withLock } = await import('../../infra/state/lock.js');
    await withLock(path, CACHE_LOCK_WAIT_MS, () => {
      const file = readCacheFile(rt, path);
      file.entries[key] = { base_url: key, fetched_at: rt.ctx.now().toISOString(), body: coverage };
      // Not synced: a cache lost to a crash of the machine is fetched again (free), and a torn
      // file is found damaged and moved aside, like any other.
      writeJsonFile(path, file, { sync: false });
    });
  } catch (error) {
    rt.session.state.notSaved(t('notes.coverage.cache'), error);
  }
}

/** Coverage fresh from the service (free); the cache is refreshed with it (not by a dry run). */
export async function fetchCoverage(rt: Runtime): Promise<Coverage> {
  const { body } = await rt.spin(t('notes.spin.coverage'), rt.session.client.get(coverageRequest()));
  if (!rt.globals.dryRun) await saveCoverage(rt, body);
  return body;
}

export type CoverageLookup =
  | { ok: true; coverage: Coverage; from: 'cache' | 'service' }
  | { ok: false; error: SocialError | undefined; reason: string };

/**
 * Coverage from the fresh cache, else from the service. Under --dry-run nothing is sent to a
 * service: only the cache answers, or the in-process sandbox of --sandbox, whose coverage is free
 * and never leaves the process. A failure to read it is returned, not thrown (callers go on with
 * a warning).
 */
export async function lookUpCoverage(rt: Runtime): Promise<CoverageLookup> {
  const cached = await cachedCoverage(rt);
  if (cached) return { ok: true, coverage: cached, from: 'cache' };
  if (rt.globals.dryRun && !rt.session.sandbox)
    return { ok: false, error: undefined, reason: t('notes.coverage.dryRun') };
  if (rt.globals.offline && !rt.session.sandbox)
    return { ok: false, error: undefined, reason: t('notes.coverage.offline') };
  try {
    return { ok: true, coverage: await fetchCoverage(rt), from: 'service' };
  } catch (error) {
    if (!(error instanceof SocialError) || error.kind === 'interrupted') throw error;
    const message = localMessage(error);
    const code = error.details.code;
    const reason =
      code === undefined || code === ''
        ? t('notes.coverage.unread', { message })
        : t('notes.coverage.unreadCode', { message, code });
    return { ok: false, error, reason };
  }
}

export interface ResolvedNiche {
  niche: string;
  /** What coverage says of it; undefined when coverage could not be read. */
  info: Niche | undefined;
  warnings: string[];
}

/** Checks a niche name before a paid call: unknown names are refused with the nearest ones. */
export async function resolveNiche(rt: Runtime, raw: string): Promise<ResolvedNiche> {
  const niche = raw.trim();
  const lookup = await lookUpCoverage(rt);
  if (!lookup.ok) {
    return {
      niche,
      info: undefined,
      warnings: [t('notes.coverage.notChecked', { reason: lookup.reason, niche: quoted(niche) })],
    };
  }
  const niches = lookup.coverage.niches;
  const info = niches.find((n) => n.id === niche);
  if (info === undefined)
    throw unknownNiche(
      niche,
      niches.map((n) => n.id),
    );
  return { niche, info, warnings: [] };
}

function unknownNiche(niche: string, ids: readonly string[]): SocialError {
  const near = closest(niche, ids);
  if (near.length === 0) near.push(...closest(niche.toLowerCase(), ids));
  return usageError(
    said('errors.niche.unknown', { niche: quoted(niche) }),
    `${didYouMean(near)}${ids.length > 0 ? t('errors.niche.unknown.hint', { niches: ids.join(', ') }) : t('errors.niche.none.hint')}`,
  );
}
