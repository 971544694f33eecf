// `social niches`: the archive's coverage. Free and keyless; always asked fresh, and the answer
// refreshes the local cache that trends and movers check niche names against.

import type { Command } from 'commander';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP, runService } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { NICHE_COLUMNS } from './columns.js';

export function declareNiches(command: SocialCommand, ctx: Context): void {
  command.addHelpText(
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
  ).statusAction((_options: unknown, command: Command) =>
    runService(ctx, command, {}, async () => (await import('./run.js')).runNiches, false),
  );
}
