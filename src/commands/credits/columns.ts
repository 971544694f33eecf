// The columns of `social credits`' spend table: what a table and csv show, and what --fields takes.
// A day is shown in the run's language in a table (shortDay); csv and json keep it as it is.

import { shortDay } from '../../domain/archive/interval.js';
import type { MachineDaySpend } from '../../infra/postgres/pg-ledger.js';
import type { Column } from '../../output/types.js';

export interface SpendRow {
  day: string;
  command: string;
  calls: number;
  cached: number;
  /** Charged, counting uncertain calls at the most they can have cost. */
  credits: number;
  /** Calls that may have been charged (answer lost or not trusted), included in credits. */
  uncertain: number;
}

export const SPEND_COLUMNS: Column<SpendRow>[] = [
  { header: 'day', label: 'views.column.day', value: (r) => r.day, tableValue: (r) => shortDay(r.day) },
  { header: 'command', label: 'views.column.command', value: (r) => r.command },
  { header: 'calls', label: 'views.column.calls', value: (r) => r.calls, kind: 'integer' },
  { header: 'cached', label: 'views.column.cached', value: (r) => r.cached, kind: 'integer' },
  { header: 'credits', label: 'views.column.credits', value: (r) => r.credits, kind: 'integer' },
];

/** On a PostgreSQL store: what the key spent from every machine, a row per UTC day and machine. */
export const SHARED_SPEND_COLUMNS: Column<MachineDaySpend>[] = [
  { header: 'day', label: 'views.column.day', value: (r) => r.day, tableValue: (r) => shortDay(r.day) },
  { header: 'machine', label: 'views.column.machine', value: (r) => r.machine },
  { header: 'calls', label: 'views.column.calls', value: (r) => r.calls, kind: 'integer' },
  { header: 'cached', label: 'views.column.cached', value: (r) => r.cached, kind: 'integer' },
  { header: 'credits', label: 'views.column.credits', value: (r) => r.credits, kind: 'integer' },
];
