// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const nichesHead: CommandHead = {
  name: 'niches',
  summary: 'the niches of the trend archive and how complete their last 24 hours are: free, no key needed',
  declaration: async () => (await import('./index.js')).declareNiches,
  tool: async () => (await import('./tool.js')).nichesTool,
};
