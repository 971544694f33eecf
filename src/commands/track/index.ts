// `social track add|remove|list|run|report`: a watchlist of accounts kept in the local store.
// add, remove and list send nothing; `run` (for cron) fetches every watched profile as a batch,
// and the store keeps each as a snapshot; `report` ranks the accounts by followers gained.

import type { Command } from 'commander';
import { readSince } from '../../domain/archive/interval.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { addBatchOptions, batchDryRunHelp, parseBatchFlags, withRecordFields } from '../../runtime/batch/flags.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter, runService } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import type { LocalNeeds, LocalRuntime } from '../../runtime/local.js';
import type { Outcome } from '../../runtime/runner.js';
import { addComputedOption } from '../shared/computed-option.js';
import { checkHandle, parsePlatform, platformHelp } from '../shared/social-shared.js';
import { REPORT_FIELDS, RUN_FIELDS, WATCHLIST_FIELDS } from './columns.js';
import type { ReportOptions, RunOptions, WatchOptions } from './options.js';

export const DEFAULT_SINCE = '30d';

/** Checked as `profile` checks them, through the same code: one bad handle refuses them all. */
function parseWatchOptions(platformArg: string, handles: readonly string[]): WatchOptions {
  const platform = parsePlatform(platformArg);
  return { platform, handles: [...new Set(handles.map((input) => checkHandle(platform, input)))] };
}

/** A subcommand that answers from the store alone: its run loaded when it runs. */
function local(
  ctx: Context,
  cmd: Command,
  needs: LocalNeeds,
  run: (rt: LocalRuntime, runs: typeof import('./run.js')) => Promise<Outcome>,
): Promise<number> {
  return Promise.all([import('../../runtime/local.js'), import('./run.js')]).then(([{ runLocalCommand }, runs]) =>
    runLocalCommand(ctx, cmd.optsWithGlobals(), needs, (rt) => run(rt, runs)),
  );
}

export function declareTrack(command: SocialCommand, ctx: Context): void {
  const track = command.addHelpText(
    'after',
    helpAfter(
      t('commands.track.after'),
      examplesText([
        'social track add github octocat lenafischer',
        'social track add instagram natgeo',
        'social track list',
        'social track run --dry-run',
        'social track run --concurrency 8 --max-credits 500',
        'social track report --since 7d',
        'social track report --json --computed | jq ".[0]"',
      ]),
    ),
  );

  track
    .command('add')
    .description(t('commands.track.add.summary'))
    .argument('<platform>', t('commands.track.add.arg.platform'))
    .argument('<handle...>', t('commands.track.add.arg.handle'))
    .addHelpText(
      'after',
      helpAfter(
        `${t('commands.platforms.forms')}\n${platformHelp()}`,
        examplesText([
          'social track add github octocat lenafischer',
          'social track add mastodon https://mastodon.social/@Gargron',
        ]),
      ),
    )
    .statusAction(async (platformArg: string, handles: string[], _raw: unknown, cmd: Command) => {
      const options = parseWatchOptions(platformArg, handles);
      return local(ctx, cmd, { write: true }, (rt, runs) => runs.runTrackAdd(options, rt));
    });

  track
    .command('remove')
    .description(t('commands.track.remove.summary'))
    .argument('<platform>', t('commands.track.remove.arg.platform'))
    .argument('<handle...>', t('commands.track.remove.arg.handle'))
    .addHelpText('after', helpAfter(undefined, examplesText(['social track remove github octocat'])))
    .statusAction(async (platformArg: string, handles: string[], _raw: unknown, cmd: Command) => {
      const options = parseWatchOptions(platformArg, handles);
      return local(ctx, cmd, { write: true }, (rt, runs) => runs.runTrackRemove(options, rt));
    });

  addFieldsOption(
    track
      .command('list')
      .description(t('commands.track.list.summary'))
      .addHelpText('after', helpAfter(undefined, examplesText(['social track list', 'social track list -o csv']))),
    ...WATCHLIST_FIELDS,
  ).statusAction(async (_raw: unknown, cmd: Command) =>
    local(ctx, cmd, { write: false }, (rt, runs) => runs.runTrackList(rt)),
  );

  const run = track
    .command('run')
    .description(t('commands.track.run.summary'))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.track.run.after'),
        examplesText([
          'social track run',
          'social track run --dry-run',
          'social track run --shard 1/2 --max-credits 200',
        ]),
      ),
    );
  addFieldsOption(
    addChargeOptions(addBatchOptions(run, { file: false }), batchDryRunHelp({ every: true })),
    ...withRecordFields(RUN_FIELDS),
  ).statusAction(async (raw: Record<string, string | undefined>, cmd: Command) => {
    const options: RunOptions = { batch: parseBatchFlags(raw) };
    return runService(ctx, cmd, options, async () => (await import('./run.js')).runTrackRun);
  });

  addComputedOption(
    addFieldsOption(
      track
        .command('report')
        .description(t('commands.track.report.summary'))
        .option('--since <time>', t('commands.track.report.since', { default: DEFAULT_SINCE }))
        .addHelpText(
          'after',
          helpAfter(
            t('commands.track.report.after'),
            examplesText([
              'social track report',
              'social track report --since 7d',
              'social track report -o csv > growth.csv',
            ]),
          ),
        ),
      ...REPORT_FIELDS,
    ),
  ).statusAction(async (raw: ReportRaw, cmd: Command) =>
    local(ctx, cmd, { write: false }, (rt, runs) => runs.runTrackReport(parseReportOptions(raw, rt.ctx.now()), rt)),
  );
}

interface ReportRaw {
  since?: string;
  computed?: boolean;
}

/** `track report`'s options: --since (default 30 days) as of `now`. */
export function parseReportOptions(raw: ReportRaw, now: Date): ReportOptions {
  return { since: readSince(raw.since ?? DEFAULT_SINCE, now), computed: raw.computed === true };
}
