// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: its subcommands, options, help, actions) is loaded when it runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const trackHead: CommandHead = {
  name: 'track',
  get summary() {
    return t('help.track.summary');
  },
  tool: async () => (await import('./tool.js')).trackReportTool,
  declaration: async () => (await import('./index.js')).declareTrack,
};
