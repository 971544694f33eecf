// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const trendsHead: CommandHead = {
  name: 'trends',
  get summary() {
    return t('help.trends.summary');
  },
  get arguments() {
    return [['<niche>', t('help.trends.arg.niche')]] as const;
  },
  declaration: async () => (await import('./index.js')).declareTrends,
  tool: async () => (await import('./tool.js')).trendsTool,
};
