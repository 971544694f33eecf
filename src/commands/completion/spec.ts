// The completion model: the commander program walked into a plain tree of commands, options,
// arguments and where each one's values come from. The bash, zsh and fish renderers read only
// this tree, so the scripts follow the program and never drift from it.
import type { Argument, Command, Option } from 'commander';
import { HELP_TOPIC_NAMES } from '../../domain/help-topics.js';
import { PLATFORM_NAMES } from '../../domain/platforms.js';
import { routePlatforms } from '../../domain/routes.js';
import { CONFIG_KEYS } from '../../infra/config.js';
import { NamesOption } from '../../runtime/fields-option.js';
import { type DynamicKind, SHELLS } from './shells.js';

/** Where the values of an argument or an option come from. */
export type ValueSource =
  | { kind: 'none' }
  /** `list`: a comma-separated list of the words (--fields a,b,c), each completed in turn. */
  | { kind: 'words'; words: readonly string[]; list?: boolean }
  | { kind: 'files' }
  | { kind: 'dynamic'; what: DynamicKind };

export interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  /** Present when the option takes a value (`<x>` or `[x]` in its flags). */
  value?: { name: string; source: ValueSource };
}

export interface ArgumentSpec {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  source: ValueSource;
}

export interface CommandSpec {
  name: string;
  aliases: string[];
  /** Names from the root's first subcommand down to this one; [] for the root. */
  path: string[];
  description: string;
  /** The command's own options (the root's include --version and --help). */
  options: OptionSpec[];
  arguments: ArgumentSpec[];
  commands: CommandSpec[];
}

export interface CompletionSpec {
  /** The program's name, the command the scripts complete. */
  program: string;
  root: CommandSpec;
  /** The root's options that commander also accepts after a subcommand (all but help and version). */
  globals: OptionSpec[];
}

const none: ValueSource = { kind: 'none' };
const words = (list: readonly string[]): ValueSource => ({ kind: 'words', words: [...list] });
const niches: ValueSource = { kind: 'dynamic', what: 'niches' };

/**
 * Argument values, keyed by `<command path> <argument name>`, from the tables the CLI itself uses.
 * A key that names no argument of the program fails the completion tests (see `unusedSources`).
 */
const ARGUMENT_SOURCES: Readonly<Record<string, ValueSource>> = {
  'profile <platform>': words(PLATFORM_NAMES),
  'posts <platform>': words(routePlatforms('posts').map((p) => p.name)),
  'trends <niche>': niches,
  'movers <niche>': niches,
  'config set <key>': words(CONFIG_KEYS),
  'config get <key>': words(CONFIG_KEYS),
  'config unset <key>': words(CONFIG_KEYS),
  'completion <shell>': words(SHELLS),
};

/** Defaults by argument name, for commands added later: a new `<niche>` argument completes niches. */
const BY_ARGUMENT_NAME: Readonly<Record<string, ValueSource>> = {
  platform: words(PLATFORM_NAMES),
  niche: niches,
  shell: words(SHELLS),
};

/** Option value names that mean a file: `--file <path>`, `--state <file>`. */
const FILE_VALUE = /^(file|path|dir|directory)$/i;

/** What may appear in a generated script unquoted: command names, flags and listed values. */
const SAFE_WORD = /^[A-Za-z0-9_@%+.,/-]+$/;

function safe(word: string, what: string): string {
  if (!SAFE_WORD.test(word))
    throw new Error(`completion: ${what} ${JSON.stringify(word)} has characters a completion script cannot carry`);
  return word;
}

function safeSource(source: ValueSource, what: string): ValueSource {
  if (source.kind === 'words') for (const w of source.words) safe(w, what);
  return source;
}

/** Where the first `; ` outside parentheses starts, or -1. */
function clauseEnd(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0 && text[i + 1] === ' ') return i;
  }
  return -1;
}

/** Without an unclosed `(`: cut before the last one left open. */
function balanced(text: string): string {
  const open = text.lastIndexOf('(');
  return open > text.lastIndexOf(')') ? text.slice(0, open).trimEnd() : text;
}

/**
 * One line, at most `max` characters: help texts are written for --help, completion menus show a
 * summary. The first clause; then trailing parentheticals dropped while too long; then cut at a word.
 * @internal Exported for its test.
 */
export function summary(text: string, max = 80): string {
  let line = (text.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
  const end = clauseEnd(line);
  if (end >= 0) line = line.slice(0, end);
  while (line.length > max && /\s*\([^()]*\)$/.test(line)) line = line.replace(/\s*\([^()]*\)$/, '');
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${balanced(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,:;]+$/, '')}…`;
}

function valueName(option: Option): string | undefined {
  const match = /[<[]([^>\]]+)[>\]]/.exec(option.flags);
  return match?.[1]?.replace(/\.\.\.$/, '');
}

function optionSpec(option: Option): OptionSpec {
  const spec: OptionSpec = { description: summary(option.description) };
  if (option.short) spec.short = safe(option.short, 'option');
  if (option.long) spec.long = safe(option.long, 'option');
  if (option.required || option.optional) {
    const name = valueName(option) ?? 'value';
    // -o/--output takes its choices from OUTPUT_FORMATS in the program itself.
    let source: ValueSource = none;
    if (option.argChoices) source = words(option.argChoices);
    else if (option instanceof NamesOption) source = { kind: 'words', words: [...option.names], list: true };
    else if (FILE_VALUE.test(name)) source = { kind: 'files' };
    spec.value = { name, source: safeSource(source, `value of ${option.flags}`) };
  }
  return spec;
}

function argumentSource(
  argument: Argument,
  command: Command,
  parent: Command | undefined,
  path: readonly string[],
): ValueSource {
  const keyed = ARGUMENT_SOURCES[`${path.join(' ')} <${argument.name()}>`];
  if (keyed) return keyed;
  if (argument.argChoices) return words(argument.argChoices);
  // `help [name...]` (and commander's implicit `help [command]`): the commands beside it, and at
  // the top the help topics. (commander makes it on demand, without a parent: the walk passes the
  // parent in.)
  if (command.name() === 'help' && ['command', 'name'].includes(argument.name()) && parent) {
    const siblings = parent
      .createHelp()
      .visibleCommands(parent)
      .filter((c) => c.name() !== 'help');
    const topics = parent.parent === null ? HELP_TOPIC_NAMES : [];
    return words([...siblings.flatMap((c) => [c.name(), ...c.aliases()]), ...topics]);
  }
  return BY_ARGUMENT_NAME[argument.name()] ?? none;
}

function commandSpec(command: Command, parent: Command | undefined, path: string[]): CommandSpec {
  const help = command.createHelp();
  const children = help.visibleCommands(command);
  // A global a command's help lists too (--jq) is completed once, as the global it is.
  const ancestors: Command[] = [];
  for (let at = command.parent; at; at = at.parent) ancestors.push(at);
  const own = help.visibleOptions(command).filter((o) => !ancestors.some((a) => a.options.includes(o)));
  return {
    name: safe(command.name(), 'command'),
    aliases: command.aliases().map((a) => safe(a, 'alias')),
    path,
    description: summary(command.description()),
    options: own.map((o) => optionSpec(o)),
    arguments: command.registeredArguments.map((a) => ({
      name: a.name(),
      description: summary(a.description || a.name()),
      required: a.required,
      variadic: a.variadic,
      source: safeSource(argumentSource(a, command, parent, path), `values of <${a.name()}>`),
    })),
    commands: children.map((c) => commandSpec(c, command, [...path, c.name()])),
  };
}

/** The program as the completion scripts see it. */
export function completionSpec(program: Command): CompletionSpec {
  const root = commandSpec(program, undefined, []);
  const own = new Set(['--help', '--version']);
  return {
    program: safe(program.name(), 'program'),
    root,
    globals: root.options.filter((o) => o.long === undefined || !own.has(o.long)),
  };
}

/** Every command of the tree, the root first, depth first. */
export function allCommands(spec: CompletionSpec): CommandSpec[] {
  const out: CommandSpec[] = [];
  const visit = (command: CommandSpec) => {
    out.push(command);
    command.commands.forEach(visit);
  };
  visit(spec.root);
  return out;
}

/** The options accepted at a command: its own, and the root's global ones below the root. */
export function optionsAt(spec: CompletionSpec, command: CommandSpec): OptionSpec[] {
  if (command.path.length === 0) return command.options;
  const own = new Set(command.options.flatMap((o) => [o.short, o.long]).filter((f) => f !== undefined));
  return [
    ...command.options,
    ...spec.globals.filter((g) => !(g.short && own.has(g.short)) && !(g.long && own.has(g.long))),
  ];
}

/**
 * Keys of ARGUMENT_SOURCES that name no argument of the program: a renamed command or argument.
 * @internal Exported for its test.
 */
export function unusedSources(program: Command): string[] {
  const args = new Set<string>();
  const visit = (command: Command, path: string[]) => {
    for (const a of command.registeredArguments) args.add(`${path.join(' ')} <${a.name()}>`);
    for (const c of command.commands) visit(c, [...path, c.name()]);
  };
  visit(program, []);
  return Object.keys(ARGUMENT_SOURCES).filter((k) => !args.has(k));
}

/** The flags of an option, short first: ['-o', '--output']. */
export function flagsOf(option: OptionSpec): string[] {
  return [option.short, option.long].filter((f): f is string => f !== undefined);
}
