// --computed: the figures social computes (gains per day, engagement rates, points per hour) in
// json and ndjson, as a `computed` object beside each record's own keys. Without it json is what
// was received, untouched; tables and csv always show them, as columns of their own.
import type { Command } from 'commander';
import { t } from '../../messages/use-commands.js';

export function addComputedOption<C extends Command>(command: C): C {
  command.option('--computed', t('commands.computed'));
  return command;
}

/** Figures rounded once, where they are made: json gives the number tables and csv write. */
export function rounded(value: number | null, places: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}

/** `record` with `computed` beside its keys when asked for; the record itself when not. */
export function withComputed<T extends object>(
  record: T,
  computed: object,
  asked: boolean,
): T | (T & { computed: object }) {
  return asked ? { ...record, computed } : record;
}
