// The balance, read for free (`credits`, `status`): the movers route on a niche name that coverage
// does not list answers 200 with nothing found, credits_charged 0 and credits_balance. The name is
// checked against coverage first, so the probe can never land on a real niche and cost credits.
import { credits } from '../../domain/archive/notes.js';
import { EXIT, exitStatus, localMessage, SocialError } from '../../domain/errors.js';
import { t } from '../../messages/use-notes.js';
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
      warnings: [t('notes.balance.notProbed', { reason: coverage.reason })],
      status: coverage.error ? exitStatus(coverage.error) : EXIT.unavailable,
    };
  }
  const niche = probeName(new Set(coverage.coverage.niches.map((n) => n.id)));
  try {
    const request = { ...moversRequest(niche, 1, 1), probe: true };
    // Counted as the spend ledger counts it: a figure that is not a count is the route's price, uncertain.
    const { body, charge } = await rt.spin(t('notes.spin.balance'), rt.session.client.get(request));
    const id = charge.uncertain ? 'notes.balance.probeMayHaveBeenCharged' : 'notes.balance.probeCharged';
    const warnings = charge.credits > 0 ? [t(id, { credits: credits(charge.credits) })] : [];
    return {
      balance: body.credits_balance,
      probe_charged: charge.credits,
      warnings,
      status: EXIT.ok,
    };
  } catch (error) {
    // A key problem is the answer the user needs; an unavailable service still leaves the local part.
    if (!(error instanceof SocialError) || !['unavailable', 'network', 'badResponse'].includes(error.kind)) throw error;
    const message = localMessage(error);
    const code = error.details.code;
    return {
      balance: null,
      probe_charged: null,
      warnings: [code ? t('notes.balance.unreadCode', { message, code }) : t('notes.balance.unread', { message })],
      status: exitStatus(error),
    };
  }
}
