// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const statusHead: CommandHead = {
  name: 'status',
  summary: 'the key, base URL and settings in effect and where each came from, and the balance (free)',
  declaration: async () => (await import('./index.js')).declareStatus,
};
