// `social budget set|show`: budgets shared by every process on one PostgreSQL store. A paid
// command spends from one with --budget NAME: each call reserves its most possible cost before it
// is sent and settles it from the answer, so what is possibly charged never passes the limit.
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { t } from '../../messages/use-commands.js';
import { said } from '../../messages/use-errors.js';
import type { SocialCommand } from '../../runtime/command.js';
import { helpAfter } from '../../runtime/command.js';
import { examplesText } from '../../runtime/examples.js';
import { parseInteger } from '../../runtime/options.js';
import type { BudgetSetOptions } from './options.js';

function parsePer(raw: string | undefined): 'month' | 'day' | null {
  if (raw === undefined) return null;
  if (raw === 'month' || raw === 'day') return raw;
  throw usageError(said('errors.budget.per', { got: quoted(raw) }), t('errors.budget.per.hint'));
}

export function declareBudget(command: SocialCommand, ctx: Context): void {
  const budget = command.addHelpText(
    'after',
    helpAfter(
      t('commands.budget.after'),
      examplesText([
        'social budget set team 500 --per month',
        'social profile github --file handles.txt --budget team',
        'social profile github --file handles.txt --shard 2/8 --max-credits 50 --budget crawl',
        'social budget show team',
      ]),
    ),
  );

  budget
    .command('set')
    .description(t('commands.budget.set.summary'))
    .argument('<name>', t('commands.budget.set.arg.name'))
    .argument('<credits>', t('commands.budget.set.arg.credits'))
    .option('--per <period>', t('commands.budget.set.per'))
    .addHelpText(
      'after',
      helpAfter(
        undefined,
        examplesText(['social budget set team 500 --per month', 'social budget set crawl-2026-12 2000']),
      ),
    )
    .noJsonOutput()
    .statusAction(async (name: string, credits: string, _options: unknown, cmd: Command) => {
      const raw = cmd.optsWithGlobals();
      const options: BudgetSetOptions = {
        name,
        credits: parseInteger('credits', credits, 0, Number.MAX_SAFE_INTEGER),
        per: parsePer(raw.per as string | undefined),
      };
      const { budgetSet } = await import('./run.js');
      return budgetSet(ctx, raw, options);
    });

  budget
    .command('show')
    .description(t('commands.budget.show.summary'))
    .argument('<name>', t('commands.budget.show.arg.name'))
    .addHelpText(
      'after',
      helpAfter(undefined, examplesText(['social budget show team', 'social budget show team -o json'])),
    )
    .statusAction(async (name: string, _options: unknown, cmd: Command) => {
      const { budgetShow } = await import('./run.js');
      return budgetShow(ctx, cmd.optsWithGlobals(), name);
    });
}
