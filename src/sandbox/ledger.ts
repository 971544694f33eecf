// The sandbox's credit ledger: one account per key, a monthly free allowance spent before
// purchased credits, an optional monthly spending ceiling, and the monthly request quota of the
// trends route. Month counters reset lazily at 00:00 UTC on the 1st, by the sandbox's clock.

import { credits } from '../domain/archive/notes.js';
import { DEMO_KEYS } from '../domain/demo-keys.js';

export interface KeyAccount {
  key: string;
  active: boolean;
  /** Monthly free allowance. */
  freeTotal: number;
  /** Bought credits; they never expire. */
  purchased: number;
  /** Monthly spending ceiling, or null for none. */
  cap: number | null;
  /** Monthly request quota of the trends route. */
  trendsQuota: number;
  /** The month ("YYYY-MM", UTC) the counters below belong to. */
  month: string;
  freeUsed: number;
  spentThisMonth: number;
  trendsUsed: number;
}

const DEFAULT_TRENDS_QUOTA = 1000;

function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** 00:00 UTC on the 1st of the month after `date`: when the free allowance and quota come back. */
export function nextMonthStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

export type CreditCheck =
  | { ok: true }
  | { ok: false; code: 'sem_creditos'; credits_balance: number; needed: number }
  | { ok: false; code: 'teto_estourado'; spent_this_month: number; cap: number };

export interface Payment {
  /** The wallet that paid (for a split charge, the one that paid the larger part). */
  paidFrom: 'free' | 'balance';
  fromFree: number;
  fromPurchased: number;
}

export interface CreditSnapshot {
  credits_remaining: number;
  credits_purchased_remaining: number;
  free_credits_remaining: number;
  free_credits_total: number;
  free_credits_reset_at: string;
}

/** How many charges the ledger remembers by request id (the oldest are forgotten first). */
const CHARGE_LOG_SIZE = 10_000;

export class Ledger {
  private readonly accounts = new Map<string, KeyAccount>();
  /**
   * The credits charged, by request id, most recent last: what tests compare a client's own
   * account with (one charge per request id, none for a request the client says was not sent).
   */
  readonly chargesByRequest = new Map<string, number>();

  constructor(
    private readonly now: () => Date,
    saved?: KeyAccount[],
  ) {
    const month = monthOf(now());
    for (const demo of DEMO_KEYS) {
      this.accounts.set(demo.key, {
        key: demo.key,
        active: demo.active ?? true,
        freeTotal: demo.freeTotal,
        purchased: demo.purchased,
        cap: demo.cap ?? null,
        trendsQuota: demo.trendsQuota ?? DEFAULT_TRENDS_QUOTA,
        month,
        freeUsed: demo.usedThisMonth?.free ?? 0,
        spentThisMonth: demo.usedThisMonth?.spent ?? 0,
        trendsUsed: demo.usedThisMonth?.trends ?? 0,
      });
    }
    for (const account of saved ?? []) this.accounts.set(account.key, { ...account });
  }

  /** The account of an active key, with its month counters brought up to date; undefined otherwise. */
  activeAccount(key: string | undefined): KeyAccount | undefined {
    const account = key === undefined ? undefined : this.accounts.get(key);
    if (account === undefined || !account.active) return undefined;
    this.rollMonth(account);
    return account;
  }

  /** Whether `cost` credits may be spent now: the ceiling first (a key policy), then the wallets. */
  check(account: KeyAccount, cost: number): CreditCheck {
    if (account.cap !== null && account.spentThisMonth + cost > account.cap) {
      return { ok: false, code: 'teto_estourado', spent_this_month: account.spentThisMonth, cap: account.cap };
    }
    const balance = this.balance(account);
    if (balance < cost) return { ok: false, code: 'sem_creditos', credits_balance: balance, needed: cost };
    return { ok: true };
  }

  /**
   * Why the ceiling refused a call of `cost` credits: reached, or not yet reached but this call
   * would pass it (spent 9 of 10, and movers costs 10).
   */
  static ceilingMessage(check: { spent_this_month: number; cap: number }, cost: number): string {
    const { spent_this_month: spent, cap } = check;
    if (spent >= cap) return `The monthly spending ceiling of this key (${cap}) is reached.`;
    return `This call (${credits(cost)}) would pass the monthly spending ceiling of this key: ${spent} of ${cap} spent.`;
  }

  /** Spends `cost` credits, free allowance first. Call only after `check` said ok. */
  charge(account: KeyAccount, cost: number, requestId: string): Payment {
    this.chargesByRequest.set(requestId, (this.chargesByRequest.get(requestId) ?? 0) + cost);
    if (this.chargesByRequest.size > CHARGE_LOG_SIZE) {
      this.chargesByRequest.delete(this.chargesByRequest.keys().next().value as string);
    }
    const fromFree = Math.min(cost, account.freeTotal - account.freeUsed);
    const fromPurchased = cost - fromFree;
    account.freeUsed += fromFree;
    account.purchased -= fromPurchased;
    account.spentThisMonth += cost;
    return { paidFrom: fromFree >= fromPurchased ? 'free' : 'balance', fromFree, fromPurchased };
  }

  balance(account: KeyAccount): number {
    return account.freeTotal - account.freeUsed + account.purchased;
  }

  snapshot(account: KeyAccount): CreditSnapshot {
    return {
      credits_remaining: this.balance(account),
      credits_purchased_remaining: account.purchased,
      free_credits_remaining: account.freeTotal - account.freeUsed,
      free_credits_total: account.freeTotal,
      free_credits_reset_at: nextMonthStart(this.now()).toISOString(),
    };
  }

  /** The trends quota as the rate-limit headers report it. */
  trendsQuota(account: KeyAccount): { limit: number; remaining: number; renewsAt: string } {
    return {
      limit: account.trendsQuota,
      remaining: Math.max(0, account.trendsQuota - account.trendsUsed),
      renewsAt: nextMonthStart(this.now()).toISOString().slice(0, 10),
    };
  }

  countTrendsRequest(account: KeyAccount): void {
    account.trendsUsed += 1;
  }

  toJSON(): KeyAccount[] {
    return [...this.accounts.values()].map((account) => ({ ...account }));
  }

  private rollMonth(account: KeyAccount): void {
    const month = monthOf(this.now());
    if (account.month === month) return;
    account.month = month;
    account.freeUsed = 0;
    account.spentThisMonth = 0;
    account.trendsUsed = 0;
  }
}
