// Where each MCP client keeps its servers, and the shape of an entry there: Claude Desktop's
// claude_desktop_config.json and Claude Code's ~/.claude.json (`mcpServers`), Cursor's
// ~/.cursor/mcp.json (`mcpServers`), VS Code's user mcp.json (`servers`, with a type), and Codex's
// config.toml (an `[mcp_servers.<name>]` table).
import { join } from 'node:path';
import { usageError } from '../../domain/errors.js';
import type { Context } from '../../infra/context.js';
import { said } from '../../messages/use-errors.js';

export const CLIENTS = ['claude', 'claude-code', 'cursor', 'codex', 'vscode'] as const;
export type ClientName = (typeof CLIENTS)[number];

/** How a client starts `social mcp`: the program and its arguments. */
export interface Launch {
  command: string;
  args: string[];
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
  const plain = (launch: Launch) => ({ command: launch.command, args: launch.args });
  const typed = (launch: Launch) => ({ type: 'stdio', command: launch.command, args: launch.args });
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

/** The `[mcp_servers.<name>]` table of an entry. */
export function tomlTable(name: string, entry: Record<string, unknown>): string {
  const lines = [`[mcp_servers.${/^[A-Za-z0-9_-]+$/.test(name) ? name : tomlString(name)}]`];
  for (const [key, value] of Object.entries(entry)) {
    lines.push(
      `${key} = ${Array.isArray(value) ? `[${value.map((v) => tomlString(String(v))).join(', ')}]` : tomlString(String(value))}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `text` (a config.toml) with the table of `name` (and its sub-tables) replaced by `table`, or
 * `table` added at the end: every other line kept as it was.
 */
export function withTomlTable(text: string, name: string, table: string): string {
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const header = (line: string) => /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line)?.[1];
  const ours = (key: string | undefined) =>
    key !== undefined &&
    [`mcp_servers.${name}`, `mcp_servers."${name}"`].some((own) => key === own || key.startsWith(`${own}.`));
  const start = lines.findIndex((line) => ours(header(line)));
  if (start < 0) {
    const kept = text.replace(/\n*$/, '');
    return kept === '' ? table : `${kept}\n\n${table}`;
  }
  let end = start + 1;
  while (end < lines.length && (header(lines[end]!) === undefined || ours(header(lines[end]!)))) end += 1;
  // The blank lines before the next table stay between it and ours.
  let last = end;
  while (last > start + 1 && lines[last - 1]!.trim() === '') last -= 1;
  return [...lines.slice(0, start), ...table.replace(/\n$/, '').split('\n'), ...lines.slice(last)]
    .join('\n')
    .concat('\n');
}
