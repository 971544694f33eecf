// The shells completion writes a script for, and the kinds of value completed as it runs: what the
// command's head lists, its declaration checks and the renderers write, each importing it downward.
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function isShell(name: string): name is Shell {
  return (SHELLS as readonly string[]).includes(name);
}

/** Values computed when completing, by the hidden `social __complete <kind>` command. */
export const DYNAMIC_KINDS = ['niches'] as const;
export type DynamicKind = (typeof DYNAMIC_KINDS)[number];
