// The spend ledger of every machine, on the PostgreSQL store: what each call a machine made with a
// key cost, beside the local ledger (infra/state/spend-ledger.ts) that keeps this machine's own.
// Rows are written a batch at a time (one INSERT of many rows), so a batch of thousands of calls
// costs the store a few statements, not one a call; each row carries a token of its own, so a
// batch sent again after a lost connection is written once.
import { randomUUID } from 'node:crypto';
import type { SpendWindows } from '../../domain/burn-rate.js';
import type { PostgresStore } from './pg-store.js';

/** Rows held before they are written: a batch's worth, flushed at once past it and at the end. */
const FLUSH_ROWS = 200;

export interface SharedSpend {
  at: Date;
  command: string;
  route: string;
  /** Charged; for an uncertain call, the most it can have cost. */
  credits: number;
  cached: boolean;
  uncertain: boolean;
  reason?: string;
}

export interface LedgerOwner {
  service: string;
  /** keyFingerprint(key), never the key; null for keyless calls. */
  key: string | null;
  machine: string;
}

export class SharedLedger {
  private readonly run = randomUUID();
  private sequence = 0;
  private held: SharedSpend[] = [];
  private writing: Promise<void> = Promise.resolve();
  /** Rows the store did not take (said once, at the end of the run). */
  lost = 0;

  constructor(
    private readonly store: PostgresStore,
    private readonly owner: LedgerOwner,
  ) {}

  add(spend: SharedSpend): void {
    this.held.push(spend);
    if (this.held.length >= FLUSH_ROWS) this.flush();
  }

  /** Writes what is held, after what is being written. */
  private flush(): void {
    if (this.held.length === 0) return;
    const rows = this.held;
    this.held = [];
    const first = this.sequence;
    this.sequence += rows.length;
    this.writing = this.writing.then(() => this.write(rows, first));
  }

  private async write(rows: readonly SharedSpend[], first: number): Promise<void> {
    const { service, key, machine } = this.owner;
    try {
      await this.store.query(
        `INSERT INTO spend (token, at, machine, service, key_fingerprint, command, route, credits, cached, uncertain, reason)
         SELECT $1 || ':' || (n + $2), at, $3, $4, $5, command, route, credits, cached, uncertain, reason
         FROM unnest($6::timestamptz[], $7::text[], $8::text[], $9::integer[], $10::boolean[], $11::boolean[], $12::text[])
           WITH ORDINALITY AS r (at, command, route, credits, cached, uncertain, reason, n)
         ON CONFLICT (token) DO NOTHING`,
        [
          this.run,
          first,
          machine,
          service,
          key,
          rows.map((row) => row.at),
          rows.map((row) => row.command),
          rows.map((row) => row.route),
          rows.map((row) => row.credits),
          rows.map((row) => row.cached),
          rows.map((row) => row.uncertain),
          rows.map((row) => row.reason ?? null),
        ],
      );
    } catch {
      this.lost += rows.length;
    }
  }

  /** Writes everything held; resolves when the store took it (or gave up after its wait). */
  async close(): Promise<void> {
    this.flush();
    await this.writing;
  }
}

export interface MachineDaySpend {
  day: string;
  machine: string;
  calls: number;
  cached: number;
  credits: number;
  uncertain: number;
}

/** A key's spend on a service since `since`, from every machine: by UTC day and machine, newest first. */
export async function spendByMachine(
  store: PostgresStore,
  service: string,
  key: string | null,
  since: Date,
): Promise<MachineDaySpend[]> {
  const rows = await store.query<Record<'day' | 'machine' | 'calls' | 'cached' | 'credits' | 'uncertain', string>>(
    `SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, machine, count(*) AS calls,
       count(*) FILTER (WHERE cached) AS cached, coalesce(sum(credits), 0) AS credits,
       count(*) FILTER (WHERE uncertain) AS uncertain
     FROM spend WHERE service = $1 AND key_fingerprint IS NOT DISTINCT FROM $2 AND at >= $3
     GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    [service, key, since],
  );
  return rows.map((row) => ({
    day: row.day,
    machine: row.machine,
    calls: Number(row.calls),
    cached: Number(row.cached),
    credits: Number(row.credits),
    uncertain: Number(row.uncertain),
  }));
}

/**
 * A key's spend on a service from every machine, summed for the burn rate as of `now`: its first
 * entry up to now, and what was spent in each window of `days`, (now - days, now].
 */
export async function spendWindows(
  store: PostgresStore,
  service: string,
  key: string | null,
  now: Date,
  days: readonly number[],
): Promise<SpendWindows> {
  const mine = 'service = $1 AND key_fingerprint IS NOT DISTINCT FROM $2 AND at <= $3';
  const rows = await store.query<{ first: Date | null; spent: string[] }>(
    `SELECT (SELECT min(at) FROM spend WHERE ${mine}) AS first,
       array(SELECT (SELECT coalesce(sum(credits), 0) FROM spend
                     WHERE ${mine} AND credits > 0 AND at > $3::timestamptz - w.d * interval '1 day')
             FROM unnest($4::integer[]) WITH ORDINALITY AS w (d, n) ORDER BY w.n) AS spent`,
    [service, key, now, days],
  );
  const row = rows[0];
  return {
    first: row?.first === null || row?.first === undefined ? undefined : new Date(row.first),
    spent: days.map((_, i) => Number(row?.spent[i] ?? 0)),
  };
}
