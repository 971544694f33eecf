// The columns of `social movers`: what a table and csv show, and the names --fields takes.

import { pointsPerHour } from '../../domain/archive/notes.js';
import type { Mover } from '../../domain/schemas.js';
import type { Column } from '../../output/types.js';

/**
 * Points gained per hour over the real gap between the windows, to one decimal, as a number (json
 * and ndjson give it as one: a script compares it); null without a gap. The one rounding: tables
 * and csv write this number as it is (the 'rate' kind, output/cells.ts).
 */
export function gainedPerHour(pointsGained: number, intervalMin: number | null): number | null {
  const rate = pointsPerHour(pointsGained, intervalMin);
  return rate === null ? null : Number(rate.toFixed(1));
}

export interface Row {
  mover: Mover;
  rank: number;
}

/** Every column of movers; the table and csv show them in their own orders. */
export function moversColumns(intervalMin: number | null): Column<Row>[] {
  return [
    { header: 'rank', label: 'views.column.rank', value: (r) => r.rank, kind: 'integer' },
    { header: 'external_id', label: 'views.column.external_id', value: (r) => r.mover.external_id },
    { header: 'title', label: 'views.column.title', value: (r) => r.mover.title, fit: 'free' },
    { header: 'url', label: 'views.column.url', value: (r) => r.mover.url, fit: 'id' },
    { header: 'points', label: 'views.column.points', value: (r) => r.mover.points, kind: 'count' },
    {
      header: 'points_gained',
      label: 'views.column.points_gained',
      value: (r) => r.mover.points_gained,
      kind: 'signed',
    },
    {
      header: 'gained_per_hour',
      label: 'views.column.gained_per_hour',
      value: (r) => gainedPerHour(r.mover.points_gained, intervalMin),
      kind: 'rate',
    },
    { header: 'comments', label: 'views.column.comments', value: (r) => r.mover.comments, kind: 'count' },
    { header: 'position', label: 'views.column.position', value: (r) => r.mover.position, kind: 'integer' },
    { header: 'interval_min', label: 'views.column.interval_min', value: () => intervalMin, kind: 'integer' },
  ];
}

/** What --fields takes. */
export const MOVERS_FIELDS: readonly string[] = moversColumns(null).map((c) => c.header);

export const TABLE_ORDER = [
  'rank',
  'title',
  'points',
  'points_gained',
  'gained_per_hour',
  'comments',
  'position',
  'url',
];
