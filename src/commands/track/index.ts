// `social track add|remove|list|run|report`: a watchlist of accounts kept in the local store.
// add, remove and list send nothing; `run` (for cron) fetches every watched profile as a batch,
// and the store keeps each as a snapshot; `report` ranks the accounts by followers gained.

import type { Command } from 'commander';
import { parseSince } from '../../domain/archive/interval.js';
import type { Context } from '../../infra/context.js';
import { addBatchOptions, parseBatchFlags } from '../../runtime/batch/flags.js';
import { addChargeOptions } from '../../runtime/charge-options.js';
import type { SocialCommand } from '../../runtime/command.js';
import { examples, runService } from '../../runtime/command.js';
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
    `
The watchlist is kept in the local store (the sandbox's own under --sandbox), and \`store prune\`
never removes it. add, remove, list and report send nothing and need no key; run fetches every
watched profile (1 credit each, 0 on a cache hit), and the store keeps each answer as a snapshot:
\`social history\` shows one account's, \`track report\` ranks them all.

Cron, daily at 06:00 (a batch: --concurrency, --max-credits, --dry-run, --shard as profile's):
  0 6 * * * social track run --max-credits 100 -q -o ndjson >> ~/track.ndjson
${examples([
  'social track add github octocat lenafischer',
  'social track add instagram natgeo',
  'social track list',
  'social track run --dry-run',
  'social track run --concurrency 8 --max-credits 500',
  'social track report --since 7d',
  'social track report --json --computed | jq ".[0]"',
])}`,
  );

  track
    .command('add')
    .description('watch accounts: checked as `profile` checks handles, nothing sent')
    .argument('<platform>', 'one of the ten platforms')
    .argument('<handle...>', 'handles, @handles or pasted profile URLs')
    .addHelpText(
      'after',
      `\nPlatforms, a handle and the profile URL form each accepts:\n${platformHelp()}\n${examples([
        'social track add github octocat lenafischer',
        'social track add mastodon https://mastodon.social/@Gargron',
      ])}`,
    )
    .statusAction(async (platformArg: string, handles: string[], _raw: unknown, cmd: Command) => {
      const options = parseWatchOptions(platformArg, handles);
      return local(ctx, cmd, { write: true }, (rt, runs) => runs.runTrackAdd(options, rt));
    });

  track
    .command('remove')
    .description('stop watching accounts; their snapshots stay in the store')
    .argument('<platform>', 'one of the ten platforms')
    .argument('<handle...>', 'handles, as they were added')
    .addHelpText('after', examples(['social track remove github octocat']))
    .statusAction(async (platformArg: string, handles: string[], _raw: unknown, cmd: Command) => {
      const options = parseWatchOptions(platformArg, handles);
      return local(ctx, cmd, { write: true }, (rt, runs) => runs.runTrackRemove(options, rt));
    });

  addFieldsOption(
    track
      .command('list')
      .description('the watched accounts, with the newest snapshot of each')
      .addHelpText('after', examples(['social track list', 'social track list -o csv'])),
    ...WATCHLIST_FIELDS,
  ).statusAction(async (_raw: unknown, cmd: Command) =>
    local(ctx, cmd, { write: false }, (rt, runs) => runs.runTrackList(rt)),
  );

  const run = track
    .command('run')
    .description('fetch every watched profile as a batch (1 credit each, 0 on a cache hit), each stored as a snapshot')
    .addHelpText(
      'after',
      `
Every watched account is one input of a profile batch: --concurrency at a time, --max-credits
never passed (the inputs past it are held back, exit 12), --dry-run lists the requests and the
most they could cost, --shard K/N takes a stable share of the watchlist (one share per machine),
--skip N resumes. Records, summary and exit statuses are a batch's (\`social profile --help\`).
${examples(['social track run', 'social track run --dry-run', 'social track run --shard 1/2 --max-credits 200'])}`,
    );
  addFieldsOption(addChargeOptions(addBatchOptions(run, { file: false })), ...RUN_FIELDS).statusAction(
    async (raw: Record<string, string | undefined>, cmd: Command) => {
      const options: RunOptions = { batch: parseBatchFlags(raw) };
      return runService(ctx, cmd, options, async () => (await import('./run.js')).runTrackRun);
    },
  );

  addComputedOption(
    addFieldsOption(
      track
        .command('report')
        .description('the watched accounts ranked by followers gained since --since, with their engagement rate')
        .option('--since <time>', `an age (7d, 2w), a date or an instant (default ${DEFAULT_SINCE})`)
        .addHelpText(
          'after',
          `
Each watched account's growth: from its newest snapshot at or before --since (else its oldest
after it) to its newest, in followers gained, per day and per cent of where it started, ranked
by followers gained. engagement: the mean engagement rate of its posts stored since --since, each
(likes + replies + reposts + quotes) / its author's followers when it was fetched, in per cent;
unknown where any of them is (threads publishes no quotes). Nothing is sent.

json: an array of accounts, {"platform", "handle", "added_at", "from", "to"} (from and to:
{"fetched_at", "followers", ...} snapshots, or null), as stored; --computed adds "computed":
{"rank", "gained", "gained_per_day", "gained_per_cent", "engagement_rate", "posts_rated"} beside each.
${examples(['social track report', 'social track report --since 7d', 'social track report -o csv > growth.csv'])}`,
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
  const sinceRaw = raw.since ?? DEFAULT_SINCE;
  return { since: parseSince(sinceRaw, now), sinceRaw, computed: raw.computed === true };
}
