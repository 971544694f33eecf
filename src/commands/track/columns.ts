// The columns of `social track`: the watchlist (add, remove, list), the profiles of `track run`,
// and the growth report; and the names --fields takes of each.
import { shortUtc, utcMinute } from '../../domain/archive/interval.js';
import type { ProfileEnvelope } from '../../domain/schemas.js';
import type { Column } from '../../output/types.js';
import type { BatchEntry } from '../../runtime/batch/batch.js';
import { fieldNames } from '../../runtime/fields-option.js';
import { engagementColumn, gainColumns } from '../shared/computed-option.js';
import { profileAnswerColumns } from '../shared/social-shared.js';

export interface WatchRow {
  platform: string;
  handle: string;
  /** add: newly watched; remove: was watched. */
  changed: boolean;
}

export const CHANGE_COLUMNS = (verb: 'added' | 'removed'): Column<WatchRow>[] => [
  { header: 'platform', label: 'views.column.platform', value: (r) => r.platform },
  { header: 'handle', label: 'views.column.handle', value: (r) => r.handle, fit: 'id' },
  {
    header: verb,
    label: verb === 'added' ? 'views.column.added' : 'views.column.removed',
    value: (r) => r.changed,
    kind: 'bool',
  },
];

export interface ListRow {
  platform: string;
  handle: string;
  added_at: string;
  followers: number | null;
  fetched_at: string | null;
}

export const WATCHLIST_COLUMNS: Column<ListRow>[] = [
  { header: 'platform', label: 'views.column.platform', value: (r) => r.platform },
  { header: 'handle', label: 'views.column.handle', value: (r) => r.handle, fit: 'id' },
  {
    header: 'followers',
    label: 'views.column.followers',
    value: (r) => r.followers,
    kind: 'count',
    missing: 'views.missing.neverFetched',
  },
  {
    header: 'fetched',
    label: 'views.column.fetched',
    key: 'fetched_at',
    value: (r) => r.fetched_at,
    kind: 'time',
    missing: 'views.missing.never',
  },
  { header: 'added', label: 'views.column.added', key: 'added_at', value: (r) => r.added_at, kind: 'time' },
];

export const WATCHLIST_FIELDS = fieldNames(WATCHLIST_COLUMNS);

type Entry = BatchEntry<ProfileEnvelope>;

/** A watched account's input line: "platform handle". */
export function watchInput(platform: string, handle: string): string {
  return `${platform} ${handle}`;
}

/** `track run`'s rows: a profile an input, named by its platform and handle. */
export function runColumns(): Column<Entry>[] {
  return [
    { header: 'input', label: 'views.column.input', value: (e) => e.input, csvOnly: true },
    { header: 'platform', label: 'views.column.platform', value: (e) => e.input.split(' ')[0] ?? null },
    ...profileAnswerColumns(),
  ];
}

export const RUN_RANK = ['platform', 'handle', 'followers', 'name', 'following', 'posts'];

export const RUN_FIELDS = fieldNames(runColumns());

export interface ReportRow {
  rank: number;
  platform: string;
  handle: string;
  followers: number | null;
  gained: number | null;
  per_day: number | null;
  per_cent: number | null;
  /** The mean engagement rate of its posts stored since --since, a fraction. */
  rate: number | null;
  /** Posts whose engagement rate is known (all four counters and the followers). */
  posts: number;
  snapshots: number;
  from: string | null;
  to: string | null;
}

export const REPORT_COLUMNS: Column<ReportRow>[] = [
  { header: 'rank', label: 'views.column.rank', value: (r) => r.rank, kind: 'integer' },
  { header: 'platform', label: 'views.column.platform', value: (r) => r.platform },
  { header: 'handle', label: 'views.column.handle', value: (r) => r.handle, fit: 'id' },
  { header: 'followers', label: 'views.column.followers', value: (r) => r.followers, kind: 'count' },
  ...gainColumns<ReportRow>(
    (r) => r.gained,
    (r) => r.per_day,
  ),
  {
    header: 'per_cent',
    label: 'views.column.per_cent',
    key: 'computed.gained_per_cent',
    value: (r) => r.per_cent,
    kind: 'percent',
  },
  engagementColumn((r) => r.rate),
  { header: 'posts_rated', label: 'views.column.posts_rated', value: (r) => r.posts, kind: 'integer' },
  { header: 'snapshots', label: 'views.column.snapshots', value: (r) => r.snapshots, kind: 'integer' },
  {
    header: 'from',
    label: 'views.column.from',
    value: (r) => (r.from === null ? null : utcMinute(r.from)),
    tableValue: (r) => (r.from === null ? null : shortUtc(r.from)),
    missing: 'views.missing.neverFetched',
  },
  {
    header: 'to',
    label: 'views.column.to',
    value: (r) => (r.to === null ? null : utcMinute(r.to)),
    tableValue: (r) => (r.to === null ? null : shortUtc(r.to)),
    missing: 'views.missing.neverFetched',
  },
];

/** What a reader of the report came for: who grew, by how much, how fast; the span last. */
export const REPORT_RANK = [
  'rank',
  'handle',
  'gained',
  'per_day',
  'per_cent',
  'followers',
  'engagement',
  'platform',
  'posts_rated',
  'snapshots',
  'to',
  'from',
];

export const REPORT_FIELDS = fieldNames(REPORT_COLUMNS);
