// `social skill path`: where the package's agent skill is (skills/social/SKILL.md, in the Agent
// Skills format), to copy or link into an agent's skills folder.
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { SocialError } from '../../domain/errors.js';
import { sanitiseLine } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import { printText } from '../../output/print-text.js';
import { helpAfter, type SocialCommand } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { packageFile } from '../shared/installed.js';

export const SKILL_FILE = 'skills/social/SKILL.md';

export function declareSkill(command: SocialCommand, ctx: Context): void {
  command.addHelpText('after', helpAfter(undefined, examplesText(['social skill path'])));
  command
    .command('path')
    .description(t('commands.skill.path.summary', { file: SKILL_FILE }))
    .addHelpText(
      'after',
      helpAfter(
        t('commands.skill.path.after'),
        examplesText(['social skill path', 'ln -s "$(dirname "$(social skill path)")" ~/.claude/skills/social']),
      ),
    )
    .noJsonOutput()
    .statusAction(async (_options: unknown, _cmd: Command) => {
      const path = await packageFile(SKILL_FILE);
      if (path === undefined || !existsSync(path))
        throw new SocialError(
          'unexpected',
          path === undefined
            ? said('errors.skill.inExecutable')
            : said('errors.skill.missing', { path: sanitiseLine(path) }),
          { suggestion: t('errors.skill.missing.hint', { file: SKILL_FILE }) },
        );
      printText(ctx.io.stdout, path);
      return 0;
    });
}
