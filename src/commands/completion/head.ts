// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';
import { DYNAMIC_KINDS, SHELLS } from './shells.js';

export const completionHead: CommandHead = {
  name: 'completion',
  get summary() {
    return t('help.completion.summary', { shells: SHELLS.join(', ') });
  },
  arguments: [['<shell>', SHELLS.join(', ')]],
  declaration: async () => (await import('./index.js')).declareCompletion,
};

export const completeHead: CommandHead = {
  name: '__complete',
  hidden: true,
  get summary() {
    return t('help.complete.summary');
  },
  arguments: [['<kind>', DYNAMIC_KINDS.join(', ')]],
  declaration: async () => (await import('./index.js')).declareComplete,
};
