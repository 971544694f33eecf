// `social completion <bash|zsh|fish>`: prints the completion script, rendered from this very
// program. And the hidden `social __complete <kind>` the scripts call for values that live in
// local state (niche ids from the cached coverage): it reads one file, never the network.

import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { closest, didYouMean } from '../../domain/suggest.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { printText } from '../../output/print-text.js';
import { helpAfter, SocialCommand } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { isShell, SHELLS } from './shells.js';

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

export function declareCompletion(command: SocialCommand, ctx: Context): void {
  command
    .addHelpText(
      'after',
      helpAfter(
        t('commands.completion.after'),
        examplesText([
          'social completion bash > ~/.local/share/bash-completion/completions/social',
          { line: 'source <(social completion zsh)', note: t('commands.completion.example.zsh'), column: 37 },
          { line: 'social completion fish | source', note: t('commands.completion.example.fish'), column: 37 },
        ]),
      ),
    )
    .noJsonOutput()
    .statusAction(async (shell: string, _options: unknown, command: Command) => {
      const name = shell.trim().toLowerCase();
      if (!isShell(name)) {
        const near = closest(name, SHELLS, 1);
        throw usageError(
          said('errors.completion.shell', { got: quoted(shell) }),
          t('errors.completion.shell.hint', { didYouMean: didYouMean(near), shells: SHELLS.join(', ') }),
        );
      }
      const { renderCompletion } = await import('./render.js');
      // The script lists every command's options, each command declared, and is the same script in
      // every language: the menus' descriptions are the English ones.
      const root = rootOf(command);
      const program = root instanceof SocialCommand ? await root.declaredInEnglish() : root;
      printText(ctx.io.stdout, renderCompletion(name, program));
      return 0;
    });
}

export function declareComplete(command: SocialCommand, ctx: Context): void {
  command.noJsonOutput().statusAction(async (kind: string, _options: unknown, command: Command) => {
    if (kind !== 'niches') throw usageError(said('errors.completion.kind', { got: quoted(kind) }));
    const globals = command.optsWithGlobals<{ sandbox?: boolean; baseUrl?: string }>();
    const { cachedNicheIds } = await import('./cached-niches.js');
    const ids = cachedNicheIds(ctx, { sandbox: globals.sandbox === true, baseUrl: globals.baseUrl });
    printText(ctx.io.stdout, ids.join('\n'));
    return 0;
  });
}
