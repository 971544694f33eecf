// What the terminal allows output in this run: how wide a table may be, and which pager (if any)
// takes a table taller than the screen. Read from the Context's IO and environment only; light,
// so deciding costs nothing when no table is drawn.

/** The width tables fit: the terminal's; else COLUMNS when set; else no limit. */
export function tableWidth(
  io: { stdoutIsTTY: boolean; columns: number },
  env: Record<string, string | undefined>,
): number {
  if (io.stdoutIsTTY) return io.columns;
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : Number.POSITIVE_INFINITY;
}

export interface Pager {
  /** A shell command line, run by /bin/sh like git and gh run theirs. */
  command: string;
  /** Lines the terminal shows: output of this many lines or more is paged. */
  rows: number;
  env: Record<string, string | undefined>;
}

/**
 * The pager for this run, or null: only with stdout at a terminal, never with --no-pager or
 * --quiet. SOCIAL_PAGER, then PAGER, else `less -FRX`; an empty value or `cat` means none.
 */
export function choosePager(
  io: { stdoutIsTTY: boolean; rows: number },
  env: Record<string, string | undefined>,
  flags: { pager: boolean; quiet: boolean },
): Pager | null {
  if (!io.stdoutIsTTY || !flags.pager || flags.quiet || io.rows < 1) return null;
  const command = (env.SOCIAL_PAGER ?? env.PAGER ?? 'less -FRX').trim();
  if (command === '' || command === 'cat') return null;
  return { command, rows: io.rows, env };
}
