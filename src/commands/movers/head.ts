// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const moversHead: CommandHead = {
  name: 'movers',
  summary: 'the items that gained the most points over the last hours: 10 credits, nothing when there is no movement',
  arguments: [['<niche>', 'niche id, like tech (see `social niches`)']],
  declaration: async () => (await import('./index.js')).declareMovers,
  tool: async () => (await import('./tool.js')).moversTool,
};
