// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const transcriptHead: CommandHead = {
  name: 'transcript',
  summary: 'caption track of a tiktok video: 1 credit, charged even when there is none',
  arguments: [['<url>', "the video's own URL: https://www.tiktok.com/@<user>/video/<id> (not a short link)"]],
  declaration: async () => (await import('./index.js')).declareTranscript,
  tool: async () => (await import('./tool.js')).transcriptTool,
};
