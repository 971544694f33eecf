// The columns of `social niches`: what a table and csv show, and the names --fields takes.

import type { Niche } from '../../domain/schemas.js';
import { shownText } from '../../domain/text.js';
import { t } from '../../messages/use-views.js';
import type { Column } from '../../output/types.js';

/** Hourly windows in a complete day. */
const WINDOWS_PER_DAY = 24;

/**
 * "24/24" for a complete day, "17/24 gaps" when windows are missing, "0/24" when never recorded.
 * @internal Exported for its test.
 */
export function windowsLabel(niche: Niche): string {
  const base = `${shownText(niche.windows_24h)}/${WINDOWS_PER_DAY}`;
  if (niche.last_window === null) return base;
  return niche.windows_24h < WINDOWS_PER_DAY ? t('views.niches.gaps', { windows: base }) : base;
}

// The table says how complete a day is ("17/24 gaps"); csv gives the count.
export const NICHE_COLUMNS: Column<Niche>[] = [
  { header: 'id', label: 'views.column.id', value: (n) => n.id },
  { header: 'label', label: 'views.column.label', value: (n) => n.label, fit: 'free' },
  { header: 'windows', label: 'views.column.windows', value: windowsLabel, tableOnly: true },
  {
    header: 'windows_24h',
    label: 'views.column.windows_24h',
    value: (n) => n.windows_24h,
    kind: 'integer',
    csvOnly: true,
  },
  {
    header: 'last_window',
    label: 'views.column.last_window',
    value: (n) => n.last_window,
    kind: 'time',
    missing: 'views.missing.neverRecorded',
  },
];
