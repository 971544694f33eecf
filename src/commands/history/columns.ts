// The columns of `social history`: a snapshot a row, the counts as fetched, the gain on the
// snapshot before computed beside them; and the names --fields takes.
import { shortUtc } from '../../domain/archive/interval.js';
import type { Column } from '../../output/types.js';
import { fieldNames } from '../../runtime/fields-option.js';
import { gainColumns } from '../shared/computed-option.js';

export interface SnapshotRow {
  fetched_at: string;
  source: string;
  followers: number | null;
  following: number | null;
  posts_count: number | null;
  /** Followers gained since the snapshot before (computed). */
  gained: number | null;
  /** That gain a day (computed). */
  per_day: number | null;
}

export const HISTORY_COLUMNS: Column<SnapshotRow>[] = [
  { header: 'date', label: 'views.column.date', value: (r) => shortUtc(r.fetched_at), tableOnly: true },
  { header: 'fetched_at', label: 'views.column.fetched_at', value: (r) => r.fetched_at, csvOnly: true },
  { header: 'followers', label: 'views.column.followers', value: (r) => r.followers, kind: 'count' },
  ...gainColumns<SnapshotRow>(),
  { header: 'following', label: 'views.column.following', value: (r) => r.following, kind: 'count' },
  { header: 'posts', label: 'views.column.posts', key: 'posts_count', value: (r) => r.posts_count, kind: 'count' },
  { header: 'source', label: 'views.column.source', value: (r) => r.source },
];

/** What a reader of a history came for: when, how many, how fast; the source last. */
export const HISTORY_RANK = ['date', 'fetched_at', 'followers', 'gained', 'per_day', 'following', 'posts', 'source'];

export const HISTORY_FIELDS = fieldNames(HISTORY_COLUMNS);
