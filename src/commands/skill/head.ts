// What `social --help` lists of the command, and where the rest of it is: its declaration
// (index.ts: options, help, action) is loaded when the command runs or its help is shown.
import type { CommandHead } from '../../runtime/command.js';

export const skillHead: CommandHead = {
  name: 'skill',
  summary: 'the agent skill that comes with social (skills/social/SKILL.md): `social skill path` prints where it is',
  declaration: async () => (await import('./index.js')).declareSkill,
};
