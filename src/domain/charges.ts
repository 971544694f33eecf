// What a call cost, as the client decides it once for every call (src/infra/client/interpret.ts)
// and carries on its result, on its error and in the record its listeners hear: the shape that
// budgets (--max-credits), the spend ledger, the ceiling memory and the credit notes all read.

import { type Said, said, sayTextInEnglish } from '../messages/catalogue.js';

export interface Charge {
  credits: number;
  /** The call may or may not have been charged: counted at its route's full cost. */
  uncertain: boolean;
  /** Why it is uncertain, in a few words: a message not yet said (the spend ledger keeps its English). */
  reason?: Said;
}

/** Why a charge is uncertain as the spend ledgers record it: English, whatever the run speaks. */
export function ledgerReason(charge: Charge): string | undefined {
  return charge.reason === undefined ? undefined : sayTextInEnglish(charge.reason);
}

/**
 * How an answer's credit figure was read: as stated; raised to the route's price (`cached: false`
 * beside fewer credits); taken though the answer says it was cached; not a count of credits (a
 * fraction, a string, null, negative, or left out of a priced route's answer); no figure where
 * nothing is priced; or not read at all: the answer came from the local store, not sent, free.
 */
type FigureReading = 'stated' | 'belowPrice' | 'cachedCharged' | 'notCount' | 'none' | 'stored';

/** What an answered call counts as charged, and how its figure was read to say so. */
export interface AnswerCharge extends Charge {
  reading: FigureReading;
  /** The credit field the answer carries (credits_charged on the archive's) and its value as sent. */
  field: 'credits_used' | 'credits_charged';
  figure: unknown;
}

/** A credit figure as sent, in a few characters (-1, 1.5, "2", null, a list): never the whole of a long one. */
export function figureText(figure: unknown): string | Said {
  if (figure === undefined) return said('common.figure.nothing');
  if (Array.isArray(figure)) return said('common.figure.list');
  if (figure !== null && typeof figure === 'object') return said('common.figure.object');
  const text = JSON.stringify(typeof figure === 'string' ? figure.slice(0, 20) : figure) ?? String(figure);
  return text.length > 22 ? `${text.slice(0, 21)}…` : text;
}
