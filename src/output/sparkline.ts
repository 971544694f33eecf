// A sparkline of a number series: ▁▂▃▄▅▆▇█ scaled from the series' min to its max.

const BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;
const FLAT = '▄';
const GAP = ' ';
const MARKS = { entered: '›', left: '‹' } as const;

/** A value of a sparkline: a number, a gap (null), or a mark where a ranked item entered or left. */
export type SparkValue = number | null | undefined | keyof typeof MARKS;

/** Longest sparkline drawn: longer series are sampled evenly, keeping the first and last points. */
export const SPARK_MAX = 24;

/**
 * The sparkline of `values` (null, or any non-finite number, is a gap shown as a space), or null
 * when there is nothing to draw (no values, or only gaps).
 */
export function sparkline(values: ReadonlyArray<SparkValue>, max = SPARK_MAX): string | null {
  const points = squeeze(values, max);
  let min = Infinity;
  let top = -Infinity;
  for (const v of points) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > top) top = v;
  }
  if (min === Infinity) return null;
  const range = top - min;
  let line = '';
  for (const v of points) {
    if (v === 'entered' || v === 'left') line += MARKS[v];
    else if (typeof v !== 'number' || !Number.isFinite(v)) line += GAP;
    else if (range === 0) line += FLAT;
    else line += BARS[Math.round(((v - min) / range) * (BARS.length - 1))] ?? FLAT;
  }
  return line;
}

/**
 * `values` in at most `max` cells, each standing for an equal run of the originals: its last
 * number, else a mark, else a gap. Every row squeezed to the same width keeps one time axis, and
 * no value is dropped for landing between two samples.
 */
function squeeze(values: ReadonlyArray<SparkValue>, max: number): ReadonlyArray<SparkValue> {
  const n = values.length;
  if (n <= max || max < 1) return values;
  const out: SparkValue[] = new Array<SparkValue>(max);
  for (let i = 0; i < max; i++) {
    let cell: SparkValue = null;
    for (let k = Math.floor((i * n) / max); k < Math.floor(((i + 1) * n) / max); k++) {
      const v = values[k];
      if (typeof v === 'number') cell = v;
      else if (typeof v === 'string' && typeof cell !== 'number') cell = v;
    }
    out[i] = cell;
  }
  return out;
}

/**
 * At most `max` points of `values`, evenly spaced, first and last kept.
 * @internal Exported for its tests and bench/where.js.
 */
export function sample<T>(values: ReadonlyArray<T>, max: number): ReadonlyArray<T> {
  const n = values.length;
  if (n <= max || max < 2) return n <= max ? values : values.slice(0, Math.max(0, max));
  const out: T[] = new Array<T>(max);
  for (let i = 0; i < max; i++) out[i] = values[Math.round((i * (n - 1)) / (max - 1))] as T;
  return out;
}
