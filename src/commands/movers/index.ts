// `social movers <niche>`: the items that gained the most points between the newest window and the
// one captured closest to --hours ago. 10 credits, only when movement is found. Built for cron:
// --min-gained filters, --new-only prints only movers not reported before.

import type { Command } from 'commander';
import { formatMinutes } from '../../domain/archive/interval.js';
import { credits, pointsPerHour, thousands } from '../../domain/archive/notes.js';
import { usageError } from '../../domain/errors.js';
import { defaultedParam, route } from '../../domain/routes.js';
import type { Mover, MoversBody } from '../../domain/schemas.js';
import { fsReason } from '../../domain/state-file.js';
import { sanitiseLine } from '../../domain/text.js';
import type { RequestSpec } from '../../infra/client/http.js';
import { configDir } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import type { SeenState } from '../../infra/state/seen.js';
import { moversChart } from '../../output/charts/model.js';
import { arrange } from '../../output/fields.js';
import type { Column, Result } from '../../output/types.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addDryRunOption, dryRunOutcome } from '../../runtime/dry-run.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import { parseInteger, parseParam } from '../../runtime/options.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import { serviceKey } from '../../runtime/session.js';
import type { ChartOptions, ChartRaw } from '../shared/chart-options.js';
import { addChartOptions, namesFormat, parseChartOptions } from '../shared/chart-options.js';
import { parseNicheArg, resolveNiche } from '../shared/coverage.js';
import { EXIT_HELP } from '../shared/social-shared.js';

const MOVERS = route('movers');
const MOVERS_COST = MOVERS.cost;
const HOURS = defaultedParam(MOVERS, 'hours');
const LIMIT = defaultedParam(MOVERS, 'limit');
const MIN_GAINED_MAX = 1_000_000_000;

export interface MoversOptions {
  niche: string;
  hours: number;
  limit: number;
  minGained: number | undefined;
  newOnly: boolean;
  resetState: boolean;
  chart: ChartOptions | undefined;
}

export interface MoversRaw extends ChartRaw {
  hours?: string;
  limit?: string;
  minGained?: string;
  newOnly?: boolean;
  resetState?: boolean;
}

export function parseMoversOptions(nicheArg: string, raw: MoversRaw, explicitFormat = false): MoversOptions {
  return {
    niche: parseNicheArg(nicheArg),
    hours: raw.hours === undefined ? HOURS.default : parseParam('--hours', raw.hours, HOURS),
    limit: raw.limit === undefined ? LIMIT.default : parseParam('--limit', raw.limit, LIMIT),
    minGained: raw.minGained === undefined ? undefined : parseInteger('--min-gained', raw.minGained, 1, MIN_GAINED_MAX),
    newOnly: raw.newOnly === true,
    resetState: checkResetState(raw),
    chart: parseChartOptions(raw, explicitFormat),
  };
}

function checkResetState(raw: MoversRaw): boolean {
  if (raw.resetState === true && raw.newOnly !== true)
    throw usageError('--reset-state goes with --new-only', 'For example: social movers tech --new-only --reset-state');
  return raw.resetState === true;
}

export function moversRequest(niche: string, hours: number, limit: number): RequestSpec<MoversBody> {
  return {
    ...routeRequest('movers', niche),
    query: { hours, limit },
    loadSchema: async () => (await import('../../domain/schemas.js')).MoversBodySchema,
  };
}

export interface MoversOutcome extends Outcome {
  /** Saves the --new-only state; to be called only once the output was written. */
  commit?: () => void;
}

/** What a --new-only run holds while it runs: its state, locked, released by the caller. */
export interface MoversHold {
  state?: SeenState;
}

export async function runMovers(options: MoversOptions, rt: Runtime, hold: MoversHold = {}): Promise<MoversOutcome> {
  const request = moversRequest(options.niche, options.hours, options.limit);
  const resolved = await resolveNiche(rt, options.niche);
  const warnings = [...resolved.warnings];
  if (rt.globals.dryRun) return { ...dryRunOutcome(rt, [request]), warnings };
  if (options.newOnly) {
    // Locked and read before anything is spent: a run that could not save what it reports, or
    // that overlaps another, is refused here, with nothing sent.
    // Loaded here, not at start: proper-lockfile and its helpers are needed only by --new-only.
    const [{ SeenState }, { lockWaitMs }] = await Promise.all([
      import('../../infra/state/seen.js'),
      import('../../infra/state/lock.js'),
    ]);
    hold.state = await SeenState.open(configDir(rt.ctx.env), {
      service: serviceKey(rt.session),
      niche: options.niche,
      reset: options.resetState,
      now: rt.ctx.now(),
      waitMs: lockWaitMs(rt.ctx.env),
      movedAside: (path, aside, reason) => rt.session.state.movedAside(path, aside, reason),
    });
  }
  const { body } = await rt.spin(`fetching movers of ${options.niche}`, rt.session.client.get(request));

  const state = hold.state;
  const seen = state?.seen() ?? new Set<string>();
  const ranked = body.items.map((mover, index) => ({ mover, rank: index + 1 }));
  const kept = ranked.filter(
    ({ mover }) =>
      (options.minGained === undefined || mover.points_gained >= options.minGained) && !seen.has(mover.external_id),
  );
  const filtered = options.minGained !== undefined || options.newOnly;
  const result = moversResult(body, kept, options, filtered);
  if (options.chart) {
    const caption = `social movers ${body.niche} --hours ${options.hours} · ${credits(body.credits_charged)} charged`;
    const model = moversChart({ ...body, items: kept.map((k) => k.mover) }, options.hours, caption);
    result.chart = { model, draw: options.chart.draw, file: options.chart.file };
  }
  const outcome: MoversOutcome = { result, notes: [moversCreditNote(body)], warnings };
  const reported = kept.map(({ mover }) => mover.external_id);
  if (state !== undefined && reported.length > 0) {
    const now = rt.ctx.now();
    outcome.commit = () => state.save(reported, now);
  }
  return outcome;
}

export function moversCreditNote(body: MoversBody): string {
  const balance = `balance ${thousands(body.credits_balance)}`;
  if (body.credits_charged === 0) return `nothing charged (no movement to report) · ${balance}`;
  return `${credits(body.credits_charged)} charged · ${balance}`;
}

/** Points gained per hour over the real gap between the windows, one decimal; null without a gap. */
export function gainedPerHour(pointsGained: number, intervalMin: number | null): string | null {
  return pointsPerHour(pointsGained, intervalMin)?.toFixed(1) ?? null;
}

/** "windows 6h12m apart, asked 6h": the real gap against the one asked for. */
export function intervalLine(body: MoversBody, hours: number): string {
  if (body.interval_min === null) return `no two windows compared, asked ${hours}h`;
  return `windows ${formatMinutes(body.interval_min)} apart, asked ${hours}h`;
}

interface Row {
  mover: Mover;
  rank: number;
}

/** Every column of movers; the table and csv show them in their own orders. */
function moversColumns(intervalMin: number | null): Column<Row>[] {
  return [
    { header: 'rank', value: (r) => r.rank, kind: 'integer', keep: 2 },
    { header: 'external_id', value: (r) => r.mover.external_id },
    { header: 'title', value: (r) => r.mover.title, fit: 'free' },
    { header: 'url', value: (r) => r.mover.url, fit: 'id' },
    { header: 'points', value: (r) => r.mover.points, kind: 'count', keep: 2 },
    { header: 'points_gained', label: 'gained', value: (r) => r.mover.points_gained, kind: 'signed', keep: 2 },
    {
      header: 'gained_per_hour',
      label: 'per hour',
      value: (r) => gainedPerHour(r.mover.points_gained, intervalMin),
      kind: 'integer',
    },
    { header: 'comments', value: (r) => r.mover.comments, kind: 'count' },
    { header: 'position', value: (r) => r.mover.position, kind: 'integer' },
    { header: 'interval_min', value: () => intervalMin, kind: 'integer' },
  ];
}

/** What --fields takes. */
const MOVERS_FIELDS: readonly string[] = moversColumns(null).map((c) => c.header);
const TABLE_ORDER = ['rank', 'title', 'points', 'points_gained', 'gained_per_hour', 'comments', 'position', 'url'];

export function moversResult(body: MoversBody, rows: Row[], options: MoversOptions, filtered: boolean): Result {
  const all = moversColumns(body.interval_min);
  const count = filtered
    ? `${rows.length} of ${body.total} mover${body.total === 1 ? '' : 's'} (${filters(options)})`
    : `${body.total} mover${body.total === 1 ? '' : 's'}`;
  const heading = [`${body.niche} · ${count} · ${intervalLine(body, options.hours)}`];
  let empty: string;
  if (body.total === 0)
    empty = `${sanitiseLine(typeof body.note === 'string' ? body.note : 'No movement to report.')} Nothing charged.`;
  else if (options.newOnly) empty = 'No new movers since the last report.';
  else empty = `No mover gained ${options.minGained ?? 1} points or more.`;
  // With filters, json is the server's body with only the kept items and total set to their
  // count: a cron job reads .items and .total and gets what the table shows.
  const json = filtered ? { ...body, total: rows.length, items: rows.map((r) => r.mover) } : body;
  return {
    json,
    table: [{ columns: arrange(all, TABLE_ORDER), rows, heading, empty }],
    csv: { columns: all, rows },
  };
}

function filters(options: MoversOptions): string {
  const parts: string[] = [];
  if (options.minGained !== undefined) parts.push(`gained ≥ ${options.minGained}`);
  if (options.newOnly) parts.push('new only');
  return parts.join(', ');
}

/** Lets a broken pipe (reported asynchronously) end the process before state is saved. */
async function outputSettled(ctx: Context): Promise<boolean> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const stream = ctx.io.stdout as { errored?: unknown; destroyed?: boolean };
  return !stream.errored && stream.destroyed !== true;
}

export function registerMovers(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('movers')
    .description(
      `the items that gained the most points over the last hours: ${MOVERS_COST} credits, nothing when there is no movement`,
    )
    .argument('<niche>', 'niche id, like tech (see `social niches`)')
    .option('--hours <n>', `how far back to compare, ${HOURS.min}..${HOURS.max} (default ${HOURS.default})`)
    .option('--limit <n>', `the top N by points gained, ${LIMIT.min}..${LIMIT.max} (default ${LIMIT.default})`)
    .option(
      '--min-gained <n>',
      'only movers that gained at least N points (filtered locally: the call is charged all the same)',
    )
    .option(
      '--new-only',
      'only movers not reported by an earlier --new-only run for this niche (state in the config dir)',
    )
    .option(
      '--reset-state',
      'with --new-only: forget what was reported for this niche (and move a damaged state aside)',
    )
    .addHelpText(
      'after',
      `
The newest window is compared with the archived window captured closest to --hours ago. Windows
are not evenly spaced, so the heading says the real gap ("windows 6h12m apart, asked 6h") and
"per hour" is points gained divided by that real gap, never by --hours. "position" is the place
in the newest window, for reference only: movers are ranked by points gained.
Out-of-range --hours or --limit is refused before anything is sent, never clamped.

The niche is checked first against the free coverage (cached 5 minutes): an unknown niche is
refused with the nearest names and costs nothing. If coverage cannot be read, movers goes on with
a warning. No movement found: the service's note, nothing charged, exit 0.

For cron: --min-gained N drops smaller movers, --new-only drops movers already reported for
this niche on this service (kept 30 days in movers-seen.json in the config dir; saved only after
the output was written, so a failed run reports them again). Both filter locally: the service
still charges ${MOVERS_COST} credits when it found movement.
--new-only runs one at a time: overlapping runs wait for each other (up to 60 s, or
SOCIAL_LOCK_WAIT_MS), so a mover is never reported twice. It is refused, exit 2 and nothing
sent, when its state cannot be written, is held by another run past the wait, or is damaged
(--reset-state moves a damaged file aside and starts this niche afresh).
json: the service's answer; with --min-gained or --new-only, the same body with items holding
only the movers kept and total set to their number (everything else as the service sent it).
csv: a row per mover, with external_id, url, gained_per_hour and interval_min.

Examples:
  social movers tech
  social movers tech --hours 6 --limit 50
  social movers science --new-only --min-gained 20 --json | jq -r '.items[].url'
  */15 * * * *  social movers tech --hours 1 --new-only -o ndjson >> tech-movers.ndjson
  social movers tech --dry-run
  social movers tech --hours 6 --chart              # bars of points gained, and per hour
  social movers tech --chart-file movers.svg

${EXIT_HELP}`,
    );
  addChartOptions(command, false);
  addFieldsOption(addDryRunOption(command), MOVERS_FIELDS).statusAction(
    async (nicheArg: string, raw: MoversRaw, command: Command) => {
      const globals = command.optsWithGlobals();
      const options = parseMoversOptions(nicheArg, raw, namesFormat(globals));
      const hold: MoversHold = {};
      let commit: (() => void) | undefined;
      try {
        const status = await runApiCommand(
          ctx,
          command.optsWithGlobals(),
          { key: true, command: 'movers' },
          async (rt) => {
            const outcome = await runMovers(options, rt, hold);
            commit = outcome.commit;
            return outcome;
          },
        );
        // Here the output has been written: only now are these movers "reported". A state that
        // cannot be saved is said, and the paid result stands.
        if (commit !== undefined && (await outputSettled(ctx))) {
          try {
            commit();
          } catch (error) {
            ctx.io.stderr.write(
              `warning: ${sanitiseLine(`--new-only state not saved (${fsReason(error)}): these movers will be reported again next time`)}\n`,
            );
          }
        }
        return status;
      } finally {
        await hold.state?.release();
      }
    },
  );
}
