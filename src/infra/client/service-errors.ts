// Turns a service error (status and body) into a typed SocialError with the service's code, what it
// means and what to do. The code decides, never the message text; the HTTP status decides where
// there is no code (a 502 page, a body of an unknown shape).
import { credits } from '../../domain/archive/notes.js';
import type { Charge } from '../../domain/charges.js';
import type { ErrorKind, SaidInEnglish } from '../../domain/errors.js';
import { SocialError, saidInEnglish } from '../../domain/errors.js';
import { dateParam, type Said } from '../../messages/catalogue.js';
import { currentLanguage } from '../../messages/language.js';
import { said, t } from '../../messages/use-errors.js';
import '../../messages/use-notes.js';

interface Explained {
  kind: ErrorKind;
  meaning: Said;
  suggestion?: string;
  /**
   * A status the spec documents as uncharged: the suggestion starts by saying nothing was
   * charged, said otherwise when the call counts as charged (interpret.ts): see sayCharge.
   */
  uncharged?: boolean;
}

const auth = (): Explained => ({ kind: 'auth', meaning: said('errors.auth'), suggestion: t('errors.auth.hint') });

function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** When the free credits renew, as the errors about credits name it: made only for those (not for a batch's every 404). */
function renewsOn(body: Record<string, unknown>, now: Date): string {
  return typeof body.free_credits_reset_at === 'string' ? body.free_credits_reset_at.slice(0, 10) : nextMonthStart(now);
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
  if (asked === undefined) return { kind: 'unexpected', meaning: said('errors.method.refused') };
  if (asked.method === 'GET')
    return { kind: 'unexpected', meaning: said('errors.method.refusedGet', { path: asked.path }) };
  const allowed = asked.allow === undefined || asked.allow.trim() === '' ? 'GET' : asked.allow.trim();
  return {
    kind: 'unexpected',
    meaning: said('errors.method.notAllowed', { method: asked.method, path: asked.path, allowed }),
    suggestion: t('errors.method.notAllowed.hint'),
  };
}

/**
 * What an answer means where its body, the clock or the request say some of it (the quota's
 * limit, the credits needed, the ceiling's cap, the refused method); undefined where the status
 * and the code alone do (fixedMeaning).
 */
function explainFromBody(
  status: number,
  code: string | undefined,
  body: Record<string, unknown>,
  now: Date,
  asked: Asked | undefined,
): Explained | undefined {
  // 429 is the quota, whatever code the body carries.
  if (status === 429) {
    const renewsAt = typeof body.renews_at === 'string' ? body.renews_at : nextMonthStart(now);
    return {
      kind: 'quota',
      meaning:
        typeof body.limit === 'number'
          ? said('errors.quota.limit', { limit: String(body.limit) })
          : said('errors.quota'),
      suggestion: t('errors.quota.hint', { date: dateParam(renewsAt) }),
    };
  }
  // A 404 means what fixedMeaning says, whatever code comes with it (a credits code too).
  if (status === 404 && code !== 'nao_encontrado') return undefined;
  if (status === 405) return methodRefused(asked);
  switch (code) {
    case 'sem_creditos':
      return {
        kind: 'credits',
        meaning: said('errors.credits'),
        suggestion:
          typeof body.needed === 'number'
            ? t('errors.credits.needed.hint', { date: dateParam(renewsOn(body, now)), needed: credits(body.needed) })
            : t('errors.credits.hint', { date: dateParam(renewsOn(body, now)) }),
      };
    case 'teto_estourado':
      return {
        kind: 'ceiling',
        meaning:
          typeof body.cap === 'number'
            ? said('errors.ceiling.cap', { cap: said('notes.credits', { n: body.cap }) })
            : said('errors.ceiling'),
        suggestion: t('errors.ceiling.hint', { date: dateParam(renewsOn(body, now)) }),
      };
    case 'metodo_invalido':
      return methodRefused(asked);
  }
  return undefined;
}

const notFound = (): Explained => ({
  kind: 'notFound',
  meaning: said('errors.notFound'),
  suggestion: t('errors.notFound.hint'),
  uncharged: true,
});
const unavailable = (): Explained => ({
  kind: 'unavailable',
  meaning: said('errors.unavailable'),
  suggestion: t('errors.unavailable.hint'),
  uncharged: true,
});

/** The service's codes that say what an answer means whatever its body, by code. */
const FIXED_BY_CODE: Readonly<Record<string, () => Explained>> = {
  parametro_invalido: () => ({
    kind: 'usage',
    meaning: said('errors.parameter'),
    suggestion: t('errors.parameter.hint', { help: COMMAND_HELP }),
    uncharged: true,
  }),
  intervalo_invalido: () => ({
    kind: 'usage',
    meaning: said('errors.interval'),
    suggestion: t('errors.interval.hint'),
    uncharged: true,
  }),
  chave_invalida: auth,
  chave_ausente: auth,
  nao_encontrado: notFound,
  bloqueado: () => ({ kind: 'blocked', meaning: said('errors.blocked'), uncharged: true }),
  indisponivel: unavailable,
  endpoint_indisponivel: unavailable,
};

/** `code` where FIXED_BY_CODE knows it; any other is explained by the status alone. */
function listedCode(code: string | undefined): string | undefined {
  return code !== undefined && Object.hasOwn(FIXED_BY_CODE, code) ? code : undefined;
}

/** What an answer means by its status and code alone: the same words for every such answer. */
function fixedMeaning(status: number, code: string | undefined): Explained {
  // A 404 has one meaning, whatever code comes with it, but the service's own "not found".
  if (status === 404 && code !== 'nao_encontrado') return { kind: 'notFound', meaning: said('errors.route.notFound') };
  const listed = listedCode(code);
  return listed === undefined ? byStatus(status) : (FIXED_BY_CODE[listed] as () => Explained)();
}

function byStatus(status: number): Explained {
  if (status === 400) return { kind: 'usage', meaning: said('errors.status.400') };
  if (status === 401) return auth();
  if (status === 402)
    return { kind: 'credits', meaning: said('errors.status.402'), suggestion: t('errors.status.402.hint') };
  if (status === 404) return { kind: 'notFound', meaning: said('errors.status.404') };
  if (status === 451) return { kind: 'blocked', meaning: said('errors.status.451') };
  if (status >= 500)
    return { kind: 'unavailable', meaning: said('errors.status.5xx'), suggestion: t('errors.unavailable.hint') };
  return { kind: 'unexpected', meaning: said('errors.status.unknown') };
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
  const explained = explainFromBody(status, code, fields, now, asked);
  const { kind, message, suggestion } =
    explained === undefined ? saidOnce(status, code) : withStatus(explained, status);
  return new SocialError(kind, message, {
    code,
    status,
    suggestion,
    requestId,
    body: typeof body === 'object' && body !== null ? body : undefined,
  });
}

/** An explanation's words as an error says them: its meaning with the status, its suggestion. */
interface Words {
  kind: ErrorKind;
  message: Said | SaidInEnglish;
  suggestion: string | undefined;
}

function withStatus(explained: Explained, status: number): Words & { message: Said } {
  const message = said('errors.withStatus', { meaning: explained.meaning, status: String(status) });
  const suggestion = explained.uncharged
    ? [t('errors.charge.none'), explained.suggestion].filter((part) => part !== undefined).join(' ')
    : explained.suggestion;
  return { kind: explained.kind, message, suggestion };
}

/**
 * The words of the answers that the status and code alone explain, by status and code: said once
 * a run, as a batch's thousands of 404s all say the same. At most as many as the service's codes
 * and statuses (a code the spec does not list is explained by its status alone). In English only:
 * a run in another language keeps the English of what it says as it says it (catalogue.ts's
 * remember), the newest first, which words said once would fall out of.
 */
const fixedWords = new Map<string, Words>();

function saidOnce(status: number, code: string | undefined): Words {
  const listed = listedCode(code);
  if (currentLanguage() !== 'en') return withStatus(fixedMeaning(status, listed), status);
  const key = `${status} ${listed ?? ''}`;
  let words = fixedWords.get(key);
  if (words === undefined) {
    const { kind, message, suggestion } = withStatus(fixedMeaning(status, listed), status);
    words = { kind, message: saidInEnglish(message), suggestion };
    fixedWords.set(key, words);
  }
  return words;
}

/**
 * Makes a failure's word on money the one its count (`charge`, interpret.ts) gives, as the
 * budget, the spend ledger and the ceiling count it: "Nothing was charged." stays only when
 * nothing was, for certain. An answer stating credits used says so; a call that may have been
 * charged (a 500 the spec does not document as uncharged) says that, and what it is counted as.
 */
export function sayCharge(error: SocialError, charge: Charge): void {
  // Nothing charged, for certain (a batch's every 404): the words stay, and are not looked at.
  if (charge.credits === 0 && !charge.uncertain) return;
  const { suggestion } = error.details;
  const uncharged = t('errors.charge.none');
  if (!suggestion?.startsWith(uncharged)) return;
  const said = charge.uncertain
    ? t('errors.charge.maybe', { credits: credits(charge.credits) })
    : t('errors.charge.stated', { credits: credits(charge.credits) });
  error.details.suggestion = `${said}${suggestion.slice(uncharged.length)}`;
}
