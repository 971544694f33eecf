// Turns a service error (status and body) into a typed SocialError with the service's code, what it
// means and what to do. The code decides, never the message text; the HTTP status decides where
// there is no code (a 502 page, a body of an unknown shape).
import { credits } from '../../domain/archive/notes.js';
import type { Charge } from '../../domain/charges.js';
import type { ErrorKind } from '../../domain/errors.js';
import { SocialError } from '../../domain/errors.js';

interface Explained {
  kind: ErrorKind;
  meaning: string;
  suggestion?: string;
}

/**
 * What a suggestion says of a status the spec documents as uncharged; said otherwise when the call
 * counts as charged (interpret.ts): see sayCharge.
 */
const UNCHARGED = 'Nothing was charged.';

const AUTH: Explained = {
  kind: 'auth',
  meaning: 'the API key is missing, unknown or deactivated',
  suggestion:
    'Set a valid key with `social config set api-key` (reads it from stdin) or SOCIAL_API_KEY, or try with --sandbox.',
};

function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Extracts the service's code from either error shape. */
export function serviceCode(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (error !== null && typeof error === 'object' && typeof (error as Record<string, unknown>).type === 'string') {
    return (error as Record<string, unknown>).type as string;
  }
  return undefined;
}

/** The request an error answers, for messages that need it (a 405 names the method and path). */
interface Asked {
  method: string;
  /** The path, without the query string. */
  path: string;
  /** The answer's Allow header, if any. */
  allow?: string;
}

/**
 * A 405: the service does not serve that method on that path. Every route of the service is a GET,
 * so another method (only `social api -X` sends one) is the user's choice, not a bug; a GET refused
 * with 405 is the service's own oddity.
 */
function methodRefused(asked: Asked | undefined): Explained {
  if (asked === undefined) return { kind: 'unexpected', meaning: 'the service refused the HTTP method' };
  if (asked.method === 'GET') {
    return {
      kind: 'unexpected',
      meaning: `the service refused GET on ${asked.path}, which its routes take (a bug in social, or a change in the service)`,
    };
  }
  const allowed = asked.allow === undefined || asked.allow.trim() === '' ? 'GET' : asked.allow.trim();
  return {
    kind: 'unexpected',
    meaning: `${asked.method} is not allowed on ${asked.path}: the service allows ${allowed} there`,
    suggestion: "The service's routes are GET: run it again without -X/--method.",
  };
}

function explain(
  status: number,
  code: string | undefined,
  body: Record<string, unknown>,
  now: Date,
  asked: Asked | undefined,
): Explained {
  const renews =
    typeof body.free_credits_reset_at === 'string' ? body.free_credits_reset_at.slice(0, 10) : nextMonthStart(now);
  // 429 is the quota, whatever code the body carries.
  if (status === 429) {
    const renewsAt = typeof body.renews_at === 'string' ? body.renews_at : nextMonthStart(now);
    const limit = typeof body.limit === 'number' ? ` of ${body.limit} requests` : '';
    return {
      kind: 'quota',
      meaning: `the monthly quota${limit} of this route is exhausted`,
      suggestion: `It renews on ${renewsAt}. Retrying before then will not help.`,
    };
  }
  // These statuses have one meaning each, whatever code comes with them.
  if (status === 404 && code !== 'nao_encontrado') return { kind: 'notFound', meaning: 'no such route or resource' };
  if (status === 405) return methodRefused(asked);
  switch (code) {
    case 'parametro_invalido':
      return {
        kind: 'usage',
        meaning: 'the service refused a parameter',
        suggestion: `${UNCHARGED} Check the value against ${COMMAND_HELP}.`,
      };
    case 'intervalo_invalido':
      return {
        kind: 'usage',
        meaning: 'the service refused the interval',
        suggestion: `${UNCHARGED} Give --from before --to, at most 90 days apart.`,
      };
    case 'chave_invalida':
    case 'chave_ausente':
      return AUTH;
    case 'sem_creditos': {
      const needed = typeof body.needed === 'number' ? ` This call needs ${body.needed}.` : '';
      return {
        kind: 'credits',
        meaning: 'out of credits: no purchased credits and no free allowance left this month',
        suggestion: `The free allowance comes back on ${renews} (00:00 UTC); until then only bought credits help. Retrying will not.${needed}`,
      };
    }
    case 'teto_estourado': {
      const cap = typeof body.cap === 'number' ? ` (${credits(body.cap)})` : '';
      return {
        kind: 'ceiling',
        meaning: `the monthly spending ceiling of this key${cap} is reached`,
        suggestion: `Spending resumes on ${renews}, or when the ceiling is raised. Retrying will not help.`,
      };
    }
    case 'nao_encontrado':
      return {
        kind: 'notFound',
        meaning: 'no such profile, account or post',
        suggestion: `${UNCHARGED} Check the handle or URL.`,
      };
    case 'bloqueado':
      return {
        kind: 'blocked',
        meaning: 'the platform refused the service for this resource (the key is fine)',
        suggestion: UNCHARGED,
      };
    case 'indisponivel':
    case 'endpoint_indisponivel':
      return {
        kind: 'unavailable',
        meaning: 'the service or one of its dependencies is unavailable',
        suggestion: `${UNCHARGED} Try again later.`,
      };
    case 'metodo_invalido':
      return methodRefused(asked);
  }
  return byStatus(status);
}

function byStatus(status: number): Explained {
  if (status === 400) return { kind: 'usage', meaning: 'the service refused the request' };
  if (status === 401) return AUTH;
  if (status === 402)
    return { kind: 'credits', meaning: 'payment required: out of credits', suggestion: 'Retrying will not help.' };
  if (status === 404) return { kind: 'notFound', meaning: 'not found' };
  if (status === 451) return { kind: 'blocked', meaning: 'the platform refused the service' };
  if (status >= 500) return { kind: 'unavailable', meaning: 'the service failed', suggestion: 'Try again later.' };
  return { kind: 'unexpected', meaning: 'the service answered with a status social does not know' };
}

/** Where a 400's hint names the command's help; the runner, which knows the command, fills it in. */
export const COMMAND_HELP = '`social <command> --help`';

export function serviceError(
  status: number,
  body: unknown,
  requestId: string | undefined,
  now: Date,
  asked?: Asked,
): SocialError {
  const code = serviceCode(body);
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Envelope details (credits_balance, cap, …) sit under error.details; ApiError has them on top.
  const inner =
    record.error !== null && typeof record.error === 'object' ? (record.error as { details?: unknown }) : {};
  // Merged only where there are details: most errors (a 404) have none.
  const fields =
    inner.details !== null && typeof inner.details === 'object'
      ? { ...record, ...(inner.details as Record<string, unknown>) }
      : record;
  const explained = explain(status, code, fields, now, asked);
  const message = `${explained.meaning} (HTTP ${status})`;
  return new SocialError(explained.kind, message, {
    code,
    status,
    suggestion: explained.suggestion,
    requestId,
    body: typeof body === 'object' && body !== null ? body : undefined,
  });
}

/**
 * Makes a failure's word on money the one its count (`charge`, interpret.ts) gives, as the
 * budget, the spend ledger and the ceiling count it: "Nothing was charged." stays only when
 * nothing was, for certain. An answer stating credits used says so; a call that may have been
 * charged (a 500 the spec does not document as uncharged) says that, and what it is counted as.
 */
export function sayCharge(error: SocialError, charge: Charge): void {
  const { suggestion } = error.details;
  if (!suggestion?.startsWith(UNCHARGED) || (charge.credits === 0 && !charge.uncertain)) return;
  const said = charge.uncertain
    ? `The call may have been charged: counted as ${credits(charge.credits)}.`
    : `The answer says ${credits(charge.credits)} used: counted as charged.`;
  error.details.suggestion = `${said}${suggestion.slice(UNCHARGED.length)}`;
}
