// --max-credits: the most a run may spend. Every paid command takes it. One call whose price is
// above it is refused before it is sent; a batch reserves each call's price and holds back the
// inputs the budget cannot cover, each a record of its own (kind budget, code not_sent).
import { credits } from '../domain/archive/notes.js';
import { SocialError } from '../domain/errors.js';

/** The code of a call or an input that --max-credits kept from being sent. */
export const NOT_SENT = 'not_sent';

/** Why one call is not sent under the budget, or undefined when its price fits. */
export function budgetRefusal(cost: number | null, budget: number | undefined): SocialError | undefined {
  if (budget === undefined || (cost !== null && cost <= budget)) return undefined;
  if (cost === null) {
    return new SocialError(
      'budget',
      `the price of this route is not known to social, so it cannot be held to the --max-credits budget of ${budget}: nothing sent`,
      { code: NOT_SENT, suggestion: 'Run it without --max-credits to send it.' },
    );
  }
  return new SocialError(
    'budget',
    `this call can cost ${credits(cost)} > budget ${budget} (--max-credits): nothing sent`,
    {
      code: NOT_SENT,
      suggestion: `Give --max-credits ${cost} or more to send it.`,
    },
  );
}

/** The error of a batch input held back by the budget. */
export function heldBack(budget: number, shared?: string): SocialError {
  const which = shared === undefined ? `the --max-credits budget of ${budget}` : `the shared budget ${shared}`;
  return new SocialError('budget', `not sent: held back by ${which}`, { code: NOT_SENT });
}

/** Whether an input's error says a budget (this run's or a shared one) kept it from being sent. */
export function isHeldBack(error: SocialError): boolean {
  return error.kind === 'budget' && error.details.code === NOT_SENT;
}
