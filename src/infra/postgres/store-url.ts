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

/** What makes a store setting that names a server by URL one no store can be opened from. */
export type StoreUrlProblem = { problem: 'scheme'; scheme: string } | { problem: 'space' | 'host' | 'port' | 'parse' };

/** A scheme and `://`: a setting that names a server by URL, never a file. */
const URL_SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/**
 * What is wrong with a store setting, or undefined when nothing is (a file, `off`, a postgres://
 * URL that names a server). Checked on the text, before the driver sees it: node-postgres reads
 * what the URL class refuses with the URL class's bare "Invalid URL", and takes a host with a
 * space in it to the resolver. Nothing of the value is kept in the answer but a scheme that is not
 * PostgreSQL's (letters, digits and + - .): a password is never echoed.
 */
export function storeUrlProblem(value: string): StoreUrlProblem | undefined {
  const scheme = URL_SCHEME.exec(value)?.[1];
  if (!isPostgresUrl(value)) return scheme === undefined ? undefined : { problem: 'scheme', scheme };
  // No URL holds white space: one in a password is written %20.
  if (/\s/u.test(value)) return { problem: 'space' };
  if (scheme === undefined) return { problem: 'host' };
  const rest = value.slice(scheme.length + 3);
  const authority = rest.slice(0, rest.search(/[/?#]|$/));
  const server = authority.slice(authority.lastIndexOf('@') + 1);
  const bracket = server.startsWith('[') ? server.indexOf(']') : -1;
  if (server.startsWith('[') && bracket === -1) return { problem: 'parse' };
  const colon = server.indexOf(':', bracket + 1);
  const host = colon === -1 ? server : server.slice(0, colon);
  const port = colon === -1 ? '' : server.slice(colon + 1);
  if (port !== '' && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    return { problem: 'port' };
  // A socket's folder may be given as ?host=... instead.
  if (host === '' && !/[?&]host=/.test(rest)) return { problem: 'host' };
  try {
    new URL(value);
  } catch {
    return { problem: 'parse' };
  }
  return undefined;
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
    // Not a URL that parses: what follows the user's name, to the last @, may be a password (one
    // with a / or an @ in it too).
    return value.replace(/(\/\/[^/@:]*:).*@/su, '$1***@').replace(/([?&]password=)[^&#]*/giu, '$1***');
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
