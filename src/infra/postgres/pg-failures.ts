// What a PostgreSQL failure means: waited out (a server restarting), run again (a conflict
// between transactions), or said as a SocialError with an exit status of the contract's table.
import { SocialError, usageError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';

/** Connection failures worth waiting out: the server is restarting, or the link was cut. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown: the server is stopping (pg_ctl restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up
  '08000',
  '08003',
  '08006',
  '53300', // too_many_connections
]);
/** Conflicts between transactions: the statement is run again, inside the database. */
export const CONFLICT_CODES = new Set(['40001', '40P01']);

export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function isTransient(error: unknown): boolean {
  if (TRANSIENT_CODES.has(errorCode(error))) return true;
  const message = error instanceof Error ? error.message : '';
  // node-postgres's own words for a socket that closed under a query or a connect, or for a
  // pooled connection found dead when a statement came to it (cut while it sat idle).
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|connection error and is not queryable/i.test(
    message,
  );
}

/** A failure of the store, said plainly with the server's name and never its password. */
export function storeError(error: unknown, name: string): SocialError {
  if (error instanceof SocialError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const named = { store: name, reason: pgReason(error) };
  if (code === '28P01' || code === '28000' || /password must be a string|no password/i.test(message))
    return new SocialError('auth', said('errors.pgStore.authRefused', named), {
      code: 'store_auth',
      suggestion: t('errors.pgStore.authRefused.hint'),
    });
  if (code === '3D000')
    return usageError(said('errors.pgStore.noDatabase', named), t('errors.pgStore.noDatabase.hint'));
  if (isTransient(error) || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'EAI_AGAIN')
    return new SocialError('network', said('errors.pgStore.unreachable', named), {
      code: 'store_unreachable',
      suggestion: t('errors.pgStore.unreachable.hint'),
    });
  return new SocialError('unexpected', said('errors.pgStore.failed', named), { code: 'store_failed' });
}

/**
 * The driver's or the server's reason, one line, with no credential in it: their words as they
 * are, or a message of the catalogue where social says it in its own.
 */
function pgReason(error: unknown): string | Said {
  const code = errorCode(error);
  // The driver's words when the server asks for a password and the run has none to give.
  if (/client password must be a string/i.test(error instanceof Error ? error.message : ''))
    return said('errors.pgStore.noPassword');
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const reason = message === '' ? code : code !== '' && !message.includes(code) ? `${code}: ${message}` : message;
  return withoutUrls(reason);
}

/**
 * A URL in a driver message could carry credentials: never repeated, each said as "the store URL"
 * in the run's language, the driver's words around it as they are.
 */
function withoutUrls(reason: string): string | Said {
  const url = /postgres(ql)?:\/\/\S+/i.exec(reason);
  if (url === null) return reason;
  const after = reason.slice(url.index + url[0].length);
  return said('errors.pgStore.reason.urlHidden', {
    before: reason.slice(0, url.index),
    url: said('errors.pgStore.url'),
    after: withoutUrls(after),
  });
}
