// `credits` as an MCP tool: the balance, read without spending, and what this machine spent.
import * as z from 'zod';
import { t } from '../../messages/use-notes.js';
import { counted, type ToolDeclaration } from '../../runtime/tool-declaration.js';
import { parseCreditsOptions } from './index.js';
import type { CreditsOptions } from './options.js';

export const creditsTool: ToolDeclaration<{ since?: string }, CreditsOptions> = {
  name: 'credits',
  title: 'Credits left and spent',
  description: 'What the key has left, read without spending, and what this machine spent, by day and command. Free.',
  input: z.object({
    since: z
      .string()
      .max(64)
      .optional()
      .describe('Spending since when: a date, an instant or an age (30d); default the start of this month.'),
  }),
  free: true,
  idempotent: true,
  from: 'service',
  key: true,
  options: (args, now) => parseCreditsOptions({ since: args.since }, now),
  run: async () => (await import('./run.js')).runCredits,
  summary: (json) => {
    const balance = (json as { balance?: unknown } | null)?.balance;
    return typeof balance === 'number'
      ? t('notes.mcp.summary.creditsLeft', counted(balance))
      : t('notes.mcp.summary.balanceUnknown');
  },
};
