// How commander lays out the option and command lists. Subcommands are listed by name and
// arguments (no "[options]"), and when the terminal leaves too little room beside the terms, each
// description goes on the lines below its term instead of running past the edge. The words
// commander itself writes (the titles, "choices", "default") are the catalogue's, in the run's
// language; the choices and defaults themselves are words of the command line, never translated.
import { type Argument, type Command, Help, type Option } from 'commander';
import type { MessageId } from '../messages/catalogue.js';
import { placeholderName } from '../messages/placeholders.js';
import { t } from '../messages/use-help.js';
import { printsNoJson } from '../runtime/command.js';

/** The titles commander writes, by the English it calls styleTitle() with. */
const TITLES: Readonly<Record<string, MessageId>> = {
  'Usage:': 'help.title.usage',
  'Arguments:': 'help.title.arguments',
  'Options:': 'help.title.options',
  'Commands:': 'help.title.commands',
  'Global Options:': 'help.title.global-options',
};

/** An option's or argument's description, then its choices and default as commander says them. */
function withExtra(description: string, item: Option | Argument, showDefault: boolean): string {
  const extra: string[] = [];
  if (item.argChoices)
    extra.push(t('help.extra.choices', { list: item.argChoices.map((c) => JSON.stringify(c)).join(', ') }));
  if (item.defaultValue !== undefined && showDefault)
    extra.push(t('help.extra.default', { value: item.defaultValueDescription || JSON.stringify(item.defaultValue) }));
  if (extra.length === 0) return description;
  return description ? `${description} (${extra.join(', ')})` : `(${extra.join(', ')})`;
}

const MIN_DESCRIPTION = 40;

export const HELP_LAYOUT: Partial<Help> = {
  /**
   * Help is plain text (no style of ours adds an escape, and the catalogue holds none): its width
   * is its length, rather than commander's pattern run over every word it wraps.
   */
  displayWidth(text: string): number {
    return text.length;
  },
  styleTitle(title: string): string {
    const id = TITLES[title];
    return id === undefined ? title : t(id);
  },
  /** As commander's own (choices, then a default for an option that takes a value), in the run's language. */
  optionDescription(option: Option): string {
    const showDefault =
      option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
    return withExtra(option.description, option, showDefault);
  },
  argumentDescription(argument: Argument): string {
    return withExtra(argument.description, argument, true);
  },
  /** A command that prints JSON lists the root's --jq among its own options, before --help. */
  visibleOptions(cmd: Command): Option[] {
    const own = Help.prototype.visibleOptions.call(this as Help, cmd);
    let root = cmd;
    while (root.parent) root = root.parent;
    const printsJson = cmd !== root && cmd.commands.length === 0 && !printsNoJson(cmd);
    const jq = root.options.find((option) => option.long === '--jq');
    if (!printsJson || jq === undefined) return own;
    const help = own.findIndex((option) => option.long === '--help');
    return help < 0 ? [...own, jq] : [...own.slice(0, help), jq, ...own.slice(help)];
  },
  /** Commander's usage line (`profile [options] <platform> [handle...]`), its placeholders in the run's language. */
  commandUsage(cmd: Command): string {
    return Help.prototype.commandUsage
      .call(this as Help, cmd)
      .replace(
        /([<[])([a-z-]+)(\.\.\.)?([\]>])/g,
        (_, open, name, dots = '', close) => open + placeholderName(name) + dots + close,
      );
  },
  argumentTerm(argument: Argument): string {
    return placeholderName(argument.name());
  },
  subcommandTerm(cmd: Command): string {
    const args = cmd.registeredArguments.map((arg) => {
      const name = `${placeholderName(arg.name())}${arg.variadic ? '...' : ''}`;
      return arg.required ? `<${name}>` : `[${name}]`;
    });
    return [cmd.name(), ...args].join(' ');
  },
  formatItem(term: string, termWidth: number, description: string, helper: Help): string {
    const width = helper.helpWidth ?? 80;
    if (description === '' || width - termWidth - 4 >= MIN_DESCRIPTION) {
      return Help.prototype.formatItem.call(helper, term, termWidth, description, helper);
    }
    const indent = '      ';
    return `  ${term}\n${indent}${helper.boxWrap(description, width - indent.length).replace(/\n/g, `\n${indent}`)}`;
  },
};
