// The archive routes: coverage (free, keyless), trends (1 credit, counted before the archive is
// read, so an unknown niche is spent) and movers (10 credits, only when movement is found).
import { credits } from '../domain/archive/notes.js';
import { defaultedParam, integerParam, route, TRENDS_DEFAULT_SPAN_DAYS, TRENDS_POINTS_CAP } from '../domain/routes.js';
import type { Coverage, MoversBody, TrendsBody } from '../domain/schemas.js';
import type { SandboxCore } from './core.js';
import type { KeyAccount } from './ledger.js';
import { Ledger } from './ledger.js';
import type { Reply, SandboxRequest } from './reply.js';
import { apiError, intParam } from './reply.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TRENDS = route('trends');
const MOVERS = route('movers');
const TRENDS_DEFAULT_SPAN_MS = TRENDS_DEFAULT_SPAN_DAYS * DAY_MS;
const TRENDS_LIMIT = integerParam(TRENDS, 'limit')!;
const MOVERS_HOURS = defaultedParam(MOVERS, 'hours');
const MOVERS_LIMIT = defaultedParam(MOVERS, 'limit');
// A date, or a date-time with an offset: the ISO 8601 forms a database would take.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

export function coverageRoute(core: SandboxCore): Reply {
  const body: Coverage = { niches: core.archive.coverage(core.now()) };
  return { status: 200, body };
}

function creditRefusal(core: SandboxCore, account: KeyAccount, cost: number): Reply | undefined {
  const check = core.ledger.check(account, cost);
  if (check.ok) return undefined;
  const renewsAt = core.ledger.trendsQuota(account).renewsAt;
  if (check.code === 'sem_creditos') {
    return apiError(402, {
      error: 'sem_creditos',
      message: `This call needs ${credits(cost)} and the key has ${check.credits_balance}. The free allowance comes back on ${renewsAt}.`,
      http: 402,
      credits_balance: check.credits_balance,
      needed: check.needed,
    });
  }
  return apiError(402, {
    error: 'teto_estourado',
    message: Ledger.ceilingMessage(check, cost),
    http: 402,
    spent_this_month: check.spent_this_month,
    cap: check.cap,
  });
}

function parseInstant(raw: string | null, fallback: Date): Date | undefined {
  if (raw === null || raw === '') return fallback;
  if (!ISO_INSTANT.test(raw.trim())) return undefined;
  const date = new Date(raw.trim());
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function trendsRoute(core: SandboxCore, req: SandboxRequest): Reply {
  if (req.key === undefined) {
    return apiError(401, { error: 'chave_ausente', message: 'No API key: send Authorization: Bearer <API_KEY>.' });
  }
  const account = core.ledger.activeAccount(req.key);
  if (account === undefined) {
    return apiError(401, { error: 'chave_invalida', message: 'The API key is unknown or deactivated.' });
  }
  const now = core.now();
  const to = parseInstant(req.query.get('to'), now);
  // from defaults to now minus the default span, as the spec says, even when only `to` is given:
  // a `to` older than that then names an empty interval, refused like any malformed one.
  const from = to && parseInstant(req.query.get('from'), new Date(now.getTime() - TRENDS_DEFAULT_SPAN_MS));
  if (to === undefined || from === undefined || from.getTime() >= to.getTime()) {
    return apiError(400, {
      error: 'intervalo_invalido',
      message: 'from and to must be ISO 8601 date-times with from before to.',
    });
  }
  // limit is a hint with no upper bound of its own; only a malformed value is refused.
  const limit = intParam(req.query, TRENDS_LIMIT);
  if (!limit.ok) return apiError(400, { error: 'parametro_invalido', message: limit.message });

  const quota = core.ledger.trendsQuota(account);
  if (quota.remaining === 0) {
    return apiError(429, {
      error: 'sem_creditos',
      message: `The monthly quota of ${quota.limit} trends requests is spent; it renews on ${quota.renewsAt}.`,
      http: 429,
      limit: quota.limit,
      renews_at: quota.renewsAt,
    });
  }
  const refusal = creditRefusal(core, account, TRENDS.cost);
  if (refusal) return refusal;

  core.ledger.countTrendsRequest(account);
  const charge = core.ledger.charge(account, TRENDS.cost, req.requestId);
  core.changed();
  const result = core.archive.trends(req.pathParam, from, to, limit.value ?? TRENDS_POINTS_CAP);
  const after = core.ledger.trendsQuota(account);
  const snapshot = core.ledger.snapshot(account);
  const body: TrendsBody = {
    niche: req.pathParam,
    from: result.from.toISOString(),
    to: result.to.toISOString(),
    points: result.points,
    truncated: result.truncated,
    credits_charged: TRENDS.cost,
    paid_from: charge.paidFrom,
    free_used: snapshot.free_credits_total - snapshot.free_credits_remaining,
    free_total: snapshot.free_credits_total,
    credits_balance: snapshot.credits_remaining,
    items: result.items,
  };
  return {
    status: 200,
    body,
    headers: { 'x-ratelimit-limit': String(after.limit), 'x-ratelimit-remaining': String(after.remaining) },
  };
}

export function moversRoute(core: SandboxCore, req: SandboxRequest): Reply {
  const account = core.ledger.activeAccount(req.key);
  if (account === undefined) {
    return apiError(401, { error: 'chave_invalida', message: 'The API key is missing, unknown or deactivated.' });
  }
  const hours = intParam(req.query, MOVERS_HOURS);
  if (!hours.ok) return apiError(400, { error: 'parametro_invalido', message: hours.message });
  const limit = intParam(req.query, MOVERS_LIMIT);
  if (!limit.ok) return apiError(400, { error: 'parametro_invalido', message: limit.message });

  const result = core.archive.movers(req.pathParam, hours.value, limit.value, core.now());
  if (result.total === 0) {
    const body: MoversBody = {
      niche: req.pathParam,
      total: 0,
      interval_min: null,
      credits_charged: 0,
      credits_balance: core.ledger.balance(account),
      note: result.note ?? 'No movement to report.',
      items: [],
    };
    return { status: 200, body };
  }
  const refusal = creditRefusal(core, account, MOVERS.cost);
  if (refusal) return refusal;
  core.ledger.charge(account, MOVERS.cost, req.requestId);
  core.changed();
  const body: MoversBody = {
    niche: req.pathParam,
    total: result.total,
    interval_min: result.interval_min,
    credits_charged: MOVERS.cost,
    credits_balance: core.ledger.balance(account),
    items: result.items,
  };
  return { status: 200, body };
}
