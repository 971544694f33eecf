// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const sandboxHead: CommandHead = {
  name: 'sandbox',
  summary: 'run the local emulator of the service, with built-in data and a credit ledger',
  declaration: async () => (await import('./index.js')).declareSandbox,
};
