// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const searchHead: CommandHead = {
  name: 'search',
  get summary() {
    return t('help.search.summary');
  },
  get arguments() {
    return [['<text...>', t('help.search.arg.text')]] as const;
  },
  tool: async () => (await import('./tool.js')).searchTool,
  declaration: async () => (await import('./index.js')).declareSearch,
};
