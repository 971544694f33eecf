// The one-line credit notes of the archive routes, shared by their commands and by `social api`,
// which prints the note of the answer's shape (the envelope's is in social-shared.ts).
import { credits, headerNumber, thousands } from '../../domain/archive/notes.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import type { ApiResult } from '../../infra/client/http.js';

/**
 * What was charged, from which wallet, and what is left, in one line at 80 columns: "1 credit
 * used, free 1/100 · balance 5,000 · 999/1,000 trends calls left" (the free count says which
 * wallet paid: it moves while the allowance lasts).
 */
export function trendsCreditNote(answer: Pick<ApiResult<TrendsBody>, 'body' | 'headers'>): string {
  const body = answer.body;
  const parts = [
    `${credits(body.credits_charged)} used, free ${thousands(body.free_used)}/${thousands(body.free_total)}`,
    `balance ${thousands(body.credits_balance)}`,
  ];
  const limit = headerNumber(answer.headers, 'x-ratelimit-limit');
  const remaining = headerNumber(answer.headers, 'x-ratelimit-remaining');
  if (limit !== undefined && remaining !== undefined)
    parts.push(`${thousands(remaining)}/${thousands(limit)} trends calls left`);
  return parts.join(' · ');
}

/** What movers charged (nothing when no movement was found), and what is left. */
export function moversCreditNote(body: MoversBody): string {
  const balance = `balance ${thousands(body.credits_balance)}`;
  if (body.credits_charged === 0) return `nothing charged (no movement to report) · ${balance}`;
  return `${credits(body.credits_charged)} charged · ${balance}`;
}
