// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const postHead: CommandHead = {
  name: 'post',
  summary: 'one bluesky post with its likes, replies, reposts and quotes: 1 credit, nothing when not found',
  arguments: [
    ['<post>', 'at://<did-or-handle>/app.bsky.feed.post/<rkey>, or its https://bsky.app/profile/<x>/post/<rkey> URL'],
  ],
  declaration: async () => (await import('./index.js')).declarePost,
  tool: async () => (await import('./tool.js')).postTool,
};
