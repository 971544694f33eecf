// Time labels for a chart's x axis, in UTC: a step that leaves room for every label, ticks on
// round multiples of it.

import { formatDayMonth } from '../../messages/intl.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

export interface Tick {
  t: number;
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "11-20 06:00" under a day's step, "11-20" from a day up ("20/11 06:00", "20/11" in Portuguese). */
function utcLabel(t: number, step: number): string {
  const d = new Date(t);
  const day = formatDayMonth(d);
  return step < DAY ? `${day} ${pad(d.getUTCHours())}:00` : day;
}

/** Ticks between `from` and `to` for an axis `width` cells wide (labels need their width and a gap). */
export function timeTicks(from: number, to: number, width: number): Tick[] {
  const span = Math.max(1, to - from);
  const step =
    STEPS.find((s) => {
      const labelWidth = utcLabel(from, s).length + 2;
      return (span / s) * labelWidth <= width;
    }) ?? STEPS[STEPS.length - 1]!;
  const ticks: Tick[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push({ t, label: utcLabel(t, step) });
  return ticks;
}
