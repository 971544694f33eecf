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
  { header: 'machine', value: (m) => m.machine },
  { header: 'calls', value: (m) => m.calls, kind: 'integer' },
  { header: 'charged', value: (m) => m.charged, kind: 'integer' },
  { header: 'uncertain', value: (m) => m.uncertain, kind: 'integer' },
  { header: 'reserved', value: (m) => m.reserved, kind: 'integer' },
];
