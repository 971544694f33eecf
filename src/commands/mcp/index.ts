// `social mcp`: the commands as Model Context Protocol tools, over stdio (or Streamable HTTP on
// loopback), under guards set when it starts: a budget for the whole session, a threshold above
// which the person is asked, read-only and dry-run. `social mcp install <client>` writes the
// entry that starts it into an MCP client's configuration.
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { helpAfter, type SocialCommand } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
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
  if (token !== undefined && raw.http === undefined) throw usageError(said('errors.mcp.tokenWithoutHttp'));
  if (token !== undefined && !/^[\x21-\x7e]{16,256}$/.test(token)) throw usageError(said('errors.mcp.tokenForm'));
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
    .option('--max-credits <n>', t('commands.mcp.max-credits'))
    .option('--confirm-above <n>', t('commands.mcp.confirm-above'))
    .option('--read-only', t('commands.mcp.read-only'));
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
      .description(t('commands.mcp.install.summary', { clients: CLIENTS.join(', ') }))
      .argument('<client>', CLIENTS.join(', ')),
  )
    .option('--name <name>', t('commands.mcp.install.name'), 'social')
    .option('--print', t('commands.mcp.install.print'))
    .option('--dry-run', t('commands.mcp.install.dry-run'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.mcp.install.after'),
        examplesText([
          'social mcp install claude --max-credits 50 --confirm-above 5',
          'social mcp install cursor --read-only --dry-run',
          'social mcp install codex --print',
        ]),
      ),
    )
    .noJsonOutput()
    .statusAction(async (clientArg: string, _raw: unknown, cmd: Command) => {
      // `mcp` declares the guards too: given after `install`, commander hands them to it.
      const raw = cmd.optsWithGlobals<McpRaw & { name: string; print?: boolean; sandbox?: boolean }>();
      const client = CLIENTS.find((name) => name === clientArg);
      if (client === undefined)
        throw usageError(
          said('errors.mcp.client', { got: quoted(clientArg) }),
          t('errors.mcp.client.hint', { clients: CLIENTS.join(', ') }),
        );
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw.name)) throw usageError(said('errors.mcp.name'));
      if (raw.print === true && raw.dryRun === true) throw usageError(said('errors.mcp.install.printDryRun'));
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
    .option('--dry-run', t('commands.mcp.dry-run'))
    .option('--http <port>', t('commands.mcp.http'))
    .option('--token <token>', t('commands.mcp.token'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.mcp.after'),
        examplesText([
          'social mcp --sandbox',
          'social mcp --max-credits 50 --confirm-above 5',
          'social mcp --read-only',
          'social mcp --http 8765 --max-credits 100',
          'social mcp install claude --max-credits 50',
        ]),
      ),
    )
    .noJsonOutput()
    .statusAction(async (raw: McpRaw, cmd: Command) => {
      const options = parseMcpOptions({ ...cmd.optsWithGlobals(), ...raw }, ctx.env);
      const { serveMcp } = await import('./run.js');
      return serveMcp(ctx, cmd, options);
    });
  declareInstall(command, ctx);
}
