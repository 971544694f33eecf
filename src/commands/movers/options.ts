// What `social movers` was asked, as its declaration parses it and its run reads it.
import type { ChartOptions } from '../shared/chart-options.js';

export interface MoversOptions {
  niche: string;
  hours: number;
  limit: number;
  minGained: number | undefined;
  newOnly: boolean;
  resetState: boolean;
  chart: ChartOptions | undefined;
  /** --computed: each mover's points gained per hour beside its keys in json and ndjson. */
  computed: boolean;
}
