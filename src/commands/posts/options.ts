// What `social posts` was asked, as its declaration parses it and its run reads it.
import type { Platform } from '../../domain/platforms.js';
import type { BatchFlags } from '../../runtime/batch/flags.js';

export interface PostsOptions {
  platform: Platform;
  source: { file: string } | { args: string[] };
  batch: BatchFlags;
  limit: number | undefined;
  /** --computed: each post's computed figures beside its keys in json and ndjson. */
  computed: boolean;
}
