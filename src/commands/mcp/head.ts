// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const mcpHead: CommandHead = {
  name: 'mcp',
  summary: 'the commands as MCP tools for an AI agent (stdio, or --http), under a session budget',
  declaration: async () => (await import('./index.js')).declareMcp,
};
