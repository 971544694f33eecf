// `social history <platform> <handle>`: the profile snapshots the local store holds of one account
// (every profile, posts or post answer stored one), with the followers gained since the snapshot
// before and per day. Free: read from the store, nothing sent, no key needed.

import type { Command } from 'commander';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import type { ChartRaw } from '../shared/chart-options.js';
import { addChartOptions, namesFormat, parseChartOptions } from '../shared/chart-options.js';
import { addComputedOption } from '../shared/computed-option.js';
import { checkHandle, parsePlatform } from '../shared/social-shared.js';
import { HISTORY_FIELDS } from './columns.js';
import type { HistoryOptions } from './options.js';

interface HistoryRaw extends ChartRaw {
  computed?: boolean;
}

/** Checked as `profile` checks it, through the same code: a handle it refuses is refused here. */
export function parseHistoryOptions(
  platformArg: string,
  handleArg: string,
  raw: HistoryRaw,
  explicit: boolean,
): HistoryOptions {
  const platform = parsePlatform(platformArg);
  return {
    platform,
    handle: checkHandle(platform, handleArg),
    chart: parseChartOptions(raw, explicit),
    computed: raw.computed === true,
  };
}

export function declareHistory(command: SocialCommand, ctx: Context): void {
  command.addHelpText(
    'after',
    helpAfter(
      t('commands.history.after'),
      examplesText([
        'social history github octocat',
        'social history instagram natgeo --chart',
        'social history github octocat -o csv > octocat.csv',
        'social history github octocat --json --computed | jq ".[-1].computed"',
      ]),
    ),
  );
  addChartOptions(command, false);
  addComputedOption(command);
  addFieldsOption(command, ...HISTORY_FIELDS).statusAction(
    async (platformArg: string, handleArg: string, raw: HistoryRaw, cmd: Command) => {
      const options = parseHistoryOptions(platformArg, handleArg, raw, namesFormat(cmd.optsWithGlobals()));
      const [{ runLocalCommand }, { runHistory }] = await Promise.all([
        import('../../runtime/local.js'),
        import('./run.js'),
      ]);
      return runLocalCommand(ctx, cmd.optsWithGlobals(), { write: false }, (rt) => runHistory(options, rt));
    },
  );
}
