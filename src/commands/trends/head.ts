// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const trendsHead: CommandHead = {
  name: 'trends',
  summary: 'hourly history of the items of a niche in the archive: 1 credit, charged even when empty',
  arguments: [['<niche>', 'niche id, like tech (see `social niches`)']],
  declaration: async () => (await import('./index.js')).declareTrends,
  tool: async () => (await import('./tool.js')).trendsTool,
};
