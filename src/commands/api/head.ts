// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const apiHead: CommandHead = {
  name: 'api',
  summary: 'a raw request to any route of the service (routes social does not model yet)',
  arguments: [
    ['<path>', 'like github/profile (under /api/v1), or from the root: /api/v1/github/profile, /openapi.json'],
  ],
  declaration: async () => (await import('./index.js')).declareApi,
};
