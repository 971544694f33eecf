// The run of `social history`: one account's snapshots from the store, the gains computed beside
// them, as a table (a sparkline in its heading), csv, json, ndjson or a chart.
import { shortUtc } from '../../domain/archive/interval.js';
import { gains, rounded } from '../../domain/computed.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Snapshot } from '../../infra/store/analyst.js';
import { formatNumber } from '../../messages/intl.js';
import { t } from '../../messages/use-views.js';
import type { TimeChart } from '../../output/charts/model.js';
import { sparkline } from '../../output/sparkline.js';
import type { Result } from '../../output/types.js';
import type { LocalRuntime } from '../../runtime/local.js';
import type { Outcome } from '../../runtime/runner.js';
import { withComputed } from '../shared/computed-option.js';
import type { SnapshotRow } from './columns.js';
import { HISTORY_COLUMNS, HISTORY_RANK } from './columns.js';
import type { HistoryOptions } from './options.js';

/** The cells of the heading's sparkline: the followers over the whole history, squeezed. */
const SPARK_CELLS = 32;

export async function runHistory(options: HistoryOptions, rt: LocalRuntime): Promise<Outcome> {
  const { platform, handle } = options;
  const snapshots = (await rt.store?.snapshots(platform.name, handle)) ?? [];
  const gained = gains(snapshots);
  const rows: SnapshotRow[] = snapshots.map((snapshot, i) => ({
    ...snapshot,
    gained: gained[i]?.gained ?? null,
    per_day: rounded(gained[i]?.per_day ?? null, 1),
  }));
  const records = snapshots.map((snapshot, i) =>
    withComputed(
      { platform: platform.name, handle, ...snapshot },
      { gained: rows[i]!.gained, gained_per_day: rows[i]!.per_day },
      options.computed,
    ),
  );
  const name = t('views.account', { handle: sanitiseLine(handle), platform: platform.name });
  const result: Result = {
    json: records,
    table: [
      {
        columns: HISTORY_COLUMNS,
        rows,
        rank: HISTORY_RANK,
        heading: heading(name, snapshots),
        empty: t('views.history.empty', {
          name,
          location: rt.location,
          command: `social profile ${platform.name} ${sanitiseLine(handle)}`,
        }),
      },
    ],
    csv: { columns: HISTORY_COLUMNS, rows },
    records: { items: records, within: (items) => items },
  };
  if (options.chart !== undefined && snapshots.length > 0)
    result.chart = { model: historyChart(name, snapshots), draw: options.chart.draw, file: options.chart.file };
  return { result };
}

/** "octocat on github · 3 snapshots, 2026-11-19 12:00 → 2026-11-21 12:00 UTC · followers ▁▄█ +1,896". */
function heading(name: string, snapshots: readonly Snapshot[]): string[] | undefined {
  const first = snapshots[0];
  const last = snapshots.at(-1);
  if (first === undefined || last === undefined) return undefined;
  const counted = snapshots.filter((s) => s.followers !== null);
  const spark = sparkline(
    snapshots.map((s) => s.followers),
    SPARK_CELLS,
  );
  const span =
    first === last ? shortUtc(first.fetched_at) : `${shortUtc(first.fetched_at)} → ${shortUtc(last.fetched_at)}`;
  const from = counted[0]?.followers;
  const to = counted.at(-1)?.followers;
  const change =
    from === undefined || from === null || to === undefined || to === null || counted.length < 2
      ? ''
      : ` ${to - from >= 0 ? '+' : '-'}${formatNumber(Math.abs(to - from))}`;
  const count = t('views.count.snapshots', { n: snapshots.length });
  const followers = spark === null ? '' : t('views.history.followersSpark', { spark: `${spark}${change}` });
  return [`${name} · ${count}, ${span} UTC${followers}`];
}

function historyChart(name: string, snapshots: readonly Snapshot[]): TimeChart {
  const points = snapshots.map((s) => ({ t: Date.parse(s.fetched_at), v: s.followers }));
  const from = points[0]!.t;
  const to = points.at(-1)!.t;
  return {
    kind: 'time',
    title: t('views.history.chartTitle', { name }),
    caption: t('views.history.chartCaption', { n: snapshots.length }),
    metric: 'points',
    // One snapshot is a point in time: the chart spans an hour around it.
    from,
    to: to === from ? from + 3_600_000 : to,
    series: [{ label: t('views.column.followers'), points }],
  };
}
