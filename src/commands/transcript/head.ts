// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import { t } from '../../messages/use-help.js';
import type { CommandHead } from '../../runtime/command.js';

export const transcriptHead: CommandHead = {
  name: 'transcript',
  get summary() {
    return t('help.transcript.summary');
  },
  get arguments() {
    return [['<url>', t('help.transcript.arg.url')]] as const;
  },
  declaration: async () => (await import('./index.js')).declareTranscript,
  tool: async () => (await import('./tool.js')).transcriptTool,
};
