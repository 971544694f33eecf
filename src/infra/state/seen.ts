// `movers --new-only`: the external ids already reported, per service and niche, in the config
// dir. The caller saves only after the output was written, so a failed write loses no mover.
import { join } from 'node:path';
import { isRecord, readJsonFile, writeJsonFile } from './state-file.js';

const SEEN_FILE = 'movers-seen.json';
/** Ids reported longer ago than this are forgotten: the file does not grow without end. */
export const SEEN_KEEP_MS = 30 * 24 * 60 * 60_000;

/** service key -> niche -> external id -> when it was first reported (ISO). */
type SeenFile = { version: 1; services: Record<string, Record<string, Record<string, string>>> };

export function seenPath(dir: string): string {
  return join(dir, SEEN_FILE);
}

function readSeenFile(dir: string): SeenFile {
  const file = readJsonFile(seenPath(dir));
  if (!isRecord(file) || file.version !== 1 || !isRecord(file.services)) return { version: 1, services: {} };
  return file as unknown as SeenFile;
}

/** The ids already reported for this niche of this service. */
export function readSeen(dir: string, service: string, niche: string): Set<string> {
  const ids = readSeenFile(dir).services[service]?.[niche];
  return new Set(isRecord(ids) ? Object.keys(ids) : []);
}

/**
 * Adds `ids` as reported at `now`, and forgets those reported more than SEEN_KEEP_MS ago. The file
 * is read again just before the write, so a run in between is merged, not overwritten.
 */
export function recordSeen(dir: string, service: string, niche: string, ids: readonly string[], now: Date): void {
  const file = readSeenFile(dir);
  const services = file.services;
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
  writeJsonFile(seenPath(dir), file);
}
