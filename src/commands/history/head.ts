// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const historyHead: CommandHead = {
  name: 'history',
  summary: "an account's stored profile snapshots and its follower growth: free, from the local store, nothing sent",
  arguments: [
    ['<platform>', 'one of the ten platforms'],
    ['<handle>', 'a handle, @handle or pasted profile URL, as `profile` takes it'],
  ],
  tool: async () => (await import('./tool.js')).historyTool,
  declaration: async () => (await import('./index.js')).declareHistory,
};
