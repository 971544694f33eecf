// --dry-run on every chargeable command: what would be sent and the most it could cost. Nothing
// is sent to a service, not even the free coverage look-up (only --sandbox's in-process sandbox
// is asked for coverage: see lookUpCoverage).

import type { RequestSpec } from '../infra/client/call-types.js';
import { maskKey } from '../infra/config.js';
import { t } from '../messages/use-views.js';
import { budgetRefusal } from './budget.js';
import type { Outcome, Runtime } from './runner.js';

interface Planned {
  method: string;
  url: string;
  /** The JSON body a request other than GET would carry. */
  body?: unknown;
  authorization: string | null;
  /** null where the route's price is not known to social. */
  max_credits: number | null;
  /** With --max-age or --offline: when the stored answer that would be printed was fetched, or null. */
  from_store?: string | null;
}

/**
 * The plan of a run's requests, refused whole by a --max-credits it could pass, as they would be
 * (a batch's dry run is batch/dry-run-batch.ts). With --max-age or --offline, each says whether
 * the local store would answer it (`from_store`: when that answer was fetched; it costs 0 and is
 * not sent).
 */
export async function dryRunOutcome(rt: Runtime, specs: ReadonlyArray<RequestSpec<unknown>>): Promise<Outcome> {
  const key = rt.session.client.apiKey;
  const store = rt.session.store?.answers ? rt.session.store : undefined;
  const planned: Planned[] = [];
  // --offline sends nothing: a request the store does not answer ends with exit 13, for nothing.
  const offline = rt.globals.offline === true;
  for (const spec of specs) {
    const held = await store?.heldAt(spec);
    planned.push({
      method: spec.method ?? 'GET',
      url: rt.session.client.url(spec),
      ...(spec.body === undefined ? {} : { body: spec.body }),
      authorization: spec.auth ? (key === undefined ? null : `Bearer ${maskKey(key)}`) : null,
      max_credits: held === undefined && !offline ? spec.cost : 0,
      ...(store === undefined ? {} : { from_store: held?.toISOString() ?? null }),
    });
  }
  const fromStore = planned.filter((p) => typeof p.from_store === 'string').length;
  const unknown = planned.some((p) => p.max_credits === null);
  const total = unknown ? null : planned.reduce((sum, p) => sum + (p.max_credits ?? 0), 0);
  const refusal = budgetRefusal(total, rt.globals.maxCredits);
  const columns = [
    { header: 'method', label: 'views.column.method' as const, value: (p: Planned) => p.method },
    {
      header: 'max credits',
      label: 'views.column.maxCredits' as const,
      value: (p: Planned) => p.max_credits,
      kind: 'integer' as const,
    },
    ...(store === undefined
      ? []
      : [
          {
            header: 'from store',
            label: 'views.column.fromStore' as const,
            value: (p: Planned) => p.from_store ?? null,
            kind: 'time' as const,
            missing: 'views.cell.no' as const,
          },
        ]),
    // Last, and ranked first: the URL is the point of a dry run, whole even where it is wider than
    // the terminal (then each request is shown field by field).
    { header: 'url', label: 'views.column.url' as const, value: (p: Planned) => p.url, fit: 'id' as const },
  ];
  return {
    result: {
      json: { dry_run: true, requests: planned, max_credits: total },
      table: [
        {
          columns,
          rank: ['url', 'method', 'max credits'],
          rows: planned,
          heading: [
            t('views.dryRun.heading', {
              cost:
                total === null
                  ? t('views.dryRun.priceUnknown')
                  : t('views.dryRun.atMost', { credits: t('views.count.credits', { n: total }) }),
            }),
            ...(store === undefined
              ? []
              : [
                  t(rt.globals.offline ? 'views.dryRun.storeOffline' : 'views.dryRun.store', {
                    held: fromStore,
                    n: planned.length,
                  }),
                ]),
            ...(refusal === undefined ? [] : [t('views.dryRun.refused', { why: refusal.message })]),
          ],
        },
      ],
      csv: { columns, rows: planned },
    },
  };
}
