// What `social trends` was asked, as its declaration parses it and its run reads it.
import type { Interval } from '../../domain/archive/interval.js';
import type { ChartOptions } from '../shared/chart-options.js';

export interface TrendsOptions {
  niche: string;
  interval: Interval;
  limit: number | undefined;
  series: boolean;
  chart: ChartOptions | undefined;
  /** Send even when coverage shows the answer will be empty (and charged). */
  force: boolean;
}
