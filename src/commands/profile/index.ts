// `social profile <platform> <handle...>`: public profiles, 1 credit each, 0 on a cache hit.
// Several handles, --file or stdin make a batch (see src/runtime/batch/envelope-batch.ts).

import type { Command } from 'commander';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import {
  addBatchOptions,
  batchDryRunHelp,
  batchHelp,
  batchSource,
  parseBatchFlags,
  withRecordFields,
} from '../../runtime/batch/flags.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { checkHandle, parsePlatform, platformHelp } from '../shared/social-shared.js';
import { PROFILE_FIELDS } from './columns.js';
import type { ProfileOptions } from './options.js';

/** Handles given as arguments are all checked before anything is sent: one bad one refuses all. */
export function parseProfileOptions(
  platformArg: string,
  handles: readonly string[],
  raw: Record<string, string | undefined>,
): ProfileOptions {
  const platform = parsePlatform(platformArg);
  const batch = parseBatchFlags(raw);
  const source = batchSource(batch, handles);
  if ('args' in source) for (const input of source.args) checkHandle(platform, input);
  return { platform, source, batch };
}

export function declareProfile(command: SocialCommand, ctx: Context): void {
  command.addHelpText(
    'after',
    helpAfter(
      `${t('commands.platforms.forms')}\n${platformHelp()}\n\n${t('commands.profile.handles')}\n\n${batchHelp()}`,
      examplesText([
        'social profile github octocat',
        'social profile mastodon https://mastodon.social/@Gargron --json',
        'social profile instagram natgeo ana.ceramics -o csv > profiles.csv',
        'social profile github --file handles.txt --max-credits 500 -o ndjson > out.ndjson',
      ]),
    ),
  );
  addFieldsOption(
    addChargeOptions(addBatchOptions(command), batchDryRunHelp()),
    ...withRecordFields(PROFILE_FIELDS),
  ).statusAction(
    async (platformArg: string, handles: string[], raw: Record<string, string | undefined>, cmd: Command) => {
      const options = parseProfileOptions(platformArg, handles, raw);
      return runService(ctx, cmd, options, async () => (await import('./run.js')).runProfile);
    },
  );
}
