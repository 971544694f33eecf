// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const profileHead: CommandHead = {
  name: 'profile',
  get summary() {
    return t('help.profile.summary');
  },
  get arguments() {
    return [
      ['<platform>', t('help.profile.arg.platform')],
      ['[handle...]', t('help.profile.arg.handle')],
    ] as const;
  },
  declaration: async () => (await import('./index.js')).declareProfile,
  tool: async () => (await import('./tool.js')).profileTool,
};
