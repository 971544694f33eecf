// The columns of `social status`: a row per setting, and the names --fields takes.

import { t } from '../../messages/use-views.js';
import type { Column } from '../../output/types.js';
import type { SettingSource } from '../../runtime/globals.js';
import { sourceText } from '../shared/setting-source.js';

export interface StatusSetting {
  key: string;
  /** The value in effect; the key masked. null when not set anywhere. */
  value: string | null;
  source: SettingSource | 'sandbox' | null;
}

export const SETTING_COLUMNS: Column<StatusSetting>[] = [
  // The json's name (key, as config list and config get --json say it); a table reads better as setting.
  { header: 'key', label: 'views.column.key', value: (s) => s.key },
  {
    header: 'value',
    label: 'views.column.value',
    value: (s) => s.value ?? 'not set',
    tableValue: settingValue,
    fit: 'free',
  },
  {
    header: 'source',
    label: 'views.column.source',
    value: (s) => s.source ?? '',
    tableValue: (s) => sourceText(s.source),
  },
];

/** A setting's value as a table says it: its words in the run's language where it is not the user's. */
function settingValue(s: StatusSetting): string {
  // --sandbox's own settings, which json names in English ("in-process sandbox", "the demo key").
  if (s.source === 'sandbox') return t(s.key === 'api-key' ? 'views.status.demoKey' : 'views.status.inProcess');
  return s.value ?? t('views.status.notSet');
}
