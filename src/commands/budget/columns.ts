// The columns of `social budget show`: a row per machine that spent from the budget this period.
import type { Column } from '../../output/types.js';

export interface MachineRow {
  machine: string;
  calls: number;
  charged: number;
  uncertain: number;
  reserved: number;
}

export const MACHINE_COLUMNS: Column<MachineRow>[] = [
  { header: 'machine', label: 'views.column.machine', value: (m) => m.machine },
  { header: 'calls', label: 'views.column.calls', value: (m) => m.calls, kind: 'integer' },
  { header: 'charged', label: 'views.column.charged', value: (m) => m.charged, kind: 'integer' },
  { header: 'uncertain', label: 'views.column.uncertain', value: (m) => m.uncertain, kind: 'integer' },
  { header: 'reserved', label: 'views.column.reserved', value: (m) => m.reserved, kind: 'integer' },
];
