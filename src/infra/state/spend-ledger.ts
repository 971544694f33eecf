// What this machine spent: one JSON line per charged or chargeable call in the config dir, and
// the last full credit breakdown an envelope carried. Writes are buffered and flushed when the
// session closes (and every so often in long batches), so a batch pays no file write per call.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SpendRecord {
  /** When the answer came, ISO 8601. */
  at: string;
  command: string;
  path: string;
  credits: number;
  cached: boolean;
}

export interface CreditBreakdown {
  seen_at: string;
  credits_remaining: number | null;
  credits_purchased_remaining: number | null;
  free_credits_remaining: number | null;
  free_credits_total: number | null;
  free_credits_reset_at: string | null;
}

// Records are written when the session closes, and every so many in a long batch: few enough that
// they are gone before a young-generation GC would move them to the old one (a batch's memory
// otherwise grows with its input: 256 records promoted ~20 KB a scavenge, 64 almost none).
const APPEND_EVERY = 64;

export class SpendLedger {
  private pending: string[] = [];
  private dirMade = false;
  private lastBody: { at: string; record: Record<string, unknown> } | undefined;

  constructor(private readonly dir: string) {}

  static spendPath(dir: string): string {
    return join(dir, 'spend.jsonl');
  }

  static breakdownPath(dir: string): string {
    return join(dir, 'last-credits.json');
  }

  /** Records what a successful response says it cost, and its credit breakdown if it has one. */
  observe(command: string, path: string, body: unknown, now: Date): void {
    if (body === null || typeof body !== 'object') return;
    const record = body as Record<string, unknown>;
    const credits =
      typeof record.credits_used === 'number'
        ? record.credits_used
        : typeof record.credits_charged === 'number'
          ? record.credits_charged
          : undefined;
    if (credits === undefined) return;
    const entry: SpendRecord = { at: now.toISOString(), command, path, credits, cached: record.cached === true };
    this.pending.push(JSON.stringify(entry));
    // Only the newest breakdown is kept, and it is built when written.
    if ('credits_remaining' in record) this.lastBody = { at: entry.at, record };
    if (this.pending.length >= APPEND_EVERY) this.appendPending();
  }

  /** Writes what is pending: the records, and the newest breakdown (which only the end needs). */
  flush(): void {
    this.appendPending();
    if (this.lastBody !== undefined) {
      this.makeDir();
      writeFileSync(
        SpendLedger.breakdownPath(this.dir),
        JSON.stringify(breakdownOf(this.lastBody.at, this.lastBody.record)),
        { mode: 0o600 },
      );
      this.lastBody = undefined;
    }
  }

  private appendPending(): void {
    if (this.pending.length === 0) return;
    this.makeDir();
    appendFileSync(SpendLedger.spendPath(this.dir), `${this.pending.join('\n')}\n`, { mode: 0o600 });
    this.pending = [];
  }

  private makeDir(): void {
    if (this.dirMade) return;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.dirMade = true;
  }
}

function breakdownOf(seenAt: string, record: Record<string, unknown>): CreditBreakdown {
  const number = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    seen_at: seenAt,
    credits_remaining: number(record.credits_remaining),
    credits_purchased_remaining: number(record.credits_purchased_remaining),
    free_credits_remaining: number(record.free_credits_remaining),
    free_credits_total: number(record.free_credits_total),
    free_credits_reset_at: typeof record.free_credits_reset_at === 'string' ? record.free_credits_reset_at : null,
  };
}

/** Every record of the spend file; lines that do not parse are skipped, not fatal. */
export function readSpend(dir: string): SpendRecord[] {
  let text: string;
  try {
    text = readFileSync(SpendLedger.spendPath(dir), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    try {
      return line.trim() === '' ? [] : [JSON.parse(line) as SpendRecord];
    } catch {
      return [];
    }
  });
}

export function readBreakdown(dir: string): CreditBreakdown | undefined {
  try {
    return JSON.parse(readFileSync(SpendLedger.breakdownPath(dir), 'utf8')) as CreditBreakdown;
  } catch {
    return undefined;
  }
}
