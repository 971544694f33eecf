// `social credits`: what the key has left, read without spending, the last full credit breakdown an
// envelope carried, and what this machine spent (the local ledger), by day and command.
//
// The balance comes from a free probe: the movers route on a niche name that coverage does not
// list answers 200 with nothing found, credits_charged 0 and credits_balance. The name is checked
// against coverage first, so the probe can never land on a real niche and cost 10 credits.

import type { Command } from 'commander';
import { parseSince } from '../../domain/archive/interval.js';
import { credits, thousands } from '../../domain/archive/notes.js';
import { EXIT, exitStatus, SocialError } from '../../domain/errors.js';
import { fsReason } from '../../domain/state-file.js';
import { configDir } from '../../infra/config.js';
import type { Context } from '../../infra/context.js';
import type { CreditBreakdown, SpendRecord } from '../../infra/state/spend-ledger.js';
import type { Column, RecordView, Result } from '../../output/types.js';
import type { SocialCommand } from '../../runtime/command.js';
import { addFieldsOption } from '../../runtime/fields-option.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { runApiCommand } from '../../runtime/runner.js';
import { moversRequest } from '../movers/index.js';
import { lookUpCoverage } from '../shared/coverage.js';
import { EXIT_HELP } from '../shared/social-shared.js';

export const PROBE_NICHE = '__credits_probe__';
export const DEFAULT_SINCE = '30d';

export interface CreditsOptions {
  since: Date;
  sinceRaw: string;
}

export function parseCreditsOptions(raw: { since?: string }, now: Date): CreditsOptions {
  const sinceRaw = raw.since ?? DEFAULT_SINCE;
  return { since: parseSince(sinceRaw, now), sinceRaw };
}

export interface SpendRow {
  day: string;
  command: string;
  calls: number;
  cached: number;
  /** Charged, counting uncertain calls at the most they can have cost. */
  credits: number;
  /** Calls that may have been charged (answer lost or not trusted), included in credits. */
  uncertain: number;
}

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
  /** The niche name the probe asked movers about (one coverage does not list), and its charge. */
  probe: { niche: string; credits_charged: number } | null;
  /** The last full breakdown an envelope carried (profile, posts, post, transcript calls). */
  last_breakdown: CreditBreakdown | null;
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

export interface Probe {
  balance: number | null;
  probe: CreditsReport['probe'];
  warnings: string[];
  status: number;
}

/** A probe name coverage does not list: __credits_probe__, or a numbered variant if it ever does. */
function probeName(listed: ReadonlySet<string>): string {
  let name = PROBE_NICHE;
  for (let n = 2; listed.has(name); n += 1) name = `__credits_probe_${n}__`;
  return name;
}

export async function readBalance(rt: Runtime): Promise<Probe> {
  const coverage = await lookUpCoverage(rt);
  if (!coverage.ok) {
    // Without coverage the probe's niche cannot be shown unlisted, so it is not sent.
    return {
      balance: null,
      probe: null,
      warnings: [
        `${coverage.reason}; the balance was not probed (the probe is free only on a niche coverage does not list)`,
      ],
      status: coverage.error ? exitStatus(coverage.error) : EXIT.unavailable,
    };
  }
  const niche = probeName(new Set(coverage.coverage.niches.map((n) => n.id)));
  try {
    const { body } = await rt.spin('reading the balance', rt.session.client.get(moversRequest(niche, 1, 1)));
    const warnings =
      body.credits_charged > 0
        ? [`the balance probe was charged ${credits(body.credits_charged)}, which it should not be`]
        : [];
    return {
      balance: body.credits_balance,
      probe: { niche, credits_charged: body.credits_charged },
      warnings,
      status: EXIT.ok,
    };
  } catch (error) {
    // A key problem is the answer the user needs; an unavailable service still leaves the local part.
    if (!(error instanceof SocialError) || !['unavailable', 'network', 'badResponse'].includes(error.kind)) throw error;
    const code = error.details.code ? ` (${error.details.code})` : '';
    return {
      balance: null,
      probe: null,
      warnings: [`the balance could not be read: ${error.message}${code}`],
      status: exitStatus(error),
    };
  }
}

export async function runCredits(options: CreditsOptions, rt: Runtime): Promise<Outcome> {
  // The ledger module (and node:crypto with it) loads only when credits runs, not on every start.
  const { lastBreakdown, readSpend, recordsOf } = await import('../../infra/state/spend-ledger.js');
  const probe = await readBalance(rt);
  const warnings = [...probe.warnings];
  const identity = rt.session.ledger?.identity;
  let mine: SpendRecord[] = [];
  if (identity !== undefined) {
    try {
      const file = readSpend(configDir(rt.ctx.env));
      if (file.skipped > 0)
        warnings.push(
          `${file.skipped} line${file.skipped === 1 ? '' : 's'} of spend.jsonl ${file.skipped === 1 ? 'is' : 'are'} not a spend record and ${file.skipped === 1 ? 'was' : 'were'} skipped`,
        );
      mine = recordsOf(file.records, identity);
    } catch (error) {
      warnings.push(`the local ledger could not be read: ${fsReason(error)}`);
    }
  }
  const byDay = summariseSpend(mine, options.since);
  const report: CreditsReport = {
    balance: probe.balance,
    balance_read_at: probe.balance === null ? null : rt.ctx.now().toISOString(),
    probe: probe.probe,
    last_breakdown: lastBreakdown(mine) ?? null,
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
  return { result: creditsResult(report, options), warnings, status: probe.status };
}

const SPEND_COLUMNS: Column<SpendRow>[] = [
  { header: 'day', value: (r) => r.day },
  { header: 'command', value: (r) => r.command },
  { header: 'calls', value: (r) => r.calls, kind: 'integer' },
  { header: 'cached', value: (r) => r.cached, kind: 'integer' },
  { header: 'credits', value: (r) => r.credits, kind: 'integer' },
];

export function creditsResult(report: CreditsReport, options: CreditsOptions): Result {
  const b = report.last_breakdown;
  const fields: RecordView['fields'] = [
    { label: 'balance', value: report.balance === null ? null : credits(report.balance) },
  ];
  if (b !== null) {
    fields.push(
      {
        label: 'purchased',
        value: b.credits_purchased_remaining === null ? null : thousands(b.credits_purchased_remaining),
      },
      {
        label: 'free left',
        value:
          b.free_credits_remaining === null
            ? null
            : `${thousands(b.free_credits_remaining)} of ${b.free_credits_total === null ? 'unknown' : thousands(b.free_credits_total)}`,
      },
      { label: 'free resets', value: b.free_credits_reset_at, kind: 'time' },
      { label: 'breakdown seen', value: b.seen_at, kind: 'time' },
    );
  } else {
    const why = report.spent.recorded
      ? 'none seen yet (a profile, posts, post or transcript call records one)'
      : 'not recorded under --sandbox';
    fields.push({ label: 'breakdown', value: why });
  }
  const balance: RecordView = {
    heading: ['Credits (balance read free: a movers probe on a niche coverage does not list, 0 charged)'],
    fields,
  };
  const since = report.spent.since.slice(0, 10);
  const uncertain =
    report.spent.uncertain > 0
      ? ` (${thousands(report.spent.uncertain)} uncertain: may have been charged, counted at their cost)`
      : '';
  const heading = report.spent.recorded
    ? [
        `Spent from this machine since ${since} (--since ${options.sinceRaw}): ${credits(report.spent.credits)} in ${thousands(report.spent.calls)} call${report.spent.calls === 1 ? '' : 's'}${uncertain}`,
        `${report.spent.key === null ? 'without a key' : `with key fingerprint ${report.spent.key}`} on ${report.spent.service} (other keys and services are not counted)`,
      ]
    : ['Spent from this machine: --sandbox runs are not recorded (play money)'];
  return {
    json: report,
    table: [
      balance,
      {
        columns: SPEND_COLUMNS,
        rows: report.spent.by_day,
        heading,
        empty: report.spent.recorded ? `Nothing recorded since ${since}.` : 'Nothing recorded.',
      },
    ],
    csv: { columns: SPEND_COLUMNS, rows: report.spent.by_day },
  };
}

export function registerCredits(program: SocialCommand, ctx: Context): void {
  const command = program
    .command('credits')
    .description('what the key has left (read without spending) and what this machine spent')
    .option(
      '--since <time>',
      `period of the local summary: an age (30d, 2w, 36h), a date or an instant (default ${DEFAULT_SINCE})`,
    )
    .addHelpText(
      'after',
      `
The balance is read for free: credits asks the movers route about a niche name that coverage
does not list (${PROBE_NICHE}); the service answers 200 with nothing found, charges nothing
and reports credits_balance. The name is checked against coverage (free) first, so the probe
can never hit a real niche; if coverage cannot be read the probe is not sent, the balance shows
as unknown and the exit status says why (9 unavailable, 10 network).

Also shown: the last full breakdown an envelope carried (purchased credits, free allowance left
of its total, and when the free allowance resets, 00:00 UTC on the 1st), and the local ledger of
what this machine spent with this key on this service, by day and command. The ledger
(spend.jsonl in the config dir) gets a line as each call is answered, naming the service and a
fingerprint of the key (the first 8 hex digits of its SHA-256, never the key); calls that may
have been charged without an answer are counted at their cost and shown as uncertain. --sandbox
runs are not recorded.

json: {"balance", "balance_read_at", "probe", "last_breakdown", "spent": {"since", "recorded",
"service", "key", "credits", "calls", "uncertain", "by_day": [{"day", "command", "calls",
"cached", "credits", "uncertain"}]}}.
csv: a row per day and command.

Examples:
  social credits
  social credits --since 7d
  social credits --json | jq .balance

${EXIT_HELP}`,
    );
  addFieldsOption(
    command,
    SPEND_COLUMNS.map((c) => c.header),
  ).statusAction(async (raw: { since?: string }, command: Command) => {
    const options = parseCreditsOptions(raw, ctx.now());
    return await runApiCommand(ctx, command.optsWithGlobals(), { key: true, command: 'credits' }, (rt) =>
      runCredits(options, rt),
    );
  });
}
