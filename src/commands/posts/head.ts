// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const postsHead: CommandHead = {
  name: 'posts',
  summary: 'recent posts written by an account (bluesky, mastodon, threads): 1 credit',
  arguments: [
    ['<platform>', 'bluesky, mastodon, threads'],
    ['[handle]', 'handle, @handle or pasted profile URL; - reads handles from stdin'],
  ],
  declaration: async () => (await import('./index.js')).declarePosts,
  tool: async () => (await import('./tool.js')).postsTool,
};
