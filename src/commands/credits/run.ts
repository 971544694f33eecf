// The run of `social credits`: the balance probe, the local ledger read and summed, the result.

import { credits } from '../../domain/archive/notes.js';
import { BURN_WINDOWS, type BurnRate, type BurnWindow, burnRate, burnRateOf } from '../../domain/burn-rate.js';
import { EXIT } from '../../domain/errors.js';
import { fsReason } from '../../domain/state-file.js';
import { sanitiseLine } from '../../domain/text.js';
import { configDir } from '../../infra/config.js';
import type { MachineDaySpend } from '../../infra/postgres/pg-ledger.js';
import type { CreditBreakdown, SpendRecord } from '../../infra/state/spend-ledger.js';
import { inEnglish } from '../../messages/catalogue.js';
import { formatDate, formatDateTime, formatNumber } from '../../messages/intl.js';
import '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import { unknownMark } from '../../output/cells.js';
import type { RecordView, Result } from '../../output/types.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { readBalance } from '../shared/balance.js';
import type { SpendRow } from './columns.js';
import { SHARED_SPEND_COLUMNS, SPEND_COLUMNS } from './columns.js';
import type { CreditsOptions } from './options.js';

/** The local ledger since `since`, summed by UTC day and command; newest day first. */
export function summariseSpend(records: readonly SpendRecord[], since: Date): SpendRow[] {
  const rows = new Map<string, SpendRow>();
  for (const record of records) {
    const at = Date.parse(record.at);
    if (!Number.isFinite(at) || at < since.getTime()) continue;
    const day = new Date(at).toISOString().slice(0, 10);
    const command = typeof record.command === 'string' ? record.command : 'unknown';
    const key = `${day}\u0000${command}`;
    const row = rows.get(key) ?? { day, command, calls: 0, cached: 0, credits: 0, uncertain: 0 };
    row.calls += 1;
    if (record.cached === true) row.cached += 1;
    if (record.uncertain === true) row.uncertain += 1;
    row.credits += typeof record.credits === 'number' && Number.isFinite(record.credits) ? record.credits : 0;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.day.localeCompare(a.day) || a.command.localeCompare(b.command));
}

export interface CreditsReport {
  /** Credits left on the key, read just now by the free probe; null when it could not be read. */
  balance: number | null;
  balance_read_at: string | null;
  /** What the free probe was charged (0, unless the service charged it); null when not sent. */
  probe_charged: number | null;
  /**
   * The key's monthly spending ceiling, as a teto_estourado answer revealed it this month (no free
   * call tells it); null when none was seen. While reached, paid calls are refused until the 1st.
   */
  ceiling: {
    cap: number | null;
    spent_this_month: number | null;
    reached: boolean;
    seen_at: string;
    /** When spending resumes: 00:00 UTC on the 1st of next month. */
    resumes_at: string;
  } | null;
  /** The last full breakdown an envelope carried (profile, posts, post, transcript calls). */
  last_breakdown: CreditBreakdown | null;
  /**
   * How fast this machine spends, from the whole ledger (not --since): the pace over the last 7
   * and 30 days and, at each, the days the balance lasts, beside the free allowance's reset; null
   * under --sandbox, where nothing is recorded.
   */
  burn_rate: BurnRate | null;
  /**
   * On a PostgreSQL store only: what the key spent on this service from every machine that uses
   * the store, by UTC day and machine (newest first).
   */
  shared?: {
    store: string;
    credits: number;
    calls: number;
    uncertain: number;
    by_machine: Array<{ machine: string; credits: number; calls: number; uncertain: number }>;
    by_day: MachineDaySpend[];
    /**
     * How fast the key spends from every machine on the store (the whole shared ledger, not
     * --since), against the balance: the figure to plan by when several machines spend it.
     */
    burn_rate: BurnRate;
  };
  spent: {
    since: string;
    /** Under --sandbox nothing is recorded: sandbox credits are play money. */
    recorded: boolean;
    /** The service these figures are for: only its records, and only this key's, are counted. */
    service: string | null;
    /** The key's fingerprint (first 8 hex digits of its SHA-256), as the ledger records it. */
    key: string | null;
    credits: number;
    calls: number;
    /** Calls that may have been charged; counted in credits at the most they can have cost. */
    uncertain: number;
    by_day: SpendRow[];
  };
}

export async function runCredits(options: CreditsOptions, rt: Runtime): Promise<Outcome> {
  // The ledger module (and node:crypto with it) loads only when credits runs, not on every start.
  const { lastBreakdown, readSpend, recordsOf } = await import('../../infra/state/spend-ledger.js');
  const probe = await readBalance(rt);
  const warnings = [...probe.warnings];
  const identity = rt.session.ledger?.identity;
  // The probe's own record, if it cost anything, is on disk before the ledger is read.
  rt.session.ledger?.write();
  let mine: SpendRecord[] = [];
  if (identity !== undefined) {
    try {
      const file = readSpend(configDir(rt.ctx.env));
      if (file.skipped > 0) warnings.push(t('notes.credits.linesSkipped', { n: file.skipped }));
      mine = recordsOf(file.records, identity);
    } catch (error) {
      warnings.push(t('notes.credits.ledgerUnread', { reason: fsReason(error) }));
    }
  }
  const byDay = summariseSpend(mine, options.since);
  const now = rt.ctx.now();
  const seen = rt.session.ceiling?.read(now);
  const ceiling = seen === undefined ? null : { ...seen, resumes_at: nextMonthStart(now).toISOString() };
  let status = probe.status;
  if (ceiling?.reached) {
    // What every paid call would answer: said here, and as the same exit status, balance or not.
    warnings.push(ceilingWarning(ceiling, probe.balance));
    if (status === EXIT.ok) status = EXIT.ceiling;
  }
  const breakdown = lastBreakdown(mine) ?? null;
  const resets = nextFreeReset(breakdown?.free_credits_reset_at, now);
  const report: CreditsReport = {
    balance: probe.balance,
    balance_read_at: probe.balance === null ? null : now.toISOString(),
    probe_charged: probe.probe_charged,
    ceiling,
    last_breakdown: breakdown,
    burn_rate: identity === undefined ? null : burnRate(mine, now, probe.balance, resets),
    spent: {
      since: options.since.toISOString(),
      recorded: identity !== undefined,
      service: identity?.service ?? null,
      key: identity?.key ?? null,
      credits: byDay.reduce((sum, r) => sum + r.credits, 0),
      calls: byDay.reduce((sum, r) => sum + r.calls, 0),
      uncertain: byDay.reduce((sum, r) => sum + r.uncertain, 0),
      by_day: byDay,
    },
  };
  if (rt.session.shared !== undefined && identity !== undefined) {
    // What the probe just cost is in the shared ledger before it is read.
    const { spendByMachine, spendWindows } = await import('../../infra/postgres/pg-ledger.js');
    await rt.session.sharedLedger?.close();
    const store = rt.session.shared;
    const [byDay, summed] = await Promise.all([
      spendByMachine(store, identity.service, identity.key, options.since),
      spendWindows(store, identity.service, identity.key, now, BURN_WINDOWS),
    ]);
    report.shared = {
      // A store named in the run's language where its URL does not parse: in English for scripts.
      store: inEnglish(store.name),
      ...totals(byDay),
      by_machine: byMachine(byDay),
      by_day: byDay,
      burn_rate: burnRateOf(summed, now, probe.balance, resets),
    };
  }
  return { result: creditsResult(report, options), warnings, status };
}

function totals(rows: readonly { credits: number; calls: number; uncertain: number }[]) {
  return {
    credits: rows.reduce((sum, r) => sum + r.credits, 0),
    calls: rows.reduce((sum, r) => sum + r.calls, 0),
    uncertain: rows.reduce((sum, r) => sum + r.uncertain, 0),
  };
}

/** Each machine's total over the days, most spent first. */
function byMachine(rows: readonly MachineDaySpend[]) {
  const machines = new Map<string, MachineDaySpend[]>();
  for (const row of rows) machines.set(row.machine, [...(machines.get(row.machine) ?? []), row]);
  return [...machines]
    .map(([machine, days]) => ({ machine, ...totals(days) }))
    .sort((a, b) => b.credits - a.credits || a.machine.localeCompare(b.machine));
}

/**
 * The free allowance's next reset by the run's clock: the one the last breakdown named while it is
 * ahead, else 00:00 UTC on the 1st of next month (the allowance resets monthly). A reset the run's
 * clock has passed is over: the breakdown was seen before it, or from a service whose clock is
 * behind this one's (a sandbox started with --now).
 */
function nextFreeReset(named: string | null | undefined, now: Date): string {
  const at = named === null || named === undefined ? Number.NaN : Date.parse(named);
  return at > now.getTime() ? (named as string) : nextMonthStart(now).toISOString();
}

/** 00:00 UTC on the 1st of the month after `now`: when a monthly ceiling lapses. */
function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

function ceilingWarning(ceiling: NonNullable<CreditsReport['ceiling']>, balance: number | null): string {
  return t('notes.credits.ceilingReached', {
    ceiling: ceiling.cap === null ? t('errors.ceiling') : t('errors.ceiling.cap', { cap: credits(ceiling.cap) }),
    date: formatDate(new Date(ceiling.resumes_at)),
    left: balance !== null && balance > 0 ? t('notes.credits.ceilingLeft', { n: balance }) : '',
  });
}

/** The ceiling as a line of the credits view: "50 credits a month, 50 spent (as of …) · reached, …". */
function ceilingText(ceiling: NonNullable<CreditsReport['ceiling']>): string {
  return t('views.credits.ceiling', {
    cap:
      ceiling.cap === null
        ? t('views.credits.ceilingNoCap')
        : t('views.credits.ceilingCap', { credits: creditCount(ceiling.cap) }),
    spent: ceiling.spent_this_month === null ? '' : t('views.credits.ceilingSpent', { n: ceiling.spent_this_month }),
    seen: formatDateTime(new Date(ceiling.seen_at)),
    state: ceiling.reached
      ? t('views.credits.ceilingReached', { date: formatDate(new Date(ceiling.resumes_at)) })
      : t('views.credits.ceilingNotReached'),
  });
}

/** A count of credits in the language of the run: "5,007 credits", "5.007 créditos". */
function creditCount(n: number): string {
  return t('views.count.credits', { n });
}

/**
 * One pace as the credits view says it: "3.1 a day (22 credits) · lasts 41.2 days, to 2027-01-11,
 * after the free reset on 2027-01-01".
 */
function paceText(window: BurnWindow, resets: string | null): string {
  if (window.credits === 0) return t('views.credits.nothingSpent');
  const spent =
    window.over_days < window.days
      ? t('views.credits.paceSpentOver', {
          perDay: window.per_day,
          credits: creditCount(window.credits),
          n: window.over_days,
        })
      : t('views.credits.paceSpent', { perDay: window.per_day, credits: creditCount(window.credits) });
  if (window.days_left === null) return t('views.credits.paceBalanceUnknown', { spent });
  const reset =
    window.before_reset === null || resets === null
      ? ''
      : t(window.before_reset ? 'views.credits.beforeReset' : 'views.credits.afterReset', {
          date: formatDate(new Date(resets)),
        });
  return t('views.credits.paceLasts', {
    spent,
    days: window.days_left,
    date: window.runs_out_on === null ? unknownMark() : formatDate(new Date(window.runs_out_on)),
    reset,
  });
}

export function creditsResult(report: CreditsReport, options: CreditsOptions): Result {
  const b = report.last_breakdown;
  const fields: RecordView['fields'] = [
    {
      id: 'balance',
      label: t('views.credits.balance'),
      value: report.balance === null ? null : creditCount(report.balance),
    },
    {
      id: 'ceiling',
      label: t('views.credits.ceilingLabel'),
      value: report.ceiling === null ? t('views.credits.noCeiling') : ceilingText(report.ceiling),
    },
  ];
  if (b !== null) {
    fields.push(
      {
        id: 'purchased',
        label: t('views.credits.purchased'),
        value: b.credits_purchased_remaining === null ? null : formatNumber(b.credits_purchased_remaining),
      },
      {
        id: 'free left',
        label: t('views.credits.freeLeft'),
        value:
          b.free_credits_remaining === null
            ? null
            : t('views.credits.freeOf', {
                left: b.free_credits_remaining,
                total: b.free_credits_total === null ? unknownMark() : b.free_credits_total,
              }),
      },
      {
        id: 'free resets',
        label: t('views.credits.freeResets'),
        value: report.burn_rate?.free_resets_at ?? b.free_credits_reset_at,
        kind: 'time',
      },
      { id: 'breakdown seen', label: t('views.credits.breakdownSeen'), value: b.seen_at, kind: 'time' },
    );
  } else {
    const why = report.spent.recorded ? t('views.credits.noBreakdown') : t('views.credits.breakdownSandbox');
    fields.push({ id: 'breakdown', label: t('views.credits.breakdown'), value: why });
  }
  if (report.burn_rate !== null) {
    const resets = report.burn_rate.free_resets_at;
    for (const window of report.burn_rate.windows)
      fields.push({
        id: `${window.days}-day pace`,
        label: t('views.credits.pace', { days: window.days }),
        value: paceText(window, resets),
      });
  }
  const balance: RecordView = {
    heading: [t('views.credits.heading', { n: report.probe_charged ?? 0 })],
    fields,
  };
  // A date names its day; an age (36h, 30d) an instant, said to the minute: "since 2026-11-26"
  // beside records of that day would read as if they were counted.
  const sinceDate = new Date(report.spent.since);
  const since = report.spent.since.endsWith('T00:00:00.000Z')
    ? formatDate(sinceDate)
    : `${formatDateTime(sinceDate)} UTC`;
  const uncertain = report.spent.uncertain > 0 ? t('views.credits.uncertain', { n: report.spent.uncertain }) : '';
  const heading = report.spent.recorded
    ? [
        t('views.credits.spent', {
          since,
          raw: options.sinceRaw,
          credits: creditCount(report.spent.credits),
          calls: t('views.count.calls', { n: report.spent.calls }),
          uncertain,
        }),
        report.spent.key === null
          ? t('views.credits.withoutKey', { service: report.spent.service ?? '' })
          : t('views.credits.withKey', { key: report.spent.key, service: report.spent.service ?? '' }),
      ]
    : [t('views.credits.spentSandbox')];
  const result: Result = {
    json: report,
    table: [
      balance,
      {
        columns: SPEND_COLUMNS,
        rows: report.spent.by_day,
        heading,
        empty: report.spent.recorded ? t('views.credits.nothingSince', { since }) : t('views.credits.nothing'),
      },
    ],
    csv: { columns: SPEND_COLUMNS, rows: report.spent.by_day },
  };
  const shared = report.shared;
  if (shared !== undefined) {
    const perMachine = shared.by_machine.map((m) => `${sanitiseLine(m.machine)} ${formatNumber(m.credits)}`).join(', ');
    result.table.push({
      columns: SHARED_SPEND_COLUMNS,
      rows: shared.by_day,
      heading: [
        t('views.credits.sharedSpent', {
          store: shared.store,
          since,
          credits: creditCount(shared.credits),
          calls: t('views.count.calls', { n: shared.calls }),
          uncertain: shared.uncertain > 0 ? t('views.credits.sharedUncertain', { n: shared.uncertain }) : '',
        }),
        ...(perMachine === '' ? [] : [t('views.credits.byMachine', { machines: perMachine })]),
        ...shared.burn_rate.windows.map((window) =>
          t('views.credits.sharedPace', {
            days: window.days,
            pace: paceText(window, shared.burn_rate.free_resets_at),
          }),
        ),
      ],
      empty: t('views.credits.nothingOnStore', { since }),
    });
  }
  return result;
}
