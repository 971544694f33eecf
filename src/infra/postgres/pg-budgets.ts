// Budgets shared by every process on one PostgreSQL store (`--max-credits N --budget NAME`, `social
// budget set|show`). A process reserves a chunk of the budget at a time, in one statement that
// orders every reserver on the budget's row (pg-schema.ts, social_take), hands it out to its calls
// before each is sent (runtime/shared-budget.ts), and settles what they cost in batches: charged,
// free, or uncertain counted as charged. So what was possibly charged (settled + reserved) never
// passes the limit, whatever the interleaving of machines. A chunk whose process died stays
// counted; past its expiry it becomes an uncertain charge at all it still held, never freed.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { usageError } from '../../domain/errors.js';
import { quoted } from '../../domain/text.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import type { Context } from '../context.js';
import type { PostgresStore } from './pg-store.js';

type BudgetPeriod = 'month' | 'day';

/**
 * How long a chunk stays open after the last word from its process (a settlement, or the beat a
 * running process gives while it holds one) before it counts as an uncertain charge, by default.
 */
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
  /** How long a chunk stays open without a word from its process: SOCIAL_BUDGET_EXPIRY_MS. */
  readonly expiryMs: number;
  private readonly expiry: string;

  private constructor(
    private readonly store: PostgresStore,
    readonly limit: BudgetLimit,
    env: Context['env'],
  ) {
    this.machine = machineName(env);
    this.expiryMs = reservationExpiryMs(env);
    this.expiry = `${this.expiryMs} milliseconds`;
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
        said('errors.sharedBudget.none', { name: quoted(name), store: store.name }),
        t('errors.sharedBudget.none.hint', { name }),
      );
    if (credits !== undefined && credits !== limit.credits) {
      const total = said('notes.credits', { n: limit.credits });
      // The figures of a command line (--max-credits 50, budget set NAME 50) as they are typed.
      throw usageError(
        said('errors.sharedBudget.differs', {
          name: quoted(name),
          limit: limit.per === null ? total : said(`errors.sharedBudget.per.${limit.per}`, { credits: total }),
          credits: String(credits),
        }),
        t('errors.sharedBudget.differs.hint', { name, credits: String(credits) }),
      );
    }
    // Chunks of processes that died are counted as uncertain charges once expired.
    await store.query('SELECT social_expire($1)', [name]);
    return new SharedBudget(store, limit, env);
  }

  /**
   * Reserves a chunk: `want` credits, or less as the budget runs low, never less than `least`.
   * What it holds and its id, or undefined when not even `least` fits.
   */
  async take(want: number, least: number): Promise<{ id: number; held: number } | undefined> {
    const rows = await this.store.query<{ chunk: string; granted: string }>(
      'SELECT chunk, granted FROM social_take($1, $2, $3, $4, $5, $6, $7::interval)',
      [randomUUID(), this.limit.name, this.machine, process.pid, want, least, this.expiry],
    );
    const row = rows[0];
    return row === undefined ? undefined : { id: Number(row.chunk), held: Number(row.granted) };
  }

  /**
   * Settles what calls of each chunk cost since its last settlement, gives back what is released
   * (all a closed chunk holds), and moves each chunk's expiry on: what each holds after, and its
   * state ('expired' when it expired before this came).
   */
  async settle(settlements: readonly ChunkSettlement[]): Promise<ChunkState[]> {
    const column = <K extends keyof ChunkSettlement>(key: K) => settlements.map((s) => s[key]);
    const rows = await this.store.query<{ chunk: string; held: string; state: ChunkState['state'] }>(
      'SELECT chunk, held, state FROM social_settle_chunks($1, $2, $3, $4, $5, $6, $7, $8::interval)',
      [
        column('id'),
        column('seq'),
        column('calls'),
        column('charged'),
        column('uncertain'),
        column('release'),
        column('close'),
        this.expiry,
      ],
    );
    return rows.map((row) => ({ id: Number(row.chunk), held: Number(row.held), state: row.state }));
  }
}

/** What a batch of settlements says of one chunk (see SharedBudget.settle). */
export interface ChunkSettlement {
  id: number;
  /** One more than the chunk's last settlement: one applied already is not applied again. */
  seq: number;
  calls: number;
  charged: number;
  uncertain: number;
  release: number;
  close: boolean;
}

export interface ChunkState {
  id: number;
  held: number;
  state: 'open' | 'closed' | 'expired';
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
  /** Held by open chunks: calls under way, and what processes reserved and have not used yet. */
  reserved: number;
  /** Of `uncertain`, what chunks still held when they expired open (their process died). */
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
    `SELECT machine, sum(calls) AS calls, sum(charged) AS charged, sum(uncertain) AS uncertain,
       coalesce(sum(held) FILTER (WHERE state = 'open'), 0) AS reserved, sum(expired) AS expired
     FROM budget_chunks WHERE budget = $1 AND period = $2 GROUP BY machine ORDER BY machine`,
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
