// The columns of `social config list`: a row per setting, with the value in effect and where it
// came from, and the names --fields takes.
import type { Column } from '../../output/types.js';
import type { SettingSource } from '../../runtime/globals.js';

export interface ListedSetting {
  key: string;
  /** The value in effect, the key masked; null when not set anywhere. */
  value: string | null;
  source: SettingSource | null;
  /** The flag or environment variable it came from. */
  from: string | null;
  /** The file's value (masked) that a flag or the environment hides, else null. */
  overrides: string | null;
}

export const LIST_COLUMNS: Column<ListedSetting>[] = [
  { header: 'key', label: 'setting', value: (s) => s.key },
  { header: 'value', value: (s) => s.value ?? 'not set', fit: 'free' },
  { header: 'source', value: (s) => (s.from === null ? (s.source ?? '') : `${s.source} ${s.from}`) },
  { header: 'overrides', value: (s) => (s.overrides === null ? '' : `${s.overrides} in the file`) },
];
