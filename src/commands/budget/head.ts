// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const budgetHead: CommandHead = {
  name: 'budget',
  summary: 'a budget shared by every process on one PostgreSQL store: set its limit, show what is spent',
  declaration: async () => (await import('./index.js')).declareBudget,
};
