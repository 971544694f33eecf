// `posts` as an MCP tool: the same checks (the handle, --limit in its platform's range) and run.
import * as z from 'zod';
import { integerParam, route, routePlatforms } from '../../domain/routes.js';
import { t } from '../../messages/use-notes.js';
import {
  asOption,
  counted,
  envelopeSummary,
  handleInput,
  handleRules,
  integerInput,
  platformInput,
  price,
  type ToolDeclaration,
  whenPlatform,
} from '../../runtime/tool-declaration.js';
import { parsePostsOptions } from './index.js';
import type { PostsOptions } from './options.js';

const PLATFORMS = routePlatforms('posts');
const POSTS = route('posts');
/** The widest range of any platform's limit; each platform's own is in the schema's allOf. */
const LIMITS = PLATFORMS.flatMap((p) => integerParam(POSTS, 'limit', p) ?? []);
const WIDEST = { ...LIMITS[0]!, max: Math.max(...LIMITS.map((l) => l.max ?? 0)), default: undefined };

/** Each platform's limit as JSON Schema: its range, or no limit at all (threads). */
function limitRules() {
  return PLATFORMS.map((p) => {
    const limit = integerParam(POSTS, 'limit', p);
    return whenPlatform(
      p,
      limit === undefined
        ? { not: { required: ['limit'] } }
        : { properties: { limit: { type: 'integer', minimum: limit.min, maximum: limit.max } } },
    );
  });
}

interface PostsArgs {
  platform: string;
  handle: string;
  limit?: number;
}

export const postsTool: ToolDeclaration<PostsArgs, PostsOptions> = {
  name: 'posts',
  title: 'Recent posts',
  description: `Recent posts written by an account (bluesky, mastodon, threads): ${price(POSTS.cost)}, nothing when not found. Only posts the account wrote; each with computed.engagement_rate ((likes + replies + reposts + quotes) / the author's followers in the answer, a fraction; null where any is unknown). limit: ${LIMITS.length === PLATFORMS.length ? '' : 'threads takes none; '}${PLATFORMS.flatMap(
    (p) => {
      const l = integerParam(POSTS, 'limit', p);
      return l === undefined ? [] : [`${p.name} ${l.min}..${l.max} (default ${l.default})`];
    },
  ).join(', ')}.`,
  input: z
    .object({
      platform: platformInput(PLATFORMS),
      handle: handleInput(PLATFORMS),
      limit: integerInput(WIDEST).optional(),
    })
    .meta({ allOf: [...handleRules(PLATFORMS, 'handle', false), ...limitRules()] }),
  free: false,
  idempotent: true,
  from: 'service',
  key: true,
  // The records carry their computed figures (engagement_rate), as --computed gives them.
  options: (args) => parsePostsOptions(args.platform, args.handle, { limit: asOption(args.limit) }, true),
  run: async () => (await import('./run.js')).runPosts,
  summary: (json) =>
    envelopeSummary(json, (n) =>
      n === undefined ? t('notes.mcp.summary.noPostsBy') : t('notes.mcp.summary.postsBy', counted(n)),
    ),
};
