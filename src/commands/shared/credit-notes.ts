// The one-line credit notes of the archive routes, shared by their commands and by `social api`,
// which prints the note of the answer's shape (the envelope's is in social-shared.ts).
import { credits, headerNumber, thousands } from '../../domain/archive/notes.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import type { ApiResult } from '../../infra/client/http.js';

/** What was charged, who paid, and what is left. */
export function trendsCreditNote(answer: Pick<ApiResult<TrendsBody>, 'body' | 'headers'>): string {
  const body = answer.body;
  const payer = body.paid_from === 'free' ? 'the free allowance' : 'purchased credits';
  const parts = [
    `${credits(body.credits_charged)} charged, paid from ${payer}`,
    `free ${thousands(body.free_used)}/${thousands(body.free_total)} used this month`,
    `balance ${thousands(body.credits_balance)}`,
  ];
  const limit = headerNumber(answer.headers, 'x-ratelimit-limit');
  const remaining = headerNumber(answer.headers, 'x-ratelimit-remaining');
  if (limit !== undefined && remaining !== undefined)
    parts.push(`${thousands(remaining)}/${thousands(limit)} trends calls left this month`);
  return parts.join(' · ');
}

/** What movers charged (nothing when no movement was found), and what is left. */
export function moversCreditNote(body: MoversBody): string {
  const balance = `balance ${thousands(body.credits_balance)}`;
  if (body.credits_charged === 0) return `nothing charged (no movement to report) · ${balance}`;
  return `${credits(body.credits_charged)} charged · ${balance}`;
}
