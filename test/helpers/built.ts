// The built CLI's code: dist/social.cjs, the start layer every run loads, and the run layer beside
// it, dist/social-run.cjs, that a run loads when it needs it (scripts/build.js).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
export const START_LAYER = join(DIST, 'social.cjs');
export const RUN_LAYER = join(DIST, 'social-run.cjs');

/** All the CLI's code, both layers, as one text. */
export function cliCode(): string {
  if (!existsSync(START_LAYER)) throw new Error('run `npm run build` first (npm test does)');
  return [START_LAYER, RUN_LAYER].map((file) => readFileSync(file, 'utf8')).join('\n');
}
