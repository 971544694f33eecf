// The command class every social command is made from: a commander Command whose action returns
// the exit status (or throws a typed error, which main maps to its status).
// biome-ignore-all lint/suspicious/noExplicitAny: commander passes an action whatever it parsed
import { Command } from 'commander';

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

  override createCommand(name?: string): SocialCommand {
    return new SocialCommand(name);
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

/** Whether `cmd` (any commander command) is one that prints no JSON: --jq is refused there. */
export function printsNoJson(cmd: Command): boolean {
  return cmd instanceof SocialCommand && cmd.printsNoJson;
}
