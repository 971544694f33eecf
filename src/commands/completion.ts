// `social completion <bash|zsh|fish>`: prints the completion script, rendered from this very
// program. And the hidden `social __complete <kind>` the scripts call for values that live in
// local state (niche ids from the cached coverage): it reads one file, never the network.
import type { Command } from 'commander';
import { usageError } from '../domain/errors.js';
import { closest } from '../domain/suggest.js';
import type { Context } from '../infra/context.js';
import { INSTALL_HELP, isShell, renderCompletion, SHELLS } from './completion/index.js';
import { DYNAMIC_KINDS } from './completion/model.js';

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

export function registerCompletion(program: Command, ctx: Context, done: (status: number) => void): void {
  program
    .command('completion')
    .description(`print the shell completion script: ${SHELLS.join(', ')}`)
    .argument('<shell>', SHELLS.join(', '))
    .addHelpText(
      'after',
      `
${INSTALL_HELP}

Examples:
  social completion bash > ~/.local/share/bash-completion/completions/social
  source <(social completion zsh)      (try it in the current zsh, after compinit)
  social completion fish | source      (try it in the current fish)`,
    )
    .action((shell: string, _options: unknown, command: Command) => {
      const name = shell.trim().toLowerCase();
      if (!isShell(name)) {
        const near = closest(name, SHELLS, 1);
        throw usageError(
          `${JSON.stringify(shell)} is not a shell social completes`,
          `${near.length > 0 ? `Did you mean ${near.join(' or ')}? ` : ''}Shells: ${SHELLS.join(', ')}.`,
        );
      }
      ctx.io.stdout.write(renderCompletion(name, rootOf(command)));
      done(0);
    });

  program
    .command('__complete', { hidden: true })
    .description('values for the completion scripts, from local state only')
    .argument('<kind>', DYNAMIC_KINDS.join(', '))
    .action(async (kind: string, _options: unknown, command: Command) => {
      if (kind !== 'niches') return done(2);
      const globals = command.optsWithGlobals<{ sandbox?: boolean; baseUrl?: string }>();
      const { cachedNicheIds } = await import('./completion/niches.js');
      const ids = cachedNicheIds(ctx, { sandbox: globals.sandbox === true, baseUrl: globals.baseUrl });
      if (ids.length > 0) ctx.io.stdout.write(`${ids.join('\n')}\n`);
      done(0);
    });
}
