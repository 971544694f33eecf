// What `social history` was asked, as its declaration parses it and its run reads it.
import type { Platform } from '../../domain/platforms.js';
import type { ChartOptions } from '../shared/chart-options.js';

export interface HistoryOptions {
  platform: Platform;
  handle: string;
  chart: ChartOptions | undefined;
  computed: boolean;
}
