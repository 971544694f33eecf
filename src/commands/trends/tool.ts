// `trends` as an MCP tool: the same checks (the niche against coverage, the interval) and run.
import * as z from 'zod';
import { integerParam, route, TRENDS_MAX_SPAN_DAYS, TRENDS_POINTS_CAP } from '../../domain/routes.js';
import { asOption, integerInput, listSummary, price, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { parseTrendsOptions } from './index.js';
import type { TrendsOptions } from './options.js';

const TIME =
  'An ISO 8601 instant with its offset (2026-11-20T08:00Z), a date (2026-11-20) or an age back from now (90m, 36h, 7d, 2w).';

interface TrendsArgs {
  niche: string;
  from?: string;
  to?: string;
  limit?: number;
  force?: boolean;
}

export const trendsTool: ToolDeclaration<TrendsArgs, TrendsOptions> = {
  name: 'trends',
  title: 'Hourly history of a niche',
  description: `Each item's hourly history in a niche of the archive: ${price(route('trends').cost)}, charged even when empty. The niche is checked against the free coverage first: an unknown one is refused with the nearest names and costs nothing. from before to, at most ${TRENDS_MAX_SPAN_DAYS} days apart; default the last 7 days.`,
  input: z.object({
    niche: z.string().min(1).max(100).describe('A niche id, as niches lists them (like tech).'),
    from: z.string().max(64).optional().describe(`Start. ${TIME}`),
    to: z.string().max(64).optional().describe(`End; default now. ${TIME}`),
    limit: integerInput(integerParam(route('trends'), 'limit')!, TRENDS_POINTS_CAP).optional(),
    force: z
      .boolean()
      .optional()
      .describe('Send even when coverage shows the answer will be empty (it is charged all the same).'),
  }),
  free: false,
  idempotent: false,
  from: 'service',
  key: true,
  options: (args, now) =>
    parseTrendsOptions(
      args.niche,
      { from: args.from, to: args.to, limit: asOption(args.limit), force: args.force },
      now,
    ),
  run: async () => (await import('./run.js')).runTrends,
  summary: (json) =>
    listSummary(
      { some: 'notes.mcp.summary.items', none: 'notes.mcp.summary.noItems' },
      (json as { items?: unknown } | null)?.items,
    ),
};
