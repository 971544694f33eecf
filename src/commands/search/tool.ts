// `search` as an MCP tool: the same checks (at least one word, --limit in range) and run.
import * as z from 'zod';
import { listSummary, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { DEFAULT_LIMIT, MAX_LIMIT, parseSearchOptions } from './index.js';
import type { SearchOptions } from './options.js';

export const searchTool: ToolDeclaration<{ text: string; limit?: number }, SearchOptions> = {
  name: 'search',
  title: 'Full-text search of stored posts',
  description:
    'Free, from the local store, nothing sent: the stored posts and transcripts holding every word given (whole words, case and accents ignored; a word ending in * is a prefix), best first, each with its source, platform, handle, id, url, dates and a snippet.',
  input: z.object({
    text: z.string().min(1).max(1000).describe('The words to find, like "layoffs tokyo" or "rust*".'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIMIT)
      .optional()
      .describe(`The most matches, best first: 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}.`),
  }),
  free: true,
  idempotent: true,
  from: 'store',
  options: (args) =>
    parseSearchOptions([args.text], { limit: args.limit === undefined ? undefined : String(args.limit) }),
  run: async () => (await import('./run.js')).runSearch,
  summary: (json) => listSummary({ some: 'notes.mcp.summary.matches', none: 'notes.mcp.summary.noMatches' }, json),
};
