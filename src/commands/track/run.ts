// The runs of `social track`: the watchlist changed and listed, every watched profile fetched as
// a batch (the session's store keeps each answer), and the growth report computed from the store.

import { formatDuration } from '../../domain/archive/interval.js';
import {
  engagementRate,
  growthBetween,
  meanRate,
  PER_CENT_PLACES,
  rateFraction,
  rounded,
} from '../../domain/computed.js';
import { usageError } from '../../domain/errors.js';
import { findPlatform } from '../../domain/platforms.js';
import type { ProfileEnvelope } from '../../domain/schemas.js';
import type { AccountActivity, Snapshot } from '../../infra/store/analyst.js';
import { type Store, StoreError } from '../../infra/store/store.js';
import { say } from '../../messages/catalogue.js';
import { formatDateTime } from '../../messages/intl.js';
import { said } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import { dryRunBatch } from '../../runtime/batch/dry-run-batch.js';
import { failedRowsShown, runEnvelopeBatch } from '../../runtime/batch/envelope-batch.js';
import { type LocalRuntime, unusableStore } from '../../runtime/local.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { withComputed } from '../shared/computed-option.js';
import { profileRequest } from '../shared/profile-request.js';
import { AUTHOR_RANK, checkHandle } from '../shared/social-shared.js';
import type { ListRow, ReportRow, WatchRow } from './columns.js';
import {
  CHANGE_COLUMNS,
  REPORT_COLUMNS,
  REPORT_RANK,
  RUN_RANK,
  runColumns,
  WATCHLIST_COLUMNS,
  watchInput,
} from './columns.js';
import type { ReportOptions, RunOptions, WatchOptions } from './options.js';

export async function runTrackAdd(options: WatchOptions, rt: LocalRuntime): Promise<Outcome> {
  const store = rt.store as Store;
  const at = rt.ctx.now();
  const rows: WatchRow[] = [];
  for (const handle of options.handles)
    rows.push({
      platform: options.platform.name,
      handle,
      changed: await store.watch(options.platform.name, handle, at),
    });
  return changeOutcome(rows, 'added');
}

export async function runTrackRemove(options: WatchOptions, rt: LocalRuntime): Promise<Outcome> {
  const store = rt.store as Store;
  const rows: WatchRow[] = [];
  for (const handle of options.handles)
    rows.push({ platform: options.platform.name, handle, changed: await store.unwatch(options.platform.name, handle) });
  const outcome = changeOutcome(rows, 'removed');
  const missing = rows.filter((row) => !row.changed).map((row) => row.handle);
  // Removing what is not watched changes nothing, as adding what is: said, not an error.
  if (missing.length > 0) outcome.warnings = [t('notes.track.notWatched', { handles: missing.join(', ') })];
  return outcome;
}

function changeOutcome(rows: WatchRow[], verb: 'added' | 'removed'): Outcome {
  const columns = CHANGE_COLUMNS(verb);
  const json = rows.map((row) => ({ platform: row.platform, handle: row.handle, [verb]: row.changed }));
  return {
    result: {
      json,
      table: [{ columns, rows }],
      csv: { columns, rows },
      records: { items: json, within: (items) => items },
    },
  };
}

export async function runTrackList(rt: LocalRuntime): Promise<Outcome> {
  // The newest snapshot of each: the activity as of now has no period, only its ends.
  const accounts = (await rt.store?.activity(rt.ctx.now())) ?? [];
  const rows: ListRow[] = accounts.map((a) => ({
    platform: a.platform,
    handle: a.handle,
    added_at: a.added_at,
    followers: a.to?.followers ?? null,
    fetched_at: a.to?.fetched_at ?? null,
  }));
  return {
    result: {
      json: rows,
      table: [
        {
          columns: WATCHLIST_COLUMNS,
          rows,
          heading: rows.length === 0 ? undefined : [t('views.track.watched', { n: rows.length })],
          empty: t('views.track.empty'),
        },
      ],
      csv: { columns: WATCHLIST_COLUMNS, rows },
      records: { items: rows, within: (items) => items },
    },
  };
}

/** The platform and handle of a watchlist line, checked as `profile` checks them. */
function watched(line: string): { platform: NonNullable<ReturnType<typeof findPlatform>>; handle: string } {
  const [name = '', handle = ''] = line.split(' ');
  const platform = findPlatform(name);
  if (platform === undefined) throw new Error(`the watchlist names a platform social does not know: ${name}`);
  return { platform, handle: checkHandle(platform, handle) };
}

/** What a batch of the watchlist is made of, a dry run's as a real one's. */
type WatchBatch = Parameters<typeof dryRunBatch<string, ProfileEnvelope>>[1];

export async function runTrackRun(options: RunOptions, rt: Runtime): Promise<Outcome> {
  // Off, the store holds no watchlist: said, not run as an empty one (exit 0, nothing fetched).
  if (rt.ctx.store.location(rt.globals).engine === 'off') throw usageError(said('errors.track.storeOff'));
  const store = await rt.ctx.store.open(rt.globals, { readOnly: true }).catch((error: unknown) => {
    if (!(error instanceof StoreError)) throw error;
    if (error.code === 'not_found') return undefined;
    // No watchlist to fetch: the store's fault, said as every command that reads it says it.
    throw unusableStore(error);
  });
  let list: Array<{ platform: string; handle: string }>;
  try {
    list = (await store?.watchlist()) ?? [];
  } finally {
    await store?.close();
  }
  const batch: WatchBatch = {
    source: { args: list.map((w) => watchInput(w.platform, w.handle)) },
    flags: options.batch,
    // The normalised line: --shard shares the watchlist by it.
    prepare: (line: string) => {
      const { platform, handle } = watched(line);
      return watchInput(platform.name, handle);
    },
    request: (line: string) => {
      const { platform, handle } = watched(line);
      return profileRequest(platform, handle);
    },
  };
  // An empty watchlist is a batch of no input, its output of that shape (`[]`, csv's header), and said.
  const outcome = rt.globals.dryRun ? await dryRunBatch(rt, batch) : await fetchWatched(rt, batch);
  if (list.length === 0) outcome.warnings = [...(outcome.warnings ?? []), t('views.track.empty')];
  return outcome;
}

/** The watched profiles, fetched as a profile batch. */
function fetchWatched(rt: Runtime, batch: WatchBatch): Promise<Outcome> {
  const columns = runColumns();
  return runEnvelopeBatch(rt, {
    ...batch,
    rows: (entry) => (entry.body?.data || failedRowsShown(rt.globals) ? [entry] : []),
    columns,
    rank: [...RUN_RANK, ...AUTHOR_RANK.filter((name) => !RUN_RANK.includes(name))],
    identifier: 'handle',
    // The answer's row, as profile's: --fields picks the keys each record's body keeps from it.
    result: (input: string, body: ProfileEnvelope) => ({
      json: body,
      table: [],
      csv: { columns, rows: [{ index: 1, input, body }] },
      records: { items: [body.data], within: ([data]) => ({ ...body, data }), one: true },
    }),
  });
}

const DAY_MS = 86_400_000;

export async function runTrackReport(options: ReportOptions, rt: LocalRuntime): Promise<Outcome> {
  const { since } = options;
  const accounts = (await rt.store?.activity(since.at)) ?? [];
  const rows = accounts.map(reportRow).sort(byGrowth);
  rows.forEach((row, i) => {
    row.rank = i + 1;
  });
  const byAccount = new Map(accounts.map((a) => [`${a.platform} ${a.handle}`, a]));
  const records = rows.map((row) => {
    const account = byAccount.get(`${row.platform} ${row.handle}`)!;
    return withComputed(
      {
        platform: account.platform,
        handle: account.handle,
        added_at: account.added_at,
        from: account.from,
        to: account.to,
      },
      {
        rank: row.rank,
        gained: row.gained,
        gained_per_day: row.per_day,
        gained_per_cent: row.per_cent,
        engagement_rate: rateFraction(row.rate),
        posts_rated: row.posts,
      },
      options.computed,
    );
  });
  const days = Math.round((rt.ctx.now().getTime() - since.at.getTime()) / DAY_MS);
  const heading =
    rows.length === 0
      ? undefined
      : [
          t('views.track.report', {
            accounts: t('views.track.watched', { n: rows.length }),
            since: formatDateTime(since.at),
            // An age (7d) is the span itself: said once, as typed.
            raw:
              days > 0 && since.ago === undefined
                ? t('views.track.sinceSpan', { raw: since.raw, span: say(formatDuration(days * 1440)) })
                : since.raw,
          }),
        ];
  return {
    result: {
      json: records,
      table: [{ columns: REPORT_COLUMNS, rows, rank: REPORT_RANK, heading, empty: t('views.track.empty') }],
      csv: { columns: REPORT_COLUMNS, rows },
      records: { items: records, within: (items) => items },
    },
  };
}

const at = (snapshot: Snapshot | null) =>
  snapshot === null || snapshot.followers === null
    ? undefined
    : { at: Date.parse(snapshot.fetched_at), followers: snapshot.followers };

function reportRow(account: AccountActivity): ReportRow {
  const growth = growthBetween(at(account.from), at(account.to));
  const engagement = meanRate(account.metrics.map((m) => engagementRate(m, m.author_followers)));
  return {
    rank: 0,
    platform: account.platform,
    handle: account.handle,
    followers: account.to?.followers ?? null,
    gained: growth?.gained ?? null,
    per_day: rounded(growth?.per_day ?? null, 1),
    per_cent: rounded(growth?.per_cent ?? null, PER_CENT_PLACES),
    rate: engagement.rate,
    posts: engagement.of,
    snapshots: account.snapshots,
    from: account.from?.fetched_at ?? null,
    to: account.to?.fetched_at ?? null,
  };
}

/** Most followers gained first; then the fastest in per cent; accounts with no figure last. */
function byGrowth(a: ReportRow, b: ReportRow): number {
  if (a.gained === null || b.gained === null) return a.gained === null ? (b.gained === null ? 0 : 1) : -1;
  return b.gained - a.gained || (b.per_cent ?? 0) - (a.per_cent ?? 0) || a.handle.localeCompare(b.handle);
}
