// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const configHead: CommandHead = {
  name: 'config',
  get summary() {
    return t('help.config.summary');
  },
  declaration: async () => (await import('./index.js')).declareConfig,
};
