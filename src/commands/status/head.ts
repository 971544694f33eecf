// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const statusHead: CommandHead = {
  name: 'status',
  get summary() {
    return t('help.status.summary');
  },
  declaration: async () => (await import('./index.js')).declareStatus,
};
