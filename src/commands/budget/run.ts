// The runs of `social budget`: set writes a budget's limit on the PostgreSQL store, show reads
// what this period holds, by machine. Nothing is sent to the service.
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../../infra/context.js';
import { checkBudgetName } from '../../infra/postgres/budget-name.js';
import type { PostgresStore } from '../../infra/postgres/pg-store.js';
import { isPostgresUrl } from '../../infra/postgres/store-url.js';
import { checkStoreSetting } from '../../infra/store/store-setting.js';
import { formatDate, formatMonth } from '../../messages/intl.js';
import { said } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import type { Globals, RawGlobals } from '../../runtime/globals.js';
import { resolveGlobals } from '../../runtime/globals.js';
import { printOutcome } from '../../runtime/runner.js';
import { MACHINE_COLUMNS } from './columns.js';
import type { BudgetSetOptions } from './options.js';

async function withStore<T>(ctx: Context, globals: Globals, work: (store: PostgresStore) => Promise<T>): Promise<T> {
  checkStoreSetting(ctx.store, globals);
  if (!isPostgresUrl(globals.storeUrl))
    throw usageError(said('errors.budget.noStore'), t('errors.budget.noStore.hint'));
  const { PostgresStore } = await import('../../infra/postgres/pg-store.js');
  const store = await PostgresStore.open(globals.storeUrl, { env: ctx.env, connections: 1 });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** What a budget set with --per says of its renewal. */
const RENEWS = { month: 'notes.budget.set.month', day: 'notes.budget.set.day' } as const;

export async function budgetSet(ctx: Context, raw: RawGlobals, options: BudgetSetOptions): Promise<number> {
  checkBudgetName(options.name);
  const globals = resolveGlobals(raw, ctx);
  const { setBudget } = await import('../../infra/postgres/pg-budgets.js');
  await withStore(ctx, globals, (store) => setBudget(store, options));
  if (!globals.quiet)
    ctx.io.stderr.write(
      `${t(options.per === null ? 'notes.budget.set' : RENEWS[options.per], { name: options.name, credits: t('notes.credits', { n: options.credits }) })}\n`,
    );
  return 0;
}

export async function budgetShow(ctx: Context, raw: RawGlobals, name: string): Promise<number> {
  checkBudgetName(name);
  const globals = resolveGlobals(raw, ctx);
  const { budgetReport } = await import('../../infra/postgres/pg-budgets.js');
  const report = await withStore(ctx, globals, (store) => budgetReport(store, name));
  if (report === undefined)
    throw usageError(said('errors.budget.unknown', { name: quoted(name) }), t('errors.budget.unknown.hint', { name }));
  const possibly = report.charged + report.uncertain + report.reserved;
  const period =
    report.period === 'all'
      ? ''
      : report.per === 'day'
        ? t('views.budget.day', { period: formatDate(new Date(report.period)) })
        : t('views.budget.month', { period: formatMonth(new Date(`${report.period}-01`)) });
  const heading = [
    t('views.budget.heading', {
      name: report.name,
      credits: t('views.count.credits', { n: report.credits }),
      period,
      possibly,
      left: report.credits - possibly,
    }),
    t('views.budget.settled', {
      charged: report.charged,
      uncertain: report.uncertain,
      expired: report.expired > 0 ? t('views.budget.expired', { n: report.expired }) : '',
      reserved: report.reserved,
    }),
  ];
  return printOutcome(ctx, globals, {
    result: {
      json: { ...report, possibly_charged: possibly, left: report.credits - possibly },
      table: [{ columns: MACHINE_COLUMNS, rows: report.machines, heading, empty: t('views.budget.empty') }],
      csv: { columns: MACHINE_COLUMNS, rows: report.machines },
    },
  });
}
