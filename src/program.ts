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
import { said } from './messages/catalogue.js';
import { currentLanguage, LANGUAGES } from './messages/language.js';
import { useLanguage } from './messages/registry.js';
import { t } from './messages/use-help.js';
import { printText } from './output/print-text.js';
import { printsNoJson, SocialCommand } from './runtime/command.js';

/** One source of truth: package.json, inlined by the build. */
export const VERSION: string = packageJson.version;

/**
 * The global options, in the order the help lists them: flags, the name of their help
 * (`help.global.<name>`), and the choices of those that take one of a few.
 */
const GLOBAL_OPTIONS = [
  ['-o, --output <format>', 'output', OUTPUT_FORMATS],
  ['--json', 'json'],
  ['-q, --quiet', 'quiet'],
  ['--api-key <key>', 'api-key'],
  ['--base-url <url>', 'base-url'],
  ['--timeout <seconds>', 'timeout'],
  ['--max-body <size>', 'max-body'],
  ['--retries <n>', 'retries'],
  ['--lang <language>', 'lang', LANGUAGES],
  ['--no-color', 'no-color'],
  ['--exact', 'exact'],
  ['--no-pager', 'no-pager'],
  ['--debug', 'debug'],
  ['--strict', 'strict'],
  ['--jq <expression>', 'jq'],
  ['--sandbox', 'sandbox'],
  ['--sandbox-now <instant>', 'sandbox-now'],
] as const satisfies ReadonlyArray<readonly [string, string, (readonly string[])?]>;

/** `config path`, `completion`: a command's name under the root. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/**
 * `program` with every command declared, in English: itself when the run speaks English, else the
 * same program built anew while the catalogue speaks English, then the run's language back.
 */
async function englishProgram(ctx: Context, program: SocialCommand): Promise<SocialCommand> {
  const spoken = currentLanguage();
  if (spoken === 'en') return program.declaredAll();
  await useLanguage('en');
  try {
    return await buildProgram(ctx).declaredAll();
  } finally {
    await useLanguage(spoken);
  }
}

export function buildProgram(ctx: Context): SocialCommand {
  const program = new SocialCommand('social');
  const outWidth = helpWidth(ctx.io.stdoutIsTTY, ctx.io.columns);
  const errWidth = helpWidth(ctx.io.stderrIsTTY, ctx.io.columns);
  program
    .description(t('help.program.summary'))
    .version(VERSION, '-V, --version', t('help.option.version'))
    .helpOption('-h, --help', t('help.option.help'))
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
    // The help command commander adds to a command of subcommands (store, track), said in the
    // run's language: the root's, inherited by every command; the root itself lists its own.
    .helpCommand('help [command]', t('help.option.help'))
    .helpCommand(false)
    .showSuggestionAfterError()
    .showHelpAfterError(t('help.after-error'));
  for (const [flags, name, choices] of GLOBAL_OPTIONS) {
    const option = new Option(flags, t(`help.global.${name}`));
    program.addOption(choices === undefined ? option : option.choices(choices));
  }
  // Said when the help is shown, not as every run declares the program (--version shows none).
  program.addHelpText('after', () =>
    t('help.program.after', {
      topics: TOPICS.map((topic) => `  ${topic.name.padEnd(12)} ${topic.summary}`).join('\n'),
    }),
  );

  // The commands, from their heads, when the run first looks at them: `--version` does not.
  program.commandsWhenRead(() => {
    for (const head of COMMANDS) program.addHead(head, ctx);
    registerHelp(program, ctx);
  });
  program.inEnglish = async () => englishProgram(ctx, program);
  // The command about to run gets the rest of its declaration (commander calls this before the
  // command parses its own arguments and options).
  program.hook('preSubcommand', async (_program, command) => {
    if (command instanceof SocialCommand) await command.declared();
  });
  program.hook('preAction', (_root, action) => {
    const { jq } = action.optsWithGlobals<{ jq?: string }>();
    if (jq !== undefined && printsNoJson(action))
      throw usageError(said('help.jq.nothingToFilter', { command: commandPath(action) }));
  });
  return program;
}
