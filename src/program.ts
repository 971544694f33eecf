// The commander program: global options, then every command's declaration (commands/index.ts) and
// help. Declarations are light; each command imports its run, and the run what it needs (HTTP
// client, schemas, tables, sandbox), when it runs, so `social --help` pays for none of it.
import type { Command } from 'commander';
import { Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { COMMANDS } from './commands/index.js';
import { usageError } from './domain/errors.js';
import { OUTPUT_FORMATS } from './domain/formats.js';
import { registerHelp } from './help/help-command.js';
import { HELP_LAYOUT } from './help/layout.js';
import { TOPICS } from './help/topics.js';
import { helpWidth, wrapHelp } from './help/wrap.js';
import { type Context, colourEnabled } from './infra/context.js';
import { LANGUAGES } from './messages/language.js';
import { printText } from './output/print-text.js';
import { printsNoJson, SocialCommand } from './runtime/command.js';

/** One source of truth: package.json, inlined by the build. */
export const VERSION: string = packageJson.version;

/** `config path`, `completion`: a command's name under the root. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

export function buildProgram(ctx: Context): SocialCommand {
  const program = new SocialCommand('social');
  const outWidth = helpWidth(ctx.io.stdoutIsTTY, ctx.io.columns);
  const errWidth = helpWidth(ctx.io.stderrIsTTY, ctx.io.columns);
  program
    .description('Public profiles and recent posts from ten social platforms, and an hourly archive of news rankings.')
    .version(VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => printText(ctx.io.stdout, wrapHelp(text, outWidth)),
      writeErr: (text) => ctx.io.stderr.write(wrapHelp(text, errWidth)),
      getOutHelpWidth: () => outWidth,
      getErrHelpWidth: () => errWidth,
      // Whether commander leaves escapes in what it writes: the CLI's own colour rule, from the
      // context's facts. Commander's would ask process.stdout and process.stderr, building them.
      getOutHasColors: () => colourEnabled(ctx.env, ctx.io.stdoutIsTTY, false),
      getErrHasColors: () => colourEnabled(ctx.env, ctx.io.stderrIsTTY, false),
    })
    .configureHelp(HELP_LAYOUT)
    .helpCommand(false)
    .showSuggestionAfterError()
    .showHelpAfterError('(run with --help for usage)')
    .addOption(
      new Option(
        '-o, --output <format>',
        'table (default at a terminal), json (default in a pipe), ndjson or csv',
      ).choices(OUTPUT_FORMATS),
    )
    .option('--json', 'same as --output json')
    .option('-q, --quiet', 'nothing on stderr but errors')
    .option(
      '--api-key <key>',
      'API key; overrides SOCIAL_API_KEY and config (other local users can see it in the process list: prefer `social config set api-key`)',
    )
    .option('--base-url <url>', 'service address; overrides SOCIAL_BASE_URL and config')
    .option('--timeout <seconds>', 'per attempt, from connect to the last byte of the answer (default 30)')
    .option('--max-body <size>', 'the largest answer read, like 64MB; a larger one is aborted, exit 11 (default 32MB)')
    .option(
      '--retries <n>',
      'retries of what was never sent (refused or failed connection) and of 502/503; never a reset or timeout once the request was written, which may have been charged (default 2)',
    )
    .addOption(
      new Option(
        '--lang <language>',
        'the language of messages and help: en or pt-BR (else SOCIAL_LANG, then LC_ALL, LC_MESSAGES, LANG)',
      ).choices(LANGUAGES),
    )
    .option('--no-color', 'no colour, even with FORCE_COLOR set (also NO_COLOR)')
    .option('--exact', 'exact numbers in tables (21,345, not 21K)')
    .option('--no-pager', 'no pager for tables taller than the terminal (else SOCIAL_PAGER, PAGER or less -FRX)')
    .option('--debug', 'method, URL, status, timing, request id and retries on stderr (never the key)')
    .option(
      '--strict',
      'fail (exit 11) when an answer differs from the documented shape, instead of a note on stderr (also SOCIAL_STRICT=1)',
    )
    .option(
      '--jq <expression>',
      'filter the JSON output with jq (real jq 1.8): strings print raw, other values as JSON, one a line',
    )
    .option('--sandbox', 'run this command against an in-process sandbox with its demo key (no key, no network)')
    .option(
      '--sandbox-now <instant>',
      "with --sandbox: fix the sandbox's clock, and the run's, at an instant, a date or an age like 2d (also SOCIAL_SANDBOX_NOW)",
    )
    .addHelpText(
      'after',
      `
Help topics (social help <topic>):
${TOPICS.map((topic) => `  ${topic.name.padEnd(12)} ${topic.summary}`).join('\n')}

Try it with no key and no network:
  social --sandbox profile github octocat
  social --sandbox posts bluesky jay.bsky.team --limit 5`,
    );

  for (const head of COMMANDS) program.addHead(head, ctx);
  registerHelp(program, ctx);
  // The command about to run gets the rest of its declaration (commander calls this before the
  // command parses its own arguments and options).
  program.hook('preSubcommand', async (_program, command) => {
    if (command instanceof SocialCommand) await command.declared();
  });
  program.hook('preAction', (_root, action) => {
    const { jq } = action.optsWithGlobals<{ jq?: string }>();
    if (jq !== undefined && printsNoJson(action))
      throw usageError(`social ${commandPath(action)} prints no JSON: --jq has nothing to filter`);
  });
  return program;
}
