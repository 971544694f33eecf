// Every command's declaration, in the order `social --help` lists them. A declaration loads no run
// code: each command imports its run (run.ts) when it runs.
import type { Declaration } from '../runtime/command.js';
import { registerApi } from './api/index.js';
import { registerCompletion } from './completion/index.js';
import { registerConfig } from './config/index.js';
import { registerCredits } from './credits/index.js';
import { registerMovers } from './movers/index.js';
import { registerNiches } from './niches/index.js';
import { registerPost } from './post/index.js';
import { registerPosts } from './posts/index.js';
import { registerProfile } from './profile/index.js';
import { registerSandbox } from './sandbox/index.js';
import { registerStatus } from './status/index.js';
import { registerTranscript } from './transcript/index.js';
import { registerTrends } from './trends/index.js';

export const COMMANDS: readonly Declaration[] = [
  registerProfile,
  registerPosts,
  registerPost,
  registerTranscript,
  registerNiches,
  registerTrends,
  registerMovers,
  registerCredits,
  registerStatus,
  registerApi,
  registerConfig,
  registerSandbox,
  registerCompletion,
];
