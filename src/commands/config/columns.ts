// The columns of `social config list`: a row per setting that is set, and the names --fields takes.
import type { Column } from '../../output/types.js';

export const LIST_COLUMNS: Column<{ key: string; value: string }>[] = [
  { header: 'key', value: (r) => r.key },
  { header: 'value', value: (r) => r.value },
];
