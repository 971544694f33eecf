// The one-line credit notes of the archive routes, shared by their commands and by `social api`,
// which prints the note of the answer's shape (the envelope's is in social-shared.ts).
import { credits, headerNumber, thousands } from '../../domain/archive/notes.js';
import type { AnswerCharge } from '../../domain/charges.js';
import { figureText } from '../../domain/charges.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import { storedAt, storedNote } from '../../domain/stored.js';
import type { ApiResult } from '../../infra/client/call-types.js';

/**
 * What was charged, from which wallet, and what is left, in one line at 80 columns: "1 credit
 * used, free 1/100 · balance 5,000 · 999/1,000 trends calls left" (the free count says which
 * wallet paid: it moves while the allowance lasts).
 */
export function trendsCreditNote(answer: Pick<ApiResult<TrendsBody>, 'body' | 'headers'>, charged: number): string {
  const body = answer.body;
  const stored = storedAt(body);
  if (stored !== undefined) return storedNote(stored);
  const parts = [
    `${credits(charged)} used, free ${thousands(body.free_used)}/${thousands(body.free_total)}`,
    `balance ${thousands(body.credits_balance)}`,
  ];
  const limit = headerNumber(answer.headers, 'x-ratelimit-limit');
  const remaining = headerNumber(answer.headers, 'x-ratelimit-remaining');
  if (limit !== undefined && remaining !== undefined)
    parts.push(`${thousands(remaining)}/${thousands(limit)} trends calls left`);
  return parts.join(' · ');
}

/** What movers charged (nothing when no movement was found), and what is left. */
export function moversCreditNote(body: MoversBody, charged: number): string {
  const stored = storedAt(body);
  if (stored !== undefined) return storedNote(stored);
  const balance = `balance ${thousands(body.credits_balance)}`;
  if (charged === 0) return `nothing charged (no movement to report) · ${balance}`;
  return `${credits(charged)} charged · ${balance}`;
}

/**
 * Why a call is counted at other than the figure its answer states (the client's charge), when it is:
 * a warning, said once, beside the note that counts it. `price`: the route's, null when not known.
 */
export function chargeWarnings(charge: AnswerCharge, price: number | null): string[] {
  const { figure } = charge;
  switch (charge.reading) {
    case 'belowPrice':
      return [
        `the answer said cached false but stated ${credits(figure as number)} used, below the route's price (${price}): counted at the price`,
      ];
    case 'cachedCharged':
      return [
        `the answer said cached true (nothing charged) but stated ${credits(figure as number)} used: counted as charged`,
      ];
    case 'notCount':
      return [
        `the answer stated ${charge.field} as ${figureText(figure)}, not a count of credits: counted as ${credits(charge.credits)}, as a call that may have been charged`,
      ];
    default:
      return [];
  }
}
