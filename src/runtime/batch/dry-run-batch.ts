// --dry-run of a batch (several inputs as arguments, --file or stdin, or the watchlist): its inputs
// read and checked as the batch would, nothing sent, whichever way they came. With --max-age or --offline, the inputs the local store would answer are named, so a
// script can see which of its inputs would cost nothing, not only how many.

import { EXIT, localMessage, SocialError } from '../../domain/errors.js';
import { inEnglish } from '../../messages/catalogue.js';
import { t } from '../../messages/use-notes.js';
import type { Column } from '../../output/types.js';
import { spendable } from '../budget.js';
import type { Outcome, Runtime } from '../runner.js';
import '../../messages/use-views.js';
import { batchInputs, type EnvelopeBatch, type EnvelopeBody } from './envelope-batch.js';
import { MAX_LINE_BYTES } from './flags.js';

// Invalid inputs a dry run lists, and inputs the store would answer; past this many of each it
// counts them only, so memory stays bounded.
const DRY_RUN_LISTED = 1000;

interface Invalid {
  index: number;
  input: string;
  error: string;
}

interface Held {
  index: number;
  input: string;
  /** When the stored answer that would be printed was fetched (ISO 8601). */
  fetched_at: string;
}

/**
 * --dry-run of a batch: reads the inputs (--skip and --shard applied), checks each as the batch
 * would, and reports how many are valid, the invalid ones, the ones the local store would answer
 * (with --max-age or --offline), and the most the batch could cost: within the budget, and without it.
 */
export async function dryRunBatch<Prepared, Body extends EnvelopeBody>(
  rt: Runtime,
  batch: Pick<EnvelopeBatch<Prepared, Body, object>, 'source' | 'flags' | 'prepare' | 'request'>,
): Promise<Outcome> {
  let position = 0;
  let valid = 0;
  let invalidCount = 0;
  let cost: number | null = 0;
  const store = rt.session.store?.answers ? rt.session.store : undefined;
  let fromStore = 0;
  const invalid: Invalid[] = [];
  const held: Held[] = [];
  // Each listed refusal as the table says it, in the run's language; json and csv keep English.
  const said = new Map<Invalid, string>();
  for await (const lines of batchInputs(rt, batch.source, batch.flags, batch.prepare)) {
    for (const line of lines) {
      position += 1;
      if (position <= batch.flags.skip) continue;
      let error: string | undefined;
      if (typeof line !== 'string') error = t('views.dryRun.batch.lineTooLong', { bytes: String(MAX_LINE_BYTES) });
      else {
        try {
          const spec = batch.request(batch.prepare(line));
          // An input the local store answers (--max-age, --offline) is not sent: it costs nothing.
          const at = store === undefined ? undefined : await store.heldAt(spec);
          if (at !== undefined) {
            fromStore += 1;
            if (held.length < DRY_RUN_LISTED) held.push({ index: position, input: line, fetched_at: at.toISOString() });
          }
          // --offline sends none of the others either: each ends with exit 13, for nothing.
          const price = at === undefined && !rt.globals.offline ? spec.cost : 0;
          cost = cost === null || price === null ? null : cost + price;
          valid += 1;
        } catch (refusal) {
          if (!(refusal instanceof Error)) throw refusal;
          error = refusal instanceof SocialError ? localMessage(refusal) : refusal.message;
        }
      }
      if (error === undefined) continue;
      invalidCount += 1;
      if (invalid.length < DRY_RUN_LISTED) {
        const row = { index: position, input: typeof line === 'string' ? line : line.preview, error: inEnglish(error) };
        invalid.push(row);
        said.set(row, error);
      }
    }
  }
  // The run's --max-credits, or what its session's budget (social mcp's) has left: the real run's
  // requests would be refused past it.
  const budget = spendable(rt.globals.maxCredits, rt.session.sessionBudget);
  const most = cost === null ? null : budget === undefined ? cost : Math.min(cost, budget);
  const inputs = valid + invalidCount;
  const credits = (n: number) => t('notes.credits', { n });
  const costText =
    most === null
      ? t('views.dryRun.priceUnknown')
      : budget !== undefined && cost !== null && cost > budget
        ? t('views.dryRun.batch.costOverBudget', { credits: credits(most), uncapped: credits(cost) })
        : t('views.dryRun.batch.cost', { credits: credits(most) });
  const more = invalidCount - invalid.length;
  const heldMore = fromStore - held.length;
  const heading = [
    t('views.dryRun.batch', {
      inputs: t('notes.inputs', { n: inputs }),
      valid: t('views.dryRun.batch.valid', { n: valid }),
      invalid: t('views.dryRun.batch.invalid', { n: invalidCount }),
    }),
    costText,
    ...(store === undefined
      ? []
      : [t(rt.globals.offline ? 'views.dryRun.batch.storeOffline' : 'views.dryRun.batch.store', { n: fromStore })]),
    ...(more > 0 ? [t('views.dryRun.batch.listed', { listed: String(invalid.length), n: more })] : []),
  ];
  const index: Column<Invalid | Held> = {
    header: 'index',
    label: 'views.column.index',
    value: (r) => r.index,
    kind: 'integer',
  };
  const input: Column<Invalid | Held> = { header: 'input', label: 'views.column.input', value: (r) => r.input };
  const errorColumn: Column<Invalid | Held> = {
    header: 'error',
    label: 'views.column.error',
    value: (r) => ('error' in r ? r.error : null),
    tableValue: (r) => ('error' in r ? (said.get(r) ?? r.error) : null),
  };
  const fromStoreColumn: Column<Invalid | Held> = {
    header: 'from store',
    label: 'views.column.fromStore',
    value: (r) => ('fetched_at' in r ? r.fetched_at : null),
    kind: 'time',
  };
  const invalidColumns = [index, input, errorColumn];
  // csv is one table: the listed inputs in input order, each with why it is invalid or when the
  // answer the store would print was fetched (the column only with --max-age or --offline).
  const csvRows: Array<Invalid | Held> =
    held.length === 0 ? invalid : [...invalid, ...held].sort((a, b) => a.index - b.index);
  return {
    result: {
      json: {
        dry_run: true,
        inputs,
        valid,
        invalid_count: invalidCount,
        invalid,
        max_credits: most,
        max_credits_without_budget: cost,
        ...(store === undefined ? {} : { from_store: fromStore, from_store_inputs: held }),
        budget: budget ?? null,
        shard: batch.flags.shard ? `${batch.flags.shard.index}/${batch.flags.shard.count}` : null,
        skip: batch.flags.skip,
      },
      table: [
        { columns: invalidColumns, rows: invalid, heading, empty: t('views.dryRun.batch.allValid') },
        ...(held.length === 0
          ? []
          : [
              {
                columns: [index, input, fromStoreColumn],
                rows: held,
                heading: [
                  t('views.dryRun.batch.storeInputs'),
                  ...(heldMore > 0
                    ? [t('views.dryRun.batch.storeListed', { listed: String(held.length), n: heldMore })]
                    : []),
                ],
              },
            ]),
      ],
      csv: { columns: store === undefined ? invalidColumns : [...invalidColumns, fromStoreColumn], rows: csvRows },
    },
    status: invalidCount > 0 ? EXIT.partial : EXIT.ok,
  };
}
