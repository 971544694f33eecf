// `social budget set|show`: budgets shared by every process on one PostgreSQL store. A paid
// command spends from one with --budget NAME: each call reserves its most possible cost before it
// is sent and settles it from the answer, so what is possibly charged never passes the limit.
import type { Command } from 'commander';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import type { SocialCommand } from '../../runtime/command.js';
import { EXIT_HELP, examples } from '../../runtime/command.js';
import { parseInteger } from '../../runtime/options.js';
import type { BudgetSetOptions } from './options.js';

function parsePer(raw: string | undefined): 'month' | 'day' | null {
  if (raw === undefined) return null;
  if (raw === 'month' || raw === 'day') return raw;
  throw usageError(`--per takes month or day; got ${quoted(raw)}`, 'Leave it out for a budget that never renews.');
}

export function declareBudget(command: SocialCommand, ctx: Context): void {
  const budget = command.addHelpText(
    'after',
    `
A budget lives on the PostgreSQL store (SOCIAL_STORE=postgres://user@host:5432/db, or
social config set store URL), and every process on that store shares it: a paid command given
--budget NAME reserves each call's most possible cost before sending it, and settles it from the
answer (charged, free, or uncertain counted as charged). A reservation left open by a process that
died counts until it expires (SOCIAL_BUDGET_EXPIRY_MS, default 10 minutes), then as an uncertain
charge: never freed.

Examples:
  social budget set team 500 --per month
  social profile github --file handles.txt --budget team
  social profile github --file handles.txt --shard 2/8 --max-credits 50 --budget crawl
  social budget show team

${EXIT_HELP}`,
  );

  budget
    .command('set')
    .description('create a budget or change its limit, for every process on the store')
    .argument('<name>', 'the budget, as --budget names it')
    .argument('<credits>', 'its limit, in credits')
    .option('--per <period>', 'renew it each month or day (UTC); without, it never renews')
    .addHelpText('after', examples(['social budget set team 500 --per month', 'social budget set crawl-2026-12 2000']))
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
    .description("the budget's limit, what is settled and reserved, by machine (this period)")
    .argument('<name>', 'the budget')
    .addHelpText('after', examples(['social budget show team', 'social budget show team -o json']))
    .statusAction(async (name: string, _options: unknown, cmd: Command) => {
      const { budgetShow } = await import('./run.js');
      return budgetShow(ctx, cmd.optsWithGlobals(), name);
    });
}
