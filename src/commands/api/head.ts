// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const apiHead: CommandHead = {
  name: 'api',
  get summary() {
    return t('help.api.summary');
  },
  get arguments() {
    return [['<path>', t('help.api.arg.path')]] as const;
  },
  declaration: async () => (await import('./index.js')).declareApi,
};
