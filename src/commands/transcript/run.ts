// The run of `social transcript`: the call and its segments as a table, csv or the envelope.

import type { TranscriptEnvelope } from '../../domain/schemas.js';
import type { RequestSpec } from '../../infra/client/call-types.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import type { Result } from '../../output/types.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import { routeRequest } from '../../runtime/route-request.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { envelopeCredits } from '../shared/credit-notes.js';
import type { Segment } from './columns.js';
import { TRANSCRIPT_COLUMNS } from './columns.js';

/**
 * Element shape is not shown by the spec (the sandbox sends {start, end, text}). Nothing is
 * dropped: a bare string is a line; an object's line is its `text`, else its first text field,
 * else the whole element as sent; start and end are read when they are numbers of seconds.
 */
function segments(items: readonly unknown[]): Segment[] {
  return items.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return { start: null, end: null, text: item };
    const record = item as Record<string, unknown>;
    const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const text =
      typeof record.text === 'string'
        ? record.text
        : (Object.values(record).find((v) => typeof v === 'string') ?? item);
    return { start: num(record.start), end: num(record.end), text };
  });
}

export function transcriptResult(envelope: TranscriptEnvelope): Result {
  const items = envelope.data?.items ?? [];
  const rows = segments(items);
  return {
    json: envelope,
    table: [{ columns: TRANSCRIPT_COLUMNS, rows, empty: t('views.transcript.empty') }],
    csv: { columns: TRANSCRIPT_COLUMNS, rows },
    records: { items, within: (list) => ({ ...envelope, data: { ...envelope.data, items: list } }) },
  };
}

/** One loader for every request: the client loads the schema once for all of a run's calls. */
const loadTranscriptSchema = async () => (await import('../../domain/schemas.js')).TranscriptEnvelopeSchema;

export function transcriptRequest(url: string): RequestSpec<TranscriptEnvelope> {
  return routeRequest('transcript', 'tiktok', {
    query: { url },
    loadSchema: loadTranscriptSchema,
  });
}

export async function runTranscript(url: string, rt: Runtime): Promise<Outcome> {
  const request = transcriptRequest(url);
  if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
  const answer = await rt.spin(t('notes.spin.transcript'), rt.session.client.get(request));
  const { body } = answer;
  const { notes, warnings = [] } = envelopeCredits(answer, request.cost);
  // Said whatever the terminal: a script should know it paid for nothing.
  if ((body.data?.items?.length ?? 0) === 0) {
    const charged = answer.charge.credits;
    warnings.push(
      charged === 0 ? t('notes.transcript.emptyCached') : t('notes.transcript.emptyCharged', { n: charged }),
    );
  }
  return { result: transcriptResult(body), notes, warnings };
}
