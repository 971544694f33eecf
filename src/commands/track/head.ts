// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: its subcommands, options, help, actions) is loaded when it runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const trackHead: CommandHead = {
  name: 'track',
  summary:
    'a watchlist of accounts: add, remove, list; run (cron: 1 credit each) fetches them, report ranks their growth',
  tool: async () => (await import('./tool.js')).trackReportTool,
  declaration: async () => (await import('./index.js')).declareTrack,
};
