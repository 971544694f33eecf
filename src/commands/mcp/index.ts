// `social mcp`: the commands as Model Context Protocol tools, over stdio (or Streamable HTTP on
// loopback), under guards set when it starts: a budget for the whole session, a threshold above
// which the person is asked, read-only and dry-run. `social mcp install <client>` writes the
// entry that starts it into an MCP client's configuration.
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { examples, type SocialCommand } from '../../runtime/command.js';
import { parseInteger } from '../../runtime/options.js';
import { CLIENTS } from './client-configs.js';
import type { McpOptions } from './options.js';

interface McpRaw {
  maxCredits?: string;
  confirmAbove?: string;
  readOnly?: boolean;
  dryRun?: boolean;
  http?: string;
  token?: string;
}

const MAX = Number.MAX_SAFE_INTEGER;

export function parseMcpOptions(raw: McpRaw, env: Context['env']): McpOptions {
  const token = raw.token ?? (env.SOCIAL_MCP_TOKEN || undefined);
  if (token !== undefined && raw.http === undefined)
    throw usageError('--token is the bearer token of --http: stdio needs none');
  if (token !== undefined && !/^[\x21-\x7e]{16,256}$/.test(token))
    throw usageError('the token must be 16 to 256 printable ASCII characters with no spaces');
  return {
    maxCredits: raw.maxCredits === undefined ? undefined : parseInteger('--max-credits', raw.maxCredits, 0, MAX),
    confirmAbove:
      raw.confirmAbove === undefined ? undefined : parseInteger('--confirm-above', raw.confirmAbove, 0, MAX),
    readOnly: raw.readOnly === true,
    dryRun: raw.dryRun === true,
    http: raw.http === undefined ? undefined : parseInteger('--http', raw.http, 0, 65535),
    token,
  };
}

/** The guards a session starts with, as `social mcp` takes them and install writes them into an entry. */
function addGuardOptions<C extends Command>(command: C): C {
  return command
    .option(
      '--max-credits <n>',
      'the most the whole session may spend: a call that could pass it is refused before it is sent',
    )
    .option(
      '--confirm-above <n>',
      'a call that may cost more asks the person first (or is refused, to repeat with confirm: true)',
    )
    .option('--read-only', "list only the free tools (niches, credits, the local store's, quote)");
}

/** The flags of an installed entry: the guards given, and --sandbox. */
function guardFlags(options: McpOptions, sandbox: boolean): string[] {
  return [
    ...(options.maxCredits === undefined ? [] : ['--max-credits', String(options.maxCredits)]),
    ...(options.confirmAbove === undefined ? [] : ['--confirm-above', String(options.confirmAbove)]),
    ...(options.readOnly ? ['--read-only'] : []),
    ...(sandbox ? ['--sandbox'] : []),
  ];
}

function declareInstall(mcp: SocialCommand, ctx: Context): void {
  addGuardOptions(
    mcp
      .command('install')
      .description(
        `write the entry that starts \`social mcp\` into an MCP client's configuration: ${CLIENTS.join(', ')}`,
      )
      .argument('<client>', CLIENTS.join(', ')),
  )
    .option('--name <name>', 'the name of the entry (default social)', 'social')
    .option('--print', 'print the entry; write nothing')
    .option('--dry-run', 'show the change to the file; write nothing')
    .addHelpText(
      'after',
      `
Files: claude: Claude Desktop's claude_desktop_config.json (macOS ~/Library/Application Support/Claude,
Windows %APPDATA%\\Claude, Linux ~/.config/Claude); claude-code: ~/.claude.json (user scope);
cursor: ~/.cursor/mcp.json; vscode: VS Code's user mcp.json (~/.config/Code/User and the like);
codex: ~/.codex/config.toml (or $CODEX_HOME). Only the entry is written: everything else the file
holds is kept, and running it again changes nothing. The entry starts Node and this social by
their full paths, so a client without your shell's PATH finds them; the budget flags given
(--max-credits, --confirm-above, --read-only, --sandbox) are written into it.
${examples([
  'social mcp install claude --max-credits 50 --confirm-above 5',
  'social mcp install cursor --read-only --dry-run',
  'social mcp install codex --print',
])}`,
    )
    .noJsonOutput()
    .statusAction(async (clientArg: string, _raw: unknown, cmd: Command) => {
      // `mcp` declares the guards too: given after `install`, commander hands them to it.
      const raw = cmd.optsWithGlobals<McpRaw & { name: string; print?: boolean; sandbox?: boolean }>();
      const client = CLIENTS.find((name) => name === clientArg);
      if (client === undefined)
        throw usageError(`${quoted(clientArg)} is not a client social installs into`, `One of: ${CLIENTS.join(', ')}.`);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw.name)) throw usageError('--name takes letters, digits, - and _ (up to 64)');
      const guards = parseMcpOptions(
        { maxCredits: raw.maxCredits, confirmAbove: raw.confirmAbove, readOnly: raw.readOnly },
        {},
      );
      const flags = guardFlags(guards, raw.sandbox === true);
      const { runInstall } = await import('./install.js');
      return runInstall({ client, name: raw.name, print: raw.print === true, dryRun: raw.dryRun === true, flags }, ctx);
    });
}

export function declareMcp(command: SocialCommand, ctx: Context): void {
  addGuardOptions(command)
    .option('--dry-run', 'every tool answers with its plan and most possible cost; nothing is sent')
    .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1 at this port (0 picks one) instead of stdio')
    .option(
      '--token <token>',
      'the bearer token --http requires (also SOCIAL_MCP_TOKEN); made and printed once when not given',
    )
    .addHelpText(
      'after',
      `
Tools: profile, posts, post, transcript, niches, trends, movers, credits; from the local store
(free, nothing sent) history, track_report, search and store_sql (a query that reads); and quote
(the most a call would cost, nothing sent). Each tool checks its arguments as the command does: a bad handle
or a limit out of range is refused and never sent. Each result carries the records as structured
content, a short summary, and in _meta the credits charged, whether that is uncertain, the
credits remaining and the request id. Service errors are tool errors with their code.

stdout carries only protocol messages; notes and warnings go to stderr. Every paid call goes to
the spend ledger as \`mcp <tool>\` (see \`social credits\`). With --sandbox the whole server runs
against the in-process sandbox: no key, no credits, for an agent to practise.

--http serves http://127.0.0.1:PORT/mcp only: requests without the bearer token are refused
(401), and so is any Origin that is not loopback (403).
${examples([
  'social mcp --sandbox',
  'social mcp --max-credits 50 --confirm-above 5',
  'social mcp --read-only',
  'social mcp --http 8765 --max-credits 100',
  'social mcp install claude --max-credits 50',
])}`,
    )
    .noJsonOutput()
    .statusAction(async (raw: McpRaw, cmd: Command) => {
      const options = parseMcpOptions({ ...cmd.optsWithGlobals(), ...raw }, ctx.env);
      const { serveMcp } = await import('./run.js');
      return serveMcp(ctx, cmd, options);
    });
  declareInstall(command, ctx);
}
