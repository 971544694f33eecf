// `profile` as an MCP tool: the same checks (every handle before anything is sent) and run.
import * as z from 'zod';
import { PLATFORMS } from '../../domain/platforms.js';
import { route } from '../../domain/routes.js';
import { t } from '../../messages/use-notes.js';
import {
  envelopeSummary,
  handleInput,
  handleRules,
  listSummary,
  platformInput,
  price,
  type ToolDeclaration,
} from '../../runtime/tool-declaration.js';
import { parseProfileOptions } from './index.js';
import type { ProfileOptions } from './options.js';

/** The most handles one call takes: a larger list is a batch for the command line (--file). */
const MAX_HANDLES = 100;

interface ProfileArgs {
  platform: string;
  handles: string[];
}

export const profileTool: ToolDeclaration<ProfileArgs, ProfileOptions> = {
  name: 'profile',
  title: 'Public profiles',
  description: `Public profiles: ${price(route('profile').cost)} a handle, 0 on a cache hit (cached one hour), nothing when not found. One handle gives the service's envelope; several give a record each ({input, exit, error, body}). Every handle is checked before anything is sent.`,
  input: z
    .object({
      platform: platformInput(PLATFORMS),
      handles: z.array(handleInput(PLATFORMS)).min(1).max(MAX_HANDLES).describe(`1 to ${MAX_HANDLES} handles.`),
    })
    .meta({ allOf: handleRules(PLATFORMS, 'handles', true) }),
  free: false,
  idempotent: true,
  from: 'service',
  key: true,
  options: (args) => parseProfileOptions(args.platform, args.handles, {}),
  run: async () => (await import('./run.js')).runProfile,
  summary: (json) =>
    Array.isArray(json)
      ? listSummary({ some: 'notes.mcp.summary.profiles', none: 'notes.mcp.summary.noProfiles' }, json)
      : envelopeSummary(json, () => t('notes.mcp.summary.profileOf')),
};
