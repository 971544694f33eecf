// `store sql` as an MCP tool: one query that reads, on the store opened read-only, its rows bounded.
import * as z from 'zod';
import { usageError } from '../../domain/errors.js';
import { said } from '../../messages/use-errors.js';
import { listSummary, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import type { SqlOptions } from './options.js';

/** The most rows an answer holds: an agent's context is not the place for a whole table. */
const MAX_ROWS = 1000;

export const storeSqlTool: ToolDeclaration<{ query: string }, SqlOptions> = {
  name: 'store_sql',
  title: 'Query the local store',
  description: `Free, nothing sent: one SQL statement that reads (SQLite; the store is opened read-only, so anything that writes fails) over the local store of every answer fetched: fetches, profiles, posts, post_metrics, transcripts, trend_items, trend_points, movers_runs, movers_items, watchlist (docs/store.md). At most ${MAX_ROWS} rows: a query giving more is refused, to be narrowed with LIMIT or an aggregate.`,
  input: z.object({
    query: z
      .string()
      .min(1)
      .max(100_000)
      .describe('One statement, like SELECT handle, followers FROM profiles LIMIT 10.'),
  }),
  free: true,
  idempotent: true,
  from: 'store',
  options: (args) => {
    if (args.query.trim() === '') throw usageError(said('errors.store.noQuery'));
    return { query: args.query, maxRows: MAX_ROWS };
  },
  run: async () => (await import('./run.js')).runStoreSql,
  summary: (json) => listSummary({ some: 'notes.mcp.summary.rows', none: 'notes.mcp.summary.noRows' }, json),
};
