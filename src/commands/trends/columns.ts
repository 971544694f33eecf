// The columns of `social trends`: what the item table, the --series table and csv show, and the
// names --fields takes.

import type { Item, SeriesPoint } from '../../domain/schemas.js';
import type { SparkValue } from '../../output/sparkline.js';
import type { Column } from '../../output/types.js';
import { fieldNames } from '../../runtime/fields-option.js';

/** A row of trends: a series point of an item, or an item with its latest point (null if none). */
export interface TrendRow {
  item: Item;
  point: SeriesPoint | null;
}

interface Sparks {
  points: SparkValue[];
  position: SparkValue[];
}

/** Every column of trends; the item table, the --series table and csv each show some, in their order. */
export function trendsColumns(sparks: ReadonlyMap<Item, Sparks>): Column<TrendRow>[] {
  return [
    { header: 'external_id', label: 'views.column.external_id', value: (r) => r.item.external_id },
    { header: 'title', label: 'views.column.title', value: (r) => r.item.title, fit: 'free' },
    { header: 'url', label: 'views.column.url', value: (r) => r.item.url, fit: 'id' },
    { header: 'window', label: 'views.column.window', value: (r) => r.point?.window ?? null },
    { header: 'position', label: 'views.column.position', value: (r) => r.point?.position ?? null, kind: 'integer' },
    { header: 'points', label: 'views.column.points', value: (r) => r.point?.points ?? null, kind: 'count' },
    { header: 'comments', label: 'views.column.comments', value: (r) => r.point?.comments ?? null, kind: 'count' },
    {
      header: 'best',
      label: 'views.column.best',
      key: 'best_position',
      value: (r) => r.item.best_position,
      kind: 'integer',
    },
    { header: 'move', label: 'views.column.move', key: 'movement', value: (r) => r.item.movement, kind: 'signed' },
    {
      header: 'points_spark',
      label: 'views.column.points_spark',
      value: (r) => sparks.get(r.item)?.points ?? null,
      kind: 'spark',
    },
    {
      header: 'rank_spark',
      label: 'views.column.rank_spark',
      value: (r) => sparks.get(r.item)?.position ?? null,
      kind: 'spark',
    },
    {
      header: 'entered',
      label: 'views.column.entered',
      key: 'entered_at',
      value: (r) => r.item.entered_at,
      kind: 'time',
    },
    {
      header: 'left',
      label: 'views.column.left',
      key: 'left_at',
      value: (r) => r.item.left_at,
      kind: 'time',
      missing: 'views.missing.stillRanking',
    },
    // The item's hourly points as the service sent them: what json and ndjson records carry.
    { header: 'series', label: 'views.column.series', value: (r) => r.item.series, hidden: true },
  ];
}

/** What --fields takes. */
export const TRENDS_FIELDS = fieldNames(trendsColumns(new Map()));

export const ITEM_TABLE = ['title', 'best', 'move', 'points', 'points_spark', 'rank_spark', 'entered', 'left', 'url'];

export const SERIES_TABLE = ['title', 'window', 'position', 'points', 'comments', 'url'];

/** What trends is for: which items, how they score, how that went over time; the url last. */
export const ITEM_RANK = ['title', 'points', 'points_spark', 'move', 'best', 'rank_spark', 'entered', 'left', 'url'];

export const SERIES_RANK = ['title', 'window', 'points', 'position', 'comments', 'url'];

export const CSV = ['external_id', 'title', 'url', 'window', 'position', 'points', 'comments'];
