// `history` as an MCP tool: the same checks (the handle as `profile` takes it) and run, with the
// computed gains beside each snapshot.
import * as z from 'zod';
import { PLATFORMS } from '../../domain/platforms.js';
import { t } from '../../messages/use-notes.js';
import {
  counted,
  handleInput,
  handleRules,
  platformInput,
  type ToolDeclaration,
} from '../../runtime/tool-declaration.js';
import { parseHistoryOptions } from './index.js';
import type { HistoryOptions } from './options.js';

export const historyTool: ToolDeclaration<{ platform: string; handle: string }, HistoryOptions> = {
  name: 'history',
  title: "An account's stored snapshots",
  description:
    'Free, from the local store, nothing sent: every snapshot of one account that profile, posts and post answers stored (fetched_at, followers, following, posts_count), oldest first, each with computed.gained and computed.gained_per_day since the one before.',
  input: z
    .object({ platform: platformInput(PLATFORMS), handle: handleInput(PLATFORMS) })
    .meta({ allOf: handleRules(PLATFORMS, 'handle', false) }),
  free: true,
  idempotent: true,
  from: 'store',
  options: (args) => parseHistoryOptions(args.platform, args.handle, { computed: true }, false),
  run: async () => (await import('./run.js')).runHistory,
  summary: (json) => {
    const n = Array.isArray(json) ? json.length : 0;
    return n === 0 ? t('notes.mcp.summary.noSnapshots') : t('notes.mcp.summary.snapshots', counted(n));
  },
};
