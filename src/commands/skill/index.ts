// `social skill path`: where the package's agent skill is (skills/social/SKILL.md, in the Agent
// Skills format), to copy or link into an agent's skills folder.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { SocialError } from '../../domain/errors.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { printText } from '../../output/print-text.js';
import { examples, type SocialCommand } from '../../runtime/command.js';
import { packageFile } from '../shared/installed.js';

export const SKILL_FILE = 'skills/social/SKILL.md';

export function declareSkill(command: SocialCommand, ctx: Context): void {
  command.addHelpText('after', examples(['social skill path']));
  command
    .command('path')
    .description(`print where the skill file (${SKILL_FILE}) of this social is installed`)
    .addHelpText(
      'after',
      `
The skill tells an agent when to use which command, the prices, --dry-run and --max-credits
before any batch, the exit statuses, and the sandbox to practise on. Its folder is the skill:
copy or link it into your agent's skills folder (Claude Code: ~/.claude/skills/).
${examples(['social skill path', 'ln -s "$(dirname "$(social skill path)")" ~/.claude/skills/social'])}`,
    )
    .noJsonOutput()
    .statusAction(async (_options: unknown, _cmd: Command) => {
      const path = await packageFile(SKILL_FILE);
      if (path === undefined || !existsSync(path))
        throw new SocialError(
          'unexpected',
          path === undefined
            ? 'the single executable carries no skill file'
            : `the skill file is not where it should be: ${sanitiseLine(path)}`,
          { suggestion: `It is ${SKILL_FILE} in the npm package of social.` },
        );
      printText(ctx.io.stdout, path);
      return 0;
    });
}
