// Completion scripts for bash, zsh and fish, rendered from the commander program itself (see
// spec.ts), so they list exactly the commands, options and values the CLI accepts.
import type { Command } from 'commander';
import { renderBash } from './bash.js';
import { renderFish } from './fish.js';
import type { Shell } from './shells.js';
import { completionSpec } from './spec.js';
import { renderZsh } from './zsh.js';

export type { Shell } from './shells.js';
export { SHELLS } from './shells.js';

/** The committed copies in completions/, written by `npm run completions`. */
export const COMPLETION_FILES: Readonly<Record<Shell, string>> = {
  bash: 'social.bash',
  zsh: '_social',
  fish: 'social.fish',
};

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
