// --computed: the figures social computes (gains per day, engagement rates, points per hour) in
// json and ndjson, as a `computed` object beside each record's own keys. Without it json is what
// was received, untouched; tables and csv always show them, as columns of their own.
import type { Command } from 'commander';
import { ratePerCent } from '../../domain/computed.js';
import { t } from '../../messages/use-commands.js';
import type { Column } from '../../output/types.js';

export function addComputedOption<C extends Command>(command: C): C {
  command.option('--computed', t('commands.computed'));
  return command;
}

/** `record` with `computed` beside its keys when asked for; the record itself when not. */
export function withComputed<T extends object>(
  record: T,
  computed: object,
  asked: boolean,
): T | (T & { computed: object }) {
  return asked ? { ...record, computed } : record;
}

/**
 * The engagement rate as tables and csv show it, in per cent (json's computed.engagement_rate is
 * the fraction): --fields names it `engagement`, and in json puts it at computed.engagement_pct, a
 * name of its own, since it is not the fraction.
 */
export function engagementColumn<Row>(rate: (row: Row) => number | null): Column<Row> {
  return {
    header: 'engagement',
    label: 'views.column.engagement',
    key: 'computed.engagement_pct',
    value: (row) => ratePerCent(rate(row)),
    kind: 'percent',
  };
}

/**
 * Followers gained and that gain a day: since the snapshot before (`history`), over the span of
 * `track report`.
 */
export function gainColumns<Row>(
  gained: (row: Row) => number | null,
  perDay: (row: Row) => number | null,
): Column<Row>[] {
  return [
    { header: 'gained', label: 'views.column.gained', key: 'computed.gained', value: gained, kind: 'signed' },
    { header: 'per_day', label: 'views.column.per_day', key: 'computed.gained_per_day', value: perDay, kind: 'rate' },
  ];
}
