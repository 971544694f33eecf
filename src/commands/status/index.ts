// `social status`: what is in effect and where each part came from (flag, environment, file,
// default), the config folder and whether it can be written, and the balance read for free (the
// same probe as `credits`; --offline skips it). Everything to answer "which key and service is
// this, and does it work?" in one screen.

import type { Command } from 'commander';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { SETTING_COLUMNS } from './columns.js';

export function declareStatus(command: SocialCommand, ctx: Context): void {
  command
    .option('--offline', t('commands.status.offline'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.status.after'),
        examplesText(['social status', 'social status --offline --json', 'SOCIAL_API_KEY=… social status']),
      ),
    );
  addFieldsOption(
    command,
    SETTING_COLUMNS.map((c) => c.header),
  ).statusAction(async (options: { offline?: boolean }, command: Command) => {
    const { runStatus } = await import('./run.js');
    return runStatus(ctx, command.optsWithGlobals(), options.offline === true);
  });
}
