// The one-line credit notes of the archive routes, shared by their commands and by `social api`,
// which prints the note of the answer's shape (the envelope's is in social-shared.ts).
import { credits, headerNumber } from '../../domain/archive/notes.js';
import type { AnswerCharge } from '../../domain/charges.js';
import { figureText } from '../../domain/charges.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import { storedAt } from '../../domain/stored.js';
import type { ApiResult } from '../../infra/client/call-types.js';
import { sayText } from '../../messages/catalogue.js';
import { t } from '../../messages/use-notes.js';

/**
 * The credit notes of an answer: `note()`, or none for an answer taken from the local store, which
 * charged nothing and which the run's line on the store's answers tells (src/runtime/local-store.ts).
 */
export function creditNotes(body: unknown, note: () => string): string[] {
  return storedAt(body) === undefined ? [note()] : [];
}

/**
 * What was charged, from which wallet, and what is left, in one line at 80 columns: "1 credit
 * used, free 1/100 · balance 5,000 · 999/1,000 trends calls left" (the free count says which
 * wallet paid: it moves while the allowance lasts).
 */
export function trendsCreditNote(answer: Pick<ApiResult<TrendsBody>, 'body' | 'headers'>, charged: number): string {
  const body = answer.body;
  const parts = [
    t('notes.trends.used', { n: charged, freeUsed: body.free_used, freeTotal: body.free_total }),
    t('notes.balance', { balance: body.credits_balance }),
  ];
  const limit = headerNumber(answer.headers, 'x-ratelimit-limit');
  const remaining = headerNumber(answer.headers, 'x-ratelimit-remaining');
  if (limit !== undefined && remaining !== undefined) parts.push(t('notes.trends.calls', { remaining, limit }));
  return parts.join(' · ');
}

/** What movers charged (nothing when no movement was found), and what is left. */
export function moversCreditNote(body: MoversBody, charged: number): string {
  if (charged === 0) return t('notes.movers.nothing', { balance: body.credits_balance });
  return t('notes.movers.charged', { n: charged, balance: body.credits_balance });
}

/**
 * Why a call is counted at other than the figure its answer states (the client's charge), when it is:
 * a warning, said once, beside the note that counts it. `price`: the route's, null when not known.
 */
export function chargeWarnings(charge: AnswerCharge, price: number | null): string[] {
  const { figure } = charge;
  switch (charge.reading) {
    case 'belowPrice':
      return [t('notes.charge.belowPrice', { credits: credits(figure as number), price: String(price) })];
    case 'cachedCharged':
      return [t('notes.charge.cachedCharged', { credits: credits(figure as number) })];
    case 'notCount':
      return [
        t('notes.charge.notCount', {
          field: String(charge.field),
          figure: sayText(figureText(figure)),
          credits: credits(charge.credits),
        }),
      ];
    default:
      return [];
  }
}
