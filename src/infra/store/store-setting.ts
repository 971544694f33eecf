// A store setting checked before any store is opened from it. A URL no store can be opened from is
// the setting's error, refused as a bad setting is (exit 2, nothing sent), naming where it was set
// and what is wrong with it, never the URL itself: it may hold a password.
import { type SocialError, usageError } from '../../domain/errors.js';
import type { Said } from '../../messages/catalogue.js';
import { said, t } from '../../messages/use-errors.js';
import { storeUrlProblem } from '../postgres/store-url.js';

/** Why no store can be opened from `value`, set in `source` (SOCIAL_STORE, the config file); undefined when one can. */
export function storeSettingError(value: string | undefined, source: string | Said): SocialError | undefined {
  const found = value === undefined ? undefined : storeUrlProblem(value.trim());
  if (found === undefined) return undefined;
  const why =
    found.problem === 'scheme'
      ? said('errors.storeUrl.why.scheme', { scheme: found.scheme })
      : said(`errors.storeUrl.why.${found.problem}`);
  return usageError(said('errors.storeUrl', { source, why }), t('errors.storeUrl.hint'));
}

/** Throws storeSettingError's error, when there is one. */
export function checkStoreSetting(choice: { storeUrl: string | undefined; storeFrom?: string | Said }): void {
  const error = storeSettingError(choice.storeUrl, choice.storeFrom ?? 'store');
  if (error !== undefined) throw error;
}
