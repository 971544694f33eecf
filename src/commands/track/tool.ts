// `track report` as an MCP tool: the watched accounts ranked by growth, with the computed figures.
import * as z from 'zod';
import { listSummary, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { DEFAULT_SINCE, parseReportOptions } from './index.js';
import type { ReportOptions } from './options.js';

export const trackReportTool: ToolDeclaration<{ since?: string }, ReportOptions> = {
  name: 'track_report',
  title: 'Watched accounts ranked by growth',
  description: `Free, from the local store, nothing sent: each account on the watchlist (\`social track add\`) with its first snapshot at or before since and its newest (from, to), and computed.rank, gained, gained_per_day, gained_per_cent, engagement_rate (the mean of its stored posts', a fraction) and posts_rated, ranked by followers gained.`,
  input: z.object({
    since: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe(`Growth since when: an age (7d, 2w), a date or an instant; default ${DEFAULT_SINCE}.`),
  }),
  free: true,
  idempotent: true,
  from: 'store',
  options: (args, now) => parseReportOptions({ since: args.since, computed: true }, now),
  run: async () => (await import('./run.js')).runTrackReport,
  summary: (json) => listSummary({ some: 'notes.mcp.summary.accounts', none: 'notes.mcp.summary.noAccounts' }, json),
};
