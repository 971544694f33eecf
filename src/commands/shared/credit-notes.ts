// The one-line credit notes: an envelope's (the social commands'), and the archive routes', shared
// by their commands and by `social api`, which prints the note of the answer's shape. None for an
// answer taken from the local store, whichever note it is (noted, below).
import { credits, headerNumber } from '../../domain/archive/notes.js';
import type { AnswerCharge } from '../../domain/charges.js';
import { figureText } from '../../domain/charges.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import { storedAt } from '../../domain/stored.js';
import type { ApiResult } from '../../infra/client/call-types.js';
import { sayText } from '../../messages/catalogue.js';
import { t } from '../../messages/use-notes.js';
import type { Outcome } from '../../runtime/runner.js';

/**
 * The credit notes of an answer: `note()`, or none for an answer taken from the local store, which
 * charged nothing and which the run's line on the store's answers tells (src/runtime/local-store.ts).
 * Every note of this module is made through it.
 */
function noted(body: unknown, note: () => string): string[] {
  return storedAt(body) === undefined ? [note()] : [];
}

interface EnvelopeCredits {
  credits_used?: unknown;
  credits_remaining?: unknown;
  cached?: unknown;
}

/**
 * The one-line credit note of an envelope call, and a warning when its figures are not counted as
 * stated (chargeWarnings): the charge the client decided for the call, which a batch, the spend
 * ledger, the ceiling and --max-credits count. `price`: the route's, null when not known.
 */
export function envelopeCredits(
  { body: envelope, charge }: Pick<ApiResult<EnvelopeCredits>, 'body' | 'charge'>,
  price: number | null,
): Pick<Outcome, 'notes' | 'warnings'> {
  const n = charge.credits;
  const notes = noted(envelope, () => {
    const id =
      envelope.cached !== true
        ? 'notes.envelope.used'
        : n === 0
          ? 'notes.envelope.cached'
          : 'notes.envelope.cachedUsed';
    const remaining = typeof envelope.credits_remaining === 'number' ? envelope.credits_remaining : Number.NaN;
    return t(id, { n, remaining });
  });
  // A stored answer's charge is none: no note, and no warning beside it.
  if (notes.length === 0) return {};
  const warnings = chargeWarnings(charge, price);
  return warnings.length === 0 ? { notes } : { notes, warnings };
}

/**
 * What was charged, from which wallet, and what is left, in one line at 80 columns: "1 credit
 * used, free 1/100 · balance 5,000 · 999/1,000 trends calls left" (the free count says which
 * wallet paid: it moves while the allowance lasts).
 */
export function trendsCreditNotes(answer: Pick<ApiResult<TrendsBody>, 'body' | 'headers'>, charged: number): string[] {
  return noted(answer.body, () => {
    const body = answer.body;
    const parts = [
      t('notes.trends.used', { n: charged, freeUsed: body.free_used, freeTotal: body.free_total }),
      t('notes.balance', { balance: body.credits_balance }),
    ];
    const limit = headerNumber(answer.headers, 'x-ratelimit-limit');
    const remaining = headerNumber(answer.headers, 'x-ratelimit-remaining');
    if (limit !== undefined && remaining !== undefined) parts.push(t('notes.trends.calls', { remaining, limit }));
    return parts.join(' · ');
  });
}

/** What movers charged (nothing when no movement was found), and what is left. */
export function moversCreditNotes(body: MoversBody, charged: number): string[] {
  return noted(body, () =>
    charged === 0
      ? t('notes.movers.nothing', { balance: body.credits_balance })
      : t('notes.movers.charged', { n: charged, balance: body.credits_balance }),
  );
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
