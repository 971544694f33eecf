// Where each MCP client keeps its servers, and the shape of an entry there: Claude Desktop's
// claude_desktop_config.json and Claude Code's ~/.claude.json (`mcpServers`), Cursor's
// ~/.cursor/mcp.json (`mcpServers`), VS Code's user mcp.json (`servers`, with a type), and Codex's
// config.toml (an `[mcp_servers.<name>]` table).
import { join } from 'node:path';
import { usageError } from '../../domain/errors.js';
import { isRecord } from '../../domain/state-file.js';
import type { Context } from '../../infra/context.js';
import { said } from '../../messages/use-errors.js';

export const CLIENTS = ['claude', 'claude-code', 'cursor', 'codex', 'vscode'] as const;
export type ClientName = (typeof CLIENTS)[number];

/** How a client starts `social mcp`: the program, its arguments and its environment. */
export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface ClientConfig {
  /** The client's name, as people know it. */
  title: string;
  /** The file that holds its servers. */
  path: string;
  format: 'json' | 'toml';
  /** The key of the servers' object, in a JSON file. */
  key: string;
  /** The entry of one server, as this client takes it. */
  entry(launch: Launch): Record<string, unknown>;
}

type Env = Context['env'];

function home(env: Env): string {
  const dir = env.HOME ?? env.USERPROFILE;
  if (dir === undefined || dir === '') throw usageError(said('errors.mcp.noHome'));
  return dir;
}

/** The folder of applications' settings: %APPDATA%, ~/Library/Application Support, or XDG's. */
function appData(env: Env, platform: NodeJS.Platform): string {
  if (platform === 'win32') return env.APPDATA ?? join(home(env), 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home(env), 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || join(home(env), '.config');
}

export function clientConfig(client: ClientName, env: Env, platform: NodeJS.Platform = process.platform): ClientConfig {
  const plain = (launch: Launch) => ({ command: launch.command, args: launch.args, env: launch.env });
  const typed = (launch: Launch) => ({ type: 'stdio', ...plain(launch) });
  switch (client) {
    case 'claude':
      return {
        title: 'Claude Desktop',
        path: join(appData(env, platform), 'Claude', 'claude_desktop_config.json'),
        format: 'json',
        key: 'mcpServers',
        entry: plain,
      };
    case 'claude-code':
      return {
        title: 'Claude Code',
        path: join(home(env), '.claude.json'),
        format: 'json',
        key: 'mcpServers',
        entry: typed,
      };
    case 'cursor':
      return {
        title: 'Cursor',
        path: join(home(env), '.cursor', 'mcp.json'),
        format: 'json',
        key: 'mcpServers',
        entry: plain,
      };
    case 'vscode':
      return {
        title: 'VS Code',
        path: join(appData(env, platform), 'Code', 'User', 'mcp.json'),
        format: 'json',
        key: 'servers',
        entry: typed,
      };
    case 'codex':
      return {
        title: 'Codex',
        path: join(env.CODEX_HOME || join(home(env), '.codex'), 'config.toml'),
        format: 'toml',
        key: 'mcp_servers',
        entry: plain,
      };
  }
}

/** A TOML basic string: JSON's escapes are TOML's for what a path or flag holds. */
function tomlString(text: string): string {
  return JSON.stringify(text);
}

/** A TOML key: bare when it can be. */
function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

/** A value of an entry: a string, a list of strings, or a table of strings (inline, as `env` is written). */
function tomlValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => tomlString(String(v))).join(', ')}]`;
  if (isRecord(value))
    return `{ ${Object.entries(value)
      .map(([key, v]) => `${tomlKey(key)} = ${tomlString(String(v))}`)
      .join(', ')} }`;
  return tomlString(String(value));
}

/** The `[mcp_servers.<name>]` table of an entry. */
export function tomlTable(name: string, entry: Record<string, unknown>): string {
  const lines = [`[mcp_servers.${tomlKey(name)}]`];
  for (const [key, value] of Object.entries(entry)) lines.push(`${key} = ${tomlValue(value)}`);
  return `${lines.join('\n')}\n`;
}

/** The key of a table's header line (`[a.b]`, `[[a.b]]`); undefined for any other line. */
function tableHeader(line: string): string | undefined {
  return /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line)?.[1];
}

/** The keys `[mcp_servers.<name>]` may be written under. */
function tableKeys(name: string): string[] {
  return [`mcp_servers.${name}`, `mcp_servers."${name}"`];
}

/** `key = "value"` pairs of TOML basic strings, as a line or an inline table holds them. */
const TOML_PAIR = /(?:"((?:[^"\\]|\\.)*)"|([A-Za-z0-9_-]+))\s*=\s*"((?:[^"\\]|\\.)*)"/g;

/**
 * The environment the `[mcp_servers.<name>]` table of `text` gives its server, written inline
 * (`env = { ... }`) or as its `.env` sub-table: what a new entry keeps. Only string values are
 * read (TOML's basic strings, whose escapes are JSON's for what an environment holds).
 */
export function tomlEnv(text: string, name: string): Record<string, string> {
  const env: Record<string, string> = {};
  const own = tableKeys(name);
  const pairs = (within: string) => {
    for (const [, quoted, bare, value] of within.matchAll(TOML_PAIR)) {
      try {
        env[quoted === undefined ? (bare as string) : JSON.parse(`"${quoted}"`)] = JSON.parse(`"${value}"`);
      } catch {
        // A string JSON does not read (TOML's \U escapes): left out.
      }
    }
  };
  let table: string | undefined;
  for (const line of text.split('\n')) {
    const header = tableHeader(line);
    if (header !== undefined) table = header;
    else if (table !== undefined && own.includes(table)) pairs(/^\s*env\s*=\s*\{(.*)\}/.exec(line)?.[1] ?? '');
    else if (table !== undefined && own.some((key) => table === `${key}.env`)) pairs(line);
  }
  return env;
}

/** The line end a client's file uses: CRLF when it has one, else LF (a new file's too). */
export function lineEnd(text: string): '\r\n' | '\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/**
 * `text` (a config.toml) with the table of `name` (and its sub-tables) replaced by `table`, or
 * `table` added at the end: every other line kept as it was, byte for byte. The table's lines end
 * as the file's do (CRLF in a CRLF file), and the file's last line ends, or not, as it did.
 */
export function withTomlTable(text: string, name: string, table: string): string {
  const eol = lineEnd(text);
  const ours = table
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => `${line}${eol}`);
  // Each line with its own end: what is kept is kept whole, a stray LF in a CRLF file too.
  const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const isOurs = (key: string | undefined) =>
    key !== undefined && tableKeys(name).some((own) => key === own || key.startsWith(`${own}.`));
  const start = lines.findIndex((line) => isOurs(tableHeader(line)));
  let joined: string;
  if (start < 0) {
    const kept = text.replace(/(\r?\n)*$/, '');
    joined = kept === '' ? ours.join('') : `${kept}${eol}${eol}${ours.join('')}`;
  } else {
    let end = start + 1;
    while (end < lines.length && (tableHeader(lines[end]!) === undefined || isOurs(tableHeader(lines[end]!)))) end += 1;
    // The blank lines before the next table stay between it and ours.
    let last = end;
    while (last > start + 1 && lines[last - 1]!.trim() === '') last -= 1;
    joined = [...lines.slice(0, start), ...ours, ...lines.slice(last)].join('');
  }
  return text === '' || text.endsWith('\n') ? joined : joined.replace(/\r?\n$/, '');
}
