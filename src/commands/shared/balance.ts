// The balance, read for free (`credits`, `status`): the movers route on a niche name that coverage
// does not list answers 200 with nothing found, credits_charged 0 and credits_balance. The name is
// checked against coverage first, so the probe can never land on a real niche and cost credits.
import { credits } from '../../domain/archive/notes.js';
import { EXIT, exitStatus, SocialError } from '../../domain/errors.js';
import type { Runtime } from '../../runtime/runner.js';
import { lookUpCoverage } from './coverage.js';
import { moversRequest, PROBE_NICHE } from './movers-request.js';

export interface Probe {
  balance: number | null;
  /** What the free probe was charged (0, unless the service charged it); null when not sent. */
  probe_charged: number | null;
  warnings: string[];
  status: number;
}

/** A probe name coverage does not list: __credits_probe__, or a numbered variant if it ever does. */
function probeName(listed: ReadonlySet<string>): string {
  let name = PROBE_NICHE;
  for (let n = 2; listed.has(name); n += 1) name = `__credits_probe_${n}__`;
  return name;
}

export async function readBalance(rt: Runtime): Promise<Probe> {
  const coverage = await lookUpCoverage(rt);
  if (!coverage.ok) {
    // Without coverage the probe's niche cannot be shown unlisted, so it is not sent.
    return {
      balance: null,
      probe_charged: null,
      warnings: [
        `${coverage.reason}; the balance was not probed (the probe is free only on a niche coverage does not list)`,
      ],
      status: coverage.error ? exitStatus(coverage.error) : EXIT.unavailable,
    };
  }
  const niche = probeName(new Set(coverage.coverage.niches.map((n) => n.id)));
  try {
    const request = moversRequest(niche, 1, 1);
    // Counted as the spend ledger counts it: a figure that is not a count is the route's price, uncertain.
    const { body, charge } = await rt.spin('reading the balance', rt.session.client.get(request));
    const warnings =
      charge.credits > 0
        ? [
            `the balance probe ${charge.uncertain ? 'may have been' : 'was'} charged ${credits(charge.credits)}, which it should not be`,
          ]
        : [];
    return {
      balance: body.credits_balance,
      probe_charged: charge.credits,
      warnings,
      status: EXIT.ok,
    };
  } catch (error) {
    // A key problem is the answer the user needs; an unavailable service still leaves the local part.
    if (!(error instanceof SocialError) || !['unavailable', 'network', 'badResponse'].includes(error.kind)) throw error;
    const code = error.details.code ? ` (${error.details.code})` : '';
    return {
      balance: null,
      probe_charged: null,
      warnings: [`the balance could not be read: ${error.message}${code}`],
      status: exitStatus(error),
    };
  }
}
