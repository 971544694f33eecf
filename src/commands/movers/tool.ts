// `movers` as an MCP tool: the same checks (the niche against coverage, the ranges) and run.
import * as z from 'zod';
import { defaultedParam, route } from '../../domain/routes.js';
import { asOption, integerInput, listSummary, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { parseMoversOptions } from './index.js';
import type { MoversOptions } from './options.js';

const MOVERS = route('movers');

interface MoversArgs {
  niche: string;
  hours?: number;
  limit?: number;
  min_gained?: number;
}

export const moversTool: ToolDeclaration<MoversArgs, MoversOptions> = {
  name: 'movers',
  title: 'Items that gained the most points',
  description: `The items of a niche that gained the most points between the newest window and the one closest to hours ago . ${MOVERS.cost} credits, charged only when movement is found. Each mover with computed.gained_per_hour (points gained over the real gap between the windows, not hours). The niche is checked against the free coverage first.`,
  input: z.object({
    niche: z.string().min(1).max(100).describe('A niche id, as niches lists them (like tech).'),
    hours: integerInput(defaultedParam(MOVERS, 'hours')).optional(),
    limit: integerInput(defaultedParam(MOVERS, 'limit')).optional(),
    min_gained: z.number().int().min(1).max(1_000_000_000).optional().describe('Drop movers that gained fewer points.'),
  }),
  free: false,
  idempotent: false,
  from: 'service',
  key: true,
  options: (args) =>
    parseMoversOptions(args.niche, {
      hours: asOption(args.hours),
      limit: asOption(args.limit),
      minGained: asOption(args.min_gained),
      // The records carry their computed figures (gained_per_hour), as --computed gives them.
      computed: true,
    }),
  run: async () => (await import('./run.js')).runMovers,
  summary: (json) =>
    listSummary(
      { some: 'notes.mcp.summary.movers', none: 'notes.mcp.summary.noMovers' },
      (json as { items?: unknown } | null)?.items,
    ),
};
