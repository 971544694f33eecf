// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const configHead: CommandHead = {
  name: 'config',
  summary: 'settings: api-key, base-url, and defaults for output, timeout, retries, max-body',
  declaration: async () => (await import('./index.js')).declareConfig,
};
