// The columns of `social trends`: what the item table, the --series table and csv show, and the
// names --fields takes.

import type { Item, SeriesPoint } from '../../domain/schemas.js';
import type { SparkValue } from '../../output/sparkline.js';
import type { Column } from '../../output/types.js';

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
    { header: 'external_id', value: (r) => r.item.external_id },
    { header: 'title', value: (r) => r.item.title, fit: 'free' },
    { header: 'url', value: (r) => r.item.url, fit: 'id' },
    { header: 'window', value: (r) => r.point?.window ?? null },
    { header: 'position', value: (r) => r.point?.position ?? null, kind: 'integer', keep: 2 },
    { header: 'points', value: (r) => r.point?.points ?? null, kind: 'count', keep: 2 },
    { header: 'comments', value: (r) => r.point?.comments ?? null, kind: 'count' },
    { header: 'best', value: (r) => r.item.best_position, kind: 'integer', keep: 2 },
    { header: 'move', value: (r) => r.item.movement, kind: 'signed', keep: 2 },
    {
      header: 'points_spark',
      label: 'points~',
      value: (r) => sparks.get(r.item)?.points ?? null,
      kind: 'spark',
      keep: 1,
    },
    { header: 'rank_spark', label: 'rank~', value: (r) => sparks.get(r.item)?.position ?? null, kind: 'spark' },
    { header: 'entered', value: (r) => r.item.entered_at, kind: 'time' },
    { header: 'left', value: (r) => r.item.left_at, kind: 'time', missing: 'still ranking' },
  ];
}

/** What --fields takes. */
export const TRENDS_FIELDS: readonly string[] = trendsColumns(new Map()).map((c) => c.header);

export const ITEM_TABLE = ['title', 'best', 'move', 'points', 'points_spark', 'rank_spark', 'entered', 'left', 'url'];

export const SERIES_TABLE = ['title', 'window', 'position', 'points', 'comments', 'url'];

export const CSV = ['external_id', 'title', 'url', 'window', 'position', 'points', 'comments'];
