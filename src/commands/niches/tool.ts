// `niches` as an MCP tool: the archive's coverage, free and keyless.
import * as z from 'zod';
import { listSummary, type ToolDeclaration } from '../../runtime/tool-declaration.js';

export const nichesTool: ToolDeclaration<Record<string, never>, Record<string, never>> = {
  name: 'niches',
  title: 'Niches of the trend archive',
  description: `The niches of the trend archive and how complete their last 24 hours are. Free, no key needed. Use it to find the niche ids trends and movers take.`,
  input: z.object({}),
  free: true,
  idempotent: true,
  from: 'service',
  key: false,
  options: () => ({}),
  run: async () => (await import('./run.js')).runNiches,
  summary: (json) =>
    listSummary(
      { some: 'notes.mcp.summary.niches', none: 'notes.mcp.summary.noNiches' },
      (json as { niches?: unknown } | null)?.niches,
    ),
};
