// The columns of `social search`: a match a row, ranked, its source named, its words marked; and
// the names --fields takes.
import type { Column } from '../../output/types.js';
import { fieldNames } from '../../runtime/fields-option.js';

export interface MatchRow {
  rank: number;
  source: 'post' | 'transcript';
  platform: string;
  handle: string | null;
  id: string;
  url: string | null;
  published_at: string | null;
  fetched_at: string;
  /** The text around the matched words, sanitised. */
  snippet: string;
  /** The same, the matched words between [ and ] (tables only). */
  marked: string;
}

export const SEARCH_COLUMNS: Column<MatchRow>[] = [
  { header: 'rank', label: 'views.column.rank', value: (r) => r.rank, kind: 'integer' },
  { header: 'source', label: 'views.column.source', value: (r) => r.source },
  { header: 'platform', label: 'views.column.platform', value: (r) => r.platform },
  { header: 'handle', label: 'views.column.handle', value: (r) => r.handle, missing: '' },
  {
    header: 'published',
    label: 'views.column.published',
    key: 'published_at',
    value: (r) => r.published_at,
    kind: 'time',
    tableOnly: true,
  },
  { header: 'match', label: 'views.column.match', value: (r) => r.marked, fit: 'free', tableOnly: true },
  { header: 'snippet', label: 'views.column.snippet', value: (r) => r.snippet, csvOnly: true },
  { header: 'id', label: 'views.column.id', value: (r) => r.id, fit: 'id' },
  { header: 'url', label: 'views.column.url', value: (r) => r.url, csvOnly: true },
  { header: 'published_at', label: 'views.column.published_at', value: (r) => r.published_at, csvOnly: true },
  { header: 'fetched_at', label: 'views.column.fetched_at', value: (r) => r.fetched_at, csvOnly: true },
];

/** What a reader of matches came for: the words in their place, and whose they are. */
export const SEARCH_RANK = ['rank', 'match', 'handle', 'source', 'platform', 'published', 'id'];

export const SEARCH_FIELDS = fieldNames(SEARCH_COLUMNS);
