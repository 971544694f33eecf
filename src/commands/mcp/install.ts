// `social mcp install <client>`: the client's entry that starts `social mcp` (with the budget
// flags given) written into its configuration, everything else the file holds kept; idempotent.
// --print shows the entry, --dry-run the change; neither writes.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { usageError } from '../../domain/errors.js';
import { fsReason, isRecord, writeTextFile } from '../../domain/state-file.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { printText } from '../../output/print-text.js';
import { binScript } from '../shared/installed.js';
import { type ClientName, clientConfig, type Launch, tomlTable, withTomlTable } from './client-configs.js';

export interface InstallOptions {
  client: ClientName;
  name: string;
  print: boolean;
  dryRun: boolean;
  /** The flags the entry starts `social mcp` with (--max-credits 50, --read-only...). */
  flags: string[];
}

/**
 * How a client starts this social: Node and the bin by their absolute paths (a desktop client
 * does not have the shell's PATH), or the single executable alone.
 */
async function launchOf(flags: string[]): Promise<Launch> {
  const script = await binScript();
  return { command: process.execPath, args: [...(script === undefined ? [] : [script]), 'mcp', ...flags] };
}

export async function runInstall(options: InstallOptions, ctx: Context): Promise<number> {
  const config = clientConfig(options.client, ctx.env);
  const entry = config.entry(await launchOf(options.flags));
  const shown =
    config.format === 'toml'
      ? tomlTable(options.name, entry)
      : `${JSON.stringify({ [config.key]: { [options.name]: entry } }, null, 2)}\n`;
  if (options.print) {
    printText(ctx.io.stdout, shown.replace(/\n$/, ''));
    return 0;
  }
  const before = readText(config.path);
  const after =
    config.format === 'toml'
      ? withTomlTable(before, options.name, shown)
      : withJsonEntry(before, config.path, config.key, options.name, entry);
  const where = sanitiseLine(config.path);
  if (after === undefined || after === before) {
    ctx.io.stderr.write(
      `${t('notes.mcp.install.unchanged', { client: config.title, name: options.name, path: where })}\n`,
    );
    return 0;
  }
  if (options.dryRun) {
    ctx.io.stderr.write(`${t('notes.mcp.install.dryRun', { name: options.name, path: where })}\n`);
    printText(ctx.io.stdout, shown.replace(/\n$/, ''));
    return 0;
  }
  try {
    writeTextFile(config.path, after);
  } catch (error) {
    throw usageError(said('errors.mcp.install.write', { path: where, reason: fsReason(error) }));
  }
  ctx.io.stderr.write(`${t('notes.mcp.install.wrote', { client: config.title, name: options.name, path: where })}\n`);
  return 0;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw usageError(said('errors.mcp.install.read', { path: sanitiseLine(path), reason: fsReason(error) }));
  }
}

/** The JSON text with the entry set, or undefined when it is there already as it would be written. */
function withJsonEntry(text: string, path: string, key: string, name: string, entry: unknown): string | undefined {
  let parsed: unknown = {};
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const servers = isRecord(parsed) ? (parsed[key] ?? {}) : undefined;
  if (!isRecord(parsed) || !isRecord(servers))
    throw usageError(
      said('errors.mcp.install.notEditable', { path: sanitiseLine(path), key }),
      t('errors.mcp.install.notEditable.hint'),
    );
  if (isDeepStrictEqual(servers[name], entry)) return undefined;
  return `${JSON.stringify({ ...parsed, [key]: { ...servers, [name]: entry } }, null, 2)}\n`;
}
