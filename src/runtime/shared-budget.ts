// The run's side of a budget shared on the PostgreSQL store (--budget NAME). The run reserves a
// chunk of the budget at a time (a statement each way for many calls, not for each) and hands it
// out to its paid calls before each is sent (the client's refuse check waits for it); what they
// cost, as the client decided it, is settled in batches: at each beat while the run holds a
// chunk (which also keeps the chunk from expiring), as a chunk is taken, and as the run ends,
// when what it did not use is given back. Charge safety does not move: a call is sent only on
// credits the store holds for this run, so what every process possibly charged never passes the
// budget. A process killed leaves its chunks counted; they expire into uncertain charges.
//
// A call the budget cannot cover is held back, as --max-credits holds back a batch's inputs; one
// whose chunk cannot be taken (the store gone past its wait) is not sent either: nothing paid
// goes out that the budget does not hold.
import type { Charge } from '../domain/charges.js';
import { SocialError } from '../domain/errors.js';
import type { RequestSpec } from '../infra/client/call-types.js';
import type { ChunkSettlement, SharedBudget } from '../infra/postgres/pg-budgets.js';
import { said, t } from '../messages/use-errors.js';
import { NOT_SENT } from './budget.js';

/** The most a chunk asks for: what the first chunks ask for doubles from one call's price to it. */
const MAX_CHUNK_CREDITS = 256;
/** How often a run holding a chunk settles and moves its expiry on, at most. */
const BEAT_MS = 1000;

/** A chunk of the budget this run holds, and what its calls did with it. */
class Chunk {
  /** Calls sent on it, at the most each can cost, not settled yet. */
  underWay = 0;
  /** Settled here and not yet written: calls, charged, counted as charged. */
  calls = 0;
  charged = 0;
  uncertain = 0;
  /** Being written: still held until the store says it took it. */
  writing = 0;
  seq = 0;
  /** Expired on the store, or its settlement lost: no call is sent on it any more. */
  spent = false;

  constructor(
    readonly id: number,
    /** What the store holds for it, as of the last settlement it took. */
    public held: number,
  ) {}

  get free(): number {
    return this.spent ? 0 : this.held - this.underWay - this.charged - this.uncertain - this.writing;
  }
}

export class RunBudget {
  /** The chunks calls under way were sent on, by their request: settled first in, first out. */
  private readonly open = new Map<RequestSpec<unknown>, Chunk[]>();
  private readonly chunks: Chunk[] = [];
  /** The chunk new calls are sent on. */
  private current: Chunk | undefined;
  private want = 0;
  private taking: Promise<boolean> | undefined;
  /** Every statement of the run's budget, one after another. */
  private writing: Promise<void> = Promise.resolve();
  private beat: ReturnType<typeof setInterval> | undefined;
  private beating = false;
  /** Why reserving failed for good: every later call is refused at once with it. */
  private broken: SocialError | undefined;
  /** The store's failure that made the budget unenforceable, in its words; none while it holds. */
  unenforceable: string | undefined;
  /** Calls whose settlement the store did not take (their chunk expires as an uncertain charge). */
  unsettled = 0;

  constructor(private readonly budget: SharedBudget) {}

  get name(): string {
    return this.budget.limit.name;
  }

  /** Reserves the call's price: undefined to send it, or the error that keeps it from being sent. */
  async reserve(spec: RequestSpec<unknown>): Promise<SocialError | undefined> {
    if (spec.cost === 0) return undefined;
    const { name, credits } = this.budget.limit;
    if (spec.cost === null)
      return new SocialError('budget', said('errors.sharedBudget.unknownPrice', { name }), {
        code: NOT_SENT,
        suggestion: t('errors.sharedBudget.unknownPrice.hint'),
      });
    const cost = spec.cost;
    for (;;) {
      if (this.broken !== undefined) return this.broken;
      const chunk = this.current;
      if (chunk !== undefined && chunk.free >= cost) {
        chunk.underWay += cost;
        const chunks = this.open.get(spec);
        if (chunks === undefined) this.open.set(spec, [chunk]);
        else chunks.push(chunk);
        return undefined;
      }
      this.taking ??= this.take(cost).finally(() => {
        this.taking = undefined;
      });
      if (!(await this.taking) && !((this.current?.free ?? 0) >= cost))
        return new SocialError(
          'budget',
          said('errors.sharedBudget.heldBack', { name, n: credits, credits: String(credits) }),
          { code: NOT_SENT, suggestion: t('errors.sharedBudget.heldBack.hint', { name }) },
        );
    }
  }

  /** Takes a new chunk of at least `least` credits: false when the budget has no room for it. */
  private async take(least: number): Promise<boolean> {
    this.want = Math.min(Math.max(this.want * 2, least), Math.max(MAX_CHUNK_CREDITS, least));
    let taken: { id: number; held: number } | undefined;
    try {
      taken = await this.serial(() => this.budget.take(this.want, least));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.unenforceable = why;
      this.broken = new SocialError('budget', said('errors.sharedBudget.unenforceable', { name: this.name, why }), {
        code: NOT_SENT,
        suggestion: t('errors.sharedBudget.unenforceable.hint'),
      });
      return false;
    }
    if (taken === undefined) return false;
    this.current = new Chunk(taken.id, taken.held);
    this.chunks.push(this.current);
    this.beat ??= setInterval(
      () => {
        // A beat while the one before still waits for the store is skipped, not queued behind it.
        if (this.beating) return;
        this.beating = true;
        void this.settle(false).finally(() => {
          this.beating = false;
        });
      },
      Math.min(BEAT_MS, this.budget.expiryMs / 3),
    );
    this.beat.unref?.();
    return true;
  }

  /** Settles the call's reservation from its charge (charged, free, or uncertain counted as charged). */
  settled(spec: RequestSpec<unknown>, charge: Charge): void {
    const chunks = this.open.get(spec);
    const chunk = chunks?.shift();
    if (chunk === undefined) return;
    if (chunks?.length === 0) this.open.delete(spec);
    chunk.underWay -= spec.cost ?? 0;
    chunk.calls += 1;
    if (charge.uncertain) chunk.uncertain += charge.credits;
    else chunk.charged += charge.credits;
  }

  /**
   * Writes what each chunk's calls cost since the last time, and moves their expiry on; a chunk
   * no new call goes to is closed once its calls are settled, giving back what it did not use.
   * At the end (`ending`), what no call under way holds is given back.
   */
  private settle(ending: boolean): Promise<void> {
    return this.serial(async () => {
      const batch: Array<{ chunk: Chunk; sent: ChunkSettlement; written: number }> = [];
      for (const chunk of this.chunks) {
        if (chunk.spent) {
          // Its settlements would not be taken: counted as unsettled, it stays counted as uncertain.
          this.unsettled += chunk.calls;
          chunk.calls = chunk.charged = chunk.uncertain = 0;
          continue;
        }
        const retired = ending || chunk !== this.current;
        const close = retired && chunk.underWay === 0;
        const release = ending ? Math.max(0, chunk.free) : 0;
        const written = chunk.charged + chunk.uncertain;
        chunk.seq += 1;
        batch.push({
          chunk,
          written,
          sent: {
            id: chunk.id,
            seq: chunk.seq,
            calls: chunk.calls,
            charged: chunk.charged,
            uncertain: chunk.uncertain,
            release,
            close,
          },
        });
        chunk.writing = written + release;
        chunk.calls = chunk.charged = chunk.uncertain = 0;
      }
      if (batch.length === 0) return;
      try {
        const states = new Map((await this.budget.settle(batch.map((b) => b.sent))).map((s) => [s.id, s]));
        for (const { chunk, sent } of batch) {
          const state = states.get(chunk.id);
          chunk.writing = 0;
          chunk.held = state?.held ?? 0;
          if (state?.state !== 'open') this.drop(chunk, state?.state === 'expired' && !sent.close);
        }
      } catch {
        // Not taken (the store gone past its wait): those chunks stay counted on the store, and
        // expire into uncertain charges; no call is sent on them any more.
        for (const { chunk, sent } of batch) {
          this.unsettled += sent.calls;
          chunk.writing = 0;
          chunk.spent = true;
        }
      }
    });
  }

  /** A chunk closed (forgotten), or expired (kept, to settle what its calls under way cost). */
  private drop(chunk: Chunk, expired: boolean): void {
    if (this.current === chunk) this.current = undefined;
    if (expired && chunk.underWay > 0) {
      chunk.held = 0;
      return;
    }
    const at = this.chunks.indexOf(chunk);
    if (at !== -1) this.chunks.splice(at, 1);
  }

  /** Runs `work` after every statement before it. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writing.then(work);
    this.writing = result.then(
      () => {},
      () => {},
    );
    return result;
  }

  /** Settles what is left and gives back what no call holds (or gives up after the store's wait). */
  async close(): Promise<void> {
    if (this.beat !== undefined) clearInterval(this.beat);
    await this.taking;
    if (this.chunks.length > 0) await this.settle(true);
    await this.writing;
  }
}
