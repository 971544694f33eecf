// `post` as an MCP tool: the same check of the URI (or its bsky.app URL) and run.
import * as z from 'zod';
import { route } from '../../domain/routes.js';
import { t } from '../../messages/use-notes.js';
import { envelopeSummary, price, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { parsePostUri } from './index.js';
import type { PostOptions } from './options.js';

export const postTool: ToolDeclaration<{ uri: string }, PostOptions> = {
  name: 'post',
  title: 'One bluesky post',
  description: `One bluesky post with its likes, replies, reposts and quotes: ${price(route('post').cost)}, nothing when not found. Replies to it are not returned.`,
  input: z.object({
    uri: z
      .string()
      .min(1)
      .max(2048)
      .describe(
        'An AT Protocol post URI, at://<did-or-handle>/app.bsky.feed.post/<rkey>, or the https://bsky.app/profile/<handle>/post/<rkey> URL of the same post.',
      ),
  }),
  free: false,
  idempotent: false,
  from: 'service',
  key: true,
  // The post carries its computed figures (engagement_rate), as --computed gives it.
  options: (args) => ({ uri: parsePostUri(args.uri), computed: true }),
  run: async () => (await import('./run.js')).runPost,
  summary: (json) =>
    envelopeSummary(json, (n) => t(n === 0 ? 'notes.mcp.summary.noPostBy' : 'notes.mcp.summary.postBy')),
};
