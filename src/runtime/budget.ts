// --max-credits: the most a run may spend. Every paid command takes it. One call whose price is
// above it is refused before it is sent; a batch reserves each call's price and holds back the
// inputs the budget cannot cover, each a record of its own (kind budget, code not_sent).
import { SocialError } from '../domain/errors.js';
import { said, t } from '../messages/use-errors.js';
import '../messages/use-notes.js';

/**
 * The budget of a session kept open for many runs (`social mcp`'s --max-credits): its own refusal
 * holds all their calls to it together, and none has a --max-credits of its own.
 */
export interface SessionCredits {
  /** The budget as given (what a batch it stops names); undefined: none. */
  readonly max: number | undefined;
  /** What it has left now, spent and reserved taken off (what a run may spend); undefined: no budget. */
  left(): number | undefined;
}

/**
 * The most a run may spend: its --max-credits, or what its session's budget has left now. A dry
 * run caps its plan at it, as the run's requests would be refused past it.
 */
export function spendable(maxCredits: number | undefined, session: SessionCredits | undefined): number | undefined {
  return maxCredits ?? session?.left();
}

/** The code of a call or an input that --max-credits kept from being sent. */
export const NOT_SENT = 'not_sent';

/** Why one call is not sent under the budget, or undefined when its price fits. */
export function budgetRefusal(cost: number | null, budget: number | undefined): SocialError | undefined {
  if (budget === undefined || (cost !== null && cost <= budget)) return undefined;
  if (cost === null) {
    return new SocialError('budget', said('errors.budget.unknownPrice', { budget: String(budget) }), {
      code: NOT_SENT,
      suggestion: t('errors.budget.unknownPrice.hint'),
    });
  }
  return new SocialError(
    'budget',
    said('errors.budget.over', { credits: said('notes.credits', { n: cost }), budget: String(budget) }),
    { code: NOT_SENT, suggestion: t('errors.budget.over.hint', { cost: String(cost) }) },
  );
}

/** The error of a batch input held back by the budget. */
export function heldBack(budget: number, shared?: string): SocialError {
  const message =
    shared === undefined
      ? said('errors.budget.heldBack', { budget: String(budget) })
      : said('errors.budget.heldBackShared', { name: shared });
  return new SocialError('budget', message, { code: NOT_SENT });
}

/** Whether an input's error says a budget (this run's or a shared one) kept it from being sent. */
export function isHeldBack(error: SocialError): boolean {
  return error.kind === 'budget' && error.details.code === NOT_SENT;
}
