// The run's side of a budget shared on the PostgreSQL store (--budget NAME): each paid call's
// price reserved before it is sent (the client's refuse check waits for it), and settled from the
// call's charge as the client decided it. A call the budget cannot cover is held back, as
// --max-credits holds back a batch's inputs; one whose reservation cannot be made (the store gone
// past its wait) is not sent either: nothing paid goes out that the budget does not hold.
import type { Charge } from '../domain/charges.js';
import { SocialError } from '../domain/errors.js';
import type { RequestSpec } from '../infra/client/call-types.js';
import type { SharedBudget } from '../infra/postgres/pg-budgets.js';
import { NOT_SENT } from './budget.js';

export class RunBudget {
  /** Reservations of calls under way, by their request: settled first in, first out. */
  private readonly open = new Map<RequestSpec<unknown>, number[]>();
  private readonly settling = new Set<Promise<void>>();
  /** Why reserving failed for good: every later call is refused at once with it. */
  private broken: SocialError | undefined;
  /** Settlements the store did not take (the reservation then expires as an uncertain charge). */
  unsettled = 0;

  constructor(private readonly budget: SharedBudget) {}

  get name(): string {
    return this.budget.limit.name;
  }

  /** Reserves the call's price: undefined to send it, or the error that keeps it from being sent. */
  async reserve(spec: RequestSpec<unknown>): Promise<SocialError | undefined> {
    if (spec.cost === 0) return undefined;
    if (this.broken !== undefined) return this.broken;
    const { name, credits } = this.budget.limit;
    if (spec.cost === null)
      return new SocialError(
        'budget',
        `the price of this route is not known to social, so it cannot be held to the shared budget ${name}: nothing sent`,
        { code: NOT_SENT, suggestion: 'Run it without --budget to send it.' },
      );
    let id: number | undefined;
    try {
      id = await this.budget.reserve(spec.path, spec.cost);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.broken = new SocialError('budget', `not sent: the shared budget ${name} cannot be enforced: ${why}`, {
        code: NOT_SENT,
        suggestion: 'Nothing more is sent by this run; run it again (with --skip for a batch) once the store is back.',
      });
      return this.broken;
    }
    if (id === undefined)
      return new SocialError('budget', `not sent: held back by the shared budget ${name} of ${credits} credits`, {
        code: NOT_SENT,
        suggestion: `See what is spent with social budget show ${name}.`,
      });
    const ids = this.open.get(spec);
    if (ids === undefined) this.open.set(spec, [id]);
    else ids.push(id);
    return undefined;
  }

  /** Settles the call's reservation from its charge (charged, free, or uncertain counted as charged). */
  settled(spec: RequestSpec<unknown>, charge: Charge): void {
    const ids = this.open.get(spec);
    const id = ids?.shift();
    if (id === undefined) return;
    if (ids?.length === 0) this.open.delete(spec);
    const state = charge.uncertain ? 'uncertain' : charge.credits > 0 ? 'charged' : 'free';
    const settling = this.budget.settle(id, charge.credits, state).catch(() => {
      this.unsettled += 1;
    });
    this.settling.add(settling);
    void settling.then(() => this.settling.delete(settling));
  }

  /** Waits for every settlement to be written (or given up after the store's wait). */
  async close(): Promise<void> {
    while (this.settling.size > 0) await Promise.all([...this.settling]);
  }
}
