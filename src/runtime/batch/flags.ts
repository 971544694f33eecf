// The batch options of the envelope commands (profile, posts), as declared and checked before a
// run: --file, --concurrency, --skip, --shard, and where the inputs come from (--max-credits is
// every paid command's, with --dry-run: runtime/charge-options.ts, which declares --concurrency too,
// as it is accepted before the command word).
import { accessSync, constants, statSync } from 'node:fs';
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import type { Shard } from '../../domain/shard.js';
import { parseShard } from '../../domain/shard.js';
import { fsReason, readFailure } from '../../domain/state-file.js';
import { quoted } from '../../domain/text.js';
import type { Said } from '../../messages/catalogue.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { addConcurrencyOption } from '../charge-options.js';
import { RECORD_FIELDS } from '../fields-option.js';
import { parseInteger } from '../options.js';

/** The longest input line taken: longer ones are refused, and never held whole in memory. */
export const MAX_LINE_BYTES = 4096;
/** How much of a line over MAX_LINE_BYTES is kept, to name it in its record (and of others, in a summary). */
export const PREVIEW_CHARS = 200;

export interface BatchFlags {
  file?: string;
  concurrency: number;
  skip: number;
  shard?: Shard;
}

/** What the help of a command that batches says of its batches. */
export function batchHelp(): string {
  return t('commands.batch.text', { maxLine: String(MAX_LINE_BYTES), preview: String(PREVIEW_CHARS) });
}

/**
 * --dry-run's help on a command that batches: a batch prints its plan, not requests; `every` where
 * every run is a batch (track run), else one handle prints the request it would send.
 */
export function batchDryRunHelp({ every = false } = {}): string {
  const plan = t('commands.batch.dry-run.plan');
  return t(every ? 'commands.batch.dry-run.every' : 'commands.batch.dry-run', { plan });
}

/**
 * The names --fields takes of a command that batches: its own, and each record's own where the
 * command's columns lack them (`exit`; `input` and `error` are its csv's columns already).
 */
export function withRecordFields([names, keys]: readonly [string[], string[]]): [string[], string[]] {
  return [[...names, ...RECORD_FIELDS.filter((name) => !names.includes(name))], keys];
}

/** The batch options; `file` false for a batch whose inputs are not the user's (`track run`'s watchlist). */
export function addBatchOptions<C extends Command>(command: C, { file = true } = {}): C {
  if (file) command.option('--file <path>', t('commands.batch.file'));
  return addConcurrencyOption(command)
    .option('--skip <n>', t('commands.batch.skip'), '0')
    .option('--shard <K/N>', t('commands.batch.shard'));
}

export function parseBatchFlags(raw: Record<string, string | undefined>): BatchFlags {
  const shard = raw.shard === undefined ? undefined : parseShard(raw.shard);
  if (raw.shard !== undefined && shard === undefined) {
    throw usageError(said('errors.batch.shard', { got: quoted(raw.shard) }));
  }
  return {
    file: raw.file,
    concurrency: parseInteger('--concurrency', raw.concurrency ?? '4', 1, 64),
    skip: parseInteger('--skip', raw.skip ?? '0', 0, Number.MAX_SAFE_INTEGER),
    shard,
  };
}

/** An --file that cannot be read, named with the reason in words (exit 2, nothing sent). */
export function unreadable(path: string, reason: string | Said) {
  return usageError(said('errors.batch.fileUnreadable', { path: quoted(path), reason }));
}

/** Refuses, before anything is sent, an --file that is missing, a folder, or not readable. */
function checkReadable(path: string): void {
  try {
    if (statSync(path).isDirectory()) throw Object.assign(new Error('folder'), { code: 'EISDIR' });
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw unreadable(path, readFailure(error) ?? fsReason(error));
  }
}

/** Where the inputs come from: --file, a lone "-" (stdin), or the arguments. Never both. */
export function batchSource(flags: BatchFlags, args: readonly string[]): { file: string } | { args: string[] } {
  if (flags.file !== undefined) {
    if (args.length > 0) throw usageError(said('errors.batch.inputsTwice'));
    if (flags.file !== '-') checkReadable(flags.file);
    return { file: flags.file };
  }
  if (args.length === 1 && args[0] === '-') return { file: '-' };
  if (args.length === 0) throw usageError(said('errors.batch.noInputs'));
  return { args: [...args] };
}
