// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const postsHead: CommandHead = {
  name: 'posts',
  get summary() {
    return t('help.posts.summary');
  },
  get arguments() {
    return [
      ['<platform>', t('help.posts.arg.platform')],
      ['[handle]', t('help.posts.arg.handle')],
    ] as const;
  },
  declaration: async () => (await import('./index.js')).declarePosts,
  tool: async () => (await import('./tool.js')).postsTool,
};
