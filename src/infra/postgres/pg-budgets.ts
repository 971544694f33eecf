// Budgets shared by every process on one PostgreSQL store (`--max-credits N --budget NAME`, `social
// budget set|show`). Each paid call reserves the most it can cost before it is sent, in one
// statement that orders every reserver on the budget's row (pg-schema.ts, social_reserve), and is
// settled from its answer: charged, free, or uncertain counted as charged. So what was possibly
// charged (settled + reserved) never passes the limit, whatever the interleaving of machines. A
// reservation whose process died stays counted; past its expiry it becomes an uncertain charge at
// its full cost, never freed.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import type { Context } from '../context.js';
import type { PostgresStore } from './pg-store.js';

type BudgetPeriod = 'month' | 'day';
export type Settlement = 'charged' | 'free' | 'uncertain';

/** How long a reservation stays open before it counts as an uncertain charge, by default. */
const DEFAULT_EXPIRY_MS = 10 * 60_000;

/** SOCIAL_BUDGET_EXPIRY_MS, or 10 minutes: past any call's life (30 s a try, 3 tries by default). */
function reservationExpiryMs(env: Context['env']): number {
  const raw = env.SOCIAL_BUDGET_EXPIRY_MS;
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(value) && value > 0 ? value : DEFAULT_EXPIRY_MS;
}

/** The name this machine goes by in a budget and in the ledger: SOCIAL_MACHINE, else the host name. */
export function machineName(env: Context['env']): string {
  const named = env.SOCIAL_MACHINE?.trim();
  return named !== undefined && named !== '' ? named.slice(0, 128) : hostname();
}

export interface BudgetLimit {
  name: string;
  credits: number;
  per: BudgetPeriod | null;
}

/** Creates or changes a budget's limit (`social budget set`). */
export async function setBudget(store: PostgresStore, limit: BudgetLimit): Promise<void> {
  await store.query(
    `INSERT INTO budgets (name, credits, per) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET credits = EXCLUDED.credits, per = EXCLUDED.per, updated_at = now()`,
    [limit.name, limit.credits, limit.per],
  );
}

async function readBudget(store: PostgresStore, name: string): Promise<BudgetLimit | undefined> {
  const rows = await store.query<{ credits: string; per: BudgetPeriod | null }>(
    'SELECT credits, per FROM budgets WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return row === undefined ? undefined : { name, credits: Number(row.credits), per: row.per };
}

/** The budget a run spends from, made by `--max-credits N --budget NAME` when it does not exist. */
export class SharedBudget {
  private readonly machine: string;
  private readonly expiry: string;

  private constructor(
    private readonly store: PostgresStore,
    readonly limit: BudgetLimit,
    env: Context['env'],
  ) {
    this.machine = machineName(env);
    this.expiry = `${reservationExpiryMs(env)} milliseconds`;
  }

  /**
   * The budget NAME: made at `credits` when it does not exist; when it does, `credits` must be its
   * limit (one run never changes what the others share: `social budget set` does).
   */
  static async use(
    store: PostgresStore,
    name: string,
    credits: number | undefined,
    env: Context['env'],
  ): Promise<SharedBudget> {
    if (credits !== undefined)
      await store.query('INSERT INTO budgets (name, credits) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        credits,
      ]);
    const limit = await readBudget(store, name);
    if (limit === undefined)
      throw usageError(
        `there is no budget ${quoted(name)} on the store ${store.name}: nothing sent`,
        `Give its limit (--max-credits N --budget ${name}), or set it: social budget set ${name} N.`,
      );
    if (credits !== undefined && credits !== limit.credits)
      throw usageError(
        `the budget ${quoted(name)} is ${limit.credits} credits${limit.per === null ? '' : ` a ${limit.per}`}, not ${credits} (--max-credits): nothing sent`,
        `Drop --max-credits to spend from it as it is, or change it for everyone: social budget set ${name} ${credits}.`,
      );
    // Reservations of processes that died are counted as uncertain charges once expired.
    await store.query('SELECT social_expire($1)', [name]);
    return new SharedBudget(store, limit, env);
  }

  /** Reserves `cost` for one call on `route`: the reservation's id, or undefined when it does not fit. */
  async reserve(route: string, cost: number): Promise<number | undefined> {
    const rows = await this.store.query<{ id: string | null }>(
      'SELECT social_reserve($1, $2, $3, $4, $5, $6, $7::interval) AS id',
      [randomUUID(), this.limit.name, this.machine, process.pid, route, cost, this.expiry],
    );
    const id = rows[0]?.id;
    return id === null || id === undefined ? undefined : Number(id);
  }

  /** Settles reservation `id` from its answer (a second settlement of the same one does nothing). */
  async settle(id: number, credits: number, state: Settlement): Promise<void> {
    await this.store.query('SELECT social_settle($1, $2, $3)', [id, credits, state]);
  }
}

interface MachineSpend {
  machine: string;
  calls: number;
  charged: number;
  uncertain: number;
  reserved: number;
}

export interface BudgetReport extends BudgetLimit {
  /** The period shown: 'all', or the month (2026-12) or day (2026-12-01) in UTC. */
  period: string;
  charged: number;
  /** Counted as charged without certainty: uncertain answers, and reservations that expired open. */
  uncertain: number;
  /** Open reservations: calls under way, or of a process that died, not expired yet. */
  reserved: number;
  /** Of `uncertain`, the reservations that expired open. */
  expired: number;
  machines: MachineSpend[];
}

/** `social budget show NAME`: the current period's limit, settled, reserved, by machine. */
export async function budgetReport(store: PostgresStore, name: string): Promise<BudgetReport | undefined> {
  const limit = await readBudget(store, name);
  if (limit === undefined) return undefined;
  await store.query('SELECT social_expire($1)', [name]);
  const period = (await store.query<{ period: string }>('SELECT social_period($1, now()) AS period', [limit.per]))[0]
    ?.period as string;
  const rows = await store.query<
    Record<'machine' | 'calls' | 'charged' | 'uncertain' | 'reserved' | 'expired', string>
  >(
    `SELECT machine, count(*) AS calls,
       coalesce(sum(credits) FILTER (WHERE state = 'charged'), 0) AS charged,
       coalesce(sum(credits) FILTER (WHERE state IN ('uncertain', 'expired')), 0) AS uncertain,
       coalesce(sum(cost) FILTER (WHERE state = 'open'), 0) AS reserved,
       coalesce(sum(credits) FILTER (WHERE state = 'expired'), 0) AS expired
     FROM budget_reservations WHERE budget = $1 AND period = $2 GROUP BY machine ORDER BY machine`,
    [name, period],
  );
  const machines = rows.map((row) => ({
    machine: row.machine,
    calls: Number(row.calls),
    charged: Number(row.charged),
    uncertain: Number(row.uncertain),
    reserved: Number(row.reserved),
  }));
  const sum = (key: 'charged' | 'uncertain' | 'reserved' | 'expired') =>
    rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    ...limit,
    period,
    charged: sum('charged'),
    uncertain: sum('uncertain'),
    reserved: sum('reserved'),
    expired: sum('expired'),
    machines,
  };
}
