// Completion scripts for bash, zsh and fish, rendered from the commander program itself (see
// spec.ts), so they list exactly the commands, options and values the CLI accepts.
import type { Command } from 'commander';
import { renderBash } from './bash.js';
import { renderFish } from './fish.js';
import type { Shell } from './spec.js';
import { completionSpec, SHELLS } from './spec.js';
import { renderZsh } from './zsh.js';

export type { Shell } from './spec.js';
export { SHELLS } from './spec.js';

/** The committed copies in completions/, written by `npm run completions`. */
export const COMPLETION_FILES: Readonly<Record<Shell, string>> = {
  bash: 'social.bash',
  zsh: '_social',
  fish: 'social.fish',
};

export function isShell(name: string): name is Shell {
  return (SHELLS as readonly string[]).includes(name);
}

/** The completion script of `shell` for `program` (the root command). */
export function renderCompletion(shell: Shell, program: Command): string {
  const spec = completionSpec(program);
  switch (shell) {
    case 'bash':
      return renderBash(spec);
    case 'zsh':
      return renderZsh(spec);
    case 'fish':
      return renderFish(spec);
  }
}

/** How to install each script, for `social completion --help`. */
export const INSTALL_HELP = `Install (then open a new shell):
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
