// "Did you mean": the nearest names by edit distance, for platforms, niches, settings and shells.
import { t } from '../messages/use-common.js';

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** Up to `max` names within a distance of about a third of the input's length, nearest first. */
export function closest(input: string, names: readonly string[], max = 3): string[] {
  const limit = Math.max(2, Math.ceil(input.length / 3));
  return names
    .map((name) => ({ name, distance: name.startsWith(input) && input.length > 0 ? 0.5 : editDistance(input, name) }))
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((c) => c.name);
}

/** "Did you mean a or b? ", the start of a hint, for the names `closest` found; nothing for none. */
export function didYouMean(near: readonly string[]): string {
  if (near.length === 0) return '';
  return t('common.didYouMean', { names: near.reduce((first, second) => t('common.or', { first, second })) });
}
