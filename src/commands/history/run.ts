// The run of `social history`: one account's snapshots from the store, the gains computed beside
// them, as a table (a sparkline in its heading), csv, json, ndjson or a chart.
import { shortUtc } from '../../domain/archive/interval.js';
import { gains } from '../../domain/computed.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Snapshots } from '../../infra/store/analyst.js';
import { formatNumber } from '../../messages/intl.js';
import { t } from '../../messages/use-views.js';
import type { TimeChart } from '../../output/charts/model.js';
import type { ColumnRecords, RecordColumn, RecordShape } from '../../output/json.js';
import { sparkline } from '../../output/sparkline.js';
import type { Result, View } from '../../output/types.js';
import type { LocalRuntime } from '../../runtime/local.js';
import type { Outcome } from '../../runtime/runner.js';
import { HISTORY_RANK, historyColumns } from './columns.js';
import type { HistoryOptions } from './options.js';

/** The cells of the heading's sparkline: the followers over the whole history, squeezed. */
const SPARK_CELLS = 32;

/** Snapshots a table at a terminal shows, the newest: years of a daily cron, never a wall of 100,000 rows. */
const TERMINAL_ROWS = 1000;

export async function runHistory(asked: HistoryOptions, rt: LocalRuntime): Promise<Outcome> {
  // The account as the store names it, whatever the case it was asked in (handles match without it).
  const stored = await rt.store?.storedHandle(asked.platform.name, asked.handle);
  const options = stored === undefined ? asked : { ...asked, handle: stored };
  const { platform, handle } = options;
  const name = t('views.account', { handle: sanitiseLine(handle), platform: platform.name });
  // A person at a terminal reads the newest snapshots, the heading spanning them all: only those
  // are read, and every follower count for the heading. A pipe or a file gets every snapshot, as
  // csv and json do, and a chart draws them all.
  if (rt.store !== undefined && rt.ctx.io.stdoutIsTTY && rt.globals.format === 'table' && options.chart === undefined) {
    const held = await rt.store.recentSnapshots(platform.name, handle, TERMINAL_ROWS);
    const { recent, before } = held;
    const gained = once(() => {
      if (before === undefined) return gains(recent.fetched_at, recent.followers);
      // The oldest shown gained on the snapshot before them: counted first, then left out.
      const all = gains([before.fetched_at, ...recent.fetched_at], [before.followers, ...recent.followers]);
      return { gained: all.gained.slice(1), per_day: all.per_day.slice(1) };
    });
    const span = { count: held.followers.length, first: held.first, last: recent.fetched_at.at(-1) };
    const limit = {
      rows: TERMINAL_ROWS,
      last: true,
      why: t('views.history.terminalMost', { n: formatNumber(TERMINAL_ROWS) }),
      of: span.count,
    };
    return {
      result: historyResult(options, rt, name, recent, gained, () => heading(name, span, held.followers), limit),
    };
  }
  const snapshots = (await rt.store?.snapshots(platform.name, handle)) ?? NO_SNAPSHOTS;
  // Each form made when the output asks for it, once: json and ndjson are written from the
  // columns (records.columns), so a plain json of 100,000 snapshots computes no gain, no row and
  // no record object.
  const gained = once(() => gains(snapshots.fetched_at, snapshots.followers));
  const span = {
    count: snapshots.fetched_at.length,
    first: snapshots.fetched_at[0],
    last: snapshots.fetched_at.at(-1),
  };
  const result = historyResult(options, rt, name, snapshots, gained, () => heading(name, span, snapshots.followers));
  if (options.chart !== undefined && span.count > 0)
    result.chart = { model: historyChart(name, snapshots), draw: options.chart.draw, file: options.chart.file };
  // Nothing to draw: the file asked for is not written, which a script would not know otherwise.
  const file = options.chart?.file;
  if (file !== undefined && span.count === 0) return { result, warnings: [t('views.history.noChart', { file })] };
  return { result };
}

/** The result of `snapshots` (every one of the account's, or the newest a terminal shows, `limit` saying so). */
function historyResult(
  options: HistoryOptions,
  rt: LocalRuntime,
  name: string,
  snapshots: Snapshots,
  gained: () => ReturnType<typeof gains>,
  /** The table's heading, made only for a table: it reads every follower count. */
  headingLines: () => string[] | undefined,
  limit?: View['limit'],
): Result {
  const { platform, handle } = options;
  const length = snapshots.fetched_at.length;
  // Tables and csv read a snapshot's values from the columns, its index the row.
  const table = once(() => {
    const columns = historyColumns({ ...snapshots, ...gained() });
    return { columns, rows: Array.from({ length }, (_, i) => i) };
  });
  // The records, made only for what needs them as objects (--jq, --fields, a session's document).
  const records = once(() => {
    const { gained: gain, per_day } = gained();
    return snapshots.fetched_at.map((fetched_at, i) => {
      const record: Record<string, unknown> = {
        platform: platform.name,
        handle,
        fetched_at,
        source: snapshots.source[i],
        followers: snapshots.followers[i] ?? null,
        following: snapshots.following[i] ?? null,
        posts_count: snapshots.posts_count[i] ?? null,
      };
      if (options.computed) record.computed = { gained: gain[i] ?? null, gained_per_day: per_day[i] ?? null };
      return record;
    });
  });
  return {
    get json() {
      return records();
    },
    get table() {
      return [
        {
          ...table(),
          rank: HISTORY_RANK,
          heading: headingLines(),
          empty: t('views.history.empty', {
            name,
            location: rt.location,
            command: `social profile ${platform.name} ${sanitiseLine(handle)}`,
          }),
          ...(limit === undefined ? {} : { limit }),
        },
      ];
    },
    get csv() {
      return table();
    },
    records: {
      get items() {
        return records();
      },
      within: (items) => items,
      get columns() {
        return recordColumns(options, snapshots, length, gained);
      },
    },
  };
}

/** `make`'s value, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** The records json and ndjson print, as columns: the keys of a record, in its order. */
function recordColumns(
  options: HistoryOptions,
  s: Snapshots,
  length: number,
  gained: () => ReturnType<typeof gains>,
): ColumnRecords {
  const shape: RecordShape = ['platform', 'handle', 'fetched_at', 'source', 'followers', 'following', 'posts_count'];
  const columns: RecordColumn[] = [
    { every: options.platform.name },
    { every: options.handle },
    s.fetched_at,
    s.source,
    s.followers,
    s.following,
    s.posts_count,
  ];
  if (!options.computed) return { shape, columns, length };
  const { gained: gain, per_day } = gained();
  return {
    shape: [...shape, ['computed', ['gained', 'gained_per_day']]],
    columns: [...columns, gain, per_day],
    length,
  };
}

/** No snapshots: what a store that holds none of the account answers. */
const NO_SNAPSHOTS: Snapshots = { fetched_at: [], source: [], followers: [], following: [], posts_count: [] };

/** "octocat on github · 3 snapshots, 2026-11-19 12:00 → 2026-11-21 12:00 UTC · followers ▁▄█ +1,896". */
function heading(
  name: string,
  span: { count: number; first: string | undefined; last: string | undefined },
  followers: ReadonlyArray<number | null>,
): string[] | undefined {
  const { count, first, last } = span;
  if (first === undefined || last === undefined) return undefined;
  const counted = followers.filter((value) => value !== null);
  const spark = sparkline(followers, SPARK_CELLS);
  const when = count === 1 ? shortUtc(first) : `${shortUtc(first)} → ${shortUtc(last)}`;
  const from = counted[0];
  const to = counted.at(-1);
  const change =
    from === undefined || to === undefined || counted.length < 2
      ? ''
      : ` ${to - from >= 0 ? '+' : '-'}${formatNumber(Math.abs(to - from))}`;
  const snapshots = t('views.count.snapshots', { n: count });
  const shown = spark === null ? '' : t('views.history.followersSpark', { spark: `${spark}${change}` });
  return [`${name} · ${snapshots}, ${when} UTC${shown}`];
}

function historyChart(name: string, s: Snapshots): TimeChart {
  const points = s.fetched_at.map((at, i) => ({ t: Date.parse(at), v: s.followers[i] ?? null }));
  const from = points[0]!.t;
  const to = points.at(-1)!.t;
  return {
    kind: 'time',
    title: t('views.history.chartTitle', { name }),
    caption: t('views.history.chartCaption', { n: s.fetched_at.length }),
    metric: 'points',
    // One snapshot is a point in time: the chart spans an hour around it.
    from,
    to: to === from ? from + 3_600_000 : to,
    series: [{ label: t('views.column.followers'), points }],
  };
}
