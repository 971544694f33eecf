// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const profileHead: CommandHead = {
  name: 'profile',
  summary: 'public profiles: 1 credit each, 0 on a cache hit (cached one hour)',
  arguments: [
    ['<platform>', 'one of the ten platforms below'],
    ['[handle...]', 'handles, @handles or pasted profile URLs; - reads them from stdin'],
  ],
  declaration: async () => (await import('./index.js')).declareProfile,
  tool: async () => (await import('./tool.js')).profileTool,
};
