// `social completion <bash|zsh|fish>`: prints the completion script, rendered from this very
// program. And the hidden `social __complete <kind>` the scripts call for values that live in
// local state (niche ids from the cached coverage): it reads one file, never the network.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { closest } from '../../domain/suggest.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { printText } from '../../output/print-text.js';
import { EXIT_HELP, SocialCommand } from '../../runtime/command.js';
import { isShell, SHELLS } from './shells.js';

/** How to install each script, for `social completion --help`. */
const INSTALL_HELP = `Install (then open a new shell):
  bash  mkdir -p ~/.local/share/bash-completion/completions
        social completion bash > ~/.local/share/bash-completion/completions/social
        (loaded by the bash-completion package; without it, put this in ~/.bashrc:
         source <(social completion bash))
  zsh   mkdir -p ~/.zfunc && social completion zsh > ~/.zfunc/_social
        and in ~/.zshrc, before anything that runs compinit:
          fpath=(~/.zfunc $fpath); autoload -Uz compinit && compinit
        (any directory on $fpath will do; rm -f ~/.zcompdump* if it does not show up)
  fish  social completion fish > ~/.config/fish/completions/social.fish

The scripts complete commands, options, platform names, output formats, config keys, and the
niche ids of the coverage cached by an earlier niches, trends or movers run (read from the
config dir: no network, no key). Copies ship in the package's completions/ directory.`;

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

export function declareCompletion(command: SocialCommand, ctx: Context): void {
  command
    .addHelpText(
      'after',
      `
${INSTALL_HELP}

Examples:
  social completion bash > ~/.local/share/bash-completion/completions/social
  source <(social completion zsh)      (try it in the current zsh, after compinit)
  social completion fish | source      (try it in the current fish)

${EXIT_HELP}`,
    )
    .noJsonOutput()
    .statusAction(async (shell: string, _options: unknown, command: Command) => {
      const name = shell.trim().toLowerCase();
      if (!isShell(name)) {
        const near = closest(name, SHELLS, 1);
        throw usageError(
          `${quoted(shell)} is not a shell social completes`,
          `${near.length > 0 ? `Did you mean ${near.join(' or ')}? ` : ''}Shells: ${SHELLS.join(', ')}.`,
        );
      }
      const { renderCompletion } = await import('./render.js');
      // The script lists every command's options: each command is declared first.
      const root = rootOf(command);
      if (root instanceof SocialCommand) await root.declaredAll();
      printText(ctx.io.stdout, renderCompletion(name, root));
      return 0;
    });
}

export function declareComplete(command: SocialCommand, ctx: Context): void {
  command.noJsonOutput().statusAction(async (kind: string, _options: unknown, command: Command) => {
    if (kind !== 'niches') throw usageError(`${quoted(kind)} is not a kind of value social completes`);
    const globals = command.optsWithGlobals<{ sandbox?: boolean; baseUrl?: string }>();
    const { cachedNicheIds } = await import('./cached-niches.js');
    const ids = cachedNicheIds(ctx, { sandbox: globals.sandbox === true, baseUrl: globals.baseUrl });
    printText(ctx.io.stdout, ids.join('\n'));
    return 0;
  });
}
