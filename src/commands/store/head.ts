// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const storeHead: CommandHead = {
  name: 'store',
  get summary() {
    return t('help.store.summary');
  },
  tool: async () => (await import('./tool.js')).storeSqlTool,
  declaration: async () => (await import('./index.js')).declareStore,
};
