// --dry-run on every chargeable command: what would be sent and the most it could cost. Nothing
// is sent to a service, not even the free coverage look-up (only --sandbox's in-process sandbox
// is asked for coverage: see lookUpCoverage).
import type { Command } from 'commander';
import { plural } from '../domain/text.js';
import type { RequestSpec } from '../infra/client/call-types.js';
import { maskKey } from '../infra/config.js';
import { budgetRefusal } from './budget.js';
import type { Outcome, Runtime } from './runner.js';

/** The options of every paid command: --dry-run, and --max-credits (see budget.ts). */
export function addChargeOptions<C extends Command>(command: C): C {
  return command
    .option('--dry-run', 'print the request(s) it would send and the most they could cost; send nothing')
    .option(
      '--max-credits <n>',
      'spend at most N credits: a call that could cost more is not sent (exit 12); a batch holds back the inputs past it',
    );
}

interface Planned {
  method: string;
  url: string;
  /** The JSON body a request other than GET would carry. */
  body?: unknown;
  authorization: string | null;
  /** null where the route's price is not known to social. */
  max_credits: number | null;
}

export function dryRunOutcome(rt: Runtime, specs: ReadonlyArray<RequestSpec<unknown>>): Outcome {
  const key = rt.session.client.apiKey;
  const planned: Planned[] = specs.map((spec) => ({
    method: spec.method ?? 'GET',
    url: rt.session.client.url(spec),
    ...(spec.body === undefined ? {} : { body: spec.body }),
    authorization: spec.auth ? (key === undefined ? null : `Bearer ${maskKey(key)}`) : null,
    max_credits: spec.cost,
  }));
  const unknown = planned.some((p) => p.max_credits === null);
  const total = unknown ? null : planned.reduce((sum, p) => sum + (p.max_credits ?? 0), 0);
  const refusal = budgetRefusal(total, rt.globals.maxCredits);
  const columns = [
    { header: 'method', value: (p: Planned) => p.method },
    { header: 'max credits', value: (p: Planned) => p.max_credits, kind: 'integer' as const },
    // Last, and ranked first: the URL is the point of a dry run, whole even where it is wider than
    // the terminal (then each request is shown field by field).
    { header: 'url', value: (p: Planned) => p.url, fit: 'id' as const },
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
            `dry run: nothing sent; ${total === null ? 'the price of this route is not known' : `at most ${total} ${plural(total, 'credit')}`}`,
            ...(refusal === undefined ? [] : [`without --dry-run it would not be sent: ${refusal.message}`]),
          ],
        },
      ],
      csv: { columns, rows: planned },
    },
  };
}
