// `social niches`: the archive's coverage. Free and keyless; always asked fresh, and the answer
// refreshes the local cache that trends and movers check niche names against.

import type { Command } from 'commander';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { NICHE_COLUMNS } from './columns.js';

export function declareNiches(command: SocialCommand, ctx: Context): void {
  command.addHelpText(
    'after',
    helpAfter(
      t('commands.niches.after'),
      examplesText([
        'social niches',
        `social niches --json | jq -r '.niches[] | select(.windows_24h < 24) | .id'`,
        'social niches -o csv > coverage.csv',
      ]),
    ),
  );
  addFieldsOption(
    command,
    NICHE_COLUMNS.map((c) => c.header),
  ).statusAction((_options: unknown, command: Command) =>
    runService(ctx, command, {}, async () => (await import('./run.js')).runNiches, false),
  );
}
