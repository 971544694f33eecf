// `social mcp install <client>`: the client's entry that starts `social mcp` (with the budget
// flags given) written into its configuration, everything else the file holds kept; idempotent.
// --print shows the entry, --dry-run the change to the file as a unified diff; neither writes.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { usageError } from '../../domain/errors.js';
import { fsReason, isRecord, writeTextFile } from '../../domain/state-file.js';
import { sanitiseLine, sanitiseText } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { LONG_SESSION_HEAP_OPTIONS } from '../../infra/v8-tuning.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { printText } from '../../output/print-text.js';
import { binScript } from '../shared/installed.js';
import {
  type ClientName,
  clientConfig,
  type Launch,
  lineEnd,
  tomlEnv,
  tomlTable,
  withTomlTable,
} from './client-configs.js';
import { unifiedDiff } from './text-diff.js';

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
 * does not have the shell's PATH), or the single executable alone; in the environment the entry
 * had (`had`), with LONG_SESSION_HEAP_OPTIONS added to its NODE_OPTIONS, but for those it sets itself.
 */
async function launchOf(flags: string[], had: Record<string, string>): Promise<Launch> {
  const script = await binScript();
  const given = (had.NODE_OPTIONS ?? '').split(/\s+/).filter((option) => option !== '');
  const named = (option: string) => option.split('=')[0];
  const added = LONG_SESSION_HEAP_OPTIONS.filter((option) => !given.some((one) => named(one) === named(option)));
  return {
    command: process.execPath,
    args: [...(script === undefined ? [] : [script]), 'mcp', ...flags],
    env: { ...had, NODE_OPTIONS: [...given, ...added].join(' ') },
  };
}

export async function runInstall(options: InstallOptions, ctx: Context): Promise<number> {
  const config = clientConfig(options.client, ctx.env);
  // --print shows the entry as it is made, reading nothing.
  const before = options.print ? '' : readText(config.path);
  const had =
    config.format === 'toml' ? tomlEnv(before, options.name) : jsonEnv(before, config.path, config.key, options.name);
  const entry = config.entry(await launchOf(options.flags, had));
  const shown =
    config.format === 'toml'
      ? tomlTable(options.name, entry)
      : `${JSON.stringify({ [config.key]: { [options.name]: entry } }, null, 2)}\n`;
  if (options.print) {
    printText(ctx.io.stdout, shown.replace(/\n$/, ''));
    return 0;
  }
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
    // What would change in the file, whatever else it holds (another entry of the name, its other
    // settings, a layout JSON.stringify would redo): the text of a file someone else owns.
    ctx.io.stderr.write(`${t('notes.mcp.install.dryRun', { name: options.name, path: where })}\n`);
    printText(ctx.io.stdout, sanitiseText(unifiedDiff(before, after, config.path)));
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

/** The JSON file's text as an object, and its servers' object; refused when it is not one to edit. */
function jsonServers(
  text: string,
  path: string,
  key: string,
): { parsed: Record<string, unknown>; servers: Record<string, unknown> } {
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
  return { parsed, servers };
}

/** The environment the entry `name` gives its server in the JSON text (its string values): what a new entry keeps. */
function jsonEnv(text: string, path: string, key: string, name: string): Record<string, string> {
  const entry = jsonServers(text, path, key).servers[name];
  const env = isRecord(entry) ? entry.env : undefined;
  if (!isRecord(env)) return {};
  return Object.fromEntries(
    Object.entries(env).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

/**
 * The JSON text with the entry set, or undefined when it is there already as it would be written;
 * laid out as the file was (see layoutOf), so what changes is the entry, not every line.
 */
function withJsonEntry(text: string, path: string, key: string, name: string, entry: unknown): string | undefined {
  const { parsed, servers } = jsonServers(text, path, key);
  if (isDeepStrictEqual(servers[name], entry)) return undefined;
  const { indent, eol, last } = layoutOf(text);
  const json = JSON.stringify({ ...parsed, [key]: { ...servers, [name]: entry } }, null, indent);
  return `${eol === '\n' ? json : json.replaceAll('\n', eol)}${last}`;
}

/**
 * How a JSON file lays itself out: the indent of its first indented line (tabs, 4 spaces; 2 for a
 * new file), none for a file on one line; its line ends (CRLF where it has them); and whether it
 * ends with one. JSON.stringify escapes the line breaks inside strings, so each it writes is layout.
 */
function layoutOf(text: string): { indent: string; eol: string; last: string } {
  const eol = lineEnd(text);
  const oneLine = text.trim() !== '' && !text.trim().includes('\n');
  const indent = oneLine ? '' : (/\n([ \t]+)\S/.exec(text)?.[1] ?? '  ');
  return { indent, eol, last: text === '' || text.endsWith('\n') ? eol : '' };
}
