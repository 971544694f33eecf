// How commander lays out the option and command lists. Subcommands are listed by name and
// arguments (no "[options]"), and when the terminal leaves too little room beside the terms, each
// description goes on the lines below its term instead of running past the edge.
import { type Command, Help, type Option } from 'commander';
import { printsNoJson } from '../runtime/command.js';

const MIN_DESCRIPTION = 40;

export const HELP_LAYOUT: Partial<Help> = {
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
  subcommandTerm(cmd: Command): string {
    const args = cmd.registeredArguments.map((arg) => {
      const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
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
