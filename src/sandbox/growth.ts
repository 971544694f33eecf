// How the sandbox's accounts and posts move with its clock: follower counts and post metrics as of
// an hour, deterministic per handle (or post) and hour, like the archive. At the anchor hour (the
// clock the tests and the docs fix, 2026-11-21T12:00Z) every count is the one in data/*.json;
// each account then gains at a steady rate of its own, with a small wobble from hour to hour, so a
// watchlist fetched at three sandbox times shows growth. A null stays null: the spec's null is a
// fact about what the platform publishes, never a count that moves. Pure: the hour is an argument.

import type { Author, PostItem } from '../domain/schemas.js';
import { Random } from './random.js';

/**
 * The hour at which every count is the one in data/*.json.
 * @internal Exported for its test.
 */
export const ANCHOR = new Date('2026-11-21T12:00:00Z');
const HOUR_MS = 3_600_000;
const ANCHOR_HOUR = Math.floor(ANCHOR.getTime() / HOUR_MS);

/** Hours from the anchor to the hour of `now` (negative before it). */
function hoursFromAnchor(now: Date): number {
  return Math.floor(now.getTime() / HOUR_MS) - ANCHOR_HOUR;
}

/**
 * A count as of `hours` from the anchor: the base, plus its own daily rate, plus a wobble that is
 * the same for one name and hour.
 */
function countAt(base: number, name: string, hours: number, moves: Moves): number {
  if (hours === 0 || base === 0) return base;
  const rate = Random.fromString(`rate:${name}`).float(moves.low, moves.high);
  const wobble = (Random.fromString(`hour:${name}:${hours}`).next() - 0.5) * moves.wobble;
  return Math.max(0, Math.round(base * (1 + (rate * hours) / 24 + wobble)));
}

/** A count's daily rate, drawn between low and high, and the most it wobbles from hour to hour. */
interface Moves {
  low: number;
  high: number;
  wobble: number;
}

const FOLLOWERS: Moves = { low: -0.002, high: 0.012, wobble: 0.001 };
/** Metrics only grow, hour after hour: a like is not taken back. */
const METRICS: Moves = { low: 0.002, high: 0.03, wobble: 0 };

/** The author as of `now`: followers moved; everything else as stored. */
export function authorAt(platform: string, author: Author, now: Date): Author {
  const hours = hoursFromAnchor(now);
  if (hours === 0 || typeof author.followers !== 'number') return author;
  return { ...author, followers: countAt(author.followers, `${platform}:${author.handle}`, hours, FOLLOWERS) };
}

/** The post as of `now`: each metric that is a count moved, nulls kept. */
export function postAt(post: PostItem, now: Date): PostItem {
  const hours = hoursFromAnchor(now);
  if (hours === 0) return post;
  const moved = (name: 'likes' | 'replies' | 'reposts' | 'quotes'): number | null => {
    const value = post.metrics[name] as number | null;
    return typeof value === 'number' ? countAt(value, `${post.id}:${name}`, hours, METRICS) : value;
  };
  return {
    ...post,
    metrics: {
      ...post.metrics,
      likes: moved('likes'),
      replies: moved('replies'),
      reposts: moved('reposts'),
      quotes: moved('quotes'),
    },
  };
}
