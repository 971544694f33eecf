// The run of `social movers`: the niche checked against coverage, the --new-only state locked and
// read before anything is spent, the call, the local filters, and the result.

import { formatDuration } from '../../domain/archive/interval.js';
import { usageError } from '../../domain/errors.js';
import { defaultedParam, route } from '../../domain/routes.js';
import type { MoversBody } from '../../domain/schemas.js';
import { fsReason, isRecord } from '../../domain/state-file.js';
import { sanitiseLine, shownText } from '../../domain/text.js';
import { configDir } from '../../infra/config.js';
import type { SharedSeenState } from '../../infra/postgres/pg-seen.js';
import { isPostgresUrl, serverName } from '../../infra/postgres/store-url.js';
import type { SeenState } from '../../infra/state/seen.js';
import { say } from '../../messages/catalogue.js';
import { said } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import { moversChart } from '../../output/charts/model.js';
import { arrange } from '../../output/fields.js';
import type { Result } from '../../output/types.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { serviceKey } from '../../runtime/session.js';
import { withComputed } from '../shared/computed-option.js';
import { resolveNiche } from '../shared/coverage.js';
import { chargeWarnings, moversCreditNotes } from '../shared/credit-notes.js';
import { moversRequest } from '../shared/movers-request.js';
import type { Row } from './columns.js';
import { moverComputed, moversColumns, TABLE_ORDER } from './columns.js';
import type { MoversOptions } from './options.js';

/** The most movers the service returns: a table draws no more. */
const MOST = defaultedParam(route('movers'), 'limit').max;

export async function runMovers(options: MoversOptions, rt: Runtime): Promise<Outcome> {
  const request = moversRequest(options.niche, options.hours, options.limit);
  const resolved = await resolveNiche(rt, options.niche);
  const warnings = [...resolved.warnings];
  if (rt.globals.dryRun) return { ...(await dryRunOutcome(rt, [request])), warnings };
  let held: SeenState | SharedSeenState | undefined;
  if (options.newOnly && rt.session.shared === undefined && isPostgresUrl(rt.globals.storeUrl) && !rt.globals.sandbox)
    throw usageError(
      said('errors.movers.sharedState', { store: serverName(rt.globals.storeUrl) }),
      t('errors.movers.sharedState.hint'),
    );
  if (options.newOnly && rt.session.shared !== undefined) {
    // On a PostgreSQL store the state is every machine's: locked there, across machines.
    const [{ SharedSeenState }, { lockWaitMs }] = await Promise.all([
      import('../../infra/postgres/pg-seen.js'),
      import('../../infra/state/lock.js'),
    ]);
    const shared = await SharedSeenState.open(rt.session.shared, {
      service: serviceKey(rt.session),
      niche: options.niche,
      reset: options.resetState,
      waitMs: lockWaitMs(rt.ctx.env),
    });
    held = shared;
    rt.onClose(() => shared.release());
  } else if (options.newOnly) {
    // Locked and read before anything is spent: a run that could not save what it reports, or
    // that overlaps another, is refused here, with nothing sent.
    // Loaded here, not at start: proper-lockfile and its helpers are needed only by --new-only.
    const [{ SeenState }, { lockWaitMs }] = await Promise.all([
      import('../../infra/state/seen.js'),
      import('../../infra/state/lock.js'),
    ]);
    held = await SeenState.open(configDir(rt.ctx.env), {
      service: serviceKey(rt.session),
      niche: options.niche,
      reset: options.resetState,
      now: rt.ctx.now(),
      waitMs: lockWaitMs(rt.ctx.env),
      movedAside: (path, aside, reason) => rt.session.state.movedAside(path, aside, reason),
    });
    const lock = held;
    rt.onClose(() => lock.release());
  }
  const { body, charge } = await rt.spin(
    t('notes.spin.movers', { niche: options.niche }),
    rt.session.client.get(request),
  );

  const seen = held?.seen() ?? new Set<string>();
  const ranked = body.items.map((mover, index) => ({ mover, rank: index + 1 }));
  const kept = ranked.filter(
    ({ mover }) =>
      // A mover the service sent as something else than an object (drift) is shown, never filtered on.
      (options.minGained === undefined || mover?.points_gained >= options.minGained) && !seen.has(mover?.external_id),
  );
  const filtered = options.minGained !== undefined || options.newOnly;
  const result = moversResult(body, kept, options, filtered);
  warnings.push(...chargeWarnings(charge, request.cost));
  if (options.chart) {
    const caption = t('views.movers.chartCaption', {
      niche: body.niche,
      hours: String(options.hours),
      credits: t('views.count.credits', { n: charge.credits }),
    });
    const model = moversChart({ ...body, items: kept.map((k) => k.mover) }, options.hours, caption);
    result.chart = { model, draw: options.chart.draw, file: options.chart.file };
  }
  const outcome: Outcome = { result, notes: moversCreditNotes(body, charge.credits), warnings };
  const reported = kept.flatMap(({ mover }) => (typeof mover?.external_id === 'string' ? [mover.external_id] : []));
  const state = held;
  if (state !== undefined && reported.length > 0) {
    const now = rt.ctx.now();
    // Only once the output is written are these movers "reported". A state that cannot be saved
    // is said, and the paid result stands.
    const notSaved = (error: unknown) =>
      rt.ctx.io.stderr.write(
        `${t('notes.warning', { text: sanitiseLine(t('notes.movers.stateNotSaved', { reason: fsReason(error) })) })}\n`,
      );
    outcome.afterOutput = () => {
      try {
        state.save(reported, now, notSaved);
      } catch (error) {
        notSaved(error);
      }
    };
  }
  return outcome;
}

/** "windows 6h 12m apart, asked 6h": the real gap against the one asked for. */
export function intervalLine(body: MoversBody, hours: number): string {
  const asked = say(formatDuration(hours * 60));
  if (body.interval_min === null) return t('views.movers.noWindows', { hours: asked });
  if (typeof body.interval_min !== 'number') return t('views.movers.gapUnknown', { hours: asked });
  return t('views.movers.windowsApart', { gap: say(formatDuration(body.interval_min)), hours: asked });
}
/** What movers is for: the movers' numbers before anything else; the url is in csv and json. */
const TABLE_RANK = ['rank', 'title', 'points_gained', 'gained_per_hour', 'points', 'comments', 'position', 'url'];

export function moversResult(body: MoversBody, rows: Row[], options: MoversOptions, filtered: boolean): Result {
  const all = moversColumns(body.interval_min);
  const movers = t('views.count.movers', { n: body.total });
  const count = filtered
    ? t('views.movers.filtered', { kept: rows.length, movers, filters: filters(options) })
    : movers;
  const heading = [`${shownText(body.niche)} · ${count} · ${intervalLine(body, options.hours)}`];
  let empty: string;
  if (body.total === 0)
    empty = t('views.movers.noMovement', {
      note: sanitiseLine(typeof body.note === 'string' ? body.note : t('views.movers.nothingToReport')),
    });
  else if (options.newOnly) empty = t('views.movers.noNew');
  else empty = t('views.movers.noneGained', { n: options.minGained ?? 1 });
  // With filters, json is the server's body with only the kept items and total set to their
  // count: a cron job reads .items and .total and gets what the table shows. With --computed,
  // each mover (an object: a drifted one is left as it came) has its figures beside its keys.
  const items = rows.map(({ mover }) =>
    options.computed && isRecord(mover) ? withComputed(mover, moverComputed(mover, body.interval_min), true) : mover,
  );
  const json = filtered || options.computed ? { ...body, ...(filtered ? { total: rows.length } : {}), items } : body;
  return {
    json,
    table: [
      {
        columns: arrange(all, TABLE_ORDER),
        rank: TABLE_RANK,
        rows,
        heading,
        empty,
        limit: { rows: MOST, why: t('views.movers.most', { n: MOST }) },
      },
    ],
    csv: { columns: all, rows },
    records: { items, within: (list) => ({ ...json, items: list }) },
  };
}

function filters(options: MoversOptions): string {
  const parts: string[] = [];
  if (options.minGained !== undefined) parts.push(t('views.movers.gainedAtLeast', { n: options.minGained }));
  if (options.newOnly) parts.push(t('views.movers.newOnly'));
  return parts.join(', ');
}
