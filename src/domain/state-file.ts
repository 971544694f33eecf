// Small JSON state files in the config dir (coverage cache, movers already reported): read
// defensively (a damaged file is told apart from a missing one, so the caller can move it aside
// and say so), written atomically (temp file, fsync, rename) and owner-only.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type MessageId, type Said, said } from '../messages/catalogue.js';
import '../messages/use-common.js';

/**
 * A state file read. Why it is damaged is a message not yet said: the in-process sandbox reads
 * its state file with a catalogue of its own bundle, which speaks only English; the run says it.
 */
/** Why a state file is damaged, not yet said. */
export type DamageReason = Said;

export type StateRead = { kind: 'missing' } | { kind: 'ok'; value: unknown } | { kind: 'corrupt'; reason: Said };

/**
 * The parsed file, "missing", or "corrupt" with why. A file that cannot be read at all (EACCES,
 * EISDIR) throws: that is not damage to move aside but a file-system problem to report.
 */
export function readStateFile(path: string): StateRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // No file, or a path that cannot hold one (a parent is a file).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  try {
    return { kind: 'ok', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'corrupt', reason: said('common.notJson') };
  }
}

/** Renames a damaged file to `<name>.corrupt-<time>` (kept for inspection) and returns that name. */
export function moveAside(path: string, now: Date): string {
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  return aside;
}

/** The config dir, made owner-only if it does not exist yet. */
export function makeStateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Writes `value` to a temp file, syncs it (unless `sync` is false: the sandbox, rewritten on every
 * charge, and caches, which are fetched again if lost) and renames it over `path`: a reader never
 * sees half a file.
 */
export function writeJsonFile(path: string, value: unknown, { sync = true } = {}): void {
  writeTextFile(path, `${JSON.stringify(value)}\n`, { sync });
}

/** Writes `text` to `path` as writeJsonFile does: atomically, owner-only. */
export function writeTextFile(path: string, text: string, { sync = true } = {}): void {
  makeStateDir(dirname(path));
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      // Whole or an error: one write(2) may take only part of it (a disk that fills up), and the
      // part would be renamed over the file as if whole.
      writeFileSync(fd, text);
      if (sync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const FS_CODES = new Set([
  'EACCES',
  'EPERM',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'EIO',
  'EEXIST',
]);

/** Whether `error` is an ordinary file-system failure (to report plainly), not a bug. */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && FS_CODES.has((error as NodeJS.ErrnoException).code ?? '');
}

const READ_FAILURES: Record<string, MessageId> = {
  ENOENT: 'errors.file.missing',
  ENOTDIR: 'errors.file.notFolder',
  EISDIR: 'errors.file.isFolder',
  EACCES: 'errors.file.denied',
  EPERM: 'errors.file.denied',
  ELOOP: 'errors.file.loop',
  ENAMETOOLONG: 'errors.file.longName',
};

/**
 * Why a file cannot be read, in words not yet said ("no such file", "is a folder"); undefined for
 * another failure.
 */
export function readFailure(error: unknown): Said | undefined {
  const id = READ_FAILURES[(error as NodeJS.ErrnoException | undefined)?.code ?? ''];
  return id === undefined ? undefined : said(id);
}

/** "EACCES: permission denied, mkdir '/x'" as Node says it; anything else by its message. */
export function fsReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
