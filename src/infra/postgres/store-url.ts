// A store named by a postgres:// URL (SOCIAL_STORE, or `social config set store URL`). Light: the
// settings and `status` read it without loading the driver. A password in the URL is never
// printed: every place that shows the URL shows it masked.

import { t } from '../../messages/use-common.js';

const SCHEMES = ['postgres:', 'postgresql:'];

/** Whether a store setting names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(value: string | undefined): value is string {
  if (value === undefined) return false;
  const colon = value.indexOf(':');
  return colon > 0 && SCHEMES.includes(value.slice(0, colon + 1).toLowerCase());
}

/** The URL with its password (if any) shown as ***: what `status`, `config list` and messages print. */
export function maskedUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = '***';
    // Query parameters may carry a password too (?password=...).
    for (const key of [...url.searchParams.keys()])
      if (key.toLowerCase() === 'password') url.searchParams.set(key, '***');
    return url.toString();
  } catch {
    // Not a URL that parses: the part between :// and @ may still be credentials.
    return value.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');
  }
}

/** "host:port/database", to name the server in a message without any credential. */
export function serverName(value: string): string {
  try {
    const url = new URL(value);
    const host = url.hostname === '' ? 'localhost' : url.hostname;
    return `${host}:${url.port === '' ? '5432' : url.port}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return t('common.pgStore.unnamed');
  }
}
