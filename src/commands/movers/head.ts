// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const moversHead: CommandHead = {
  name: 'movers',
  get summary() {
    return t('help.movers.summary');
  },
  get arguments() {
    return [['<niche>', t('help.movers.arg.niche')]] as const;
  },
  declaration: async () => (await import('./index.js')).declareMovers,
  tool: async () => (await import('./tool.js')).moversTool,
};
