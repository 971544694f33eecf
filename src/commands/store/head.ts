// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const storeHead: CommandHead = {
  name: 'store',
  summary: 'the local store of every paid answer: info, sql, export, prune, check (no network)',
  tool: async () => (await import('./tool.js')).storeSqlTool,
  declaration: async () => (await import('./index.js')).declareStore,
};
