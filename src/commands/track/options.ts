// What `social track`'s subcommands were asked, as their declaration parses it and their runs read it.
import type { Since } from '../../domain/archive/interval.js';
import type { Platform } from '../../domain/platforms.js';
import type { BatchFlags } from '../../runtime/batch/flags.js';

export interface WatchOptions {
  platform: Platform;
  /** Normalised as `profile` normalises them, every one checked before anything is written. */
  handles: string[];
}

export interface RunOptions {
  batch: BatchFlags;
}

export interface ReportOptions {
  since: Since;
  computed: boolean;
}
