// The run of `social profile`: one profile, or a batch of them streamed as each is answered.

import { EXIT } from '../../domain/errors.js';
import type { Platform } from '../../domain/platforms.js';
import type { ProfileEnvelope } from '../../domain/schemas.js';
import '../../messages/use-notes.js';
import { t } from '../../messages/use-views.js';
import type { Result } from '../../output/types.js';
import { dryRunBatch } from '../../runtime/batch/dry-run-batch.js';
import { failedRowsShown, runEnvelopeBatch } from '../../runtime/batch/envelope-batch.js';
import { dryRunOutcome } from '../../runtime/dry-run.js';
import { exitColumn, refuseRecordFields } from '../../runtime/fields-option.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { envelopeCredits } from '../shared/credit-notes.js';
import { profileRequest } from '../shared/profile-request.js';
import { AUTHOR_RANK, authorRecord, checkHandle } from '../shared/social-shared.js';
import { profileColumns } from './columns.js';
import type { ProfileOptions } from './options.js';

/** What one profile prints: the envelope, a record of the author, a csv row. */
export function profileResult(platform: Platform, input: string, body: ProfileEnvelope): Result {
  const record = authorRecord(platform.name, body.data!.author);
  // What only --fields shows in the one-profile view, so every name of a profile works there too
  // (a batch's own names as its table has them: this row is an answer's).
  record.fields.unshift({ id: 'input', label: t('views.column.input'), value: input, hidden: true });
  record.fields.push(
    { id: 'cached', label: t('views.column.cached'), value: body.cached, kind: 'bool', hidden: true },
    { id: 'error', label: t('views.column.error'), value: '', hidden: true },
    { id: 'exit', label: t('views.column.exit'), value: EXIT.ok, kind: 'integer', hidden: true },
  );
  return {
    json: body,
    table: [record],
    csv: { columns: [...profileColumns(platform), exitColumn()], rows: [{ index: 1, input, body }] },
    records: { items: [body.data], within: ([data]) => ({ ...body, data }), one: true },
  };
}

export async function runProfile(options: ProfileOptions, rt: Runtime): Promise<Outcome> {
  const { platform, source } = options;
  const batch = {
    source,
    flags: options.batch,
    prepare: (input: string) => checkHandle(platform, input),
    request: (handle: string) => profileRequest(platform, handle),
  };
  // One handle is one call, its dry run that call's plan; several, --file or - are a batch, and
  // their dry run the batch's, however the inputs came.
  if ('args' in source && source.args.length === 1) {
    refuseRecordFields(rt.globals);
    const handle = checkHandle(platform, source.args[0]!);
    const request = profileRequest(platform, handle);
    if (rt.globals.dryRun) return dryRunOutcome(rt, [request]);
    const answer = await rt.spin(t('notes.spin.profile', { handle }), rt.session.client.get(request));
    return { result: profileResult(platform, source.args[0]!, answer.body), ...envelopeCredits(answer, request.cost) };
  }
  if (rt.globals.dryRun) return dryRunBatch(rt, batch);
  const columns = profileColumns(platform);
  return runEnvelopeBatch(rt, {
    ...batch,
    // A row for every input: a table names one that failed or was not sent by its handle, as given.
    rows: (entry) => (entry.body?.data || failedRowsShown(rt.globals) ? [entry] : []),
    columns,
    rank: AUTHOR_RANK,
    identifier: 'handle',
    result: (input, body) => profileResult(platform, input, body),
  });
}
