// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const creditsHead: CommandHead = {
  name: 'credits',
  summary: 'what the key has left (read without spending) and what this machine spent',
  declaration: async () => (await import('./index.js')).declareCredits,
  tool: async () => (await import('./tool.js')).creditsTool,
};
