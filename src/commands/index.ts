// Every command's head, in the order `social --help` lists them. A head is a name, a summary and
// arguments; the rest of the command (its folder's index.ts) and its run (run.ts) are loaded when
// it runs, so starting the CLI declares no command's options.
import type { CommandHead } from '../runtime/command.js';
import { apiHead } from './api/head.js';
import { budgetHead } from './budget/head.js';
import { completeHead, completionHead } from './completion/head.js';
import { configHead } from './config/head.js';
import { creditsHead } from './credits/head.js';
import { historyHead } from './history/head.js';
import { mcpHead } from './mcp/head.js';
import { moversHead } from './movers/head.js';
import { nichesHead } from './niches/head.js';
import { postHead } from './post/head.js';
import { postsHead } from './posts/head.js';
import { profileHead } from './profile/head.js';
import { sandboxHead } from './sandbox/head.js';
import { searchHead } from './search/head.js';
import { skillHead } from './skill/head.js';
import { statusHead } from './status/head.js';
import { storeHead } from './store/head.js';
import { trackHead } from './track/head.js';
import { transcriptHead } from './transcript/head.js';
import { trendsHead } from './trends/head.js';

export const COMMANDS: readonly CommandHead[] = [
  profileHead,
  postsHead,
  postHead,
  transcriptHead,
  nichesHead,
  trendsHead,
  moversHead,
  historyHead,
  trackHead,
  searchHead,
  creditsHead,
  storeHead,
  budgetHead,
  statusHead,
  apiHead,
  configHead,
  sandboxHead,
  mcpHead,
  skillHead,
  completionHead,
  completeHead,
];
