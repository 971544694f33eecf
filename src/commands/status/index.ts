// `social status`: what is in effect and where each part came from (flag, environment, file,
// default), the config folder and whether it can be written, and the balance read for free (the
// same probe as `credits`; --offline skips it). Everything to answer "which key and service is
// this, and does it work?" in one screen.

import type { Command } from 'commander';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { SETTING_COLUMNS } from './columns.js';

export function declareStatus(command: SocialCommand, ctx: Context): void {
  command.option('--offline', 'do not read the balance: nothing is sent').addHelpText(
    'after',
    `
Each setting shows its value and its source: flag, environment (SOCIAL_API_KEY, SOCIAL_BASE_URL),
file (the config folder's config.json) or default. The key is masked. The balance is read for
free, the way \`social credits\` reads it (a movers probe on a niche coverage does not list); a
failure to read it is shown and sets the exit status (2 no base URL, 3 no key or the key refused,
9 unavailable, 10 network), so \`social status >/dev/null\` checks that the key works; --offline
exits 0.

json: {"settings": [{"key", "value", "source"}], "config_dir", "config_file", "config_writable",
"balance", "balance_read_at", "balance_note"}.

Examples:
  social status
  social status --offline --json
  SOCIAL_API_KEY=… social status

${EXIT_HELP}`,
  );
  addFieldsOption(
    command,
    SETTING_COLUMNS.map((c) => c.header),
  ).statusAction(async (options: { offline?: boolean }, command: Command) => {
    const { runStatus } = await import('./run.js');
    return runStatus(ctx, command.optsWithGlobals(), options.offline === true);
  });
}
