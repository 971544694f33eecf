// The run of `social api`: the request sent, --include's head printed before the body, and the
// body as a result (as JSON whatever -o says when it is neither an envelope nor a list).

import { SocialError } from '../../domain/errors.js';
import type { MoversBody, TrendsBody } from '../../domain/schemas.js';
import { isRecord } from '../../domain/state-file.js';
import { sanitiseLine } from '../../domain/text.js';
import type { ApiResult } from '../../infra/client/call-types.js';
import { printText } from '../../output/print-text.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { chargeWarnings, envelopeCredits, moversCreditNotes, trendsCreditNotes } from '../shared/credit-notes.js';
import { apiResult, isTabular } from './api-view.js';
import type { ApiOptions } from './request.js';
import { apiRequest } from './request.js';

/**
 * The status line and headers, as curl -i and gh api -i print them; every byte sanitised.
 * `reasons` is node:http's STATUS_CODES, which the caller loads only for --include.
 */
export function headLines(
  answer: Pick<ApiResult<unknown>, 'status' | 'headers'>,
  reasons: Record<number, string | undefined>,
): string {
  const lines = [`HTTP/1.1 ${answer.status} ${reasons[answer.status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) lines.push(sanitiseLine(`${name}: ${one}`));
  }
  return `${lines.join('\n')}\n\n`;
}

async function printHead(rt: Runtime, answer: Pick<ApiResult<unknown>, 'status' | 'headers'>): Promise<void> {
  printText(rt.ctx.io.stdout, headLines(answer, (await import('node:http')).STATUS_CODES));
}

export async function runApi(options: ApiOptions, rt: Runtime): Promise<Outcome> {
  const request = apiRequest(options);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  let answer: ApiResult<unknown>;
  try {
    answer = await rt.spin(`${options.method} ${options.path}`, rt.session.client.get(request));
  } catch (error) {
    // Like curl -i: the head of every answer, an error's too, before its body (the exit status
    // stays the error's).
    const head = error instanceof SocialError ? error.details.answer : undefined;
    if (options.include && head !== undefined) await printHead(rt, head);
    throw error;
  }
  if (options.include) await printHead(rt, answer);
  const result = apiResult(answer.body);
  const credits = apiCredits(answer, request.cost);
  if ((rt.globals.format === 'table' || rt.globals.format === 'csv') && !isTabular(answer.body)) {
    // Not an envelope nor a list: as JSON, whatever -o says, rather than forced into cells.
    return { result, format: 'json', ...credits };
  }
  return { result, ...credits };
}

/**
 * The credit note the command of the answer's shape prints (an envelope's, trends', movers'),
 * counted as the client counted it (the answer's charge), with its warning when the figure is not
 * counted as stated; none for an answer that states no figure where nothing is priced. `price`:
 * the route's, null when social does not know the route.
 */
function apiCredits(answer: ApiResult<unknown>, price: number | null): Pick<Outcome, 'notes' | 'warnings'> {
  const { body, charge } = answer;
  if (!isRecord(body) || charge.reading === 'none') return {};
  if ('credits_used' in body) return envelopeCredits({ body, charge }, price);
  const notes: string[] = [];
  if (typeof body.credits_balance === 'number') {
    const trends =
      typeof body.paid_from === 'string' && typeof body.free_used === 'number' && typeof body.free_total === 'number';
    notes.push(
      ...(trends
        ? trendsCreditNotes(answer as ApiResult<TrendsBody>, charge.credits)
        : moversCreditNotes(body as unknown as MoversBody, charge.credits)),
    );
  }
  return { notes, warnings: chargeWarnings(charge, price) };
}
