// `social niches`: the archive's coverage. Free and keyless; always asked fresh, and the answer
// refreshes the local cache that trends and movers check niche names against.

import type { Command } from 'commander';
import type { Coverage, Niche } from '../../domain/schemas.js';
import type { Context } from '../../infra/context.js';
import type { Column, Result } from '../../output/types.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import { fetchCoverage } from '../shared/coverage.js';
import { EXIT_HELP } from '../shared/social-shared.js';

/** Hourly windows in a complete day. */
export const WINDOWS_PER_DAY = 24;

/** "24/24" for a complete day, "17/24 gaps" when windows are missing, "0/24" when never recorded. */
export function windowsLabel(niche: Niche): string {
  const base = `${niche.windows_24h}/${WINDOWS_PER_DAY}`;
  if (niche.last_window === null) return base;
  return niche.windows_24h < WINDOWS_PER_DAY ? `${base} gaps` : base;
}

// The table says how complete a day is ("17/24 gaps"); csv gives the count.
const NICHE_COLUMNS: Column<Niche>[] = [
  { header: 'id', value: (n) => n.id },
  { header: 'label', value: (n) => n.label, fit: 'free' },
  { header: 'windows', label: 'windows 24h', value: windowsLabel, tableOnly: true },
  { header: 'windows_24h', value: (n) => n.windows_24h, kind: 'integer', csvOnly: true },
  { header: 'last_window', label: 'last window', value: (n) => n.last_window, kind: 'time', missing: 'never recorded' },
];

export function nichesResult(coverage: Coverage): Result {
  const rows = coverage.niches;
  return {
    json: coverage,
    table: [{ columns: NICHE_COLUMNS, rows, empty: 'The archive lists no niches.' }],
    csv: { columns: NICHE_COLUMNS, rows },
  };
}

export async function runNiches(rt: Runtime): Promise<Outcome> {
  return { result: nichesResult(await fetchCoverage(rt)) };
}

export function registerNiches(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('niches')
    .description('the niches of the trend archive and how complete their last 24 hours are: free, no key needed')
    .addHelpText(
      'after',
      `
Columns: the niche id (what trends and movers take), its label, the hourly windows recorded in
the last 24 hours ("24/24" is complete; "17/24 gaps" means missing hours), and the last window.
"never recorded" means the archive has no window for that niche at all.

Always asks the service (coverage costs nothing) and refreshes the local copy that trends and
movers check niche names against for 5 minutes, so a typo never costs a credit.

Examples:
  social niches
  social niches --json | jq -r '.niches[] | select(.windows_24h < 24) | .id'
  social niches -o csv > coverage.csv

${EXIT_HELP}`,
    );
  addFieldsOption(
    command,
    NICHE_COLUMNS.map((c) => c.header),
  ).statusAction(async (_options: unknown, command: Command) => {
    return await runApiCommand(ctx, command.optsWithGlobals(), { key: false, command: 'niches' }, (rt) =>
      runNiches(rt),
    );
  });
}
