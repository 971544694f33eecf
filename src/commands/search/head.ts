// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const searchHead: CommandHead = {
  name: 'search',
  summary: 'full-text search of the posts and transcripts in the local store: free, nothing sent',
  arguments: [['<text...>', 'the words to find (all of them); a word ending in * matches as a prefix']],
  tool: async () => (await import('./tool.js')).searchTool,
  declaration: async () => (await import('./index.js')).declareSearch,
};
