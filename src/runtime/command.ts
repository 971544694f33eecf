// What a command is made of. A declaration (each src/commands/<name>/index.ts) adds a
// SocialCommand to the program: its options, help and examples, and an action that checks the
// options, then hands them to runService with a loader of its run (<name>/run.ts). So declaring
// every command, for help or for another command's run, loads no run code: a run is imported when
// its command runs. An action returns the exit status (or throws a typed error, which main maps to
// its status).
// biome-ignore-all lint/suspicious/noExplicitAny: commander passes an action whatever it parsed
import { Command, type ErrorOptions } from 'commander';
import type { Context } from '../infra/context.js';
import { t } from '../messages/use-help.js';
import { commanderLine } from './commander-errors.js';
import type { Outcome, Runtime } from './runner.js';
import type { AnyTool } from './tool-declaration.js';

/**
 * What `social --help` lists of a command (its name, summary and arguments), and where the rest of
 * it is. The start layer holds every command's head; the rest, its declaration, is loaded when the
 * command runs or its help is shown, so `--version` and `social --help` declare no options.
 */
export interface CommandHead {
  name: string;
  /**
   * Plain text in the run's language (a getter that asks the catalogue), no table lookups: every
   * start reads it (src/help/help.test.ts holds its figures).
   */
  readonly summary: string;
  /** As commander takes them: ['<platform>', 'its description'], the description in the run's language. */
  readonly arguments?: readonly (readonly [string, string])[];
  hidden?: boolean;
  declaration: () => Promise<Declaration>;
  /** The command as an MCP tool (its folder's tool.ts), for `social mcp`; none for a command that is not one. */
  tool?: () => Promise<AnyTool>;
}

/** The rest of a command, given its head: its options, help and action, and its subcommands. */
type Declaration = (command: SocialCommand, ctx: Context) => void;

/** A command's run: from its checked options and the runtime (settings, session) to its outcome. */
export type Run<Options> = (options: Options, rt: Runtime) => Promise<Outcome>;

/**
 * The action of a command that talks to the service: loads the runner and the command's run, and
 * the runner opens the session (with the key unless `key` is false), calls the run and prints the
 * outcome it returns. The spend ledger records the calls under the command's name.
 */
export async function runService<Options>(
  ctx: Context,
  command: Command,
  options: Options,
  load: () => Promise<Run<Options>>,
  key = true,
): Promise<number> {
  const [{ runApiCommand }, run] = await Promise.all([import('./runner.js'), load()]);
  return runApiCommand(ctx, command.optsWithGlobals(), { key, command: commandWord(command) }, (rt) =>
    run(options, rt),
  );
}

/**
 * The command word a run is named by in the store, the spend ledger and its hints: `track` for
 * `track run`, whose own name alone (`run`) names no command of social's.
 */
function commandWord(command: Command): string {
  let word = command;
  while (word.parent?.parent) word = word.parent;
  return word.name();
}

/**
 * The end of a command's help: its text (paragraphs, when it has some), its examples (one a line,
 * from the catalogue: the same commands in every language), then the pointer to the exit statuses.
 */
export function helpAfter(text: string | undefined, examples: string): string {
  const lines = examples
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
  return `${text === undefined ? '' : `\n${text}\n`}\n${t('help.title.examples')}\n${lines}\n\n${t('help.exit-pointer')}`;
}

/** What a command's action does: returns its exit status, or throws a typed error. */
export type StatusAction = (...args: any[]) => number | Promise<number>;

/**
 * A commander Command whose actions return their exit status. The status is kept on the root
 * command, where main reads it after parsing: no callback threads through the commands.
 */
export class SocialCommand extends Command {
  /** The status the action that ran returned (on the root command). */
  exitStatus = 0;

  /** This command prints no JSON (a path, a script, a server): --jq and --fields are refused. */
  printsNoJson = false;

  /** Marks a command that prints no JSON. */
  noJsonOutput(): this {
    this.printsNoJson = true;
    return this;
  }

  /** The command as an MCP tool, from its head: `social mcp` collects them from the program. */
  tool: (() => Promise<AnyTool>) | undefined;

  /**
   * On the root: the program declared anew in English, every command declared (set by the entry,
   * which builds programs). What is the same in every language (the completion scripts) is made
   * from it.
   */
  inEnglish: (() => Promise<SocialCommand>) | undefined;

  /** The rest of this command's declaration, until declared() gives it. */
  #declaration: (() => Promise<void>) | undefined;
  #declared: Promise<void> | undefined;

  override createCommand(name?: string): SocialCommand {
    return new SocialCommand(name);
  }

  /** Commander's own error lines (an unknown option, a missing argument) in the run's language. */
  override error(message: string, errorOptions?: ErrorOptions): never {
    return super.error(commanderLine(message, errorOptions?.code), errorOptions);
  }

  /**
   * Declares this command's commands (`declare` adds them) when its list of them is first read:
   * by commander as it looks for the command a run names or lays out the help, or by anything
   * else. A run that reads none (`--version`) makes none.
   */
  commandsWhenRead(declare: () => void): this {
    undeclaredCommands.set(this, declare);
    return this;
  }

  /** Adds a command from its head; the rest of it is declared by declared(), when first needed. */
  addHead(head: CommandHead, ctx: Context): SocialCommand {
    const command = this.command(head.name, { hidden: head.hidden === true }).description(head.summary);
    for (const [name, description] of head.arguments ?? []) command.argument(name, description);
    command.#declaration = async () => (await head.declaration())(command, ctx);
    command.tool = head.tool;
    return command;
  }

  /** This command, fully declared: its options, help, action and subcommands. */
  async declared(): Promise<this> {
    this.#declared ??= this.#declaration?.() ?? Promise.resolve();
    await this.#declared;
    return this;
  }

  /** Every command under this one fully declared, for what reads the whole tree (completion). */
  async declaredAll(): Promise<this> {
    await Promise.all(this.commands.map((command) => (command instanceof SocialCommand ? command.declared() : null)));
    return this;
  }

  /** This program, every command declared, in English: itself when the run speaks English. */
  async declaredInEnglish(): Promise<SocialCommand> {
    return (await this.inEnglish?.()) ?? this.declaredAll();
  }

  /** Like action(), for an action that returns its exit status. */
  statusAction(fn: StatusAction): this {
    return this.action(async (...args: unknown[]) => {
      let root: Command = this;
      while (root.parent) root = root.parent;
      if (root instanceof SocialCommand) root.exitStatus = await fn(...args);
    });
  }
}

/** Each command's list of commands, and how the list of one not yet read is made (commandsWhenRead). */
const commandLists = new WeakMap<Command, Command[]>();
const undeclaredCommands = new WeakMap<Command, () => void>();

// Commander's `commands`, an accessor on every SocialCommand: the list commander keeps, made first,
// when commandsWhenRead gave a way to make it, as it is first read. (An accessor, not a property a
// TypeScript class can override: commander's constructor assigns it.)
// Patched because commander has no supported lazy subcommands: it reads `commands` before any hook (tj/commander.js#1276).
Object.defineProperty(SocialCommand.prototype, 'commands', {
  get(this: SocialCommand): Command[] {
    const declare = undeclaredCommands.get(this);
    if (declare !== undefined) {
      undeclaredCommands.delete(this);
      declare();
    }
    return commandLists.get(this) as Command[];
  },
  set(this: SocialCommand, list: Command[]) {
    commandLists.set(this, list);
  },
});

/** Every command under the root of `command` that is an MCP tool, in help order: the tools `social mcp` serves. */
export function programTools(command: Command): Array<() => Promise<AnyTool>> {
  let root: Command = command;
  while (root.parent) root = root.parent;
  return root.commands.flatMap((c) => (c instanceof SocialCommand && c.tool !== undefined ? [c.tool] : []));
}

/** Whether `cmd` (any commander command) is one that prints no JSON: --jq is refused there. */
export function printsNoJson(cmd: Command): boolean {
  return cmd instanceof SocialCommand && cmd.printsNoJson;
}
