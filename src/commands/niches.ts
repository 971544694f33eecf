// `social niches`: the archive's coverage. Free and keyless; always asked fresh, and the answer
// refreshes the local cache that trends and movers check niche names against.

import type { Command } from 'commander';
import type { Coverage, Niche } from '../domain/schemas.js';
import type { Context } from '../infra/context.js';
import type { Result } from '../output/types.js';
import type { SocialCommand } from './command.js';
import { fetchCoverage } from './coverage.js';
import type { Outcome, Runtime } from './runner.js';
import { runApiCommand } from './runner.js';
import { EXIT_HELP } from './social-shared.js';

/** Hourly windows in a complete day. */
export const WINDOWS_PER_DAY = 24;

/** "24/24" for a complete day, "17/24 gaps" when windows are missing, "0/24" when never recorded. */
export function windowsLabel(niche: Niche): string {
  const base = `${niche.windows_24h}/${WINDOWS_PER_DAY}`;
  if (niche.last_window === null) return base;
  return niche.windows_24h < WINDOWS_PER_DAY ? `${base} gaps` : base;
}

export function nichesResult(coverage: Coverage): Result {
  const rows = coverage.niches;
  return {
    json: coverage,
    table: [
      {
        columns: [
          { header: 'id', value: (n: Niche) => n.id },
          { header: 'label', value: (n: Niche) => n.label, fit: 'free' },
          { header: 'windows 24h', value: (n: Niche) => windowsLabel(n) },
          { header: 'last window', value: (n: Niche) => n.last_window ?? 'never recorded', kind: 'time' as const },
        ],
        rows,
        empty: 'The archive lists no niches.',
      },
    ],
    csv: {
      columns: [
        { header: 'id', value: (n: Niche) => n.id },
        { header: 'label', value: (n: Niche) => n.label },
        { header: 'windows_24h', value: (n: Niche) => n.windows_24h, kind: 'integer' as const },
        { header: 'last_window', value: (n: Niche) => n.last_window },
      ],
      rows,
    },
  };
}

export async function runNiches(rt: Runtime): Promise<Outcome> {
  return { result: nichesResult(await fetchCoverage(rt)) };
}

export function registerNiches(program: SocialCommand, ctx: Context): void {
  program
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
    )
    .statusAction(async (_options: unknown, command: Command) => {
      return await runApiCommand(ctx, command.optsWithGlobals(), { key: false, command: 'niches' }, (rt) =>
        runNiches(rt),
      );
    });
}
