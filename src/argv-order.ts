// The options every paid command takes (runtime/charge-options.ts; their flags, charge-flags.ts) are
// the command's own, and commander reads a command's options only after its word. Given before it
// (`social --max-credits 5 movers tech`, `social --dry-run track run`), they are moved to just
// after the word and the operands that follow it, so that the command (or its subcommand) reads
// them as if given there: the same checks, help and errors, and a free command refuses them as it
// does after its word.
// Given in both places, the one after the word wins, as the last of a repeated option does.
// Anything else before the word (the program's own options) stays where it is, and an argument
// line this does not follow to its word (an unknown option, `--`) is left as it is, for commander
// to say what is wrong with it.
import type { Command, Option } from 'commander';
import { type Language, languageNamed } from './messages/language.js';
import { chargeOptions } from './runtime/charge-flags.js';

/**
 * The language `--lang` asks for, before or after the command word (a program option is read in
 * both places), up to `--`: the last one given wins, as commander reads a repeated option. Read
 * before the program is built, as its help is written in the language; a value that is not one
 * of the choices is left to commander, which refuses it (exit 2).
 */
export function languageAsked(argv: readonly string[]): Language | undefined {
  let asked: Language | undefined;
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at] as string;
    if (arg === '--') break;
    const value = arg === '--lang' ? argv[at + 1] : arg.startsWith('--lang=') ? arg.slice(7) : undefined;
    if (value === undefined) continue;
    asked = languageNamed(value) ?? asked;
    if (arg === '--lang') at += 1;
  }
  return asked;
}

export function chargeOptionsAfterWord(argv: readonly string[], program: Command): string[] {
  let movable: readonly Option[] | undefined;
  const before: string[] = [];
  const moved: string[] = [];
  for (let at = 0; at < argv.length; ) {
    const arg = argv[at] as string;
    if (arg === '--') break;
    if (!isOption(arg)) {
      const word = program.commands.some((command) => command.name() === arg || command.aliases().includes(arg));
      if (moved.length === 0 || !word) return [...argv];
      // After the operands that follow the word too: a subcommand's word among them (`track run`)
      // is known only once its command is declared, which happens as it runs.
      let end = at + 1;
      while (end < argv.length && !isOption(argv[end] as string)) end += 1;
      return [...before, ...argv.slice(at, end), ...moved, ...argv.slice(end)];
    }
    const global = arg === '--help' || arg === '-h' ? 1 : span(argv, at, program.options);
    if (global > 0) {
      before.push(...argv.slice(at, at + global));
      at += global;
      continue;
    }
    movable ??= chargeOptions();
    const charge = span(argv, at, movable);
    if (charge === 0) break;
    moved.push(...argv.slice(at, at + charge));
    at += charge;
  }
  return [...argv];
}

/** As commander tells an option from an operand. */
function isOption(arg: string): boolean {
  return arg.length > 1 && arg.startsWith('-');
}

/**
 * How many arguments, from argv[at], one of `options` takes as commander reads it (`--name value`,
 * `--name=value`, `-o value`, `-ovalue`, `-qo value`): 0 when it is none of them.
 */
function span(argv: readonly string[], at: number, options: readonly Option[]): number {
  const arg = argv[at] as string;
  const next = argv[at + 1];
  const takesNext = (option: Option) =>
    option.required ? (next === undefined ? 1 : 2) : option.optional && next !== undefined && !isOption(next) ? 2 : 1;
  const exact = options.find((option) => option.long === arg || option.short === arg);
  if (exact !== undefined) return takesNext(exact);
  if (arg.startsWith('--')) {
    const equals = arg.indexOf('=');
    const named = equals > 0 ? options.find((option) => option.long === arg.slice(0, equals)) : undefined;
    return named !== undefined && (named.required || named.optional) ? 1 : 0;
  }
  // Short flags run together: each takes none, until one that takes the rest, or the next argument.
  for (let char = 1; char < arg.length; char += 1) {
    const option = options.find((candidate) => candidate.short === `-${arg[char]}`);
    if (option === undefined) return 0;
    if (option.required || option.optional) return char + 1 < arg.length ? 1 : takesNext(option);
  }
  return 1;
}
