// The columns of `social history`: a snapshot a row, the counts as fetched, the gain on the
// snapshot before computed beside them; and the names --fields takes. A row is a snapshot's index
// into the columns the store read (Snapshots) and their gains: 100,000 snapshots make no object a
// row, for a table or csv to read each value from its column.
import { shortUtc } from '../../domain/archive/interval.js';
import type { Snapshots } from '../../infra/store/analyst.js';
import type { Column } from '../../output/types.js';
import { fieldNames } from '../../runtime/fields-option.js';
import { gainColumns } from '../shared/computed-option.js';

/** An account's snapshots as columns, with the gains computed beside them. */
export interface SnapshotColumns extends Snapshots {
  /** Followers gained since the snapshot before (computed). */
  gained: Array<number | null>;
  /** That gain a day (computed). */
  per_day: Array<number | null>;
}

/** The columns of a history whose i-th row is the i-th snapshot of `s`. */
export function historyColumns(s: SnapshotColumns): Column<number>[] {
  return [
    { header: 'date', label: 'views.column.date', value: (i) => shortUtc(s.fetched_at[i] as string), tableOnly: true },
    { header: 'fetched_at', label: 'views.column.fetched_at', value: (i) => s.fetched_at[i], csvOnly: true },
    { header: 'followers', label: 'views.column.followers', value: (i) => s.followers[i] ?? null, kind: 'count' },
    ...gainColumns<number>(
      (i) => s.gained[i] ?? null,
      (i) => s.per_day[i] ?? null,
    ),
    { header: 'following', label: 'views.column.following', value: (i) => s.following[i] ?? null, kind: 'count' },
    {
      header: 'posts',
      label: 'views.column.posts',
      key: 'posts_count',
      value: (i) => s.posts_count[i] ?? null,
      kind: 'count',
    },
    { header: 'source', label: 'views.column.source', value: (i) => s.source[i] },
  ];
}

/** What a reader of a history came for: when, how many, how fast; the source last. */
export const HISTORY_RANK = ['date', 'fetched_at', 'followers', 'gained', 'per_day', 'following', 'posts', 'source'];

export const HISTORY_FIELDS = fieldNames(
  historyColumns({
    fetched_at: [],
    source: [],
    followers: [],
    following: [],
    posts_count: [],
    gained: [],
    per_day: [],
  }),
);
