// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const postHead: CommandHead = {
  name: 'post',
  get summary() {
    return t('help.post.summary');
  },
  get arguments() {
    return [['<post>', t('help.post.arg.post')]] as const;
  },
  declaration: async () => (await import('./index.js')).declarePost,
  tool: async () => (await import('./tool.js')).postTool,
};
