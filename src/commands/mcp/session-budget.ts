// The session's budget (--max-credits of `social mcp`): what every tool call of the server may
// spend together. A call's request reserves the most it can cost before it is sent, and is
// settled from what the client decided it cost (its charge record): under any number of calls at
// once the budget is never passed. Each tool call has a meter of its own, for its result's _meta.
import { SocialError } from '../../domain/errors.js';
import type { CallRecord, RequestSpec } from '../../infra/client/call-types.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';
import type { SessionCredits } from '../../runtime/budget.js';

export class SessionBudget implements SessionCredits {
  /** Credits counted as charged this session (an uncertain charge at the most it may have cost). */
  spent = 0;
  /** Credits reserved by requests under way. */
  reserved = 0;

  constructor(readonly max: number | undefined) {}

  /** What is left to reserve; undefined without a budget. */
  left(): number | undefined {
    return this.max === undefined ? undefined : Math.max(0, this.max - this.spent - this.reserved);
  }

  /** Why a request costing `cost` would not be sent now, or undefined: what a dry run says of it. */
  refusal(cost: number | null): SocialError | undefined {
    const left = this.left();
    if (left === undefined || (cost !== null && cost <= left)) return undefined;
    const credits = (n: number) => said('notes.credits', { n });
    return new SocialError(
      'budget',
      said(this.reserved === 0 ? 'errors.mcp.overBudget' : 'errors.mcp.overBudgetHeld', {
        price: cost === null ? said('errors.mcp.priceUnknown') : credits(cost),
        max: String(this.max),
        left: credits(left),
        spent: credits(this.spent),
        held: credits(this.reserved),
      }),
      { code: 'not_sent', suggestion: t('errors.mcp.overBudget.hint') },
    );
  }

  /** Reserves `cost` for a request, or says why it is not sent. */
  reserve(cost: number | null): SocialError | undefined {
    const refusal = this.refusal(cost);
    if (refusal === undefined) this.reserved += cost ?? 0;
    return refusal;
  }

  /** A reserved request ended: its reservation released, its charge counted. */
  settle(reservedCost: number, charged: number): void {
    this.reserved -= reservedCost;
    this.spent += charged;
  }
}

/** What one tool call's requests cost, for its result's _meta. */
export interface CallCharge {
  credits_charged: number;
  /** Some request may have been charged without the service saying so (counted at its price). */
  uncertain: boolean;
  /** Credits left on the key, as the last answer said; null when none said. */
  credits_remaining: number | null;
  request_id: string | null;
  /** Requests sent that may be charged (a free tool's: its own). */
  requests: number;
}

/** One tool call's view of the session budget: reserves and settles its requests, and sums them. */
export class CallMeter {
  readonly charge: CallCharge = {
    credits_charged: 0,
    uncertain: false,
    credits_remaining: null,
    request_id: null,
    requests: 0,
  };
  /** Reserved and not settled yet: released when the call ends (a request that was never sent). */
  #open = 0;

  constructor(
    private readonly budget: SessionBudget,
    /** What the ledger and the store record the call's requests under: `mcp <tool>`. */
    readonly command: string,
    /**
     * A paid tool's: its free look-ups on the way (movers' and trends' coverage of their niche) are
     * not among its requests, as the ledger does not record them; a call refused after one (by the
     * budget, --confirm-above, the niche it names) sent nothing it could be charged for.
     */
    private readonly paidOnly: boolean,
  ) {}

  refuse = (spec: RequestSpec<unknown>): SocialError | undefined => {
    const refusal = this.budget.reserve(spec.cost);
    if (refusal === undefined) this.#open += spec.cost ?? 0;
    return refusal;
  };

  hear = (record: CallRecord): void => {
    const reserved = Math.min(this.#open, record.spec.cost ?? 0);
    this.#open -= reserved;
    this.budget.settle(reserved, record.charge.credits);
    if (this.paidOnly && record.spec.cost === 0 && record.charge.credits === 0 && !record.charge.uncertain) return;
    const charge = this.charge;
    charge.requests += 1;
    charge.credits_charged += record.charge.credits;
    charge.uncertain ||= record.charge.uncertain;
    charge.request_id = record.requestId ?? charge.request_id;
    const remaining = remainingOf(record.body);
    if (remaining !== undefined) charge.credits_remaining = remaining;
  };

  /** The call ended: what it reserved and never sent is released. */
  end(): void {
    this.budget.settle(this.#open, 0);
    this.#open = 0;
  }
}

/** The credits left on the key, as an answer states them (envelopes and the archive's answers). */
function remainingOf(body: unknown): number | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as { credits_remaining?: unknown; credits_balance?: unknown };
  const figure = record.credits_remaining ?? record.credits_balance;
  return typeof figure === 'number' && Number.isInteger(figure) ? figure : undefined;
}
