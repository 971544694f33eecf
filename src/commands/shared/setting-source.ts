// Where a setting came from, as `status` and `config list` tables say it; json and csv keep the
// source's own word (flag, environment, file, default, sandbox).
import { t } from '../../messages/use-views.js';
import type { SettingSource } from '../../runtime/globals.js';

/** Where a setting came from, in the words of the run's language ("environment", "ambiente"). */
export function sourceText(source: SettingSource | 'sandbox' | null): string {
  switch (source) {
    case null:
      return '';
    case 'flag':
      return t('views.source.flag');
    case 'environment':
      return t('views.source.environment');
    case 'file':
      return t('views.source.file');
    case 'default':
      return t('views.source.default');
    case 'sandbox':
      return t('views.source.sandbox');
  }
}
