// The columns of `social movers`: what a table and csv show, and the names --fields takes.

import { pointsPerHour } from '../../domain/computed.js';
import type { Mover } from '../../domain/schemas.js';
import type { Column } from '../../output/types.js';

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
      value: (r) => pointsPerHour(r.mover.points_gained, intervalMin),
      kind: 'rate',
    },
    { header: 'comments', label: 'views.column.comments', value: (r) => r.mover.comments, kind: 'count' },
    { header: 'position', label: 'views.column.position', value: (r) => r.mover.position, kind: 'integer' },
    { header: 'interval_min', label: 'views.column.interval_min', value: () => intervalMin, kind: 'integer' },
  ];
}

/** What --fields takes. */
export const MOVERS_FIELDS: readonly string[] = moversColumns(null).map((c) => c.header);

/** What --computed adds beside a mover's own keys: its points gained per hour of the real gap. */
export function moverComputed(mover: Mover, intervalMin: unknown): { gained_per_hour: number | null } {
  return { gained_per_hour: pointsPerHour(mover?.points_gained, intervalMin) };
}

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
