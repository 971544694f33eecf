// The columns of `social config list`: a row per setting, with the value in effect and where it
// came from, and the names --fields takes.
import { t } from '../../messages/use-views.js';
import type { Column } from '../../output/types.js';
import type { SettingSource } from '../../runtime/globals.js';
import { sourceText } from '../shared/setting-source.js';

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
  { header: 'key', label: 'views.column.key', value: (s) => s.key },
  {
    header: 'value',
    label: 'views.column.value',
    value: (s) => s.value ?? 'not set',
    tableValue: (s) => s.value ?? t('views.status.notSet'),
    fit: 'free',
  },
  {
    header: 'source',
    label: 'views.column.source',
    value: (s) => (s.from === null ? (s.source ?? '') : `${s.source} ${s.from}`),
    tableValue: (s) => (s.from === null ? sourceText(s.source) : `${sourceText(s.source)} ${s.from}`),
  },
  {
    header: 'overrides',
    label: 'views.column.overrides',
    value: (s) => (s.overrides === null ? '' : `${s.overrides} in the file`),
    tableValue: (s) => (s.overrides === null ? '' : t('views.config.inTheFile', { value: s.overrides })),
  },
];
