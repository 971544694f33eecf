// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const historyHead: CommandHead = {
  name: 'history',
  get summary() {
    return t('help.history.summary');
  },
  get arguments() {
    return [
      ['<platform>', t('help.history.arg.platform')],
      ['<handle>', t('help.history.arg.handle')],
    ] as const;
  },
  tool: async () => (await import('./tool.js')).historyTool,
  declaration: async () => (await import('./index.js')).declareHistory,
};
