// The run of `social niches`: coverage fetched (which refreshes the local cache) and shown.

import type { Coverage } from '../../domain/schemas.js';
import { t } from '../../messages/use-views.js';
import type { Result } from '../../output/types.js';
import type { Outcome, Runtime } from '../../runtime/runner.js';
import { fetchCoverage } from '../shared/coverage.js';
import { NICHE_COLUMNS } from './columns.js';

export function nichesResult(coverage: Coverage): Result {
  const rows = coverage.niches;
  return {
    json: coverage,
    table: [{ columns: NICHE_COLUMNS, rows, empty: t('views.niches.empty') }],
    csv: { columns: NICHE_COLUMNS, rows },
    records: { items: rows, within: (niches) => ({ ...coverage, niches }) },
  };
}

export async function runNiches(_options: object, rt: Runtime): Promise<Outcome> {
  return { result: nichesResult(await fetchCoverage(rt)) };
}
