// The columns of `social status`: a row per setting, and the names --fields takes.

import type { Column } from '../../output/types.js';
import type { SettingSource } from '../../runtime/globals.js';

export interface StatusSetting {
  key: string;
  /** The value in effect; the key masked. null when not set anywhere. */
  value: string | null;
  source: SettingSource | 'sandbox' | null;
}

export const SETTING_COLUMNS: Column<StatusSetting>[] = [
  // The json's name (key, as config list and config get --json say it); a table reads better as setting.
  { header: 'key', label: 'setting', value: (s) => s.key },
  { header: 'value', value: (s) => s.value ?? 'not set', fit: 'free' },
  { header: 'source', value: (s) => s.source ?? '' },
];
