// `social help [command...|topic]`: a command's help, or a topic page. An unknown name is a usage
// error (exit 2) that lists the topics and commands, never the root help with status 0.

import type { Command } from 'commander';
import { usageError } from '../domain/errors.js';
import { closest, didYouMean } from '../domain/suggest.js';
import { quoted } from '../domain/text.js';
import type { Context } from '../infra/context.js';
import { said } from '../messages/catalogue.js';
import { t } from '../messages/use-help.js';
import { printText } from '../output/print-text.js';
import { helpAfter, SocialCommand } from '../runtime/command.js';
import { findTopic, TOPICS } from './topics.js';
import { helpWidth, wrapHelp } from './wrap.js';

export function registerHelp(program: SocialCommand, ctx: Context): void {
  program
    .command('help')
    .description(t('help.help.summary', { topics: TOPICS.map((topic) => topic.name).join(', ') }))
    .argument('[name...]', t('help.help.arg.name'))
    .addHelpText('after', helpAfter(undefined, t('help.help.examples')))
    .noJsonOutput()
    .statusAction(async (names: string[]) => {
      if (names.length === 0) {
        program.outputHelp();
        return 0;
      }
      const topic = names.length === 1 ? findTopic(names[0] as string) : undefined;
      if (topic !== undefined) {
        printText(ctx.io.stdout, wrapHelp(await topic.text(), helpWidth(ctx.io.stdoutIsTTY, ctx.io.columns)));
        return 0;
      }
      let command: Command | undefined = program;
      for (const name of names) {
        command = command?.commands.find((c) => c.name() === name);
        // A command's options and help are declared when first needed (SocialCommand.declared).
        if (command instanceof SocialCommand) await command.declared();
      }
      if (command === undefined) throw unknownHelp(program, names.join(' '));
      command.outputHelp();
      return 0;
    });
}

function unknownHelp(program: Command, name: string): Error {
  const topics = TOPICS.map((t) => t.name);
  const commands = program.commands
    .filter((c) => c.name() !== 'help' && !c.name().startsWith('_'))
    .map((c) => c.name());
  const near = closest(name, [...topics, ...commands]);
  const names = t('help.unknownName.hint', { topics: topics.join(', '), commands: commands.join(', ') });
  return usageError(said('help.unknownName', { name: quoted(name) }), `${didYouMean(near)}${names}`);
}
