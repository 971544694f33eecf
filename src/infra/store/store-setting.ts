// A store setting checked before any store is opened from it. A URL no store can be opened from is
// the setting's error, refused as a bad setting is (exit 2, nothing sent), naming where it was set
// and what is wrong with it, never the URL itself: it may hold a password.

import { accessSync, constants, statSync } from 'node:fs';
import { type SocialError, usageError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import { isPostgresUrl, type StoreUrlProblem, storeUrlProblem } from '../postgres/store-url.js';
import type { StoreAccess } from './access.js';

/** What makes a setting unusable: its URL's text, or a file the URL names that cannot be read. */
type SettingProblem = StoreUrlProblem | { problem: 'file'; param: string; path: string; code: string };

/** The URL's parameters that name a file the driver reads as it parses the URL (a certificate, a key). */
const FILE_PARAMS = ['sslcert', 'sslkey', 'sslrootcert'];

/**
 * A certificate or key a postgres:// URL (one whose text is sound) names that cannot be read:
 * node-postgres reads each as it parses the URL, and fails there with the file system's bare
 * error (ENOENT). Its path is said (a path holds no password), with the file system's code.
 */
function unreadableFile(value: string): SettingProblem | undefined {
  if (!isPostgresUrl(value)) return undefined;
  const params = new URL(value).searchParams;
  for (const param of FILE_PARAMS) {
    const path = params.get(param);
    if (path === null || path === '') continue;
    try {
      if (!statSync(path).isFile()) return { problem: 'file', param, path, code: 'EISDIR' };
      accessSync(path, constants.R_OK);
    } catch (error) {
      return { problem: 'file', param, path, code: String((error as NodeJS.ErrnoException).code ?? error) };
    }
  }
  return undefined;
}

/** Why no store can be opened from `value`, set in `source` (SOCIAL_STORE, the config file); undefined when one can. */
export function storeSettingError(value: string | undefined, source: string | Said): SocialError | undefined {
  const setting = value?.trim();
  const found: SettingProblem | undefined =
    setting === undefined ? undefined : (storeUrlProblem(setting) ?? unreadableFile(setting));
  if (found === undefined) return undefined;
  const why =
    found.problem === 'scheme'
      ? said('errors.storeUrl.why.scheme', { scheme: found.scheme })
      : found.problem === 'file'
        ? said('errors.storeUrl.why.file', { param: found.param, path: found.path, code: found.code })
        : said(`errors.storeUrl.why.${found.problem}`);
  return usageError(said('errors.storeUrl', { source, why }), t('errors.storeUrl.hint'));
}

/**
 * The store setting a run has found a store can be opened from, by the run's store access
 * (ctx.store, which every context made from the run's shares): checked once a run, however many
 * of its paths ask (social mcp's calls share the server's). None, as no setting is: the default
 * store needs no check. A WeakMap of this module's, not a field of the store access, so that no
 * other code can mark a setting good.
 */
const goodSettings = new WeakMap<StoreAccess, string | undefined>();

/**
 * Throws storeSettingError's error, when there is one; once the run's store (`store`, the
 * context's) holds the setting good, it is not checked again, nor its files read again.
 */
export function checkStoreSetting(
  store: StoreAccess,
  choice: { storeUrl: string | undefined; storeFrom?: string | Said },
): void {
  if (choice.storeUrl === goodSettings.get(store)) return;
  const error = storeSettingError(choice.storeUrl, choice.storeFrom ?? 'store');
  if (error !== undefined) throw error;
  goodSettings.set(store, choice.storeUrl);
}
